import Testing
import XgestCore
import XgestX11

/// Raw touch values to root pixels, as the X server maps them (docs/x11-notes.md,
/// "Following touches after handing them back").
@Suite struct RawTouchMappingTests {
    static func mapping(_ matrix: [Double]? = nil) -> RawTouchMapping {
        RawTouchMapping(rangeX: 0...65535, rangeY: 0...65535, matrix: matrix, rootWidth: 1920, rootHeight: 1080)
    }

    @Test func theWholeRangeCoversTheRootEdgeToEdge() {
        // Values seen on the test server for touches at (100, 200) and (110.5, 200.25).
        #expect(Self.mapping().point(x: 3413.3333, y: 12136.2963) == Point(x: 100, y: 200))
        let p = Self.mapping().point(x: 3771.7333, y: 12151.4667)
        #expect(abs(p.x - 110.5) < 1e-3 && abs(p.y - 200.25) < 1e-3)
        #expect(Self.mapping().point(x: 0, y: 0) == Point(x: 0, y: 0))
    }

    @Test func theMatrixMapsTheTouchscreenOntoItsMonitor() {
        // `xinput map-to-output` onto the right half: x scaled by 0.5 and moved by 0.5.
        let right = Self.mapping([0.5, 0, 0.5, 0, 1, 0, 0, 0, 1])
        let p = right.point(x: 0, y: 32767.5)
        #expect(abs(p.x - 960) < 0.02 && abs(p.y - 540) < 0.02)
        // A touchscreen turned a quarter clockwise: device x runs down the root.
        let turned = Self.mapping([0, -1, 1, 1, 0, 0, 0, 0, 1])
        let q = turned.point(x: 65535, y: 0)
        #expect(abs(q.x - 1920) < 0.05 && abs(q.y - 1080) < 0.05)
    }

    @Test func aMatrixThatMapsToNothingIsLeftOut() {
        let degenerate = Self.mapping([1, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(degenerate.point(x: 3413.3333, y: 12136.2963) == Point(x: 100, y: 200))
    }
}
