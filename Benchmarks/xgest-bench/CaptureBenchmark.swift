import CXgest
import Glibc
import XgestCore
import XgestTestServer
import XgestX11

/// The X11 layer on the real test server:
/// - latency from the inputtest driver's wait-for-sync reply to the `InputEvent` reaching
///   Swift, over 1,000 touch events;
/// - the `xgest run` daemon's resident memory while capturing;
/// - the CPU ticks an idle daemon uses.
enum CaptureBenchmark {
    static let touchEvents = 1_000

    static func run(idleSeconds: Int) {
        do {
            try latency()
            try daemon(idleSeconds: idleSeconds)
        } catch {
            print("capture benchmark failed: \(error)")
        }
    }

    static func latency() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let display = try XDisplay(name: server.displayName)
        let source = try X11InputSource(display: display)
        // Held to the end, as the engine holds an undecided sequence: a touch rejected at
        // its begin sends xgest nothing more.
        var policy = HoldUntilEndPolicy(ownership: source.ownership)
        var samples: [UInt64] = []
        samples.reserveCapacity(touchEvents)
        var id: UInt32 = 0
        var i = 0
        while samples.count < touchEvents {
            // Sequences of begin, 8 updates, end: 10 events each.
            let phase = i % 10
            if phase == 0 { id += 1 }
            let x = 100 + Double(i % 500)
            switch phase {
            case 0: try server.touchscreen.begin(id: id, x: x, y: 300)
            case 9: try server.touchscreen.end(id: id, x: x, y: 300)
            default: try server.touchscreen.update(id: id, x: x, y: 300)
            }
            try server.touchscreen.sync()
            let replied = server.touchscreen.lastSyncReplyNanoseconds
            var arrived: UInt64?
            while arrived == nil {
                source.drain { e in
                    guard case .input(let input, _) = e, case .touch = input.payload else { return }
                    arrived = monotonicNanoseconds()
                    policy.decide(input)
                }
                if arrived == nil { _ = Poller.wait([display.fileDescriptor], timeoutMilliseconds: 1_000) }
            }
            if let arrived { samples.append(arrived &- replied) }
            i += 1
        }
        samples.sort()
        func us(_ ns: UInt64) -> String { formatMicroseconds(ns) }
        print("capture latency: driver sync reply -> InputEvent in Swift, \(samples.count) touch events")
        print(
            "  median \(us(samples[samples.count / 2])) us   p99 \(us(samples[samples.count * 99 / 100])) us   max \(us(samples[samples.count - 1])) us"
        )
    }

    static func daemon(idleSeconds: Int) throws {
        let server = try XorgServer()
        defer { server.stop() }
        setenv("DISPLAY", server.displayName, 1)
        let xgest = siblingExecutable("xgest")
        let daemon = try MonitoredProcess(path: xgest, arguments: ["xgest", "run", "--debug"])
        guard daemon.readLines(timeoutMilliseconds: 10_000, until: { $0.contains("capturing on") }, onLine: { _ in })
        else {
            print("daemon did not start (\(xgest))")
            return
        }
        let rssIdle = residentKilobytes(daemon.processID)
        var ended = 0
        for seq in 0..<100 {
            let id = UInt32(seq + 1)
            try server.touchscreen.begin(id: id, x: 300, y: 300)
            for step in 1...8 { try server.touchscreen.update(id: id, x: 300 + Double(step), y: 300) }
            try server.touchscreen.end(id: id, x: 309, y: 300)
            try server.touchscreen.sync()
            _ = daemon.readLines(
                timeoutMilliseconds: 5_000, until: { $0.contains("touch-end") },
                onLine: { if $0.contains("touch-end") { ended += 1 } })
        }
        let rssBusy = residentKilobytes(daemon.processID)
        print("xgest run --debug: RSS \(rssIdle) KiB at start, \(rssBusy) KiB after \(ended) touch sequences")
        let before = cpuTicks(daemon.processID)
        // Waiting here is the measurement itself: the daemon must not wake while nothing happens.
        var request = timespec(tv_sec: idleSeconds, tv_nsec: 0)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
        let after = cpuTicks(daemon.processID)
        print(
            "idle xgest: \(after - before) CPU ticks (utime+stime, \(sysconf(Int32(_SC_CLK_TCK))) per second) over \(idleSeconds) s"
        )
        _ = daemon.stop()
    }

    static func siblingExecutable(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[..<slash]) + "/" + name
    }

    static func procLines(_ path: String) -> [String] {
        guard let f = fopen(path, "r") else { return [] }
        defer { fclose(f) }
        var lines: [String] = []
        var buffer = [CChar](repeating: 0, count: 1024)
        while fgets(&buffer, Int32(buffer.count), f) != nil {
            lines.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return lines
    }

    static func residentKilobytes(_ pid: Int32) -> Int {
        for line in procLines("/proc/\(pid)/status") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
        }
        return -1
    }

    /// utime + stime from /proc/PID/stat (fields 14 and 15, counted after the command name).
    static func cpuTicks(_ pid: Int32) -> Int {
        guard let line = procLines("/proc/\(pid)/stat").first, let close = line.lastIndex(of: ")") else { return -1 }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let u = Int(fields[11]), let s = Int(fields[12]) else { return -1 }
        return u + s
    }
}

func formatMicroseconds(_ ns: UInt64) -> String {
    let tenths = (ns + 50) / 100
    return "\(tenths / 10).\(tenths % 10)"
}
