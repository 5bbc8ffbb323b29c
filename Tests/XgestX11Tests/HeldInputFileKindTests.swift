import Foundation
import Glibc
import Testing

@testable import XgestX11

/// The held-input file beside the instance lock (``HeldInputFile``) when something other
/// than a regular file sits at its name: a FIFO there made the daemon wait in open() for a
/// reader, at start before it grabbed anything (holding the instance lock, so every later
/// start said "already running") or at a `key-down` with the key already down.
@Suite(.serialized) struct HeldInputFileKindTests {
    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-\(UUID().uuidString).held")
            .path
        var reports: [String] = []

        init() throws {
            #expect(mkfifo(path, 0o600) == 0)
            HeldInputFile.path = path
            HeldInputFile.report = { [weak self] in self?.reports.append($0) }
        }

        deinit {
            HeldInputFile.path = nil
            HeldInputFile.report = { _ in }
            unlink(path)
        }
    }

    /// A combo that maps a keysym records its row: with a FIFO at the name nothing is written
    /// into it (the test holds its reading end, so the old open did not wait), and the user is
    /// told once that what xgest holds cannot be kept.
    @Test func aFIFOIsNotWrittenAndIsSaidOnce() throws {
        let s = try Scratch()
        let reader = open(s.path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        var options = X11ActionExecutor.Options()
        options.keymapRestore = .whenAsked
        let f = try KeyComboTests.Fixture(options: options)
        #expect(f.key("EuroSign") == .done)
        f.executor.restoreKeymap()
        #expect(f.key("EuroSign") == .done)
        f.executor.restoreKeymap()
        var buffer = [UInt8](repeating: 0, count: 256)
        #expect(read(reader, &buffer, buffer.count) <= 0, "\(String(decoding: buffer, as: UTF8.self))")
        #expect(s.reports.count == 1, "\(s.reports)")
        #expect(s.reports.first?.contains("it is a FIFO, not a regular file") == true, "\(s.reports)")
    }

    /// At start, a FIFO at the name is no list of an earlier run's (the test holds it open
    /// for writing with a line in it, so the old open did not wait) and is removed.
    @Test func aFIFOAtStartIsNoLeftoverAndIsRemoved() throws {
        let s = try Scratch()
        let writer = open(s.path, O_RDWR | O_NONBLOCK)
        #expect(writer >= 0)
        defer { close(writer) }
        let line = Array("key 64\n".utf8)
        #expect(write(writer, line, line.count) == line.count)
        let leftover = HeldInputFile.takeLeftover()
        #expect(leftover.keycodes.isEmpty && leftover.buttons.isEmpty && leftover.rows.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: s.path))
    }
}
