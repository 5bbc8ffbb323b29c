import Foundation
import Testing

@testable import XgestCore

/// A pointer stroke's overall direction: only a stroke that ends well away from its start,
/// for its length, has one; a closed drawing or a drag that comes back has none.
@Suite struct StrokeOverallDirectionTests {
    /// A circle of radius 150 around (550, 450), from its top, clockwise, back to the top.
    static let circle: [Point] = (0...40).map { k in
        let a = -Double.pi / 2 + 2 * Double.pi * Double(k) / 40
        return Point(x: 550 + 150 * cos(a), y: 450 + 150 * sin(a))
    }

    static func line(_ points: [(Double, Double)]) -> [Point] { points.map { Point(x: $0.0, y: $0.1) } }

    static func direction(_ points: [Point]) -> StrokeOverallDirection {
        StrokeOverallDirection(points: points, minimumNetTravelPx: 50)
    }

    @Test func aCircleHasNone() {
        let d = Self.direction(Self.circle)
        #expect(d.direction == nil)
        #expect(d.description == "went 0px of a 942px path")
    }

    @Test func aDragThereAndBackHasNone() {
        // 300 px right and 200 back: 100 px net of a 500 px path.
        let d = Self.direction(Self.line([(100, 400), (250, 400), (400, 400), (300, 400), (200, 400)]))
        #expect(d.direction == nil)
        #expect(d.description == "went 100px of a 500px path")
    }

    @Test func aStraightDragRightGoesRight() {
        let d = Self.direction(Self.line([(100, 400), (200, 404), (300, 398), (400, 400)]))
        #expect(d.direction == .right)
        #expect(d.description == "went right")
        // Straight but shorter than stroke-min-length: too short to say.
        let short = Self.direction(Self.line([(100, 400), (120, 400), (140, 400)]))
        #expect(short.direction == nil)
        #expect(short.description == "went 40px, less than 50px")
    }

    @Test func anLGoesTheWayFromItsStartToItsEnd() {
        // 300 right, then 300 down: 424 px net of a 600 px path, down and to the right.
        let d = Self.direction(Self.line([(100, 100), (250, 100), (400, 100), (400, 250), (400, 400)]))
        #expect(d.direction == .downRight)
    }

    /// Through the bindings: a circle drawn under a `right` binding runs nothing and says why.
    @Test func aCircleFailsARightBindingSayingItWentNowhere() {
        let right = GestureBinding(
            name: "right", kind: .stroke, devices: [.pointer], direction: .right, button: 3,
            action: BoundAction(.click(button: 2), text: "click 2"))
        let regs = BindingSet(bindings: [right], apps: []).registrations()
        var events = [Mouse.press(3, Self.circle[0].x, Self.circle[0].y, at: 0)]
        for (k, p) in Self.circle.dropFirst().enumerated() {
            events.append(Mouse.motion(p.x, p.y, at: Double(k + 1) * 10))
        }
        events.append(Mouse.release(3, Self.circle[0].x, Self.circle[0].y, at: 500))
        let out = run(regs, events)
        #expect(out.gestures.isEmpty)
        let failure = out.transitions.first { $0.to == .failed }
        #expect(failure?.reason == .noOverallDirection)
        #expect(failure?.description.hasSuffix("(no overall direction: went 0px of a 942px path)") == true)
        #expect(out.verdicts == [.reject])
    }
}
