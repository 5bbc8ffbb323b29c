import ArgumentParser
import XgestCore
import XgestDaemon
import XgestSystem

/// Runs a command body: errors become one line on stderr and the command's exit status.
/// The line quotes paths and config text: its controls are escaped.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let e as CLIError {
        if !e.message.isEmpty {
            FileOutput.standardError.writeLine(DisplayText.escapedAsWritten("xgest: \(e.message)"), priority: .error)
        }
        // Queued when the daemon's loop writes standard error in the background.
        FileOutput.flushBackground(timeoutMilliseconds: DaemonLoop.lastOutputMilliseconds)
        throw ExitCode(e.exitCode)
    }
}
