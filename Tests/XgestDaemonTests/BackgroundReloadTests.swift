import Foundation
import Glibc
import Synchronization
import Testing
import XgestConfig
import XgestCore

@testable import XgestDaemon

/// A reload reads only a finished save: not one some process is still writing in place, and
/// not one a newer save has overtaken while it was read.
@Suite struct BackgroundReloadTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-reload-\(UUID().uuidString)").path
    var path: String { root + "/xgest.toml" }
    static let config = """
        [[gesture]]
        name = "back"
        kind = "swipe"
        device = "touchscreen"
        fingers = 3
        direction = "left"
        action = "key b"

        """

    func save(_ text: String = Self.config) throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A second save writing the file in place, its first part there: that part parsed, and
    /// ran without the bindings not yet written. It is read at its close.
    @Test func aFileStillOpenForWritingIsNotRead() throws {
        try save()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(ConfigReload.load(path, sayingEachEmptyRead: true) != nil)
        let fd = open(path, O_WRONLY | O_TRUNC)
        try #require(fd >= 0)
        let part = "# the first part of a save\n"
        #expect(write(fd, part, part.utf8.count) == part.utf8.count)
        #expect(ConfigReload.load(path, sayingEachEmptyRead: true) == nil, "still open for writing")
        close(fd)
        let loaded = try #require(ConfigReload.load(path, sayingEachEmptyRead: true), "closed")
        #expect(loaded.configuration.bindings.isEmpty)
    }

    /// A load that ended after another change came was applied, though it may have read the
    /// file while that change wrote it (ten saves of a large config in a row ran one read
    /// with no bindings). It is dropped, and the newer save read.
    @Test func aLoadOvertakenByAnotherChangeIsDropped() throws {
        try save()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let held = HeldLoads()
        let reload = try #require(held.reload(path))
        reload.request(pixelsPerMillimeter: 4, because: .saved)
        held.checked.wait()
        try save(Self.config.replacingOccurrences(of: "back", with: "newer"))
        reload.request(pixelsPerMillimeter: 4, because: .saved)
        held.goOn.signal()
        guard case .overtaken(asked: false) = Self.collected(reload) else {
            Issue.record("the first load, overtaken, was applied")
            return
        }
        held.checked.wait()
        held.goOn.signal()
        guard case .loaded(let config) = Self.collected(reload) else {
            Issue.record("the newer save was not read")
            return
        }
        #expect(config.registrations.map(\.name) == ["newer"])
    }

    /// One save seen as two changes, the second while the load of the first ran: the file
    /// renamed into place, then closed (Foundation's atomic write), read at the rename. A
    /// large config was read and checked twice, its errors said twice. The load stands,
    /// and no other runs.
    @Test func aChangeThatLeftTheFileAsReadLoadsNothingMore() throws {
        try save()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let held = HeldLoads()
        let reload = try #require(held.reload(path))
        reload.request(pixelsPerMillimeter: 4, because: .saved)
        held.checked.wait()
        // The save's close, after the load read the file.
        let fd = open(path, O_WRONLY)
        try #require(fd >= 0)
        close(fd)
        reload.request(pixelsPerMillimeter: 4, because: .saved)
        held.goOn.signal()
        guard case .loaded(let config) = Self.collected(reload) else {
            Issue.record("the load was dropped for a change that left the file as it read it")
            return
        }
        #expect(config.registrations.map(\.name) == ["back"])
        #expect(!reload.isLoading, "the same save loaded again")
    }

    /// SIGHUP while a load runs reads the file again even as it was: the stroke templates
    /// are read with it, and may have changed.
    @Test func aReloadAskedForWhileALoadRunsRunsAfterIt() throws {
        try save()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let held = HeldLoads()
        let reload = try #require(held.reload(path))
        reload.request(pixelsPerMillimeter: 4, because: .saved)
        held.checked.wait()
        reload.request(pixelsPerMillimeter: 4, because: .asked)
        held.goOn.signal()
        // Said as asked for, not as a newer save.
        guard case .overtaken(asked: true) = Self.collected(reload) else {
            Issue.record("the reload asked for did not run")
            return
        }
        held.checked.wait()
        held.goOn.signal()
        guard case .loaded = Self.collected(reload) else {
            Issue.record("the reload asked for was not read")
            return
        }
    }

    /// A save renamed into place and closed after (Foundation's atomic write, GLib's editors),
    /// found open by the load begun at the rename: it was refused, and "still being written"
    /// said, though the close came a moment later. The load waits for the close and reads it.
    @Test func aSaveClosedWhileTheLoadWaitsForItIsRead() throws {
        try save()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fd = open(path, O_WRONLY | O_TRUNC)
        try #require(fd >= 0)
        let newer = Self.config.replacingOccurrences(of: "back", with: "newer")
        #expect(write(fd, newer, newer.utf8.count) == newer.utf8.count)
        let waited = Mutex(false)
        let reload = try #require(
            BackgroundReload(path: path, sayingEachEmptyRead: true, whenChecked: {}) {
                waited.withLock { $0 = true }
                close(fd)
            })
        reload.request(pixelsPerMillimeter: 4, because: .saved)
        guard case .loaded(let config) = Self.collected(reload) else {
            Issue.record("a save closed while the load waited for it was refused")
            return
        }
        #expect(config.registrations.map(\.name) == ["newer"])
        #expect(waited.withLock { $0 }, "the load found the file open and waited")
    }

    /// A writer that keeps the file open is waited for a second, not for ever: the load is
    /// refused, and the file read at its close.
    @Test func aWriterKeepingTheFileOpenIsWaitedForOnlySoLong() throws {
        try save()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fd = open(path, O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let reload = try #require(BackgroundReload(path: path, sayingEachEmptyRead: true))
        reload.request(pixelsPerMillimeter: 4, because: .saved)
        guard case .refused = Self.collected(reload) else {
            Issue.record("a file open for writing was read")
            return
        }
    }

    /// A load refused so says why, for the loop to read the file at its last writer's
    /// close; SIGHUP reads it all the same (it is how a user forces a read, and a process
    /// that keeps the file open left none).
    @Test func aFileHeldOpenForWritingIsReadWhenSIGHUPAsks() throws {
        try save()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fd = open(path, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(ConfigFile.isOpenForWriting(path))
        let reload = try #require(BackgroundReload(path: path, sayingEachEmptyRead: true))
        reload.request(pixelsPerMillimeter: 4, because: .saved)
        guard case .refused(beingWritten: true) = Self.collected(reload) else {
            Issue.record("a file open for writing was read, or refused for another reason")
            return
        }
        reload.request(pixelsPerMillimeter: 4, because: .asked)
        guard case .loaded(let config) = Self.collected(reload) else {
            Issue.record("SIGHUP did not read a file open for writing")
            return
        }
        #expect(!config.registrations.isEmpty)
    }

    /// Loads that wait, once the file is read and checked, until the test has made its changes.
    final class HeldLoads: Sendable {
        /// Signalled by each load once it has read and checked the file.
        let checked = DispatchSemaphore(value: 0)
        /// Waited for by each load before it looks whether the file changed meanwhile.
        let goOn = DispatchSemaphore(value: 0)

        func reload(_ path: String) -> BackgroundReload? {
            BackgroundReload(path: path, sayingEachEmptyRead: true) { [self] in
                checked.signal()
                goOn.wait()
            }
        }
    }

    /// The next outcome of a finished load.
    static func collected(_ reload: BackgroundReload) -> BackgroundReload.Outcome {
        var wake = pollfd(fd: reload.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            _ = poll(&wake, 1, 10_000)
            let outcome = reload.collect()
            if case .nothing = outcome { continue }
            return outcome
        }
    }
}
