import Foundation
import Glibc
import Testing

/// A daemon that crashes dies of its signal, with the Swift backtracer's report where the
/// backtracer is active (debug builds, and any build that finds `swift-backtrace`): a
/// crash is no stop, whose status (69 at its deadline, 0 otherwise) the unit takes for a
/// clean end and does not restart. The backtracer's crash handler paused the signal thread
/// with SIGUSR1, which that thread took for a stop: 3 s later the daemon exited 69 with
/// "the X server did not answer within 3 s of the stop" and no backtrace. A SIGUSR1 from
/// another process still stops it cleanly
/// (HeldInputTests.anotherSignalThatWouldEndTheDaemonLetsGoOfAltAsSIGTERMDoes).
@Suite struct CrashTests {
    /// The backtracer reads the debug binary's symbols: seconds on a busy machine.
    static let reportSeconds = 120.0

    /// A real fault in the main thread (gdb sends it to address 0), as a bug would make.
    @Test func aFaultKillsTheDaemonWithSIGSEGV() throws {
        let s = try DaemonTests.Session()
        let pid = s.daemon.process.processIdentifier
        let backtracer = Self.catchesSIGSEGV(pid)
        let gdb = Process()
        gdb.executableURL = URL(fileURLWithPath: "/usr/bin/gdb")
        gdb.arguments = ["-nx", "-batch", "-p", "\(pid)", "-ex", "set var $pc = 0", "-ex", "detach"]
        gdb.standardOutput = FileHandle.nullDevice
        gdb.standardError = FileHandle.nullDevice
        try gdb.run()
        gdb.waitUntilExit()
        #expect(gdb.terminationStatus == 0)
        let status = s.daemon.exitStatus(withinSeconds: Self.reportSeconds)
        let lines = s.daemon.stderrLines
        #expect(status == SIGSEGV, "\(s.daemon.stuckState) \(lines)")
        #expect(s.daemon.process.terminationReason == .uncaughtSignal, "\(lines)")
        Self.expectNoStop(lines)
        if backtracer {
            #expect(lines.contains { $0.contains("Program crashed: Bad pointer dereference") }, "\(lines)")
        }
    }

    /// `kill -SEGV`: with no backtracer the daemon dies of it. With one, the backtracer
    /// reports it; its handler then returns, and with no fault to make again the runtime
    /// lets the process go on (any Swift program does): the daemon still runs, and stops
    /// cleanly when asked.
    @Test func aSIGSEGVSentIsReportedAndNotTakenForAStop() throws {
        let s = try DaemonTests.Session()
        let pid = s.daemon.process.processIdentifier
        let backtracer = Self.catchesSIGSEGV(pid)
        kill(pid, SIGSEGV)
        if backtracer {
            let reported = s.daemon.waitForLines(timeoutSeconds: Self.reportSeconds) {
                $0.contains { $0.contains("Program crashed") } && $0.contains { $0.hasPrefix("Backtrace took") }
            }
            #expect(reported, "\(s.daemon.stderrLines)")
            #expect(s.daemon.stop(signal: SIGTERM, timeoutSeconds: 10) == 0, "\(s.daemon.stderrLines)")
            #expect(
                s.daemon.stderrLines.contains {
                    $0.hasSuffix("stopped by signal 15 (SIGTERM); every touch handed back")
                })
            #expect(!s.daemon.stderrLines.contains { $0.contains("did not answer") }, "\(s.daemon.stderrLines)")
        } else {
            #expect(s.daemon.exitStatus(withinSeconds: 10) == SIGSEGV, "\(s.daemon.stderrLines)")
            #expect(s.daemon.process.terminationReason == .uncaughtSignal)
            Self.expectNoStop(s.daemon.stderrLines)
        }
    }

    static func expectNoStop(_ lines: [String]) {
        #expect(!lines.contains { $0.contains("did not answer") || $0.contains("stopped by signal") }, "\(lines)")
    }

    /// Whether `pid` has a handler for SIGSEGV: xgest installs none, the Swift runtime
    /// installs its crash handler when it found the backtracer.
    static func catchesSIGSEGV(_ pid: Int32) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(SIGSEGV - 1)) != 0
    }
}
