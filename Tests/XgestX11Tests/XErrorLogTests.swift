import CXgest
import Testing
import XgestTestServer
import XgestX11
import XgestXlib

/// Protocol errors on the real server are kept per display until taken, the newest
/// ``XErrorLog/capacity`` of them, instead of Xlib's print-and-exit.
@Suite struct XErrorLogTests {
    @Test func errorsAreKeptPerDisplayNewestFirstOutAndBounded() throws {
        let server = try XorgServer()
        defer { server.stop() }
        try Self.check(server)
    }

    /// The connections close here, before the server stops.
    static func check(_ server: XorgServer) throws {
        let a = try XDisplay(name: server.displayName)
        let b = try XDisplay(name: server.displayName)
        // Windows that do not exist: each map is a BadWindow, recorded, not fatal.
        let bogus: [Window] = (1...40).map { Window(0x7f_0000 + $0) }
        for w in bogus { XMapWindow(a.handle, w) }
        a.sync()
        XMapWindow(b.handle, 0x7f_1234)
        b.sync()
        var taken: [XErrorRecord] = []
        while let e = XErrorLog.take(for: a.handle) { taken.append(e) }
        // 41 errors went in and 32 stay: the oldest, `a`'s first nine, went; `b`'s is kept.
        #expect(taken.count == XErrorLog.capacity - 1)
        #expect(taken.allSatisfy { Int32($0.errorCode) == BadWindow })
        #expect(taken.map(\.resource) == bogus.suffix(taken.count).map { UInt($0) })
        #expect(XErrorLog.take(for: b.handle)?.resource == 0x7f_1234)
        #expect(XErrorLog.take(for: b.handle) == nil)
        // And through the checked call, as the daemon sees them.
        #expect(throws: X11Error.self) { try a.checked { XMapWindow(a.handle, 0x7f_0001) } }
        // An error of a request sent before, not waited for, is not the checked call's: a
        // drag's motion failed for one, and let go of its button mid-drag.
        XMapWindow(a.handle, 0x7f_0002)
        #expect(throws: Never.self) { try a.checked { XNoOp(a.handle) } }
        withExtendedLifetime((a, b)) {}
    }

    /// An error goes to the requests that made it, by serial: a BadDevice to a request
    /// naming a device gone before the server took it (a touch verdict naming a master
    /// removed, the hierarchy event not read yet) is filed apart with its request, and a
    /// caller reading its window's requests after it takes only its own BadWindow
    /// (WindowLocator.windowInfo took the display's oldest error, which could be that
    /// BadDevice, read during its first round trip, and judge a window destroyed in the
    /// middle of its reads alive).
    @Test func anErrorIsTakenOnlyByTheRequestsThatMadeIt() throws {
        let server = try XorgServer()
        defer { server.stop() }
        try Self.checkSerials(server)
    }

    static func checkSerials(_ server: XorgServer) throws {
        let d = try XDisplay(name: server.displayName)
        // No device has id 120.
        let verdict = DeviceRequest(
            device: 120, deviceName: "gone pointer", kind: .touchVerdict(accept: true, touch: 7, slave: 121))
        d.naming(verdict) { _ = XIAllowTouchEvents(d.handle, 120, 7, d.root, Int32(XIAcceptTouch)) }
        let (_, serials) = d.sent { _ = XMapWindow(d.handle, 0x7f_0003) }
        d.sync()
        #expect(d.takeError(in: serials).map { Int32($0.code) } == BadWindow)
        #expect(d.takeError(in: serials) == nil)
        let dropped = d.takeDroppedDeviceErrors()
        #expect(dropped.map(\.request) == [verdict])
        #expect(dropped.map(\.error.errorCode) == [d.badDevice])
        #expect(d.takeDroppedDeviceErrors().isEmpty)
        // XTEST answers a device id that names no device with the same BadDevice.
        let motion = DeviceRequest(device: 120, deviceName: nil, kind: .stateCopyMotion(slave: 121))
        d.naming(motion) {
            var device = XDevice(device_id: 120, num_classes: 0, classes: nil)
            var axes: [Int32] = [0, 0]
            _ = XTestFakeDeviceMotionEvent(d.handle, &device, True, 0, &axes, 2, 0)
        }
        // A check made after it, whose round trip reads it, does not take it.
        #expect(throws: Never.self) { try d.checked { _ = XNoOp(d.handle) } }
        #expect(d.takeDroppedDeviceErrors().map(\.request) == [motion])
        withExtendedLifetime(d) {}
    }
}
