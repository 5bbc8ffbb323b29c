import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A keysym the keymap lacks is mapped onto a spare keycode for a second after its combo, or
/// for as long as a `key-down` holds it. A daemon killed meanwhile (SIGKILL, the OOM killer)
/// left the row mapped for good; the next daemon clears it if it is still as it was left,
/// and says so.
@Suite struct LeftoverKeymapRowTests {
    static let euro = """
        [[gesture]]
        name = "euro"
        kind = "swipe"
        device = "touchpad"
        fingers = 3
        direction = "right"
        action = "key EuroSign"
        """

    /// A session that swiped once, and whose daemon was killed within the second before it
    /// would have cleared the keycode `key EuroSign` mapped; that keycode.
    static func killedWithEuroSignMapped() throws -> (HeldInputTests.Switcher, UInt32) {
        let s = try HeldInputTests.Switcher(config: Self.euro)
        #expect(s.session.keycode("EuroSign") == 0, "the test keyboard has no EuroSign")
        try s.begin(steps: 2)
        try s.end()
        let done = s.session.daemon.waitForLines { lines in
            lines.contains { $0.contains("euro: key EuroSign") && $0.contains("-> done") }
        }
        _ = s.session.daemon.stop(signal: SIGKILL)
        #expect(done, "\(s.session.daemon.stderrLines)")
        let mapped = s.session.keycode("EuroSign")
        #expect(mapped != 0, "still mapped after the kill")
        return (s, mapped)
    }

    @Test func aKeysymMappedByAKilledDaemonIsClearedByTheNextOne() throws {
        let (s, mapped) = try Self.killedWithEuroSignMapped()
        let next = try XgestProcess(["run", "--config", s.session.configPath], display: s.session.server.displayName)
        defer { _ = next.stop(signal: SIGTERM) }
        let line = next.waitForLine(containing: "cleared")
        #expect(
            line == "xgest: cleared keycode \(mapped) (EuroSign), left mapped in the keymap by an earlier run"
                + " that did not stop cleanly")
        #expect(s.session.keycode("EuroSign") == 0)
        #expect(keysyms(s.display, on: mapped).allSatisfy { $0 == KeySym(NoSymbol) })
    }

    /// A row changed since the daemon was killed (`xmodmap`, a keymap loaded) is someone
    /// else's: the next daemon leaves it as it is and says nothing of it.
    @Test func aRowChangedSinceIsLeftAlone() throws {
        let (s, mapped) = try Self.killedWithEuroSignMapped()
        var row = keysyms(s.display, on: mapped).map { _ in XStringToKeysym("Greek_beta") }
        XChangeKeyboardMapping(s.display.handle, Int32(mapped), Int32(row.count), &row, 1)
        XSync(s.display.handle, False)
        let changed = keysyms(s.display, on: mapped)
        let next = try XgestProcess(
            ["run", "--debug", "--config", s.session.configPath], display: s.session.server.displayName)
        defer { _ = next.stop(signal: SIGTERM) }
        #expect(next.waitForLine(containing: "capturing on") != nil)
        #expect(!next.stderrLines.contains { $0.contains("cleared") }, "\(next.stderrLines)")
        #expect(keysyms(s.display, on: mapped) == changed)
    }

    /// The switcher's Alt held on a keysym the keymap lacks: the next daemon releases the key,
    /// then clears its row, in one line.
    @Test func aHeldKeyOnAMappedKeycodeIsReleasedAndItsRowCleared() throws {
        let config = HeldInputTests.switcher.replacingOccurrences(
            of: "begin-action = \"key-down alt\"", with: "begin-action = \"key-down Greek_alpha\"")
        let s = try HeldInputTests.Switcher(config: config)
        #expect(s.session.keycode("Greek_alpha") == 0, "the test keyboard has no Greek_alpha")
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down Greek_alpha") != nil)
        _ = s.session.daemon.stop(signal: SIGKILL)
        try s.end()
        let mapped = s.session.keycode("Greek_alpha")
        #expect(mapped != 0 && keysDown(s.display).contains(mapped))

        let next = try XgestProcess(["run", "--config", s.session.configPath], display: s.session.server.displayName)
        defer { _ = next.stop(signal: SIGTERM) }
        let line = next.waitForLine(containing: "released")
        #expect(
            line == "xgest: released Greek_alpha left down on the XTest devices, and cleared keycode \(mapped)"
                + " (Greek_alpha) left mapped in the keymap, by an earlier run that did not stop cleanly")
        #expect(keysDown(s.display).isEmpty)
        #expect(s.session.keycode("Greek_alpha") == 0)
    }

    /// The file lists a row while it is mapped, and a combo whose keysyms are all on the
    /// keymap writes nothing.
    @Test func onlyARowMappedIsListed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-\(UUID().uuidString).held")
            .path
        HeldInputFile.path = path
        defer {
            HeldInputFile.path = nil
            unlink(path)
        }
        var options = X11ActionExecutor.Options()
        options.keymapRestore = .whenAsked
        let f = try KeyComboTests.Fixture(options: options)
        #expect(f.key("Control_L", "a") == .done)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(f.key("EuroSign") == .done)
        let mapped = keycode(f.display, "EuroSign")
        let width = keysyms(f.display, on: mapped).count
        #expect(
            (try? String(contentsOfFile: path, encoding: .utf8))
                == "keymap \(mapped)" + String(repeating: " 20ac", count: width) + "\n")
        f.executor.restoreKeymap()
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
