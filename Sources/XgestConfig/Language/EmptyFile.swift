/// A config file that holds no text: no byte at all, or only the UTF-8 byte order mark an
/// editor set to write one saves for an emptied buffer (the lexer skips the mark, so the
/// two read the same). A running daemon takes either for a save still being written, and
/// `xgest check` says so of both: one definition, so that the two cannot disagree.
public enum EmptyFile: Sendable, Equatable {
    case noBytes
    case byteOrderMarkOnly

    /// Nil when the file holds anything but a byte order mark, a blank or a comment included.
    public init?(_ bytes: [UInt8]) {
        if bytes.isEmpty {
            self = .noBytes
        } else if bytes == Self.byteOrderMark {
            self = .byteOrderMarkOnly
        } else {
            return nil
        }
    }

    /// U+FEFF in UTF-8.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// What the file is, after "is": `empty`, `empty but for a byte order mark`.
    public var described: String {
        switch self {
        case .noBytes: return "empty"
        case .byteOrderMarkOnly: return "empty but for a byte order mark"
        }
    }
}
