import CXgest
import XgestCore

/// The label: a dark box with one line of core-font text, next to the stroke's end.
/// Core fonts need no font library: the server draws the glyphs.
final class LabelPainter {
    /// Tried in order; the server's built-in `fixed` is always there.
    static let fontNames = ["-misc-fixed-bold-r-normal--18-*-*-*-*-*-iso8859-1", "fixed"]
    /// Space between the text and the box's edge, in pixels.
    static let paddingPixels: Int32 = 6
    /// The box's offset from the stroke's end, down and to the right, in pixels.
    static let offsetPixels: Int32 = 14

    private let display: XDisplay
    private var font: UnsafeMutablePointer<XFontStruct>?
    private var fontTried = false

    init(display: XDisplay) { self.display = display }

    deinit {
        if let font { XFreeFont(display.handle, font) }
    }

    /// The box a label takes on a `width`×`height` window; nil without a font.
    func box(for label: FeedbackScene.Label, width: Int32, height: Int32) -> (XRectangle, [CChar])? {
        guard let font = loadFont() else { return nil }
        // Core fonts are Latin-1: anything else is shown as `?`.
        var text: [CChar] = label.text.unicodeScalars.map {
            $0.value < 0x7f ? CChar($0.value) : CChar(UInt8(ascii: "?"))
        }
        if text.count > 200 { text = Array(text.prefix(200)) }
        let textWidth = XTextWidth(font, text, Int32(text.count))
        let boxWidth = textWidth + 2 * Self.paddingPixels
        let boxHeight = font.pointee.ascent + font.pointee.descent + 2 * Self.paddingPixels
        let x = min(max(Int32(clamping: Int(label.anchor.x)) + Self.offsetPixels, 0), max(width - boxWidth, 0))
        let y = min(max(Int32(clamping: Int(label.anchor.y)) + Self.offsetPixels, 0), max(height - boxHeight, 0))
        let rect = XRectangle(
            x: Int16(clamping: x), y: Int16(clamping: y), width: UInt16(clamping: boxWidth),
            height: UInt16(clamping: boxHeight))
        return (rect, text)
    }

    func draw(_ label: FeedbackScene.Label, box: XRectangle, text: [CChar], on w: OverlayWindow) {
        guard let font, let gc = w.textGC() else { return }
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
        XSetForeground(dpy, gc, (w.translucent ? 0xff00_0000 : 0) | rgb)
        XSetFont(dpy, gc, font.pointee.fid)
        XDrawString(
            dpy, w.window, gc, Int32(box.x) + Self.paddingPixels,
            Int32(box.y) + Self.paddingPixels + font.pointee.ascent,
            text, Int32(text.count))
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
