/// Whether rectangles together cover areas: a screen locker covers every monitor, with one
/// window over the whole root (i3lock) or one per monitor (xscreensaver), and the monitors
/// need not fill the root (monitors of different heights side by side leave corners of it
/// that no monitor shows and no locker covers).
///
/// It is asked at every change of the window stack, so it must stay cheap with many
/// windows: a client that maps hundreds of small override-redirect windows (tooltips,
/// notifications) made the pieces left multiply with each one subtracted, and the daemon
/// spent seconds per event (about the cube of the number of windows). Rectangles whose
/// areas add up to less than an area cannot cover it, which settles such stacks at once;
/// the others are subtracted largest first, so a locker's window empties the area in one
/// step; and the pieces are bounded (``maximumPieces``).
public enum RectCoverage {
    /// More uncovered pieces than this and the area counts as not covered: rectangles
    /// that leave it in that many pieces are no locker's, which covers a monitor with one
    /// window or a few.
    public static let maximumPieces = 1024

    /// Whether the union of `rects` covers each of `areas`. An empty area is covered.
    public static func covers(_ areas: [Rect], with rects: [Rect]) -> Bool {
        areas.allSatisfy { area in
            let inside = rects.compactMap { $0.intersection(area) }
            // Overlaps count twice here, so this can only say no when it must.
            guard inside.reduce(0, { $0 + $1.width * $1.height }) >= area.width * area.height else {
                return area.isEmpty
            }
            return uncovered(area, by: inside.sorted { $0.width * $0.height > $1.width * $1.height }).isEmpty
        }
    }

    /// The indices of rectangles of `rects` that together cover each of `areas` with none
    /// of them needed by no area, largest first; nil when all of `rects` do not cover them.
    /// A locker's window covers the monitors, and a small window beside it (a notification,
    /// a panel) is not part of the cover: it must not keep the screen counted as covered
    /// once the locker's windows are gone.
    public static func coveringSubset(_ areas: [Rect], with rects: [Rect]) -> [Int]? {
        guard covers(areas, with: rects) else { return nil }
        let within = rects.map { r in
            areas.reduce(0) { sum, a in sum + (r.intersection(a).map { $0.width * $0.height } ?? 0) }
        }
        let order = rects.indices.filter { within[$0] > 0 }.sorted { within[$0] > within[$1] }
        // The largest first until they cover: one step for a locker's full-screen window.
        var chosen: [Int] = []
        for i in order {
            chosen.append(i)
            if covers(areas, with: chosen.map { rects[$0] }) { break }
        }
        // Then each one the others cover without, smallest first, is left out.
        for i in chosen.reversed() {
            let others = chosen.filter { $0 != i }
            if covers(areas, with: others.map { rects[$0] }) { chosen = others }
        }
        return covers(areas, with: chosen.map { rects[$0] }) ? chosen : nil
    }

    /// What of `area` none of `rects` covers, as rectangles that do not overlap; `area`
    /// itself when that would take more than ``maximumPieces`` pieces.
    public static func uncovered(_ area: Rect, by rects: [Rect]) -> [Rect] {
        var left = area.isEmpty ? [] : [area]
        for cover in rects where !cover.isEmpty {
            if left.isEmpty { break }
            left = left.flatMap { subtract(cover, from: $0) }
            if left.count > maximumPieces { return [area] }
        }
        return left
    }

    /// `piece` less `cover`: up to four rectangles, the bands above and below `cover`
    /// across the whole width of `piece`, then the parts left and right of it between them.
    static func subtract(_ cover: Rect, from piece: Rect) -> [Rect] {
        let top = max(piece.y, cover.y)
        let bottom = min(piece.maxY, cover.maxY)
        let left = max(piece.x, cover.x)
        let right = min(piece.maxX, cover.maxX)
        guard top < bottom, left < right else { return [piece] }
        let parts = [
            Rect(x: piece.x, y: piece.y, width: piece.width, height: top - piece.y),
            Rect(x: piece.x, y: bottom, width: piece.width, height: piece.maxY - bottom),
            Rect(x: piece.x, y: top, width: left - piece.x, height: bottom - top),
            Rect(x: right, y: top, width: piece.maxX - right, height: bottom - top),
        ]
        return parts.filter { !$0.isEmpty }
    }
}

extension Rect {
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    /// No area: a width or height of zero or less.
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The area the two share; nil when they share none.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard left < right, top < bottom else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The rectangle with `distance` taken off each side; empty when it has no room for it.
    public func inset(by distance: Double) -> Rect {
        Rect(x: x + distance, y: y + distance, width: width - 2 * distance, height: height - 2 * distance)
    }

    /// Whether the two share some area.
    public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }
}
