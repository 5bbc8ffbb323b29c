/// A config file's bytes as text. Bytes that are not UTF-8 become U+FFFD, as anywhere, but
/// each line holding some is also an error at its place: a config in Latin-1 would
/// otherwise fail with messages about characters the user never wrote, and the raw bytes
/// would reach the terminal in the excerpt.
public enum SourceDecoding {
    public static func decode(_ bytes: [UInt8]) -> (text: String, diagnostics: [Diagnostic]) {
        var text = ""
        var diagnostics: [Diagnostic] = []
        var line = 1
        var column = 1
        var reportedLine = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                text.unicodeScalars.append(scalar)
                offset += encoded.count
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else if scalar == "\u{FEFF}" && offset == encoded.count {
                    // A leading byte order mark is no column, as for the lexer (sourceScalars):
                    // a bad byte on the first line was said one column to its right.
                } else {
                    column += 1
                }
            case .error(let length):
                if reportedLine != line {
                    reportedLine = line
                    let here = SourceLocation(line: line, column: column)
                    let byte = offset < bytes.count ? hexByte(bytes[offset]) : "?"
                    diagnostics.append(
                        .error(
                            "invalid UTF-8 (byte \(byte)): a config must be UTF-8 text",
                            at: SourceRange(start: here, end: SourceLocation(line: line, column: column + 1))))
                }
                text.unicodeScalars.append("\u{FFFD}")
                offset += length
                column += 1
            case .emptyInput:
                return (text, diagnostics)
            }
        }
    }

    private static func hexByte(_ b: UInt8) -> String {
        let digits = String(b, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }
}
