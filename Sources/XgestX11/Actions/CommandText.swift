/// An `exec` action written back as a config would write it, for a line about the command
/// (`exec sh -c 'exit 3'`): each argument as it is when it needs no quotes, else in single
/// quotes, as the config's `exec` reads them (ArgumentSplitter).
enum CommandText {
    static func exec(_ arguments: [String]) -> String {
        (["exec"] + arguments.map(quoted)).joined(separator: " ")
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
