import CXgest
import Glibc
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// WM_NAME is typed: STRING is Latin-1, COMPOUND_TEXT is what Xmb/XStringListToTextProperty
/// give clients with no _NET_WM_NAME; WM_CLASS is STRING. Read as UTF-8, a Latin-1 title
/// came out garbled and a COMPOUND_TEXT one empty, so `title =` sections never matched.
@Suite struct WindowTextTests {
    @Test func titlesAndClassesAreDecodedByTheirType() throws {
        let server = try XorgServer()
        defer { server.stop() }
        func window(x: Int) throws -> TestWindow {
            var options = TestWindow.Options(x: x, y: 0, width: 300, height: 300)
            options.title = nil
            return try TestWindow(server: server, options: options)
        }
        let latin1 = try window(x: 0)
        let compound = try window(x: 400)
        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        func set(_ w: UInt, _ property: String, type: Atom, _ bytes: [UInt8]) {
            var bytes = bytes
            XChangeProperty(
                display, w, XInternAtom(display, property, 0), type, 8, PropModeReplace, &bytes, Int32(bytes.count))
        }
        // "Café latin1", and WM_CLASS "Caf\xe9", "Ré": Latin-1 bytes.
        set(latin1.window, "WM_NAME", type: Atom(XA_STRING), Array("Caf".utf8) + [0xE9] + Array(" latin1".utf8))
        set(latin1.window, "WM_CLASS", type: Atom(XA_STRING), Array("Caf".utf8) + [0xE9, 0, 0x52, 0xE9, 0])
        var text = XTextProperty()
        var list: UnsafeMutablePointer<CChar>? = strdup("Привет мир")
        defer { free(list) }
        #expect(Xutf8TextListToTextProperty(display, &list, 1, XCompoundTextStyle, &text) == Success)
        defer { XFree(text.value) }
        #expect(text.encoding == XInternAtom(display, "COMPOUND_TEXT", 0))
        XSetWMName(display, compound.window, &text)
        XSync(display, 0)

        let capture = try Capture(server: server)
        let a = capture.source.hitTest(Point(x: 100, y: 100)).window
        #expect(a?.title == "Café latin1")
        #expect(a?.instance == "Café")
        #expect(a?.className == "Ré")
        #expect(capture.source.hitTest(Point(x: 500, y: 100)).window?.title == "Привет мир")
    }
}
