import Foundation
import Testing

/// `xgest check` on paths that are no config file: each exits 1 at once with one line
/// saying why (a FIFO hung it, /dev/zero grew it until it aborted).
@Suite struct ConfigFileTypeTests {
    final class Scratch {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-files-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    func check(_ name: String, in scratch: Scratch) throws -> (run: XgestRun, seconds: Double) {
        let started = Date()
        let run = try XgestRun(["check", name], in: scratch.url)
        return (run, Date().timeIntervalSince(started))
    }

    @Test func aFIFOIsRefusedAtOnce() throws {
        let s = try Scratch()
        #expect(mkfifo(s.url.appendingPathComponent("fifo.toml").path, 0o600) == 0)
        let (run, seconds) = try check("fifo.toml", in: s)
        #expect(run.status == 1)
        #expect(run.standardError == "xgest: fifo.toml: not a regular file (a FIFO)\n")
        #expect(seconds < 1, "took \(seconds) s")
    }

    @Test func aSymlinkToDevZeroIsRefused() throws {
        let s = try Scratch()
        try FileManager.default.createSymbolicLink(
            atPath: s.url.appendingPathComponent("zero.toml").path, withDestinationPath: "/dev/zero")
        let (run, seconds) = try check("zero.toml", in: s)
        #expect(run.status == 1)
        #expect(run.standardError == "xgest: zero.toml: not a regular file (a character device)\n")
        #expect(seconds < 1, "took \(seconds) s")
    }

    /// open() refuses a socket before its type is looked at, and said "no such device or
    /// address"; the type is what a socket, a FIFO or a directory there all say.
    @Test func aSocketIsRefusedAsOne() throws {
        let s = try Scratch()
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(s.url.appendingPathComponent("sock.toml").path.utf8CString)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.map { UInt8(bitPattern: $0) }) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        let (run, seconds) = try check("sock.toml", in: s)
        #expect(run.status == 1)
        #expect(run.standardError == "xgest: sock.toml: not a regular file (a socket)\n")
        #expect(seconds < 1, "took \(seconds) s")
    }

    @Test func aHundredMegabyteSparseFileIsRefusedUnread() throws {
        let s = try Scratch()
        let path = s.url.appendingPathComponent("big.toml").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 100 * 1024 * 1024) == 0)
        let (run, seconds) = try check("big.toml", in: s)
        #expect(run.status == 1)
        #expect(run.standardError == "xgest: big.toml: 104857600 bytes, more than the 4 MiB limit\n")
        #expect(seconds < 1, "took \(seconds) s")
    }

    @Test func aDirectoryIsRefused() throws {
        let s = try Scratch()
        try FileManager.default.createDirectory(
            at: s.url.appendingPathComponent("dir.toml"), withIntermediateDirectories: false)
        let (run, _) = try check("dir.toml", in: s)
        #expect(run.status == 1)
        #expect(run.standardError == "xgest: dir.toml: not a regular file (a directory)\n")
    }

    @Test func cannotReadSaysWhy() throws {
        let s = try Scratch()
        let (missing, _) = try check("missing.toml", in: s)
        #expect(missing.status == 1)
        #expect(missing.standardError == "xgest: cannot read missing.toml: no such file or directory\n")
        // Permissions do not stop root; the test runs as whoever runs it.
        guard getuid() != 0 else { return }
        let path = s.url.appendingPathComponent("closed.toml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0]))
        let (closed, _) = try check("closed.toml", in: s)
        #expect(closed.status == 1)
        #expect(closed.standardError == "xgest: cannot read closed.toml: permission denied\n")
    }

    @Test func aTwentyFiveDigitDurationIsReportedWithItsPlace() throws {
        let s = try Scratch()
        try "[settings]\ntap-interval = \"9999999999999999999999999ms\"\n".write(
            to: s.url.appendingPathComponent("long.toml"), atomically: true, encoding: .utf8)
        let (run, _) = try check("long.toml", in: s)
        #expect(run.status == 1)
        #expect(
            run.standardError.hasPrefix(
                "long.toml:2:16: error: a duration must be at most 86400s (a day), found \"9999999999999999999999999ms\"\n"
            ))
    }
}
