import CXgest
import Testing
import XgestTestServer

@testable import XgestX11

/// The question asked before a reject of a touch that emulates the pointer, while the last
/// one's press may be held in a window manager's grab (``EmulatedPressWait``).
@Suite struct PointerGrabProbeTests {
    /// Another client's grab is seen while it is held and not once it is let go; xgest's
    /// own grab is not another client's, and asking grabs nothing.
    @Test func anotherClientsGrabIsSeenAndNothingIsGrabbed() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let display = try XDisplay(name: server.displayName)
        let probe = PointerGrabProbe(display: display)
        let master = Int32(try #require(display.queryDevices().first { $0.use == .masterPointer }).id)
        #expect(!probe.anotherClientGrabs(master: master))
        // Nothing was granted: another client can grab the pointer.
        let window = try TestWindow(server: server, x: 0, y: 0, width: 200, height: 200, className: "Grabber")
        try window.grabPointer()
        #expect(probe.anotherClientGrabs(master: master))
        window.close()
        display.sync()
        #expect(!probe.anotherClientGrabs(master: master))
        // xgest's own active grab.
        let grabbed = withEventMask(device: master, [XI_ButtonPress]) { mask in
            XIGrabDevice(
                display.handle, master, display.root, UInt(CurrentTime), 0, Int32(GrabModeAsync),
                Int32(GrabModeAsync), False, &mask)
        }
        #expect(grabbed == GrabSuccess)
        #expect(!probe.anotherClientGrabs(master: master))
    }
}
