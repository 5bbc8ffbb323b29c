import CXgest
import XgestCore

/// The overlay's window and what draws on it, for as long as it exists (``OverlayLifetime``).
///
/// Override-redirect (the window manager never sees it, focus never moves), with an empty
/// input region, so every click and touch goes to the windows under it. Under a
/// compositor it is a 32-bit window with alpha, transparent but for what is drawn;
/// without one it has no alpha to be transparent with, so its bounding shape is cut to
/// what is drawn: each update adds to the shape a 1-bit mask of just its new geometry
/// (``TrailInk``).
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
    private let support: OverlaySupport
    /// The trail drawn on it so far.
    private var ink: TrailInk
    /// Where on the root it is.
    private(set) var frame: OverlayFrame
    var width: Int32 { frame.width }
    var height: Int32 { frame.height }

    init(display: XDisplay, support: OverlaySupport, translucent wantsAlpha: Bool, frame: OverlayFrame) {
        self.display = display
        self.frame = frame
        self.support = support
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
        // being dragged"), which a compositor's configuration may exempt from shadows and
        // fades (picom's sample config does).
        Self.setLong(support.dndWindowType, on: window, property: support.windowType, type: Atom(XA_ATOM), dpy)
        // picom's built-in defaults shadow every type but the desktop's, and Debian ships it
        // with no config: around the window's frame, a rectangle well beyond the trail, for
        // as long as anything is shown. It and compton draw none for a window whose
        // `_COMPTON_SHADOW` is 0, whatever their configuration says. (A bounding shape would
        // not do: picom makes the shadow from the window's rectangle, cut out under the shape.)
        Self.setLong(0, on: window, property: support.comptonShadow, type: Atom(XA_CARDINAL), dpy)
        let picture = XRenderCreatePicture(dpy, window, format, 0, nil)
        self.picture = picture
        ink = TrailInk(
            display: display, window: window, picture: picture, width: frame.width, height: frame.height,
            translucent: translucent, support: support)
    }

    /// Sets `property` on `window` to one 32-bit item (a C long, as Xlib takes it).
    private static func setLong(
        _ value: UInt, on window: Window, property: Atom, type: Atom, _ dpy: OpaquePointer
    ) {
        var item = value
        withUnsafeBytes(of: &item) { bytes in
            if let p = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) {
                XChangeProperty(dpy, window, property, type, 32, PropModeReplace, p, 1)
            }
        }
    }

    func map() { XMapRaised(display.handle, window) }

    /// Out of sight with nothing drawn, still mapped (``OverlayFrame/parked``): moved and
    /// shrunk, not unmapped, since a compositor fades a window in at each map.
    func park() { move(to: .parked) }

    /// Back from ``park()`` over `frame`, with nothing drawn, on top of whatever was mapped
    /// or raised while it waited, as a window just made is.
    func unpark(to frame: OverlayFrame) {
        move(to: frame)
        XRaiseWindow(display.handle, window)
    }

    /// Covers `frame` from now on, with nothing drawn: the caller draws everything again.
    func move(to frame: OverlayFrame) {
        // The old shape would show, shifted, until the redraw.
        if !translucent { clear() }
        XMoveResizeWindow(display.handle, window, frame.x, frame.y, UInt32(frame.width), UInt32(frame.height))
        self.frame = frame
        ink.free()
        ink = TrailInk(
            display: display, window: window, picture: picture, width: frame.width, height: frame.height,
            translucent: translucent, support: support)
    }

    /// Everything drawn goes: transparent (or cut away) again.
    func clear() {
        let dpy = display.handle
        ink.clear()
        if translucent {
            var none = XRenderColor()
            XRenderFillRectangle(dpy, PictOpSrc, picture, &none, 0, 0, UInt32(width), UInt32(height))
        } else {
            XShapeCombineRectangles(dpy, window, ShapeBounding, 0, 0, nil, 0, ShapeSet, Unsorted)
        }
    }

    /// Inks `triangles` (window coordinates) with `fill` where the trail drawn since the
    /// last ``clear()`` has not (``TrailInk``), outside the label.
    func drawTrail(_ triangles: [XTriangle], fill: Picture) { ink.draw(triangles, fill: fill) }

    /// Where a label goes: kept free of the trail drawn from now on and, shaped, added to
    /// the shape (before it is drawn, since the window can only be drawn where its shape is).
    func reserveLabel(_ box: XRectangle) {
        ink.label = box
        guard !translucent else { return }
        var r = box
        XShapeCombineRectangles(display.handle, window, ShapeBounding, 0, 0, &r, 1, ShapeUnion, Unsorted)
    }

    func destroy() {
        let dpy = display.handle
        ink.free()
        XRenderFreePicture(dpy, picture)
        XDestroyWindow(dpy, window)
        if colormap != 0 { XFreeColormap(dpy, colormap) }
    }
}
