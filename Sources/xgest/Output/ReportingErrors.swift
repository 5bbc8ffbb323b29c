import ArgumentParser
import XgestDaemon

/// Runs a command body: errors become one line on stderr and the command's exit status.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let e as CLIError {
        if !e.message.isEmpty { FileOutput.standardError.writeLine("xgest: \(e.message)") }
        throw ExitCode(e.exitCode)
    }
}
