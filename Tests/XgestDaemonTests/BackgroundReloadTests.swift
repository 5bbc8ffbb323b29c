import Foundation
import Glibc
import Testing

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
        let reload = try #require(BackgroundReload(path: path, sayingEachEmptyRead: true))
        reload.request(pixelsPerMillimeter: 4)
        reload.request(pixelsPerMillimeter: 4)
        func collected() -> BackgroundReload.Outcome {
            var wake = pollfd(fd: reload.fileDescriptor, events: Int16(POLLIN), revents: 0)
            while true {
                _ = poll(&wake, 1, 10_000)
                let outcome = reload.collect()
                if case .nothing = outcome { continue }
                return outcome
            }
        }
        guard case .overtaken = collected() else {
            Issue.record("the first load, overtaken, was applied")
            return
        }
        guard case .loaded(let config) = collected() else {
            Issue.record("the newer save was not read")
            return
        }
        #expect(config.registrations.map(\.name) == ["back"])
    }
}
