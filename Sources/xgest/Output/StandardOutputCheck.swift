import CXgest
import Glibc
import SystemPackage
import XgestDaemon

/// Errors writing standard output, said at the end of the process: `xgest devices >
/// /dev/full`, `xgest replay T --json > out.json` on a full disk and `xgest --help | …` lost
/// their output and exited 0. Whatever wrote it (the commands' lines, the parser's help and
/// version through stdio), the process now ends with one line and ``exitCode``.
enum StandardOutputCheck {
    /// EX_IOERR (sysexits.h), as the command line's usage errors use EX_USAGE.
    static let exitCode: Int32 = 74

    /// Checks standard output when the process exits (`exit`, or `main` returning).
    static func installAtExit() { atexit(checkStandardOutput) }

    /// The line for a failure of standard output.
    static func message(_ reason: Errno) -> String { "xgest: standard output: \(reason.reason)" }
}

private let checkStandardOutput: @convention(c) () -> Void = {
    // What stdio still holds is written now, before the check.
    let stdio = xgest_flush_standard_output()
    guard let failure = FileOutput.standardOutputFailure ?? (stdio == 0 ? nil : Errno(rawValue: stdio)) else {
        return
    }
    FileOutput.standardError.writeLine(StandardOutputCheck.message(failure))
    _exit(StandardOutputCheck.exitCode)
}
