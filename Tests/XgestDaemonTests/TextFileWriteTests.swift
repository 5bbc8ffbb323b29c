import Foundation
import Testing

@testable import XgestDaemon

/// A file written through a temporary one (`NAME.tmp`, renamed over NAME): a failure is
/// reported under the name asked for, not the temporary one, and leaves nothing behind.
@Suite struct TextFileWriteTests {
    @Test func aFullDiskNamesTheFileAskedForAndItsReason() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("zed.stroke").path
        // The temporary file is /dev/full, where every write fails as on a full disk.
        try FileManager.default.createSymbolicLink(atPath: path + ".tmp", withDestinationPath: "/dev/full")
        do throws(CLIError) {
            try TextFile.write("xgest-stroke 1\nsample\n", to: path)
            Issue.record("the write to /dev/full succeeded")
        } catch {
            #expect(error.message == "cannot write \(path): no space left on device")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path + ".tmp")) == nil)
    }
}
