/// What a multi-finger recognizer says when its landing window ended with fingers still
/// missing: `too few fingers` alone, followed by the next finger's `too many fingers` for
/// a binding of fewer, never said that the fingers had been too slow, nor which setting
/// gives them longer (`finger-landing-window`, or the binding's `hold-touches`).
public struct LandingShortfall: Hashable, Sendable, CustomStringConvertible {
    /// How many fingers had landed.
    public var landed: Int
    public var required: Int
    /// The window after the last landing that ended, or, when the total after the first
    /// landing ended it first (``maximumFingerLandingSpreadSeconds``), that total.
    public var windowMicroseconds: UInt64
    public var endedByTotal: Bool

    public var description: String {
        let ms = (windowMicroseconds + 500) / 1000
        let window = endedByTotal ? "the \(ms) ms all fingers may take to land" : "the \(ms) ms landing window"
        return "\(landed) of \(required) down when \(window) ended"
    }
}

/// A touchscreen recognizer that waits for fingers to land.
protocol AwaitsFingers {
    /// How many fingers it needs and its landing window, for what `--debug` says when the
    /// window ends with some missing.
    var fingersAwaited: FingersAwaited { get }
}

/// The fingers a touchscreen recognizer needs and its landing window (its settings'
/// `fingerLandingWindowSeconds`), read when its landing window ends with some missing.
public struct FingersAwaited: Hashable, Sendable {
    public var required: Int
    public var windowSeconds: Double

    public init(required: Int, windowSeconds: Double) {
        self.required = required
        self.windowSeconds = windowSeconds
    }

    /// The shortfall when the landing window ended at `deadline` with the fingers of
    /// `frame` landed, nil when enough had landed (fingers that lifted too early). The
    /// window or the total after the first landing, whichever came first
    /// (``landingDeadline(_:required:windowSeconds:)``).
    func shortfall(_ frame: TouchFrame, at deadline: EventTime) -> LandingShortfall? {
        guard frame.maximumTouches < required else { return nil }
        var lastLanding = frame.sequenceStartTime
        for t in frame.touches where t.startTime > lastLanding { lastLanding = t.startTime }
        let window = EventDuration.seconds(windowSeconds)
        let byTotal = lastLanding + window > deadline && deadline >= frame.sequenceStartTime
        return LandingShortfall(
            landed: frame.maximumTouches, required: required,
            windowMicroseconds: byTotal ? (deadline - frame.sequenceStartTime).microseconds : window.microseconds,
            endedByTotal: byTotal)
    }
}
