import Foundation
import Testing

@testable import XgestDaemon

/// A file written through a temporary one renamed over it: a failure is reported under the
/// name asked for, not the temporary one, and leaves nothing behind; the temporary name is
/// the writer's own, and a symlink asked for is written through.
@Suite struct TextFileWriteTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-write-\(UUID().uuidString)")
        .path

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }

    @Test func aFailureNamesTheFileAskedForAndLeavesNothing() throws {
        let path = directory + "/zed.stroke"
        try FileManager.default.createDirectory(atPath: path + "/in-the-way", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do throws(CLIError) {
            try TextFile.write("xgest-stroke 1\nsample\n", to: path)
            Issue.record("a file was renamed over a directory")
        } catch {
            #expect(error.message == "cannot write \(path): is a directory")
        }
        #expect(try names() == ["zed.stroke"])
    }

    /// `NAME.stroke.tmp` was opened by that fixed name, following what was there: a link
    /// to another file had that file overwritten with stroke data and NAME.stroke made a
    /// link to it; a directory failed the write with a message naming NAME.stroke.
    @Test func whatIsAtATemporaryNameIsNeverFollowedNorWritten() throws {
        let path = directory + "/ff.stroke"
        try FileManager.default.createDirectory(atPath: directory + "/ee.stroke.tmp", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let victim = directory + "/victim.txt"
        try "mine\n".write(toFile: victim, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path + ".tmp", withDestinationPath: victim)
        try TextFile.write("xgest-stroke 1\n", to: path)
        try TextFile.write("xgest-stroke 2\n", to: directory + "/ee.stroke")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "mine\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil, "ff.stroke is a file")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "xgest-stroke 1\n")
        #expect(try String(contentsOfFile: directory + "/ee.stroke", encoding: .utf8) == "xgest-stroke 2\n")
        #expect(try names() == ["ee.stroke", "ee.stroke.tmp", "ff.stroke", "ff.stroke.tmp", "victim.txt"])
    }

    /// A stow link into a repository was replaced by a regular file: the repository kept
    /// the old drawing and the link was gone. The file it leads to is replaced, and the link
    /// kept.
    @Test func aSymlinkIsWrittenThroughAndKept() throws {
        let repository = directory + "/repo"
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "old\n".write(toFile: repository + "/zz.stroke", atomically: false, encoding: .utf8)
        let path = directory + "/zz.stroke"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "repo/zz.stroke")
        try TextFile.write("new\n", to: path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "repo/zz.stroke")
        #expect(try String(contentsOfFile: repository + "/zz.stroke", encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: repository) == ["zz.stroke"])
    }

    /// The temporary name was the PID and a decimal number after the file's, 13 to 23
    /// bytes: a name that left room for `.tmp` alone (record-stroke's check) could not be
    /// written, and the drawings it was for were lost. A name of the longest length said is
    /// written every time, whatever the random part.
    @Test func aNameOfTheLongestLengthWrittenIsWritten() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let name = String(repeating: "a", count: TextFile.longestWrittenNameBytes)
        for k in 0..<20 { try TextFile.write("\(k)\n", to: directory + "/" + name) }
        #expect(try String(contentsOfFile: directory + "/" + name, encoding: .utf8) == "19\n")
        #expect(try names() == [name])
        #expect(TextFile.hexDigits(0x2a) == "0000002a" && TextFile.hexDigits(.max) == "ffffffff")
    }
}
