import ArgumentParser

/// An error the CLI reports as one line, `xgest: MESSAGE`, with an exit status.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    var exitCode: Int32

    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    var description: String { message }
}

/// Runs a command body: errors become one line on stderr and the command's exit status.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let e as CLIError {
        FileOutput.standardError.writeLine("xgest: \(e.message)")
        throw ExitCode(e.exitCode)
    }
}
