import CXgest

/// Why the overlay cannot run on this X server: said once, and feedback is off.
public struct OverlayUnavailable: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// What the overlay needs from the server, found once: RENDER (0.10 for solid fills) to
/// draw, SHAPE (1.1 for input shapes) to let every click and touch through and, with no
/// compositor, to cut the window to what is drawn; the picture formats it draws with.
struct OverlaySupport {
    /// The extensions the overlay needs, by their protocol names.
    static let requiredExtensions = ["RENDER", "SHAPE"]

    let a8: UnsafeMutablePointer<XRenderPictFormat>
    let a1: UnsafeMutablePointer<XRenderPictFormat>
    /// The default visual's format, for a shaped window without alpha.
    let opaque: UnsafeMutablePointer<XRenderPictFormat>
    /// A 32-bit TrueColor visual with alpha, for a translucent window under a compositor.
    let argb: (visual: UnsafeMutablePointer<Visual>, format: UnsafeMutablePointer<XRenderPictFormat>)?
    /// `_NET_WM_CM_S<screen>`: owned while a compositing manager runs.
    let compositorSelection: Atom
    /// `_NET_WM_WINDOW_TYPE` and `_NET_WM_WINDOW_TYPE_DND`, interned once.
    let windowType: Atom
    let dndWindowType: Atom
    /// `_COMPTON_SHADOW`, which picom and compton read on a window: 0 asks for no shadow.
    let comptonShadow: Atom

    /// - Parameter unavailable: extensions to treat as missing (a test's way to see the
    ///   daemon on a server without them).
    init(display: XDisplay, unavailable: Set<String> = []) throws(OverlayUnavailable) {
        let dpy = display.handle
        for name in Self.requiredExtensions {
            var opcode: Int32 = 0
            var event: Int32 = 0
            var error: Int32 = 0
            guard !unavailable.contains(name), XQueryExtension(dpy, name, &opcode, &event, &error) != 0 else {
                throw OverlayUnavailable(reason: "the X server has no \(name) extension")
            }
        }
        var major: Int32 = 0
        var minor: Int32 = 0
        guard XRenderQueryVersion(dpy, &major, &minor) != 0, major > 0 || minor >= 10 else {
            throw OverlayUnavailable(reason: "the X server's RENDER is older than 0.10 (\(major).\(minor))")
        }
        guard XShapeQueryVersion(dpy, &major, &minor) != 0, major > 1 || (major == 1 && minor >= 1) else {
            throw OverlayUnavailable(reason: "the X server's SHAPE is older than 1.1 (\(major).\(minor))")
        }
        let screen = XDefaultScreen(dpy)
        guard let a8 = XRenderFindStandardFormat(dpy, Int32(PictStandardA8)),
            let a1 = XRenderFindStandardFormat(dpy, Int32(PictStandardA1)),
            let opaque = XRenderFindVisualFormat(dpy, XDefaultVisual(dpy, screen))
        else {
            throw OverlayUnavailable(reason: "the X server's RENDER has no A8, A1 or default-visual picture format")
        }
        self.a8 = a8
        self.a1 = a1
        self.opaque = opaque
        var info = XVisualInfo()
        if XMatchVisualInfo(dpy, screen, 32, TrueColor, &info) != 0, let visual = info.visual,
            let format = XRenderFindVisualFormat(dpy, visual), format.pointee.direct.alphaMask != 0
        {
            argb = (visual, format)
        } else {
            argb = nil
        }
        compositorSelection = display.atom("_NET_WM_CM_S\(screen)")
        windowType = display.atom("_NET_WM_WINDOW_TYPE")
        dndWindowType = display.atom("_NET_WM_WINDOW_TYPE_DND")
        comptonShadow = display.atom("_COMPTON_SHADOW")
    }

    /// The compositing manager's selection window, or nil when none runs (a round trip:
    /// asked once per overlay window).
    func compositorWindow(_ display: XDisplay) -> Window? {
        let owner = XGetSelectionOwner(display.handle, compositorSelection)
        return owner == 0 ? nil : owner
    }
}
