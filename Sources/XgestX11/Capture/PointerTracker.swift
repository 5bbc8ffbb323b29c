import XgestCore

/// The pointer position on the watched screen, as last read (a grabbed event's own, a
/// touchpad gesture's, a query's), and the mapping of a grabbed event's axes onto the
/// screen. Raw events give no position (``X11InputSource/flushPendingMotion(_:)``).
struct PointerTracker {
    var position = Point.zero
    var screenWidth: Double
    var screenHeight: Double
    /// Raw motion read since the position was last read from the server, kept only while
    /// motion is reported (``X11InputSource/reportsPointerMotion``).
    var pendingMotion: PendingMotion?
    /// Buttons pressed while the pointer was on another X screen: their releases are not
    /// this screen's either.
    var buttonsPressedElsewhere: Set<Int> = []

    /// Raw motion awaiting its position.
    struct PendingMotion {
        var device: Int
        var master: Int32
        var time: EventTime
    }

    /// Where a device event's own axes put the pointer: an absolute device's values mapped
    /// onto the screen as the server maps them, a relative device's already in root pixels.
    /// An axis the event leaves out has not moved from `unmoved`.
    func location(
        x: Double?, y: Double?, range: (x: ClosedRange<Double>, y: ClosedRange<Double>)?, unmoved: Point
    ) -> Point {
        guard let range else { return Point(x: x ?? unmoved.x, y: y ?? unmoved.y) }
        return Point(
            x: x.map { map($0, range.x, screenWidth) } ?? unmoved.x,
            y: y.map { map($0, range.y, screenHeight) } ?? unmoved.y)
    }

    /// The X server's own mapping: the range covers the screen's pixels edge to edge.
    /// Rounded to the 1/65536 px the protocol carries, so that float noise in the raw
    /// value does not turn pixel 500 into 499.99999.
    private func map(_ v: Double, _ r: ClosedRange<Double>, _ size: Double) -> Double {
        let px = (v - r.lowerBound) * size / (r.upperBound - r.lowerBound + 1)
        return (px * 65536).rounded() / 65536
    }
}
