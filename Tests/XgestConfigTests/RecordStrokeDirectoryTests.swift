import Foundation
import Testing

/// `record-stroke` with a strokes directory it cannot write in: said before anything is
/// drawn, naming the directory and what to do, where it said so after every sample was
/// drawn (and lost), naming its own `NAME.stroke.tmp`. No display is given, so a run that
/// went on to draw would say there is none.
@Suite struct RecordStrokeDirectoryTests {
    final class Scratch {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-strokes-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent("xgest"), withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        func record() throws -> XgestRun {
            try XgestRun(
                ["record-stroke", "zed", "--samples", "1"], in: url,
                environment: ["XDG_CONFIG_HOME": url.path, "DISPLAY": "", "WAYLAND_DISPLAY": ""])
        }
    }

    @Test func aFileWhereTheDirectoryShouldBeIsSaidFirst() throws {
        let s = try Scratch()
        let strokes = s.url.appendingPathComponent("xgest/strokes").path
        #expect(FileManager.default.createFile(atPath: strokes, contents: Data()))
        let run = try s.record()
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "xgest: cannot write zed.stroke to \(strokes): it is not a directory; move it away, and the"
                + " directory is made\n")
        #expect(!FileManager.default.fileExists(atPath: strokes + ".tmp"))
    }

    /// The directory missing, and a file where the one above it should be: that one is named.
    @Test func aFileAboveTheMissingDirectoryIsNamed() throws {
        let s = try Scratch()
        let holder = s.url.appendingPathComponent("xgest").path
        try FileManager.default.removeItem(atPath: holder)
        #expect(FileManager.default.createFile(atPath: holder, contents: Data()))
        let run = try s.record()
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "xgest: cannot write zed.stroke to \(holder)/strokes: \(holder) is not a directory; move it away,"
                + " and the directory is made\n")
    }

    @Test func aDirectoryWithoutWritePermissionIsSaidFirst() throws {
        // Permissions do not stop root; the test runs as whoever runs it.
        guard getuid() != 0 else { return }
        let s = try Scratch()
        let strokes = s.url.appendingPathComponent("xgest/strokes").path
        try FileManager.default.createDirectory(atPath: strokes, withIntermediateDirectories: false)
        #expect(chmod(strokes, 0o555) == 0)
        defer { chmod(strokes, 0o755) }
        let run = try s.record()
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "xgest: cannot write zed.stroke to \(strokes): permission denied; make it writable to you"
                + " (chmod u+w \(strokes))\n")
    }

    /// NAME.stroke a directory: the first message said `add --force to replace it`, and
    /// `--force` was then refused because it is a directory. What is in the way is said
    /// first, with or without --force.
    @Test func aDirectoryAtTheFilesNameIsSaidWithoutSuggestingForce() throws {
        let s = try Scratch()
        let path = s.url.appendingPathComponent("xgest/strokes/zed.stroke").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let run = try s.record()
        #expect(run.status == 1)
        #expect(run.standardError == "xgest: \(path) is a directory: only a file is replaced; move it away\n")
        // An existing file is still told of --force.
        try FileManager.default.removeItem(atPath: path)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("xgest-stroke 1\n".utf8)))
        let file = try s.record()
        #expect(file.standardError == "xgest: \(path) exists: add --force to replace it\n")
    }
}
