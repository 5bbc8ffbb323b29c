/// The gestures bindable with no recording: the sixteen gestures of the $1 recognizer's
/// set (Wobbrock et al., 2007), with its circle split by drawing direction. Each is one
/// template drawn in screen coordinates (y grows downward) in a box about 100 units
/// wide; docs/strokes.md gives the drawing direction of each.
public enum BuiltInStrokes {
    /// The shape names a binding may use: every template's name, and `circle` for a
    /// circle drawn either way.
    public static let names: [String] = {
        var names = drawings.map(\.name)
        names.insert(anyCircle, at: names.firstIndex(of: "circle-cw") ?? names.count)
        return names
    }()

    /// The gesture names the classifier tells apart, one per drawing (`circle-cw` and
    /// `circle-ccw`, not `circle`).
    public static let templateNames: [String] = drawings.map(\.name)

    /// The shape that accepts a circle drawn in either direction.
    public static let anyCircle = "circle"

    /// The gesture names a binding's `shape` accepts: `circle` takes both circles and the
    /// drawings the user recorded as `circle` (`record-stroke circle` adds to it, and the
    /// classifier keeps them under that name, which is no template's); any other name itself.
    public static func gestureNames(forShape shape: String) -> [String] {
        shape == anyCircle ? ["circle-cw", "circle-ccw", anyCircle] : [shape]
    }

    /// The templates with their calibrated score offsets.
    public static let templates: [StrokeTemplate] = uncalibratedTemplates.map { t in
        var calibrated = t
        calibrated.scoreOffset = scoreOffsets[t.name] ?? 0
        return calibrated
    }

    /// Each drawing is also matched narrower and wider (its width × these, its height
    /// kept), as people draw a caret, a rectangle or a v at all proportions: the middle
    /// 80 % of human drawings span a factor of about 2 in width to height for most
    /// gestures. Circles need none: their start point and size are free already.
    static let widthVariants = [0.7, 1.4]

    /// Added to each built-in gesture's scores, so that all are held to the default
    /// threshold (``defaultStrokeRejectionThreshold``) and a gesture people draw loosely,
    /// that no other resembles (a star, a pigtail), is accepted as readily as one another
    /// gesture comes close to (a rectangle is near a circle, a bracket near a brace).
    /// Chosen on human drawings by `xgest-bench strokes --human DIR --fit`, which prints
    /// this table; docs/strokes.md says how, and the benchmark's figures are measured on
    /// people the fit never saw.
    public static let scoreOffsets: [String: Double] = [
        "check": -0.03,
        "x": -0.01,
        "circle-cw": -0.09,
        "circle-ccw": -0.09,
        "triangle": -0.01,
        "rectangle": -0.09,
        "caret": -0.07,
        "v": -0.03,
        "zig-zag": 0.07,
        "arrow": 0.14,
        "left-bracket": -0.01,
        "right-bracket": -0.06,
        "left-brace": 0.01,
        "right-brace": 0.00,
        "star": 0.20,
        "pigtail": 0.10,
        "delete": 0.04,
    ]

    /// The drawings with their narrower and wider variants, with no calibration.
    public static let uncalibratedTemplates: [StrokeTemplate] = drawings.flatMap { t -> [StrokeTemplate] in
        guard t.rotationToleranceRadians < Double.pi else { return [t] }
        return [t]
            + widthVariants.map { f in
                StrokeTemplate(
                    name: t.name, points: t.points.map { Point(x: $0.x * f, y: $0.y) },
                    rotationToleranceRadians: t.rotationToleranceRadians)
            }
    }

    /// One drawing of each gesture.
    public static let drawings: [StrokeTemplate] = [
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
        // Up to the apex and down: ^, about as tall as wide.
        polyline("caret", [(0, 100), (45, 0), (90, 100)]),
        // Down to the point and up: v
        polyline("v", [(0, 0), (50, 100), (100, 0)]),
        // From the bottom-left, up and down left to right, ending up at the top-right: /\/\/
        polyline("zig-zag", [(0, 50), (20, 0), (40, 50), (60, 0), (80, 50), (100, 0)]),
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
