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
/// - a word that is `~` or starts with `~/`, unquoted, starts with the home directory, as a
///   shell's leading tilde does (the word is marked; the daemon puts its HOME in when the
///   command runs); `~user` and a quoted or escaped `~` stay as written;
/// - `$VAR`, `*`, `|`, `>`, `;` and `&&` mean nothing special: they reach the program as
///   written. For a shell, write `exec sh -c '…'`.
enum ArgumentSplitter {
    struct Failure: Error, Equatable {
        var message: String
    }

    /// One argument, and what its unquoted characters would have meant to a shell.
    struct Word: Equatable {
        var text: String
        /// Starts with an unquoted `~` that is the whole word or followed by an unquoted `/`.
        var isHomeRelative = false
        /// Holds an unquoted `$` followed by a letter, `_` or `{`: a variable in a shell,
        /// passed on as written here.
        var namesAVariable = false
    }

    static func split(_ text: String) -> Result<[String], Failure> {
        splitWords(text).map { $0.map(\.text) }
    }

    static func splitWords(_ text: String) -> Result<[Word], Failure> {
        var arguments: [Word] = []
        var current = ""
        var inArgument = false
        // The word's unquoted characters before its first quote or backslash, where a
        // shell looks for a leading tilde.
        var plainStart = ""
        var quoted = false
        var previousPlainDollar = false
        var namesAVariable = false
        func plain(_ c: Unicode.Scalar) {
            if !quoted { plainStart.unicodeScalars.append(c) }
            if previousPlainDollar, c == "_" || c == "{" || c.properties.isAlphabetic { namesAVariable = true }
            previousPlainDollar = c == "$"
            current.unicodeScalars.append(c)
        }
        func startQuote() {
            inArgument = true
            quoted = true
            previousPlainDollar = false
        }
        func endWord() {
            let home = plainStart.hasPrefix("~/") || (plainStart == "~" && !quoted)
            arguments.append(Word(text: current, isHomeRelative: home, namesAVariable: namesAVariable))
            current = ""
            inArgument = false
            plainStart = ""
            quoted = false
            previousPlainDollar = false
            namesAVariable = false
        }
        var scalars = text.unicodeScalars.makeIterator()
        while let c = scalars.next() {
            switch c {
            case " ", "\t", "\n", "\r":
                if inArgument { endWord() }
            case "'":
                startQuote()
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
                startQuote()
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
                startQuote()
                current.unicodeScalars.append(e)
            default:
                inArgument = true
                plain(c)
            }
        }
        if inArgument { endWord() }
        return .success(arguments)
    }

    /// Words a shell would treat as operators; passed as arguments here, which is rarely meant.
    static let shellOperators: Set<String> = ["|", "||", "&&", ";", "&", ">", ">>", "<", "2>", "2>&1"]
}
