import CXgest

/// How a trail is inked on one overlay window, piece by piece as it grows, so that it
/// looks as it does drawn whole: a translucent trail's pieces each started on the end of
/// the last, and blended over it again showed a darker blob at every joint.
///
/// It keeps a mask, the window's size, of what the trail covers so far. With alpha (under
/// a compositor) the mask is 8-bit and each piece's box is set from it: the colour through
/// the mask onto transparency, what one drawing of the whole trail gives. Shaped, the
/// window shows what was on screen under it, which cannot be set again: the mask is 1-bit,
/// the shape's own cut, and each piece is blended only where nothing was yet (an edge
/// pixel holding part of its ink would take a second blend, a tint of its own). A piece
/// costs work in its own box, not the trail's.
final class TrailInk {
    /// The window's box a label takes, kept free of ink: drawn whole, the trail is under it.
    var label: XRectangle?
    private let display: XDisplay
    private let window: Window
    private let picture: Picture
    private let translucent: Bool
    private let a1: UnsafeMutablePointer<XRenderPictFormat>
    private let a8: UnsafeMutablePointer<XRenderPictFormat>
    private let width: Int32
    private let height: Int32
    private let covered: Pixmap
    private let coveredPicture: Picture
    /// Opaque white, the source of every mask drawn.
    private let white: Picture

    /// Nothing covered, for `window` (`picture` drawing on it) of `width` × `height`.
    init(
        display: XDisplay, window: Window, picture: Picture, width: Int32, height: Int32, translucent: Bool,
        support: OverlaySupport
    ) {
        self.display = display
        self.window = window
        self.picture = picture
        self.translucent = translucent
        self.width = width
        self.height = height
        a1 = support.a1
        a8 = support.a8
        let dpy = display.handle
        var opaque = XRenderColor(red: 0xffff, green: 0xffff, blue: 0xffff, alpha: 0xffff)
        white = XRenderCreateSolidFill(dpy, &opaque)
        covered = XCreatePixmap(dpy, window, UInt32(width), UInt32(height), translucent ? 8 : 1)
        coveredPicture = XRenderCreatePicture(dpy, covered, translucent ? a8 : a1, 0, nil)
        clear()
    }

    /// Nothing covered any more (the window was cleared).
    func clear() {
        var none = XRenderColor()
        XRenderFillRectangle(display.handle, PictOpSrc, coveredPicture, &none, 0, 0, UInt32(width), UInt32(height))
        label = nil
    }

    func free() {
        let dpy = display.handle
        XRenderFreePicture(dpy, white)
        XRenderFreePicture(dpy, coveredPicture)
        XFreePixmap(dpy, covered)
    }

    /// Inks `triangles` (window coordinates) with `fill`; shaped, adds them to the window's
    /// bounding shape first, since the window can only be drawn where its shape already is.
    func draw(_ triangles: [XTriangle], fill: Picture) {
        guard let box = Self.bounds(triangles, width: width, height: height) else { return }
        if translucent {
            drawWithAlpha(triangles, fill: fill, box: box)
        } else {
            drawShaped(triangles, fill: fill, box: box)
        }
    }

    private func drawWithAlpha(_ triangles: [XTriangle], fill: Picture, box: Box) {
        let dpy = display.handle
        // Overlaps add up and stop at full, as they do within one drawing of them all.
        triangles.withUnsafeBufferPointer { t in
            XRenderCompositeTriangles(dpy, PictOpAdd, white, coveredPicture, a8, 0, 0, t.baseAddress, Int32(t.count))
        }
        clipped(to: box) {
            XRenderComposite(
                dpy, PictOpSrc, fill, coveredPicture, picture, box.x, box.y, box.x, box.y, box.x, box.y,
                UInt32(box.width), UInt32(box.height))
        }
    }

    private func drawShaped(_ triangles: [XTriangle], fill: Picture, box: Box) {
        let dpy = display.handle
        let (w, h) = (UInt32(box.width), UInt32(box.height))
        // The piece's cut, in a 1-bit mask its bounding box's size.
        let pixmap = XCreatePixmap(dpy, window, w, h, 1)
        let piece = XRenderCreatePicture(dpy, pixmap, a1, 0, nil)
        var none = XRenderColor()
        XRenderFillRectangle(dpy, PictOpSrc, piece, &none, 0, 0, w, h)
        Self.shifted(triangles, by: box).withUnsafeBufferPointer { t in
            XRenderCompositeTriangles(dpy, PictOpOver, white, piece, a8, 0, 0, t.baseAddress, Int32(t.count))
        }
        XShapeCombineMask(dpy, window, ShapeBounding, box.x, box.y, pixmap, ShapeUnion)
        // Less what is inked already; then inked, and counted as covered.
        XRenderComposite(dpy, PictOpOutReverse, coveredPicture, 0, piece, box.x, box.y, 0, 0, 0, 0, w, h)
        clipped(to: box) {
            XRenderComposite(dpy, PictOpOver, fill, piece, picture, 0, 0, 0, 0, box.x, box.y, w, h)
        }
        XRenderComposite(dpy, PictOpAdd, piece, 0, coveredPicture, 0, 0, 0, 0, box.x, box.y, w, h)
        XRenderFreePicture(dpy, piece)
        XFreePixmap(dpy, pixmap)
    }

    /// Runs `body` with the window's picture clipped to `box` less the label's box, when
    /// there is a label.
    private func clipped(to box: Box, _ body: () -> Void) {
        guard let label else { return body() }
        var rects = Self.rectangles(box, without: label)
        XRenderSetPictureClipRectangles(display.handle, picture, 0, 0, &rects, Int32(rects.count))
        body()
        var attributes = XRenderPictureAttributes()
        attributes.clip_mask = 0
        XRenderChangePicture(display.handle, picture, UInt(CPClipMask), &attributes)
    }

    typealias Box = (x: Int32, y: Int32, width: Int32, height: Int32)

    /// `box` less `hole`, as up to four rectangles (all of `box` when they do not meet).
    static func rectangles(_ box: Box, without hole: XRectangle) -> [XRectangle] {
        let (left, top) = (box.x, box.y)
        let (right, bottom) = (box.x + box.width, box.y + box.height)
        let holeLeft = max(Int32(hole.x), left)
        let holeTop = max(Int32(hole.y), top)
        let holeRight = min(Int32(hole.x) + Int32(hole.width), right)
        let holeBottom = min(Int32(hole.y) + Int32(hole.height), bottom)
        func rect(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32) -> XRectangle? {
            guard x1 > x0, y1 > y0 else { return nil }
            return XRectangle(
                x: Int16(clamping: x0), y: Int16(clamping: y0), width: UInt16(clamping: x1 - x0),
                height: UInt16(clamping: y1 - y0))
        }
        guard holeRight > holeLeft, holeBottom > holeTop else {
            return [rect(left, top, right, bottom)].compactMap { $0 }
        }
        return [
            rect(left, top, right, holeTop), rect(left, holeBottom, right, bottom),
            rect(left, holeTop, holeLeft, holeBottom), rect(holeRight, holeTop, right, holeBottom),
        ].compactMap { $0 }
    }

    /// `triangles` moved so that `box`'s corner is at 0,0.
    static func shifted(_ triangles: [XTriangle], by box: Box) -> [XTriangle] {
        let dx = XFixed(box.x) << 16
        let dy = XFixed(box.y) << 16
        return triangles.map { t in
            XTriangle(
                p1: XPointFixed(x: t.p1.x &- dx, y: t.p1.y &- dy), p2: XPointFixed(x: t.p2.x &- dx, y: t.p2.y &- dy),
                p3: XPointFixed(x: t.p3.x &- dx, y: t.p3.y &- dy))
        }
    }

    /// The whole pixels `triangles` touch, within the window; nil when none.
    static func bounds(_ triangles: [XTriangle], width: Int32, height: Int32) -> Box? {
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
}
