import CXgest
import XgestCore

/// The overlay's window and what draws on it, for as long as something is shown.
///
/// Override-redirect (the window manager never sees it, focus never moves), with an empty
/// input region, so every click and touch goes to the windows under it. Under a
/// compositor it is a 32-bit window with alpha, transparent but for what is drawn;
/// without one it has no alpha to be transparent with, so its bounding shape is cut to
/// what is drawn: each update adds to the shape a 1-bit mask of just its new geometry.
/// (Setting the shape from one screen-sized mask at each update cost the server a scan
/// of two million pixels per pointer motion, and delayed the stroke's action by 3 ms.)
/// It covers its ``OverlayFrame`` of the root, not the whole screen; what is drawn on it
/// is in its own coordinates, the frame's corner at 0,0.
final class OverlayWindow {
    let display: XDisplay
    let window: Window
    let picture: Picture
    let translucent: Bool
    private let colormap: Colormap
    private let a1: UnsafeMutablePointer<XRenderPictFormat>
    /// Where on the root it is.
    private(set) var frame: OverlayFrame
    var width: Int32 { frame.width }
    var height: Int32 { frame.height }

    init(display: XDisplay, support: OverlaySupport, translucent wantsAlpha: Bool, frame: OverlayFrame) {
        self.display = display
        self.frame = frame
        a1 = support.a1
        let dpy = display.handle
        let screen = XDefaultScreen(dpy)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = True
        var valueMask = UInt(CWOverrideRedirect)
        let depth: Int32
        let visual: UnsafeMutablePointer<Visual>?
        let format: UnsafeMutablePointer<XRenderPictFormat>
        if wantsAlpha, let argb = support.argb {
            translucent = true
            visual = argb.visual
            format = argb.format
            depth = 32
            colormap = XCreateColormap(dpy, display.root, argb.visual, AllocNone)
            attributes.colormap = colormap
            attributes.background_pixel = 0
            attributes.border_pixel = 0
            valueMask |= UInt(CWColormap | CWBackPixel | CWBorderPixel)
        } else {
            translucent = false
            visual = XDefaultVisual(dpy, screen)
            format = support.opaque
            depth = XDefaultDepth(dpy, screen)
            colormap = 0
            // No background: an exposed part keeps what was on screen until drawn on.
            attributes.background_pixmap = 0
            valueMask |= UInt(CWBackPixmap)
        }
        let window = XCreateWindow(
            dpy, display.root, frame.x, frame.y, UInt32(frame.width), UInt32(frame.height), 0, depth,
            UInt32(InputOutput), visual, valueMask, &attributes)
        self.window = window
        // Nothing takes input here, ever: the input region is empty from the start.
        XShapeCombineRectangles(dpy, window, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
        if !translucent {
            XShapeCombineRectangles(dpy, window, ShapeBounding, 0, 0, nil, 0, ShapeSet, Unsorted)
        }
        var hint = XClassHint()
        "xgest-feedback".withCString { name in
            let mutable = UnsafeMutablePointer(mutating: name)
            hint.res_name = mutable
            hint.res_class = mutable
            XSetClassHint(dpy, window, &hint)
        }
        // A drawn trail is what EWMH's DND type stands for ("a representation of something
        // being dragged"): compositors draw no shadow or fade of their own for it (picom's
        // shipped `wintypes`), which would smear a trail drawn at 60 frames a second.
        var type = support.dndWindowType
        withUnsafeBytes(of: &type) { bytes in
            if let p = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) {
                XChangeProperty(dpy, window, support.windowType, XA_ATOM, 32, PropModeReplace, p, 1)
            }
        }
        picture = XRenderCreatePicture(dpy, window, format, 0, nil)
    }

    func map() { XMapRaised(display.handle, window) }

    /// Covers `frame` from now on, with nothing drawn: the caller draws everything again.
    func move(to frame: OverlayFrame) {
        // The old shape would show, shifted, until the redraw.
        if !translucent { clear() }
        XMoveResizeWindow(display.handle, window, frame.x, frame.y, UInt32(frame.width), UInt32(frame.height))
        self.frame = frame
    }

    /// Everything drawn goes: transparent (or cut away) again.
    func clear() {
        let dpy = display.handle
        if translucent {
            var none = XRenderColor()
            XRenderFillRectangle(dpy, PictOpSrc, picture, &none, 0, 0, UInt32(width), UInt32(height))
        } else {
            XShapeCombineRectangles(dpy, window, ShapeBounding, 0, 0, nil, 0, ShapeSet, Unsorted)
        }
    }

    /// Shaped mode: adds `triangles` and `rectangles` to the bounding shape. Called before
    /// drawing them, since the window can only be drawn where its shape already is.
    func addToShape(triangles: [XTriangle], rectangles: [XRectangle], a8: UnsafeMutablePointer<XRenderPictFormat>) {
        guard !translucent else { return }
        let dpy = display.handle
        if !rectangles.isEmpty {
            var r = rectangles
            XShapeCombineRectangles(dpy, window, ShapeBounding, 0, 0, &r, Int32(r.count), ShapeUnion, Unsorted)
        }
        guard let box = Self.bounds(triangles, width: width, height: height) else { return }
        // A mask of the new geometry alone, in a pixmap the size of its bounding box.
        let pixmap = XCreatePixmap(dpy, window, UInt32(box.width), UInt32(box.height), 1)
        let mask = XRenderCreatePicture(dpy, pixmap, a1, 0, nil)
        var none = XRenderColor()
        XRenderFillRectangle(dpy, PictOpSrc, mask, &none, 0, 0, UInt32(box.width), UInt32(box.height))
        var opaque = XRenderColor(red: 0xffff, green: 0xffff, blue: 0xffff, alpha: 0xffff)
        let solid = XRenderCreateSolidFill(dpy, &opaque)
        let dx = XFixed(box.x) << 16
        let dy = XFixed(box.y) << 16
        let moved = triangles.map { t in
            XTriangle(
                p1: XPointFixed(x: t.p1.x &- dx, y: t.p1.y &- dy), p2: XPointFixed(x: t.p2.x &- dx, y: t.p2.y &- dy),
                p3: XPointFixed(x: t.p3.x &- dx, y: t.p3.y &- dy))
        }
        moved.withUnsafeBufferPointer { t in
            XRenderCompositeTriangles(dpy, PictOpOver, solid, mask, a8, 0, 0, t.baseAddress, Int32(t.count))
        }
        XShapeCombineMask(dpy, window, ShapeBounding, box.x, box.y, pixmap, ShapeUnion)
        XRenderFreePicture(dpy, solid)
        XRenderFreePicture(dpy, mask)
        XFreePixmap(dpy, pixmap)
    }

    /// The whole pixels `triangles` touch, within the window; nil when none.
    static func bounds(_ triangles: [XTriangle], width: Int32, height: Int32) -> (
        x: Int32, y: Int32, width: Int32, height: Int32
    )? {
        guard !triangles.isEmpty else { return nil }
        var minX = Int32.max
        var minY = Int32.max
        var maxX = Int32.min
        var maxY = Int32.min
        for t in triangles {
            for p in [t.p1, t.p2, t.p3] {
                minX = min(minX, p.x >> 16)
                minY = min(minY, p.y >> 16)
                maxX = max(maxX, (p.x >> 16) + 1)
                maxY = max(maxY, (p.y >> 16) + 1)
            }
        }
        let x0 = max(minX, 0)
        let y0 = max(minY, 0)
        let x1 = min(maxX, width)
        let y1 = min(maxY, height)
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    func destroy() {
        let dpy = display.handle
        XRenderFreePicture(dpy, picture)
        XDestroyWindow(dpy, window)
        if colormap != 0 { XFreeColormap(dpy, colormap) }
    }
}
