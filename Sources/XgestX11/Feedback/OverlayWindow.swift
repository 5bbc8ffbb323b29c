import CXgest
import XgestCore

/// The overlay's window and what draws on it, for as long as something is shown.
///
/// Override-redirect (the window manager never sees it, focus never moves), with an empty
/// input region, so every click and touch goes to the windows under it. Under a
/// compositor it is a 32-bit window with alpha, transparent but for what is drawn;
/// without one it has no alpha to be transparent with, so its bounding shape is cut to
/// what is drawn (a 1-bit mask drawn alongside).
final class OverlayWindow {
    let display: XDisplay
    let window: Window
    let picture: Picture
    let translucent: Bool
    private let colormap: Colormap
    /// Shaped mode: the mask the bounding shape is set from, and a picture to draw on it.
    private let mask: (pixmap: Pixmap, picture: Picture)?
    private var gc: GC?
    let width: Int32
    let height: Int32

    init(display: XDisplay, support: OverlaySupport, translucent wantsAlpha: Bool) {
        self.display = display
        let dpy = display.handle
        let screen = XDefaultScreen(dpy)
        let size = display.screenSize
        width = Int32(clamping: size.width)
        height = Int32(clamping: size.height)
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
            dpy, display.root, 0, 0, UInt32(width), UInt32(height), 0, depth, UInt32(InputOutput), visual, valueMask,
            &attributes)
        self.window = window
        // Nothing takes input here, ever: the input region is empty from the start.
        XShapeCombineRectangles(dpy, window, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
        if translucent {
            mask = nil
        } else {
            XShapeCombineRectangles(dpy, window, ShapeBounding, 0, 0, nil, 0, ShapeSet, Unsorted)
            let pixmap = XCreatePixmap(dpy, window, UInt32(size.width), UInt32(size.height), 1)
            mask = (pixmap, XRenderCreatePicture(dpy, pixmap, support.a1, 0, nil))
        }
        var hint = XClassHint()
        "xgest-feedback".withCString { name in
            let mutable = UnsafeMutablePointer(mutating: name)
            hint.res_name = mutable
            hint.res_class = mutable
            XSetClassHint(dpy, window, &hint)
        }
        picture = XRenderCreatePicture(dpy, window, format, 0, nil)
    }

    func map() { XMapRaised(display.handle, window) }

    /// Everything drawn goes: transparent (or cut away) again.
    func clear() {
        let dpy = display.handle
        var none = XRenderColor()
        if let mask {
            XRenderFillRectangle(dpy, PictOpSrc, mask.picture, &none, 0, 0, UInt32(width), UInt32(height))
            XShapeCombineRectangles(dpy, window, ShapeBounding, 0, 0, nil, 0, ShapeSet, Unsorted)
        } else {
            XRenderFillRectangle(dpy, PictOpSrc, picture, &none, 0, 0, UInt32(width), UInt32(height))
        }
    }

    /// Draws `triangles` (and `rectangles`) in the mask first: the window can only be
    /// drawn where its shape already is.
    func addToShape(
        triangles: [XTriangle], rectangles: [XRectangle], solid: Picture, a8: UnsafeMutablePointer<XRenderPictFormat>
    ) {
        guard let mask else { return }
        let dpy = display.handle
        if !triangles.isEmpty {
            triangles.withUnsafeBufferPointer { t in
                XRenderCompositeTriangles(dpy, PictOpOver, solid, mask.picture, a8, 0, 0, t.baseAddress, Int32(t.count))
            }
        }
        var opaque = XRenderColor(red: 0xffff, green: 0xffff, blue: 0xffff, alpha: 0xffff)
        for r in rectangles {
            XRenderFillRectangle(
                dpy, PictOpSrc, mask.picture, &opaque, Int32(r.x), Int32(r.y), UInt32(r.width), UInt32(r.height))
        }
        XShapeCombineMask(dpy, window, ShapeBounding, 0, 0, mask.pixmap, ShapeSet)
    }

    /// A GC for core text on this window (its depth), made at the first label.
    func textGC() -> GC? {
        if let gc { return gc }
        gc = XCreateGC(display.handle, window, 0, nil)
        return gc
    }

    func destroy() {
        let dpy = display.handle
        XRenderFreePicture(dpy, picture)
        if let mask {
            XRenderFreePicture(dpy, mask.picture)
            XFreePixmap(dpy, mask.pixmap)
        }
        if let gc { XFreeGC(dpy, gc) }
        XDestroyWindow(dpy, window)
        if colormap != 0 { XFreeColormap(dpy, colormap) }
    }
}
