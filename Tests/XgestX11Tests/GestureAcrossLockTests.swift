import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A gesture under way when a locker comes up goes on to its end muted, after the unlock
/// too: a touchpad swipe begun before slock and ended after it went ran its `key b` into
/// the application behind. What its actions hold is still let go.
@Suite struct GestureAcrossLockTests {
    /// The lines of the daemon's trace after the first one containing `text`.
    static func lines(after text: String, _ s: DaemonTests.Session) -> ArraySlice<String> {
        let lines = s.daemon.stderrLines
        guard let k = lines.firstIndex(where: { $0.contains(text) }) else { return [] }
        return lines[(k + 1)...]
    }

    /// Locks with a test locker and unlocks, both seen by the daemon. The daemon is stopped
    /// while the locker maps its window and grabs the keyboard, so that it reads both in one
    /// pass: with a window of another client focused, the grab moves no focus on the root,
    /// and the daemon would see it only at the next gesture's start.
    static func lockAndUnlock(_ s: DaemonTests.Session) throws {
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        let locker = try ScreenLockTests.cover(s.server, grabbingTheKeyboard: true)
        kill(pid, SIGCONT)
        #expect(s.daemon.waitForLine(containing: "locked: gestures paused") != nil)
        try locker.destroy()
        #expect(s.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)
    }

    /// The window switcher's swipe: Alt down and a Tab before the lock; the Tabs of the steps
    /// made after the unlock and its end action do not run, and Alt is let go at the lock.
    @Test func aTouchpadSwipeAcrossALockRunsNothingAfterTheUnlock() throws {
        let s = try HeldInputTests.Switcher(config: HeldInputTests.switcher + "end-action = \"exec true ended\"\n")
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "switcher: key Tab") != nil)
        try Self.lockAndUnlock(s.session)
        let pad = s.session.server.touchpad
        for _ in 1...3 {
            try pad.swipe(.update, fingers: 3, dx: 60)
            try pad.sync()
        }
        try s.end()
        let ended = s.session.daemon.waitForLine(containing: "exec true ended")
        #expect(ended?.contains("skipped: " + ScreenLockEvent.actionMutedReason) == true, "\(ended ?? "none")")
        let after = Self.lines(after: "unlocked: gestures resumed", s.session)
        #expect(
            !after.contains { $0.contains("-> done") }, "\(s.session.daemon.stderrLines.joined(separator: "\n"))")
        #expect(after.contains { $0.contains("switcher: key Tab") && $0.contains(ScreenLockEvent.actionMutedReason) })
        #expect(keysDown(s.display).isEmpty)
        // The next swipe acts.
        try s.begin(steps: 1)
        try s.end()
        #expect(
            s.session.daemon.waitForLines { $0.contains { $0.contains("exec true ended") && $0.contains("-> done") } })
    }

    /// A two-finger touchscreen pan: begun before the lock, moved again and lifted after the
    /// unlock. Its action and end action, at its end, do not run.
    @Test func aTouchscreenPanAcrossALockRunsNothingAfterTheUnlock() throws {
        let config = """
            [[gesture]]
            name = "pan2"
            kind = "pan"
            device = "touchscreen"
            fingers = 2
            begin-action = "exec true begun"
            action = "exec true moved"
            end-action = "exec true ended"
            """
        let s = try DaemonTests.Session(config: config)
        let ts = s.server.touchscreen
        func move(to x: Double) throws {
            try ts.update(id: 1, x: x, y: 300)
            try ts.update(id: 2, x: x + 100, y: 300)
            try ts.sync()
        }
        try ts.begin(id: 1, x: 300, y: 300)
        try ts.begin(id: 2, x: 400, y: 300)
        try ts.sync()
        for x in [340.0, 380, 420] { try move(to: x) }
        #expect(
            s.daemon.waitForLines { $0.contains { $0.contains("exec true begun") && $0.contains("-> done") } },
            "\(s.daemon.stderrLines.joined(separator: "\n"))")
        try Self.lockAndUnlock(s)
        for x in [460.0, 500, 540] { try move(to: x) }
        try ts.end(id: 1, x: 540, y: 300)
        try ts.end(id: 2, x: 640, y: 300)
        try ts.sync()
        let ended = s.daemon.waitForLine(containing: "exec true ended")
        #expect(ended?.contains("skipped: " + ScreenLockEvent.actionMutedReason) == true, "\(ended ?? "none")")
        let after = Self.lines(after: "unlocked: gestures resumed", s)
        #expect(!after.contains { $0.contains("-> done") }, "\(s.daemon.stderrLines.joined(separator: "\n"))")
        #expect(after.contains { $0.contains("exec true moved") && $0.contains(ScreenLockEvent.actionMutedReason) })
    }
}
