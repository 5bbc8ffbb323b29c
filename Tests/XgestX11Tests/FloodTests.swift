import Foundation
import Testing
import XgestCore
import XgestTestServer

/// The daemon under input it cannot keep up with: a flood of touchpad pinch updates, each
/// a step of a repeating binding. The loop must still answer signals at once and reap the
/// commands it started as they exit.
@Suite struct FloodTests {
    static func pinchConfig(action: String, reverse: String) -> String {
        """
        [[gesture]]
        name = "zoom"
        kind = "pinch"
        device = "touchpad"
        fingers = 2
        direction = "out"
        action = "\(action)"
        repeat = true
        reverse-action = "\(reverse)"
        """
    }

    /// Pinch updates at about `perSecond`, each swinging the scale far enough to be a step
    /// of a repeating binding, until `stop()` says so or `maximumSeconds` pass.
    static func floodPinch(
        _ pad: Touchpad, perSecond: Int, maximumSeconds: Double, stop: () -> Bool
    ) throws -> Int {
        try pad.pinch(.begin, fingers: 2)
        try pad.sync()
        let start = monotonicNanoseconds()
        let batch = max(1, perSecond / 100)
        var sent = 0
        while !stop(), Double(monotonicNanoseconds() - start) / 1e9 < maximumSeconds {
            for _ in 0..<batch {
                try pad.pinch(.update, fingers: 2, scale: sent % 2 == 0 ? 2.0 : 1.0)
                sent += 1
            }
            // Pacing the flood to its rate: the batch's share of a second, less the time spent sending.
            let due = start + UInt64(sent) * 1_000_000_000 / UInt64(perSecond)
            let now = monotonicNanoseconds()
            if due > now { usleep(UInt32((due - now) / 1000)) }
        }
        try pad.pinch(.end, fingers: 2, scale: 1.0)
        return sent
    }

    /// What a watcher thread saw, handed back to the test.
    final class Observations: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: Double] = [:]
        private var finished = false

        func set(_ key: String, _ value: Double) {
            lock.withLock { values[key] = value }
        }

        func value(_ key: String) -> Double? { lock.withLock { values[key] } }

        func finish() { lock.withLock { finished = true } }
        var isFinished: Bool { lock.withLock { finished } }
    }

    @Test func sigtermDuringAKeyActionFloodIsAnsweredAtOnce() throws {
        let s = try DaemonTests.Session(config: Self.pinchConfig(action: "key a", reverse: "key b"))
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1920, height: 1080, className: "Flooded")
        try window.focus()
        let daemon = s.daemon
        let seen = Observations()
        let watcher = Thread {
            // The flood is on once the rate limit has dropped steps.
            guard daemon.waitForLine(containing: "steps come faster than", timeoutSeconds: 20) != nil else {
                seen.finish()
                return
            }
            // Let it run a while longer, so the backlog is real.
            usleep(500_000)
            let start = monotonicNanoseconds()
            kill(daemon.process.processIdentifier, SIGTERM)
            daemon.process.waitUntilExit()
            seen.set("exitMilliseconds", Double(monotonicNanoseconds() - start) / 1e6)
            seen.set("status", Double(daemon.process.terminationStatus))
            seen.finish()
        }
        watcher.start()
        let sent = try Self.floodPinch(s.server.touchpad, perSecond: 2000, maximumSeconds: 30) { seen.isFinished }
        while !seen.isFinished { usleep(1000) }
        let exit = try #require(seen.value("exitMilliseconds"), "the flood never reached the daemon")
        print("SIGTERM answered in \(String(format: "%.1f", exit)) ms under \(sent) pinch updates at 2000/s")
        #expect(exit < 1000)
        #expect(seen.value("status") == 0)
        withExtendedLifetime(window) {}
    }

    @Test func anExecFloodLeavesNoZombieBehindAndCapsTheChildren() throws {
        let s = try DaemonTests.Session(config: Self.pinchConfig(action: "exec true", reverse: "exec true"))
        let pid = s.daemon.process.processIdentifier
        let seen = Observations()
        let sampler = Thread {
            // Every zombie child of the daemon, with the first time it was seen a zombie.
            var zombieSince: [Int32: UInt64] = [:]
            var oldest = 0.0
            var most = 0
            while !seen.isFinished {
                let now = monotonicNanoseconds()
                let children = childStates(of: pid)
                most = max(most, children.count)
                for (child, state) in children where state == "Z" && zombieSince[child] == nil {
                    zombieSince[child] = now
                }
                for (child, since) in zombieSince {
                    if children[child] == "Z" {
                        oldest = max(oldest, Double(now - since) / 1e6)
                    } else {
                        zombieSince[child] = nil
                    }
                }
                seen.set("oldestZombieMilliseconds", oldest)
                seen.set("mostChildren", Double(most))
                usleep(2000)
            }
        }
        sampler.start()
        let sent = try Self.floodPinch(s.server.touchpad, perSecond: 2000, maximumSeconds: 3) { false }
        try s.server.touchpad.sync()
        seen.finish()
        let oldest = seen.value("oldestZombieMilliseconds") ?? 0
        let most = Int(seen.value("mostChildren") ?? 0)
        print(
            "exec flood: \(sent) pinch updates; oldest zombie \(String(format: "%.1f", oldest)) ms, "
                + "at most \(most) children")
        #expect(s.daemon.waitForLine(containing: "action         zoom") != nil)
        #expect(oldest < 100 * 3, "a zombie lived \(oldest) ms")
        // The cap, plus the zombies of one pass.
        #expect(most <= 32 + 8)
        // A stop still answers, and no child is left a zombie.
        #expect(s.daemon.stop(signal: SIGTERM) == 0)
    }
}

/// The children of `pid`, each with its state letter from /proc (R, S, Z…).
func childStates(of pid: Int32) -> [Int32: String] {
    let list =
        (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    var states: [Int32: String] = [:]
    for child in list.split(separator: " ").compactMap({ Int32($0) }) {
        guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"),
            let state = stat[stat.index(after: close)...].split(separator: " ").first
        else { continue }
        states[child] = String(state)
    }
    return states
}
