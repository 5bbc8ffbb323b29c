import Foundation
import Testing

@testable import XgestDaemon

/// What a reload takes for an empty save, kept from the running config: no byte, or a byte
/// order mark alone (an editor that writes one, saving an emptied buffer); a file with
/// anything more is read, and runs with no bindings when it has none.
@Suite struct EmptySaveReloadTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-empty-\(UUID().uuidString)").path
    var path: String { root + "/xgest.toml" }

    func loads(_ bytes: [UInt8]) throws -> Bool {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return ConfigReload.load(path, sayingEachEmptyRead: true) != nil
    }

    @Test func aByteOrderMarkAloneIsKeptFromAsAnEmptyFileIs() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try !loads([]))
        #expect(try !loads(mark))
        #expect(try loads(mark + Array("# no gestures\n".utf8)))
        #expect(try loads(mark + Array("\n  \n".utf8)))
        #expect(try loads(Array("\n".utf8)))
    }
}
