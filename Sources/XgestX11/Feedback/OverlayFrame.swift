import XgestCore

/// The part of the root window the overlay window covers, in root pixels: what is drawn
/// and a margin around it, grown when a trail reaches past it.
///
/// A window the size of the root cost the server the screen's size in memory under a
/// compositor for every stroke shown (130 MB on a 7680×4320 screen), a fill of every
/// pixel at each redraw, and, when a compositor started while it was up, a shadow over
/// the whole screen. A trail covers a few hundred pixels.
struct OverlayFrame: Equatable {
    var x: Int32
    var y: Int32
    var width: Int32
    var height: Int32

    /// Room left on each side of what is drawn when the window is made or grown, in
    /// pixels at scale 1: a trail moving at 2,000 px/s crosses it in about 8 frames, and
    /// only then is the window grown (and redrawn) again.
    static let marginPixels: Int32 = 128

    /// Where a window kept between gestures waits (``OverlayLifetime/parked``): one pixel
    /// above and left of the root's corner, outside every monitor (they are all within the
    /// root, from 0,0), so the server shows none of it and a compositor paints none of it
    /// (picom skips a window outside the screen), while it stays mapped.
    static let parked = OverlayFrame(x: -1, y: -1, width: 1, height: 1)

    var right: Int32 { x &+ width }
    var bottom: Int32 { y &+ height }

    func contains(_ f: OverlayFrame) -> Bool {
        f.x >= x && f.y >= y && f.right <= right && f.bottom <= bottom
    }

    func union(_ f: OverlayFrame) -> OverlayFrame {
        let left = min(x, f.x)
        let top = min(y, f.y)
        return OverlayFrame(x: left, y: top, width: max(right, f.right) - left, height: max(bottom, f.bottom) - top)
    }

    /// `pixels` larger on every side.
    func grown(by pixels: Int32) -> OverlayFrame {
        OverlayFrame(
            x: x &- pixels, y: y &- pixels, width: width &+ 2 &* pixels, height: height &+ 2 &* pixels)
    }

    /// The part within `bounds`, at least one pixel (a window has one).
    func clamped(to bounds: OverlayFrame) -> OverlayFrame {
        let left = min(max(x, bounds.x), bounds.right - 1)
        let top = min(max(y, bounds.y), bounds.bottom - 1)
        let r = max(min(right, bounds.right), left + 1)
        let b = max(min(bottom, bounds.bottom), top + 1)
        return OverlayFrame(x: left, y: top, width: r - left, height: b - top)
    }

    /// The whole pixels within `reach` of any of `points`; nil for none.
    static func around(_ points: [Point], reach: Double) -> OverlayFrame? {
        guard let first = points.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points.dropFirst() {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        let left = Int32(clamping: Int((minX - reach).rounded(.down)))
        let top = Int32(clamping: Int((minY - reach).rounded(.down)))
        let right = Int32(clamping: Int((maxX + reach).rounded(.up)))
        let bottom = Int32(clamping: Int((maxY + reach).rounded(.up)))
        return OverlayFrame(x: left, y: top, width: max(right - left, 1), height: max(bottom - top, 1))
    }
}
