import Foundation
import XgestCore
import XgestTestServer
import XgestX11

/// A test server with xgest's input source attached, collecting what it captures.
final class Capture {
    let server: XorgServer
    let display: XDisplay
    let source: X11InputSource
    private(set) var events: [CapturedEvent] = []

    /// Reports the pointer's motion outside strokes too, as `xgest record` does, unless
    /// `reportsPointerMotion` is false, as in the daemon.
    init(server: XorgServer, touchpadClaims: TouchpadClaims = .everything, reportsPointerMotion: Bool = true) throws {
        self.server = server
        display = try XDisplay(name: server.displayName)
        source = try X11InputSource(display: display, touchpadClaims: touchpadClaims)
        source.reportsPointerMotion = reportsPointerMotion
    }

    /// Reads everything the server has sent so far. Called after a driver sync, which
    /// guarantees the server processed the input; the round trip then guarantees the
    /// resulting events are in this connection's queue.
    @discardableResult
    func collect(_ policy: ((InputEvent) -> Void)? = nil) -> [CapturedEvent] {
        display.sync()
        var batch: [CapturedEvent] = []
        // Decisions made while draining (the policy's, and the source's own answer to each
        // touchpad gesture begin, which thaws the events queued behind it) must reach the
        // server before the caller asserts, and what they release must be read too.
        repeat {
            source.drain { e in
                batch.append(e)
                if case .input(let input, _) = e { policy?(input) }
            }
            display.sync()
        } while source.hasQueuedEvents
        events += batch
        return batch
    }
}

extension [CapturedEvent] {
    var inputs: [InputEvent] {
        compactMap { if case .input(let e, _) = $0 { return e } else { return nil } }
    }

    var touchSamples: [TouchSample] {
        inputs.compactMap { if case .touch(let t) = $0.payload { return t } else { return nil } }
    }

    /// The hit-test results, one per sequence start, in order.
    var startTargets: [HitTarget] {
        compactMap { if case .input(_, let t?) = $0 { return t } else { return nil } }
    }
}

/// The built `xgest` executable, next to the test bundle.
func xgestExecutable() -> String {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return exe.deletingLastPathComponent().appendingPathComponent("xgest").path
}

extension Process {
    /// Starts the process with no signal blocked, as systemd or a session starts xgest. A
    /// child inherits the signal mask of the thread that spawns it, and the test runner's
    /// threads block SIGUSR1, SIGALRM, SIGTERM and others: a signal xgest does not handle
    /// itself would stay pending in the child instead of doing what it does in the field.
    func runWithNoSignalBlocked() throws {
        var none = sigset_t()
        var before = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        try run()
    }
}

/// A running `xgest` child whose stderr is read line by line (drained on its own
/// thread, so a chatty child never blocks on a full pipe).
final class XgestProcess: @unchecked Sendable {
    let process = Process()
    private let lines = LineQueue()

    /// With `readsStandardOutput`, stdout's lines are read too, mixed with stderr's; with
    /// `standardOutput`, stdout is that file. With a `launcher` (a program and its
    /// options, `setsid --fork --wait`), xgest is started by it, `process` being the launcher.
    /// With `standardErrorIsTheJournal`, JOURNAL_STREAM names the stderr pipe, as systemd
    /// names the journal's stream: each line then starts with its priority (`<4>`).
    init(
        _ arguments: [String], display: String, extraEnvironment: [String: String] = [:],
        readsStandardOutput: Bool = false, standardOutput: FileHandle? = nil, launcher: [String] = [],
        standardErrorIsTheJournal: Bool = false
    ) throws {
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [xgestExecutable()] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: xgestExecutable())
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "XDG_SESSION_TYPE")
        env.removeValue(forKey: "JOURNAL_STREAM")
        let pipe = Pipe()
        var info = stat()
        if standardErrorIsTheJournal, fstat(pipe.fileHandleForWriting.fileDescriptor, &info) == 0 {
            env["JOURNAL_STREAM"] = "\(info.st_dev):\(info.st_ino)"
        }
        process.environment = env.merging(extraEnvironment) { _, new in new }
        process.standardError = pipe
        process.standardOutput = standardOutput ?? (readsStandardOutput ? pipe : FileHandle.nullDevice)
        lines.follow(pipe.fileHandleForReading)
        try process.runWithNoSignalBlocked()
    }

    /// Blocks until a stderr line containing `text` arrives (or the child exits).
    func waitForLine(containing text: String, timeoutSeconds: Double = 10) -> String? {
        lines.wait(for: text, timeoutSeconds: timeoutSeconds)
    }

    func stop(signal: Int32 = SIGINT) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Sends `signal` and waits up to `timeoutSeconds` for the child to exit; its status,
    /// or nil when it was still running (it is then killed).
    func stop(signal: Int32, timeoutSeconds: Double) -> Int32? {
        kill(process.processIdentifier, signal)
        return exitStatus(withinSeconds: timeoutSeconds)
    }

    /// Waits up to `timeoutSeconds` for the child to exit; its status, or nil when it was still
    /// running (it is then killed).
    func exitStatus(withinSeconds timeoutSeconds: Double) -> Int32? {
        // Its standard error ends when it exits.
        _ = lines.wait(timeoutSeconds: timeoutSeconds) { _ in false }
        let exited = !lines.isOpen
        if !exited {
            stuckState = Self.state(of: process.processIdentifier)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return exited ? process.terminationStatus : nil
    }

    /// Where the child was when ``stop(signal:timeoutSeconds:)`` gave up on it: each
    /// thread's name, state and kernel wait channel, or that it had exited while its
    /// standard error stayed open (another process holding the pipe). For a failure's
    /// message: a stop that times out once in many runs says nothing else.
    private(set) var stuckState = ""

    static func state(of pid: Int32) -> String {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        guard !tasks.isEmpty else { return "exited, but its standard error was still open" }
        return tasks.sorted().map { tid in
            let dir = "/proc/\(pid)/task/\(tid)/"
            let read = { (name: String) in
                ((try? String(contentsOfFile: dir + name, encoding: .utf8)) ?? "?")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let state = read("status").split(separator: "\n").first { $0.hasPrefix("State:") } ?? "State: ?"
            return
                "\(tid) \(read("comm")) \(state.dropFirst(6).trimmingCharacters(in: .whitespaces)) in \(read("wchan"))"
        }.joined(separator: "; ")
    }

    /// Every stderr line read so far; once the child has exited, every line it wrote. A test
    /// that waited for the exit (`process.waitUntilExit()`) and then read the lines found
    /// none now and then: the reader had not taken them from the pipe yet. After the exit
    /// they are waited for once, up to the pipe's end (a command the daemon started may
    /// hold it open: at most `drainSeconds`).
    var stderrLines: [String] {
        if !process.isRunning, !drainedAfterExit {
            _ = lines.wait(timeoutSeconds: Self.drainSeconds) { _ in false }
            drainedAfterExit = true
        }
        return lines.all
    }

    private var drainedAfterExit = false
    static let drainSeconds = 5.0

    /// Blocks until `done` holds for every stderr line so far (or the child exits, or the
    /// time is up); returns whether it held.
    func waitForLines(timeoutSeconds: Double = 10, until done: ([String]) -> Bool) -> Bool {
        lines.wait(timeoutSeconds: timeoutSeconds, until: done)
    }
}

final class LineQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var buffer = Data()
    private var lines: [String] = []
    private var closed = false

    func append(_ data: Data) {
        condition.lock()
        buffer.append(data)
        while let nl = buffer.firstIndex(of: 0x0A) {
            lines.append(String(decoding: buffer[buffer.startIndex..<nl], as: UTF8.self))
            buffer.removeSubrange(buffer.startIndex...nl)
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Reads `handle` as it becomes readable, closing at its end of file.
    func follow(_ handle: FileHandle) {
        handle.readabilityHandler = { [self] h in
            let data = h.availableData
            if data.isEmpty {
                h.readabilityHandler = nil
                close()
            } else {
                append(data)
            }
        }
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Until the end of the stream.
    var isOpen: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !closed
    }

    var all: [String] {
        condition.lock()
        defer { condition.unlock() }
        return lines
    }

    /// Blocks until `done` holds for all the lines so far, the stream closes or the time
    /// is up; returns whether it held.
    func wait(timeoutSeconds: Double, until done: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        condition.lock()
        defer { condition.unlock() }
        while !done(lines) {
            if closed || !condition.wait(until: deadline) { return done(lines) }
        }
        return true
    }

    func wait(for text: String, timeoutSeconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let l = lines.first(where: { $0.contains(text) }) { return l }
            if closed || !condition.wait(until: deadline) { return lines.first { $0.contains(text) } }
        }
    }
}

/// `xgest run --debug --config config` on `display` with its standard error on a pipe the
/// test reads itself: read up to "capturing on" (returned, for the test to check), then
/// left to the test. The caller kills the process if it is still running at its end.
func startDaemonReadingUpToCapture(config: String, display: String) throws -> (
    process: Process, standardError: Pipe, read: String
) {
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: xgestExecutable())
    daemon.arguments = ["run", "--debug", "--config", config]
    daemon.environment = environment(display: display)
    let pipe = Pipe()
    daemon.standardError = pipe
    daemon.standardOutput = FileHandle.nullDevice
    try daemon.runWithNoSignalBlocked()
    var read = ""
    while !read.contains("capturing on") {
        let data = pipe.fileHandleForReading.availableData
        guard !data.isEmpty else { break }
        read += String(decoding: data, as: UTF8.self)
    }
    return (daemon, pipe, read)
}
