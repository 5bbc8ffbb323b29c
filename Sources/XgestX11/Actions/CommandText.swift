/// An `exec` action written back as a config would write it, for a line about the command
/// (`exec sh -c 'exit 3'`): each argument as it is when it needs no quotes, else in single
/// quotes, as the config's `exec` reads them (ArgumentSplitter); a leading `~` that stands
/// for the home directory stays bare, so that it still does.
enum CommandText {
    static func exec(_ arguments: [String], homeRelative: Set<Int> = []) -> String {
        let words = arguments.indices.map { i in
            homeRelative.contains(i) ? homeWord(arguments[i]) : quoted(arguments[i])
        }
        return (["exec"] + words).joined(separator: " ")
    }

    /// `~`, or `~/` and the rest quoted as any argument is.
    private static func homeWord(_ argument: String) -> String {
        guard argument.hasPrefix("~/") else { return argument }
        let rest = String(argument.dropFirst(2))
        return rest.isEmpty ? "~/" : "~/" + quoted(rest)
    }

    /// Characters an argument may hold and still be written bare.
    private static let bare = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")

    private static func quoted(_ argument: String) -> String {
        if !argument.isEmpty, argument.allSatisfy(bare.contains) { return argument }
        // A quote inside ends the quoted piece, is written escaped, and a new piece begins.
        return "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#)
            + "'"
    }
}
