import CXgest
import Foundation
import Glibc
import XgestCore
import XgestTestServer

/// A connection of the test's own that watches the root window's children come and go
/// (the feedback overlay is one), and reads the screen's pixels.
final class ScreenWatch {
    let display: OpaquePointer
    let root: Window
    /// Override-redirect windows created on the root since the watch began.
    private(set) var created: [Window] = []
    private(set) var mapped: Set<Window> = []
    private(set) var destroyed: Set<Window> = []

    init(server: XorgServer) throws {
        guard let d = XOpenDisplay(server.displayName) else {
            throw DaemonTestError("cannot open \(server.displayName)")
        }
        display = d
        root = XDefaultRootWindow(d)
        XSelectInput(d, root, SubstructureNotifyMask)
        XSync(d, False)
    }

    deinit { XCloseDisplay(display) }

    /// Reads the events that arrived, then waits for more (poll() on the connection,
    /// bounded by the deadline) until `done` holds; returns whether it did.
    @discardableResult
    func wait(timeoutSeconds: Double = 5, until done: (ScreenWatch) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while true {
            XSync(display, False)
            read()
            if done(self) { return true }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var fd = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, Int32(min(left, 1) * 1000))
        }
    }

    private func read() {
        var e = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &e)
            switch e.type {
            case CreateNotify where e.xcreatewindow.override_redirect != 0:
                created.append(e.xcreatewindow.window)
            case MapNotify:
                mapped.insert(e.xmap.window)
            case DestroyNotify:
                destroyed.insert(e.xdestroywindow.window)
            default:
                break
            }
        }
    }

    /// The overlay: the first override-redirect window created, once mapped.
    var overlay: Window? { created.first { mapped.contains($0) } }

    /// The root window's pixels in `rect` as 0xRRGGBB (a 24-bit TrueColor screen).
    func pixels(x: Int, y: Int, width: Int, height: Int) -> [[UInt32]] {
        guard
            let image = XGetImage(
                display, root, Int32(x), Int32(y), UInt32(width), UInt32(height), UInt.max, ZPixmap)
        else { return [] }
        // XDestroyImage is a macro for the image's own destroy function.
        defer { _ = image.pointee.f.destroy_image?(image) }
        var rows: [[UInt32]] = []
        let stride = Int(image.pointee.bytes_per_line)
        let bytes = Int(image.pointee.bits_per_pixel) / 8
        image.pointee.data.withMemoryRebound(to: UInt8.self, capacity: stride * height) { data in
            for row in 0..<height {
                rows.append(
                    (0..<width).map { col in
                        let at = row * stride + col * bytes
                        return UInt32(data[at]) | UInt32(data[at + 1]) << 8 | UInt32(data[at + 2]) << 16
                    })
            }
        }
        return rows
    }

    func pixel(_ p: Point) -> UInt32 { pixels(x: Int(p.x), y: Int(p.y), width: 1, height: 1).first?.first ?? 0 }
}

extension XorgServer {
    /// Presses `button` at the first point and moves along the rest, without releasing.
    func startDrawing(_ points: [Point], button: Int = 3) throws {
        try drawWithPointer(points, button: button, release: false)
    }
}
