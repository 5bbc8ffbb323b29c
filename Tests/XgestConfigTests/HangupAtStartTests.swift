import Foundation
import Glibc
import Testing

/// A SIGHUP (a reload) sent while `xgest run` is still starting must not end it: it was
/// held back only once the command line was parsed, about 100 ms after the start, and a
/// `pkill -HUP -x xgest` right after the session started the daemon killed it.
@Suite struct HangupAtStartTests {
    /// `xgest run` with a wrong option stops in the middle of its start, writing the usage
    /// error to a standard error that is full: a SIGHUP sent then is held back, and the
    /// command ends with its usage error (64), not killed by the signal.
    @Test func aHangupWhileRunParsesItsCommandLineDoesNotEndIt() throws {
        let error = Pipe()
        let writeEnd = error.fileHandleForWriting.fileDescriptor
        // The pipe made one page small and filled: the usage error's write blocks.
        let capacity = fcntl(writeEnd, Self.setPipeSize, 4096)
        try #require(capacity > 0)
        let filler = [UInt8](repeating: UInt8(ascii: "."), count: Int(capacity))
        try #require(write(writeEnd, filler, filler.count) == filler.count)

        let process = Process()
        process.executableURL = XgestRun.binary
        process.arguments = ["run", "--no-such-option"]
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        try #require(try Self.waitBlockedWritingPipe(pid))

        kill(pid, SIGHUP)
        let written = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 64)
        #expect(String(decoding: written, as: UTF8.self).contains("no-such-option"))
    }

    /// F_SETPIPE_SZ (fcntl.h, Linux), which Glibc's module leaves out.
    static let setPipeSize: Int32 = 1031

    /// Waits, up to 10 s, until `pid` sleeps in a write to a full pipe (its wait channel).
    static func waitBlockedWritingPipe(_ pid: pid_t) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let channel = try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)
            // pipe_write, or anon_pipe_write on newer kernels.
            if channel?.hasSuffix("pipe_write") == true { return true }
            // The kernel says where a process sleeps, not when it starts to: polled.
            usleep(1_000)
        }
        return false
    }
}
