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

    /// The root window's pixels in `rect` as 0xRRGGBB, each channel scaled to 8 bits from
    /// the default visual's masks (a TrueColor screen of any depth).
    func pixels(x: Int, y: Int, width: Int, height: Int) -> [[UInt32]] {
        guard
            let image = XGetImage(
                display, root, Int32(x), Int32(y), UInt32(width), UInt32(height), UInt.max, ZPixmap),
            let visual = XDefaultVisual(display, XDefaultScreen(display))
        else { return [] }
        // XDestroyImage and XGetPixel are macros for the image's own functions.
        defer { _ = image.pointee.f.destroy_image?(image) }
        func channel(_ pixel: UInt, _ mask: UInt) -> UInt32 {
            guard mask != 0 else { return 0 }
            let shift = UInt(mask.trailingZeroBitCount)
            return UInt32(((pixel & mask) >> shift) * 255 / (mask >> shift))
        }
        let v = visual.pointee
        return (0..<height).map { row in
            (0..<width).map { col in
                let p = image.pointee.f.get_pixel?(image, Int32(col), Int32(row)) ?? 0
                return channel(p, v.red_mask) << 16 | channel(p, v.green_mask) << 8 | channel(p, v.blue_mask)
            }
        }
    }

    func pixel(_ p: Point) -> UInt32 { pixels(x: Int(p.x), y: Int(p.y), width: 1, height: 1).first?.first ?? 0 }
}

extension XorgServer {
    /// Presses `button` at the first point and moves along the rest, without releasing.
    func startDrawing(_ points: [Point], button: Int = 3) throws {
        try drawWithPointer(points, button: button, release: false)
    }
}
