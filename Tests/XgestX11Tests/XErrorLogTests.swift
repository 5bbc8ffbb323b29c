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
}
