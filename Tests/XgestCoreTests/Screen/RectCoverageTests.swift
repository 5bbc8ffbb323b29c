import Testing
import XgestCore

/// A screen locker covers every monitor, with one window or one per monitor.
@Suite struct RectCoverageTests {
    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    /// Two monitors of different heights side by side: a window on each covers them,
    /// though the corner of the root below the smaller one is covered by none.
    @Test func oneRectanglePerMonitorCoversMonitorsOfDifferentSizes() {
        let monitors = [Self.rect(0, 0, 1920, 1080), Self.rect(1920, 0, 1280, 1024)]
        #expect(RectCoverage.covers(monitors, with: monitors))
        #expect(RectCoverage.covers(monitors, with: [Self.rect(-10, -10, 4000, 2000)]))
        #expect(!RectCoverage.covers([Self.rect(0, 0, 3200, 1080)], with: monitors))
        #expect(!RectCoverage.covers(monitors, with: [monitors[0]]))
    }

    /// Hundreds of small windows (tooltips, notifications) beside a locker's window, or
    /// with none: the locker covers, the small ones alone do not, and windows that would
    /// cut the area into more than ``RectCoverage/maximumPieces`` pieces count as not
    /// covering it.
    @Test func manySmallRectanglesAreSettledAndALockerAmongThemStillCovers() {
        let monitor = Self.rect(0, 0, 1920, 1080)
        var small: [Rect] = []
        for k in 0..<600 { small.append(Self.rect(Double((k * 97) % 1900), Double((k * 53) % 1060), 20, 20)) }
        #expect(!RectCoverage.covers([monitor], with: small))
        #expect(RectCoverage.covers([monitor], with: small + [monitor]))
        #expect(
            RectCoverage.covers([monitor], with: small + [Self.rect(0, 0, 960, 1080), Self.rect(960, 0, 960, 1080)]))
        // Strips one pixel wide, two apart, each three times over: their areas add up to
        // more than the monitor's, and what they leave is 640 slivers and more.
        var strips: [Rect] = []
        for k in 0..<640 { strips += Array(repeating: Self.rect(Double(k * 3), 0, 1, 1080), count: 3) }
        strips += (0..<400).map { Self.rect(0, Double($0 * 2), 1920, 1) }
        #expect(!RectCoverage.covers([monitor], with: strips))
        #expect(RectCoverage.uncovered(monitor, by: strips) == [monitor])
    }

    /// Pieces that cover together, overlapping or not; a gap of one pixel is found.
    @Test func rectanglesCoverTogetherAndTheLeastGapIsFound() {
        let monitor = Self.rect(0, 0, 100, 100)
        let quarters = [
            Self.rect(0, 0, 50, 50), Self.rect(50, 0, 50, 50), Self.rect(0, 50, 50, 50), Self.rect(50, 50, 50, 50),
        ]
        #expect(RectCoverage.covers([monitor], with: quarters))
        #expect(RectCoverage.covers([monitor], with: [Self.rect(0, 0, 70, 100), Self.rect(30, 0, 70, 100)]))
        let gap = RectCoverage.uncovered(monitor, by: [Self.rect(0, 0, 49, 100), Self.rect(50, 0, 50, 100)])
        #expect(gap == [Self.rect(49, 0, 1, 100)])
        // A frame with a hole in the middle leaves the hole.
        let frame = [
            Self.rect(0, 0, 100, 10), Self.rect(0, 90, 100, 10), Self.rect(0, 10, 10, 80), Self.rect(90, 10, 10, 80),
        ]
        #expect(RectCoverage.uncovered(monitor, by: frame) == [Self.rect(10, 10, 80, 80)])
        let area = RectCoverage.uncovered(monitor, by: [Self.rect(25, 25, 50, 50)]).reduce(0) {
            $0 + $1.width * $1.height
        }
        #expect(area == 100 * 100 - 50 * 50)
    }

    /// A locker's window with a notification and a panel beside it: only the locker's is
    /// part of the cover; windows that cover only together are all kept, a redundant one not.
    @Test func theCoveringSubsetLeavesOutWhatTheCoverDoesNotNeed() {
        let monitors = [Self.rect(0, 0, 1920, 1080), Self.rect(1920, 0, 1280, 1024)]
        let notification = Self.rect(1500, 20, 400, 100)
        let panel = Self.rect(0, 1050, 3200, 30)
        let locker = Self.rect(0, 0, 3200, 1080)
        #expect(RectCoverage.coveringSubset(monitors, with: [notification, locker, panel]) == [1])
        let perMonitor = [notification] + monitors + [panel]
        #expect(RectCoverage.coveringSubset(monitors, with: perMonitor).map { Set($0) } == [1, 2])
        #expect(RectCoverage.coveringSubset(monitors, with: [notification, monitors[0]]) == nil)
        // Two halves and a middle strip over their seam: the strip is not needed.
        let halves = [Self.rect(0, 0, 960, 1080), Self.rect(900, 0, 120, 1080), Self.rect(960, 0, 960, 1080)]
        #expect(RectCoverage.coveringSubset([monitors[0]], with: halves).map { Set($0) } == [0, 2])
    }

    @Test func emptyRectanglesCoverNothingAndNeedNoCover() {
        #expect(RectCoverage.covers([Self.rect(0, 0, 0, 100)], with: []))
        #expect(
            !RectCoverage.covers([Self.rect(0, 0, 10, 10)], with: [Self.rect(0, 0, 10, 0), Self.rect(0, 0, -5, 10)]))
        #expect(Self.rect(0, 0, 10, 10).intersection(Self.rect(10, 0, 10, 10)) == nil)
        #expect(Self.rect(0, 0, 10, 10).intersection(Self.rect(5, 5, 10, 10)) == Self.rect(5, 5, 5, 5))
    }
}
