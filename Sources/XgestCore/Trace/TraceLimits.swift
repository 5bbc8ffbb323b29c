/// The range of each number a trace holds. A trace is input from anywhere (a bug report),
/// and a number outside these would trap when converted (a `t` of 1e15 s overflows the
/// microsecond clock, a pid of 1e300 an Int32) or overflow to infinity in the engine's
/// arithmetic; every limit is far beyond what X reports.
enum TraceLimits {
    /// `t`, in seconds from the start: about 31 years.
    static let time: ClosedRange<Double> = 0...1_000_000_000
    /// Positions, window origins and touchpad deltas, in pixels (X's are 16-bit).
    static let coordinate: ClosedRange<Double> = -1_000_000...1_000_000
    /// Window sizes, in pixels.
    static let size: ClosedRange<Double> = 0...1_000_000
    /// The screen's width and height, in pixels.
    static let screenSize: ClosedRange<Int> = 1...1_000_000
    /// The density millimetres were converted at: 25 to 1,000 dpi, twice the range xgest
    /// takes from a monitor (``ScreenDensity/plausibleDotsPerInch``) either way.
    static let pixelsPerMillimeter: ClosedRange<Double> = 1...40
    /// A touchpad pinch's scale, relative to its start.
    static let scale: ClosedRange<Double> = 0...1_000_000
    /// A touchpad gesture's rotation, in degrees.
    static let angle: ClosedRange<Double> = -1_000_000...1_000_000
    /// Device ids (XI's are 16-bit).
    static let device: ClosedRange<Int> = 0...Int(Int32.max)
    static let touch: ClosedRange<Int> = 0...Int(UInt32.max)
    /// X window ids are 29-bit XIDs.
    static let window: ClosedRange<Int> = 0...Int(UInt32.max)
    static let pid: ClosedRange<Int> = 0...Int(Int32.max)
    static let fingers: ClosedRange<Int> = 0...64
    static let button: ClosedRange<Int> = 0...255
}

/// A number as a message quotes it: `3`, `0.25`, `1e+300`.
func traceNumber(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e18 { return String(Int64(v)) }
    return String(v)
}
