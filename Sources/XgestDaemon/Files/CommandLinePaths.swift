import Glibc
import Synchronization
import SystemPackage

/// File names given on the command line, byte for byte. Swift reads the arguments as
/// UTF-8 and puts U+FFFD for bytes that are not: `xgest check "$(printf 'bad\xffname')"`
/// opened "bad\u{FFFD}name", which does not exist, and `record -o` created a file of that
/// other name. Linux allows any byte but "/" and NUL in a name (Latin-1 names from old
/// systems and archives are real), so a path opened as the user gave it is opened by the
/// argument's own bytes.
public enum CommandLinePaths {
    /// The bytes of each argument that is not UTF-8, by the string Swift made of it; an
    /// argument's value after `--option=` too. Two arguments that read as one string are
    /// left out: which one a path is cannot be told.
    private static let raw = Mutex<[String: [UInt8]]>([:])

    /// Reads the arguments once, before any is opened.
    public static func remember() {
        var found: [String: [UInt8]] = [:]
        var ambiguous: Set<String> = []
        for k in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[k] else { continue }
            let count = Int(strlen(pointer))
            let bytes = Array(UnsafeBufferPointer(start: pointer, count: count)).map { UInt8(bitPattern: $0) }
            var candidates = [bytes]
            if bytes.starts(with: Array("--".utf8)), let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                candidates.append(Array(bytes[(equals + 1)...]))
            }
            for candidate in candidates where String(validating: candidate, as: UTF8.self) == nil {
                let read = String(decoding: candidate, as: UTF8.self)
                if let other = found[read], other != candidate { ambiguous.insert(read) }
                found[read] = candidate
            }
        }
        for read in ambiguous { found[read] = nil }
        raw.withLock { $0 = found }
    }

    /// The path to open for `path`: the argument's own bytes when `path` is an argument
    /// that was not UTF-8, else `path`.
    public static func filePath(_ path: String) -> FilePath {
        guard let bytes = raw.withLock({ $0[path] }) else { return FilePath(path) }
        let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
        return terminated.withUnsafeBufferPointer { $0.baseAddress.map { FilePath(platformString: $0) } }
            ?? FilePath(path)
    }
}
