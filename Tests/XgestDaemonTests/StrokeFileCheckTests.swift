import Foundation
import Testing

@testable import XgestDaemon

/// What `record-stroke` checks before anything is drawn: drawings found unwritable only
/// once every sample was drawn were lost.
@Suite struct StrokeFileCheckTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-strokes-\(UUID().uuidString)").path

    /// A strokes directory that is a symlink to nothing (a dotfiles checkout not made yet)
    /// was taken for a missing directory that could be made; `mkdir` on the link failed
    /// with EEXIST, which was ignored, and the write failed after the drawing.
    @Test func aStrokesDirectoryLinkedToNothingIsSaidBeforeDrawing() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let strokes = root + "/strokes"
        try FileManager.default.createSymbolicLink(atPath: strokes, withDestinationPath: "dotfiles/strokes")
        #expect(Directory.whyUnwritable(strokes) == .linkToNothing(place: strokes, target: root + "/dotfiles/strokes"))
        do throws(CLIError) {
            try Directory.create(strokes)
            Issue.record("a directory was made on a link to nothing")
        } catch {
            #expect(error.message == "cannot create \(strokes): something that is not a directory is there")
        }
        // Under it, as well: the link is found on the way up.
        #expect(
            Directory.whyUnwritable(strokes + "/more")
                == .linkToNothing(place: strokes, target: root + "/dotfiles/strokes"))
    }

    /// NAME.stroke a directory, with `--force`: the error came after the drawing.
    @Test func onlyAFileIsReplaced() throws {
        try FileManager.default.createDirectory(atPath: root + "/dd.stroke", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(
            StrokeFileProblem.check(root + "/dd.stroke")
                == "\(root)/dd.stroke is a directory: only a file is replaced; move it away")
        try "x\n".write(toFile: root + "/file.stroke", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.stroke", withDestinationPath: "file.stroke")
        #expect(StrokeFileProblem.check(root + "/file.stroke") == nil)
        #expect(StrokeFileProblem.check(root + "/link.stroke") == nil)
        #expect(StrokeFileProblem.check(root + "/none.stroke") == nil)
    }
}
