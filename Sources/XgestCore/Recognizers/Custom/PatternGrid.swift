/// The 3×3 grid of a pattern (the gesture lock), and which of its cells a stroke visits.
///
/// Cells are numbered like a phone keypad: 1 2 3 / 4 5 6 / 7 8 9. A stroke visits a cell
/// when its path passes within ``visitRadiusFraction`` of a cell's size of the cell's
/// centre, so that cutting across a corner between two cells visits neither. As in
/// Android's lock, a cell counts once (passing it again adds nothing), and a cell lying
/// halfway on a straight line between two visited cells (2 between 1 and 3, 5 between 1
/// and 9) is visited too, unless it already was.
public struct PatternGrid: Hashable, Sendable {
    /// The share of a cell's side within which the path must pass its centre: a third
    /// leaves the corners between cells out (a corner is 0.71 of a side from the centre).
    public static let visitRadiusFraction = 0.33

    /// The grid's rectangle; each cell is a third of it.
    public var rect: Rect

    public init(rect: Rect) { self.rect = rect }

    /// The grid fitted to a stroke: the stroke's bounding box, made square on its longer
    /// side and centred on the stroke, holds the outer cells' centres, so that a stroke
    /// drawn from centre to centre spans it. Nil when the stroke has no points.
    public static func fitted(to points: [Point]) -> PatternGrid? {
        guard let first = points.first else { return nil }
        var lo = first
        var hi = first
        for p in points {
            lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
            hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
        }
        // The centres span two cells; the grid reaches half a cell beyond them.
        let span = max(hi.x - lo.x, hi.y - lo.y)
        let cell = span / 2
        let centre = Point(x: (lo.x + hi.x) / 2, y: (lo.y + hi.y) / 2)
        let side = 3 * cell
        return PatternGrid(rect: Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side))
    }

    /// The centre of cell `n` (1 to 9).
    public func centre(ofCell n: Int) -> Point {
        let column = Double((n - 1) % 3)
        let row = Double((n - 1) / 3)
        return Point(x: rect.x + (column + 0.5) * rect.width / 3, y: rect.y + (row + 0.5) * rect.height / 3)
    }

    /// The cells `points` visit, in order (see the type's rules).
    public func visitedCells(_ points: [Point]) -> [Int] {
        let radius = Self.visitRadiusFraction * min(rect.width, rect.height) / 3
        guard radius > 0, let first = points.first else { return [] }
        var visited: [Int] = []
        var seen = Set<Int>()
        func visit(_ n: Int) {
            guard !seen.contains(n) else { return }
            if let last = visited.last, let between = Self.cellBetween(last, n), !seen.contains(between) {
                seen.insert(between)
                visited.append(between)
            }
            seen.insert(n)
            visited.append(n)
        }
        var previous = first
        for p in points.count > 1 ? points.dropFirst() : points[...] {
            // The cells the segment passes, in the order it reaches them.
            var hits: [(t: Double, cell: Int)] = []
            for n in 1...9 {
                if let t = Self.closestApproach(from: previous, to: p, centre: centre(ofCell: n), within: radius) {
                    hits.append((t, n))
                }
            }
            for hit in hits.sorted(by: { $0.t < $1.t }) { visit(hit.cell) }
            previous = p
        }
        return visited
    }

    /// The cell halfway on the straight line between cells `a` and `b`, when there is one.
    public static func cellBetween(_ a: Int, _ b: Int) -> Int? {
        let (ra, ca) = ((a - 1) / 3, (a - 1) % 3)
        let (rb, cb) = ((b - 1) / 3, (b - 1) % 3)
        guard (ra + rb) % 2 == 0, (ca + cb) % 2 == 0 else { return nil }
        let middle = (ra + rb) / 2 * 3 + (ca + cb) / 2 + 1
        return middle == a || middle == b ? nil : middle
    }

    /// Where along the segment `a`–`b` (0 to 1) it comes nearest `c`, when that is within
    /// `radius`; nil when it never does.
    static func closestApproach(from a: Point, to b: Point, centre c: Point, within radius: Double) -> Double? {
        let d = b - a
        let lengthSquared = d.x * d.x + d.y * d.y
        var t = 0.0
        if lengthSquared > 0 { t = min(1, max(0, ((c.x - a.x) * d.x + (c.y - a.y) * d.y) / lengthSquared)) }
        let nearest = Point(x: a.x + t * d.x, y: a.y + t * d.y)
        return nearest.distance(to: c) <= radius ? t : nil
    }

    /// The row or column all of `cells` lie in, when they lie in one (a single cell lies
    /// in both: its row is said).
    public static func line(of cells: [Int]) -> PatternLine? {
        guard let first = cells.first else { return nil }
        if cells.allSatisfy({ ($0 - 1) / 3 == (first - 1) / 3 }) { return .row }
        if cells.allSatisfy({ ($0 - 1) % 3 == (first - 1) % 3 }) { return .column }
        return nil
    }
}

/// A row or a column of a ``PatternGrid``.
public enum PatternLine: String, Hashable, Sendable, CustomStringConvertible {
    case row
    case column

    public var description: String { rawValue }
}
