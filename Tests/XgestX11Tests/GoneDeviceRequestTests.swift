import CXgest
import Foundation
import Glibc
import Testing
import XgestCore
import XgestTestServer

/// Requests xgest sends naming a device by its id without waiting for an answer (a touch
/// verdict names the touch's master, the copy of a touchscreen's state to its master names
/// that master's XTest pointer), taken by the server after the device went: a master
/// removed while xgest had not read the hierarchy event yet. The server answers BadDevice,
/// which went into the error log unsaid, for whichever check read the log next to take
/// (docs/x11-notes.md, "A request can outlive the device it names").
@Suite struct GoneDeviceRequestTests {
    static let config = """
        [[gesture]]
        name = "tap2"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "exec true"
        """

    /// A tap on a touchscreen of a second master, the master removed before xgest reads the
    /// lift (xgest stopped meanwhile): xgest reads the lift first, accepts both touches
    /// naming the removed master, and copies the touchscreen's state through that master's
    /// XTest pointer, also gone. `--debug` names each request and its device.
    @Test func requestsToAMasterRemovedBeforeTheyAreTakenAreSaidAndDropped() throws {
        let s = try DaemonTests.Session(
            config: Self.config, display: MasterChangeTests.secondMaster(with: [.touchscreen]))
        let id = try s.server.deviceID(.touchscreen)
        let master = try #require(try Self.deviceID(s.server, named: MasterChangeTests.secondMaster))
        let xtest = try #require(try Self.deviceID(s.server, named: "second XTEST pointer"))
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 300, y: 300)
        try ts.begin(id: 2, x: 340, y: 300)
        try ts.sync()
        try ts.end(id: 1, x: 300, y: 300)
        try ts.end(id: 2, x: 340, y: 300)
        try ts.sync()
        let arguments = [
            "remove-master", MasterChangeTests.secondMaster, "AttachToMaster", MasterChangeTests.coreMaster,
            "Virtual core keyboard",
        ]
        #expect(try runOnDisplay(s.server, "/usr/bin/xinput", arguments) == 0)
        kill(pid, SIGCONT)
        #expect(s.daemon.waitForLine(containing: "action         tap2") != nil)
        #expect(waitForLines(s.daemon, containing: "device added: \(id) ", count: 2))
        let gone = ": the device went before the server took it (BadDevice)"
        for touch in [1, 2] {
            let line =
                "request to a gone device dropped: accept of touch \(touch) of device \(id) sent to its"
                + " master, device \(master) \"second pointer\"" + gone
            #expect(s.daemon.waitForLine(containing: line) != nil, "\(s.daemon.stderrLines.suffix(12))")
        }
        let copy =
            "request to a gone device dropped: XTest motion of device \(xtest) \"second XTEST pointer\""
            + " (copying device \(id)'s state to its master)" + gone
        #expect(s.daemon.waitForLine(containing: copy) != nil, "\(s.daemon.stderrLines.suffix(12))")
        // The touchscreen, on the core master now, still taps.
        try ts.begin(id: 3, x: 300, y: 300)
        try ts.begin(id: 4, x: 340, y: 300)
        try ts.sync()
        try ts.end(id: 3, x: 300, y: 300)
        try ts.end(id: 4, x: 340, y: 300)
        try ts.sync()
        #expect(waitForLines(s.daemon, containing: "action         tap2", count: 2))
        #expect(s.daemon.stderrLines.filter { $0.contains("request to a gone device") }.count == 3)
    }

    /// The id of the device named `name` (a master or an XTest device), nil when none is.
    static func deviceID(_ server: XorgServer, named name: String) throws -> Int? {
        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        var count: Int32 = 0
        guard let list = XIQueryDevice(display, XIAllDevices, &count) else { return nil }
        defer { XIFreeDeviceInfo(list) }
        return (0..<Int(count)).first { String(cString: list[$0].name) == name }.map { Int(list[$0].deviceid) }
    }
}
