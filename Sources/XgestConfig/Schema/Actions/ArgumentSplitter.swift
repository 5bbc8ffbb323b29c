/// Splits the command of an `exec` action into arguments, with the config's own quoting
/// rules (a small, predictable subset of the shell's; no shell ever runs):
///
/// - arguments are separated by blanks (spaces and tabs) outside quotes;
/// - `'…'` keeps everything up to the next `'` as it is;
/// - `"…"` keeps everything up to the next unescaped `"`; inside, `\"` is a quote and `\\`
///   a backslash, and any other backslash stays as written;
/// - outside quotes, `\` makes the next character ordinary (`\ `, `\'`, `\"`, `\\`);
/// - pieces written next to each other form one argument: `--title="My Term"` is
///   `--title=My Term`, and `''` or `""` alone is an empty argument;
/// - `$VAR`, `~`, `*`, `|`, `>`, `;` and `&&` mean nothing special: they reach the program
///   as written. For a shell, write `exec sh -c '…'`.
enum ArgumentSplitter {
    struct Failure: Error, Equatable {
        var message: String
    }

    static func split(_ text: String) -> Result<[String], Failure> {
        var arguments: [String] = []
        var current = ""
        var inArgument = false
        var scalars = text.unicodeScalars.makeIterator()
        while let c = scalars.next() {
            switch c {
            case " ", "\t", "\n", "\r":
                if inArgument {
                    arguments.append(current)
                    current = ""
                    inArgument = false
                }
            case "'":
                inArgument = true
                var closed = false
                while let q = scalars.next() {
                    if q == "'" {
                        closed = true
                        break
                    }
                    current.unicodeScalars.append(q)
                }
                guard closed else { return .failure(Failure(message: "unterminated ' quote")) }
            case "\"":
                inArgument = true
                var closed = false
                while let q = scalars.next() {
                    if q == "\"" {
                        closed = true
                        break
                    }
                    if q == "\\" {
                        guard let e = scalars.next() else { break }
                        if e != "\"" && e != "\\" { current.unicodeScalars.append("\\") }
                        current.unicodeScalars.append(e)
                        continue
                    }
                    current.unicodeScalars.append(q)
                }
                guard closed else { return .failure(Failure(message: "unterminated \" quote")) }
            case "\\":
                guard let e = scalars.next() else {
                    return .failure(Failure(message: "a backslash at the end escapes nothing (write \\\\ for one)"))
                }
                inArgument = true
                current.unicodeScalars.append(e)
            default:
                inArgument = true
                current.unicodeScalars.append(c)
            }
        }
        if inArgument { arguments.append(current) }
        return .success(arguments)
    }

    /// Words a shell would treat as operators; passed as arguments here, which is rarely meant.
    static let shellOperators: Set<String> = ["|", "||", "&&", ";", "&", ">", ">>", "<", "2>", "2>&1"]
}
