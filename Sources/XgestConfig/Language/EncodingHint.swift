/// Files that are text, but not written as a config is: saved as UTF-16 (Windows editors
/// offer it as "Unicode"), or with lines ending in CR alone (classic Mac OS). Read as
/// UTF-8 lines, the first gave an "invalid UTF-8" error and one for each NUL byte beside
/// every character, the second one line and "found U+000D", neither saying why. One error
/// for the whole file says what it is and what to do instead.
enum EncodingHint {
    /// The error for the whole file, or nil for a file to read as usual.
    static func problem(_ bytes: [UInt8]) -> String? {
        let utf16 = "a config must be UTF-8 text: save it as UTF-8"
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return "the file is UTF-16 (it starts with a UTF-16 byte order mark); \(utf16)"
        }
        // Without the mark: text in ASCII has a NUL byte beside each character. UTF-8
        // text has none; a single NUL is an error of its own, said where it is.
        let head = bytes.prefix(64)
        if head.count >= 4, head.filter({ $0 == 0 }).count * 3 >= head.count {
            return "the file looks like UTF-16 (a NUL byte beside each character); \(utf16)"
        }
        if !bytes.contains(0x0A), let cr = bytes.firstIndex(of: 0x0D), cr < bytes.count - 1 {
            return "the lines end in CR alone (classic Mac OS line endings), so the file reads as one line;"
                + " a config's lines end in LF (or CR LF): convert it, as `tr '\\r' '\\n'` does"
        }
        return nil
    }
}
