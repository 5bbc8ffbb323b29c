/// An error the CLI reports as one line, `xgest: MESSAGE`, with an exit status. An empty
/// message means the error was reported already (a config's diagnostics): only the
/// status is left to give.
public struct CLIError: Error, CustomStringConvertible {
    public var message: String
    public var exitCode: Int32

    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    /// Already said in full where it happened; the command exits with `exitCode`.
    public static func reported(exitCode: Int32 = 1) -> CLIError { CLIError("", exitCode: exitCode) }

    public var description: String { message }
}
