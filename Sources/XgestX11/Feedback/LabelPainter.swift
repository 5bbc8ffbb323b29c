import CXgest
import XgestCore

/// The label: a dark box with one line of core-font text, next to the stroke's end, in
/// an ISO 10646 font where the server has one (``LabelGlyphs``).
/// Core fonts need no font library: the server draws the glyphs, once at the font's size
/// into a 1-bit mask, and the text's colour is composited through it (RENDER maps the
/// colour to whatever visual the screen has: a core GC takes a pixel value, which is
/// 0xRRGGBB only at depth 24). At a desktop scale of 2 or more (``DesktopScale``) the mask
/// is read scaled up, pixel for pixel: the core fonts a server has for sure stop at about
/// 20 px.
final class LabelPainter {
    /// Tried in order: ISO 10646 first (xfonts-base's 9x18B draws Latin, Greek, Cyrillic,
    /// Hebrew and Thai, though no Armenian, Arabic or CJK), then Latin-1; the server's
    /// built-in `fixed` is always there.
    static let fontNames = [
        "-misc-fixed-bold-r-normal--18-*-*-*-*-*-iso10646-1", "-misc-fixed-bold-r-normal--18-*-*-*-*-*-iso8859-1",
        "fixed",
    ]
    /// Space between the text and the box's edge, in pixels.
    static let paddingPixels: Int32 = 6
    /// The box's offset from the stroke's end, down and to the right, in pixels.
    static let offsetPixels: Int32 = 14
    /// What ends a name too long for its monitor: every font has these (not every one `…`).
    static let ellipsis = Array(repeating: LabelGlyphs.glyph(0x2e), count: 3)

    private let display: XDisplay
    /// The 1-bit format of the scaled text's mask.
    private let a1: UnsafeMutablePointer<XRenderPictFormat>
    private var font: UnsafeMutablePointer<XFontStruct>?
    private var fontTried = false

    init(display: XDisplay, a1: UnsafeMutablePointer<XRenderPictFormat>) {
        self.display = display
        self.a1 = a1
    }

    deinit {
        if let font { XFreeFont(display.handle, font) }
    }

    /// A rectangle of the overlay window a label must stay in.
    struct Bounds: Equatable {
        var x: Int32
        var y: Int32
        var width: Int32
        var height: Int32
    }

    /// The box a label takes within `bounds` at `scale`, down and to the right of its
    /// anchor where it fits, else on the other side of it (``place(anchor:offset:width:height:within:)``),
    /// its text shortened with `...` where even `bounds` is too narrow; nil without a font.
    func box(for label: FeedbackScene.Label, scale: Int, within bounds: Bounds) -> (XRectangle, [XChar2b])? {
        guard let font = loadFont() else { return nil }
        let s = Int32(scale)
        let room = bounds.width / s - 2 * Self.paddingPixels
        let glyphs = LabelGlyphs.encode(String(label.text.prefix(200))) { LabelGlyphs.has(font.pointee, $0) }
        let text = LabelGlyphs.fitted(glyphs, ellipsis: Self.ellipsis, within: room) {
            XTextWidth16(font, $0, Int32($0.count))
        }
        let textWidth = XTextWidth16(font, text, Int32(text.count))
        let boxWidth = (textWidth + 2 * Self.paddingPixels) * s
        let boxHeight = (font.pointee.ascent + font.pointee.descent + 2 * Self.paddingPixels) * s
        let offset = Self.offsetPixels * s
        let (x, y) = Self.place(
            anchor: label.anchor, offset: offset, width: boxWidth, height: boxHeight, within: bounds)
        let rect = XRectangle(
            x: Int16(clamping: x), y: Int16(clamping: y), width: UInt16(clamping: boxWidth),
            height: UInt16(clamping: boxHeight))
        return (rect, text)
    }

    /// The box's corner: `offset` down and to the right of `anchor`; left of it where the
    /// box would leave `bounds` on the right, above it where it would leave them at the
    /// bottom, so that it stays off the stroke's end; then moved in to stay in `bounds`
    /// (its top-left corner first where the box is larger).
    static func place(anchor: Point, offset: Int32, width: Int32, height: Int32, within b: Bounds) -> (Int32, Int32) {
        let ax = Int32(clamping: Int(anchor.x))
        let ay = Int32(clamping: Int(anchor.y))
        var x = ax &+ offset
        if x &+ width > b.x &+ b.width { x = ax &- offset &- width }
        var y = ay &+ offset
        if y &+ height > b.y &+ b.height { y = ay &- offset &- height }
        return (min(max(x, b.x), max(b.x + b.width - width, b.x)), min(max(y, b.y), max(b.y + b.height - height, b.y)))
    }

    func draw(_ label: FeedbackScene.Label, box: XRectangle, text: [XChar2b], scale: Int, on w: OverlayWindow) {
        guard let font else { return }
        let dpy = display.handle
        // Near black, a little see-through where the window has alpha.
        var background = XRenderColor(red: 0x1e1e, green: 0x1e1e, blue: 0x1e1e, alpha: 0xffff)
        if w.translucent {
            let alpha: UInt32 = 0xe000
            background = XRenderColor(
                red: UInt16(0x1e1e * alpha / 0xffff), green: UInt16(0x1e1e * alpha / 0xffff),
                blue: UInt16(0x1e1e * alpha / 0xffff), alpha: UInt16(alpha))
        }
        XRenderFillRectangle(
            dpy, PictOpSrc, w.picture, &background, Int32(box.x), Int32(box.y), UInt32(box.width), UInt32(box.height))
        // White for a recognized name, amber for a rejection.
        let rgb: UInt = label.recognized ? 0xffffff : 0xf6d32d
        drawText(text, font: font, rgb: rgb, at: (x: Int32(box.x), y: Int32(box.y)), scale: Int32(scale), on: w)
    }

    /// The text at the font's size in a 1-bit mask, composited through it `scale` times as
    /// large (nearest pixel, RENDER's default filter) into the box at `origin`.
    private func drawText(
        _ text: [XChar2b], font: UnsafeMutablePointer<XFontStruct>, rgb: UInt, at origin: (x: Int32, y: Int32),
        scale: Int32, on w: OverlayWindow
    ) {
        let dpy = display.handle
        let width = max(1, XTextWidth16(font, text, Int32(text.count)))
        let height = max(1, font.pointee.ascent + font.pointee.descent)
        let pixmap = XCreatePixmap(dpy, w.window, UInt32(width), UInt32(height), 1)
        guard let gc = XCreateGC(dpy, pixmap, 0, nil) else {
            XFreePixmap(dpy, pixmap)
            return
        }
        XSetForeground(dpy, gc, 0)
        XFillRectangle(dpy, pixmap, gc, 0, 0, UInt32(width), UInt32(height))
        XSetForeground(dpy, gc, 1)
        XSetFont(dpy, gc, font.pointee.fid)
        XDrawString16(dpy, pixmap, gc, 0, font.pointee.ascent, text, Int32(text.count))
        let mask = XRenderCreatePicture(dpy, pixmap, a1, 0, nil)
        if scale > 1 {
            // The mask is read through the inverse of the enlargement.
            let one: XFixed = 1 << 16
            var shrink = XTransform(
                matrix: ((one / XFixed(scale), 0, 0), (0, one / XFixed(scale), 0), (0, 0, one)))
            XRenderSetPictureTransform(dpy, mask, &shrink)
        }
        func channel(_ shift: UInt) -> UInt16 { UInt16((rgb >> shift) & 0xff) * 257 }
        var color = XRenderColor(red: channel(16), green: channel(8), blue: channel(0), alpha: 0xffff)
        let fill = XRenderCreateSolidFill(dpy, &color)
        XRenderComposite(
            dpy, PictOpOver, fill, mask, w.picture, 0, 0, 0, 0, origin.x + Self.paddingPixels * scale,
            origin.y + Self.paddingPixels * scale, UInt32(width * scale), UInt32(height * scale))
        XRenderFreePicture(dpy, fill)
        XRenderFreePicture(dpy, mask)
        XFreeGC(dpy, gc)
        XFreePixmap(dpy, pixmap)
    }

    /// The font, loaded at the first label (a round trip, once).
    private func loadFont() -> UnsafeMutablePointer<XFontStruct>? {
        if fontTried { return font }
        fontTried = true
        for name in Self.fontNames {
            if let f = XLoadQueryFont(display.handle, name) {
                font = f
                break
            }
        }
        return font
    }
}
