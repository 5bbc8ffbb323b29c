/// The gestures bindable with no recording: the sixteen gestures of the $1 recognizer's
/// set (Wobbrock et al., 2007), with its circle split by drawing direction. Each is one
/// template drawn in screen coordinates (y grows downward) in a box about 100 units
/// wide; docs/strokes.md gives the drawing direction of each.
public enum BuiltInStrokes {
    public static let names = templates.map(\.name)

    public static let templates: [StrokeTemplate] = [
        // Short stroke down to the right, long stroke up to the right.
        polyline("check", [(0, 55), (30, 90), (100, 0)]),
        // Diagonal down-right, straight up, diagonal down-left.
        polyline("x", [(0, 0), (100, 100), (100, 0), (0, 100)]),
        // From the top, once round; any start point matches (rotation is free).
        circle("circle-cw", clockwise: true),
        circle("circle-ccw", clockwise: false),
        // From the apex: down-left, right along the base, back up to the apex.
        polyline("triangle", [(50, 0), (0, 90), (100, 90), (50, 0)]),
        // From the top-left corner: down, right, up, left back to the start.
        polyline("rectangle", [(0, 0), (0, 70), (100, 70), (100, 0), (0, 0)]),
        // Up to the apex and down: ^
        polyline("caret", [(0, 70), (50, 0), (100, 70)]),
        // Down to the point and up: v
        polyline("v", [(0, 0), (50, 100), (100, 0)]),
        // Left to right, down and up three times: \/\/\/
        polyline("zig-zag", [(0, 0), (17, 50), (33, 0), (50, 50), (67, 0), (83, 50), (100, 0)]),
        // Shaft up to the right, then the head: back left along its top edge, return to
        // the tip, and down along its other edge.
        polyline("arrow", [(0, 100), (100, 0), (55, 5), (100, 0), (95, 45)]),
        // From the top-right: left, down, right: [
        polyline("left-bracket", [(45, 0), (0, 0), (0, 100), (45, 100)]),
        // From the top-left: right, down, left: ]
        polyline("right-bracket", [(0, 0), (45, 0), (45, 100), (0, 100)]),
        // From the top, bulging left to the middle point and back: {
        polyline("left-brace", leftBrace),
        polyline("right-brace", leftBrace.map { (30 - $0.0, $0.1) }),
        // Five-pointed star in one stroke, from the bottom-left point up to the top.
        polyline("star", [(19, 95), (50, 0), (81, 95), (2, 36), (98, 36), (19, 95)]),
        // Up to the right, a counter-clockwise loop over the top, down to the right.
        pigtail(),
        // Diagonal down-right, left along the bottom, diagonal up-right.
        polyline("delete", [(0, 0), (100, 100), (0, 100), (100, 0)]),
    ]

    static let leftBrace: [(Double, Double)] = [
        (30, 0), (20, 2), (14, 8), (13, 18), (13, 34), (10, 43), (0, 50), (10, 57), (13, 66), (13, 82), (14, 92),
        (20, 98), (30, 100),
    ]

    static func polyline(_ name: String, _ vertices: [(Double, Double)]) -> StrokeTemplate {
        StrokeTemplate(name: name, points: vertices.map { Point(x: $0.0, y: $0.1) })
    }

    /// Radius 50 round (50, 50), starting at the top.
    static func circle(_ name: String, clockwise: Bool) -> StrokeTemplate {
        let steps = 64
        let sense = clockwise ? 1.0 : -1.0
        let points = (0...steps).map { k -> Point in
            let a = -Double.pi / 2 + sense * 2 * Double.pi * Double(k) / Double(steps)
            return Point(x: 50 + 50 * cosineOf(radians: a), y: 50 + 50 * sineOf(radians: a))
        }
        return StrokeTemplate(name: name, points: points, rotationToleranceRadians: Double.pi)
    }

    /// A prolate trochoid over one period: rises from the bottom-left, loops once at the
    /// top (counter-clockwise on screen) and falls to the bottom-right.
    static func pigtail() -> StrokeTemplate {
        let steps = 64
        let points = (0...steps).map { k -> Point in
            let t = -Double.pi + 2 * Double.pi * Double(k) / Double(steps)
            return Point(x: 50 + 13 * t - 32 * sineOf(radians: t), y: 40 - 32 * cosineOf(radians: t))
        }
        return StrokeTemplate(name: "pigtail", points: points)
    }
}
