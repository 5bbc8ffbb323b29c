import Foundation
import Testing
import XgestCore
import XgestTestServer

@Suite struct ServerLifecycleTests {
    @Test func startsAndStopsCleanly() throws {
        let server = try XorgServer()
        let pid = server.processID
        let display = server.displayNumber
        let directory = server.directory
        #expect(server.displayName == ":\(display)")
        #expect(server.screenWidth == 1920 && server.screenHeight == 1080)
        #expect(server.isRunning)
        #expect(processState(pid) != nil && processState(pid) != "Z")
        #expect(FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)"))
        #expect(FileManager.default.fileExists(atPath: directory + "/sock/touchscreen.sock"))

        server.stop()
        #expect(!server.isRunning)
        // Reaped, not a zombie: the pid is gone from /proc.
        #expect(processState(pid) == nil)
        #expect(!xorgProcessIDs().contains(pid))
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/.X\(display)-lock"))
        server.stop()  // idempotent
    }

    /// The server leads a process group of its own: Ctrl-Z in the terminal of `xgest demo`
    /// stops the demo's group, and a server stopped with it left the daemon, syncing with
    /// the server before it stopped, stopped for good after `fg`.
    @Test func theServerIsOutOfItsOwnersProcessGroup() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let pid = server.processID
        #expect(getpgid(pid) == pid)
        #expect(getpgid(pid) != getpgrp())
    }

    @Test func deinitStopsTheServer() throws {
        var pid: Int32 = 0
        var directory = ""
        do {
            let server = try XorgServer()
            pid = server.processID
            directory = server.directory
            #expect(processState(pid) != nil)
        }
        #expect(processState(pid) == nil)
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func twoServersRunSideBySide() throws {
        let a = try XorgServer()
        let b = try XorgServer()
        #expect(a.displayNumber != b.displayNumber)
        #expect(a.directory != b.directory)
        let windowA = try TestWindow(server: a, x: 100, y: 100, width: 400, height: 300)
        let windowB = try TestWindow(server: b, x: 100, y: 100, width: 400, height: 300)
        try a.touchscreen.begin(id: 1, x: 150, y: 150)
        try a.touchscreen.end(id: 1)
        try a.touchscreen.sync()
        try b.touchscreen.begin(id: 1, x: 250, y: 260)
        try b.touchscreen.end(id: 1)
        try b.touchscreen.sync()
        let touchesA = try windowA.receivedEvents().touches
        let touchesB = try windowB.receivedEvents().touches
        #expect(touchesA.map(\.phase) == [.begin, .end])
        #expect(touchesA.first?.root.x == 150 && touchesA.first?.root.y == 150)
        #expect(touchesB.map(\.phase) == [.begin, .end])
        #expect(touchesB.first?.root.x == 250 && touchesB.first?.root.y == 260)
        a.stop()
        #expect(b.isRunning)
        b.stop()
    }

    @Test func stopLeavesNoXorgBehind() throws {
        let before = xorgProcessIDs()
        let server = try XorgServer()
        let pid = server.processID
        #expect(xorgProcessIDs().contains(pid))
        _ = try TestWindow(server: server, x: 0, y: 0, width: 10, height: 10)
        server.stop()
        // Other servers (parallel tests, other users) may come and go; ours must be gone.
        #expect(!xorgProcessIDs().contains(pid))
        #expect(xorgProcessIDs().subtracting(before).subtracting(xorgProcessIDs()).isEmpty)
    }

    @Test func missingXorgIsATypedErrorNamingThePackage() {
        var options = XorgServer.Options()
        options.xorgPath = "/nonexistent/Xorg"
        do {
            _ = try XorgServer(options: options)
            Issue.record("started without an Xorg binary")
        } catch let error as TestServerError {
            guard case .missingComponent(let path, let package) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == "/nonexistent/Xorg")
            #expect(package == "xserver-xorg-core")
            #expect(error.description.contains("apt-get install xserver-xorg-core"))
        } catch {
            Issue.record("untyped error \(error)")
        }
    }

    @Test func serverDyingAtStartIsATypedErrorWithTheLogTail() throws {
        let script = try fakeServer("echo 'Fatal server error: (EE) no screens found' >&2\nexit 1")
        defer { try? FileManager.default.removeItem(atPath: script) }
        var options = XorgServer.Options()
        options.xorgPath = script
        do {
            _ = try XorgServer(options: options)
            Issue.record("a dying server was reported as started")
        } catch let error as TestServerError {
            guard case .serverExited(let status, let tail) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(status == "exit status 1")
            #expect(tail.contains("no screens found"))
            #expect(error.description.contains("no screens found"))
        }
    }

    @Test func serverNeverReadyTimesOutAndIsKilled() throws {
        // Writes its pid where the test can read it, then hangs without ever writing to fd 3.
        let pidFile = NSTemporaryDirectory() + "xgest-hang-\(UUID().uuidString)"
        let script = try fakeServer("echo $$ > \(pidFile)\nexec sleep 60")
        defer {
            try? FileManager.default.removeItem(atPath: script)
            try? FileManager.default.removeItem(atPath: pidFile)
        }
        var options = XorgServer.Options()
        options.xorgPath = script
        options.startTimeoutMilliseconds = 300
        do {
            _ = try XorgServer(options: options)
            Issue.record("a hanging server was reported as started")
        } catch let error as TestServerError {
            guard case .startTimedOut(let ms, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(ms == 300)
        }
        let pid = try #require(
            Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(processState(pid) == nil)
    }

    @Test func nonsensicalScreenSizeIsRefused() {
        var options = XorgServer.Options()
        options.screenWidth = 0
        #expect(throws: TestServerError.self) { _ = try XorgServer(options: options) }
    }

    @Test func customScreenSizeIsUsed() throws {
        var options = XorgServer.Options()
        options.screenWidth = 1280
        options.screenHeight = 800
        let server = try XorgServer(options: options)
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1280, height: 800)
        // The axis scaling follows the screen: pixel 1000 of 1280 must read back exactly.
        try server.touchscreen.begin(id: 1, x: 1000, y: 700)
        try server.touchscreen.end(id: 1)
        try server.touchscreen.sync()
        #expect(try window.receivedEvents().touches.first?.root == Point(x: 1000, y: 700))
    }

    @Test func startupIsReasonablyFast() throws {
        let server = try XorgServer()
        // Measured at 0.06-0.12 s; a generous bound catches a server that hangs in init.
        #expect(server.startupNanoseconds < 5_000_000_000)
    }
}

/// An executable shell script standing in for Xorg.
private func fakeServer(_ body: String) throws -> String {
    let path = NSTemporaryDirectory() + "xgest-fake-xorg-\(UUID().uuidString).sh"
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    return path
}
