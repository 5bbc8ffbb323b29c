import Foundation
import Testing

/// A save written in place while another process keeps the config open for writing (a
/// sync tool, an editor holding the file): the load at the save's close finds it open and
/// says "the running config stays until it is closed", and then it was not read at that
/// close either, the holder having written nothing; SIGHUP, the documented way to force a
/// read, was refused too while the holder had it.
@Suite struct HeldOpenConfigTests {
    /// Writes the session's config in place, its swipe renamed `name`, as `cat > FILE` does.
    static func writeInPlace(_ name: String, in s: DaemonTests.Session) throws {
        let text = DaemonTests.config.replacingOccurrences(of: "swipe-next", with: name)
        let fd = open(s.configPath, O_WRONLY | O_TRUNC | O_CLOEXEC)
        try #require(fd >= 0)
        #expect(write(fd, text, text.utf8.count) == text.utf8.count)
        close(fd)
    }

    @Test func aSaveIsReadAtTheCloseOfTheLastProcessHoldingTheFile() throws {
        let s = try DaemonTests.Session()
        let holder = open(s.configPath, O_RDWR | O_CLOEXEC)
        try #require(holder >= 0)
        try Self.writeInPlace("held-save", in: s)
        #expect(
            s.daemon.waitForLine(containing: "is still being written (open for writing); the running config stays")
                != nil, "\(s.daemon.stderrLines.joined(separator: "\n"))")
        close(holder)
        try ConfigReloadTests.expectTheSwipe("held-save", firesIn: s)
    }

    @Test func sighupReadsAConfigHeldOpenForWriting() throws {
        let s = try DaemonTests.Session()
        let holder = open(s.configPath, O_RDWR | O_CLOEXEC)
        try #require(holder >= 0)
        defer { close(holder) }
        try Self.writeInPlace("read-when-asked", in: s)
        #expect(s.daemon.waitForLine(containing: "is still being written (open for writing)") != nil)
        kill(s.daemon.process.processIdentifier, SIGHUP)
        #expect(
            s.daemon.waitForLine(
                containing:
                    "\(s.configPath) is still open for writing (a save may be going on); SIGHUP reads it as it is")
                != nil, "\(s.daemon.stderrLines.joined(separator: "\n"))")
        try ConfigReloadTests.expectTheSwipe("read-when-asked", firesIn: s)
    }
}
