import CXgest
import Glibc
import XgestCore

/// A trail as triangles XRender fills: a rectangle per segment and an octagon at each
/// point, so joints and ends are round enough at the widths a trail has.
enum TrailGeometry {
    /// The triangles for the segments ending at `points[range]` (each with the point
    /// before it) and the joints at those points, `width` pixels wide, with `origin` at 0,0.
    static func triangles(_ points: [Point], newFrom start: Int, width: Double, origin: Point = .zero) -> [XTriangle] {
        var out: [XTriangle] = []
        let half = width / 2
        for i in max(start, 0)..<points.count {
            let q = points[i] - origin
            if i > 0 {
                let p = points[i - 1] - origin
                let length = p.distance(to: q)
                if length > 0 {
                    let nx = -(q.y - p.y) / length * half
                    let ny = (q.x - p.x) / length * half
                    let a = Point(x: p.x + nx, y: p.y + ny)
                    let b = Point(x: q.x + nx, y: q.y + ny)
                    let c = Point(x: q.x - nx, y: q.y - ny)
                    let d = Point(x: p.x - nx, y: p.y - ny)
                    out.append(triangle(a, b, c))
                    out.append(triangle(a, c, d))
                }
            }
            out += joint(q, radius: half)
        }
        return out
    }

    /// An octagon around `c` as a fan of six triangles.
    static func joint(_ c: Point, radius: Double) -> [XTriangle] {
        let corners = (0..<8).map { k -> Point in
            let angle = (Double(k) + 0.5) * Double.pi / 4
            return Point(x: c.x + radius * cos(angle), y: c.y + radius * sin(angle))
        }
        return (1..<7).map { triangle(corners[0], corners[$0], corners[$0 + 1]) }
    }

    static func triangle(_ a: Point, _ b: Point, _ c: Point) -> XTriangle {
        XTriangle(p1: fixed(a), p2: fixed(b), p3: fixed(c))
    }

    /// 16.16 fixed point, as RENDER takes coordinates.
    static func fixed(_ p: Point) -> XPointFixed {
        XPointFixed(
            x: XFixed(clamping: Int64((p.x * 65536).rounded())), y: XFixed(clamping: Int64((p.y * 65536).rounded())))
    }
}
