/// A `[settings]` value given to one binding (UIKit sets such properties per recognizer:
/// `minimumPressDuration`, `allowableMovement`, …): it replaces the global value for that
/// binding's recognizer only.
public struct TunableOverride: Hashable, Sendable {
    /// The tunable it sets.
    public var tunable: WritableKeyPath<RecognizerTunables, Double> & Sendable
    /// Seconds, pixels, px/s or the plain number; millimetres (or mm/s) when
    /// `isMillimeters`, converted at the screen's density with the rest of the config.
    public var value: Double
    public var isMillimeters: Bool

    public init(
        _ tunable: WritableKeyPath<RecognizerTunables, Double> & Sendable, _ value: Double, isMillimeters: Bool = false
    ) {
        self.tunable = tunable
        self.value = value
        self.isMillimeters = isMillimeters
    }

    /// The override with millimetres turned into pixels.
    public func inPixels(pixelsPerMillimeter: Double) -> TunableOverride {
        isMillimeters ? TunableOverride(tunable, value * pixelsPerMillimeter) : self
    }

    public static func == (a: TunableOverride, b: TunableOverride) -> Bool {
        a.tunable == b.tunable && a.value == b.value && a.isMillimeters == b.isMillimeters
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tunable)
        hasher.combine(value)
        hasher.combine(isMillimeters)
    }
}

extension RecognizerTunables {
    /// These tunables with a binding's own values in place of the global ones (in pixels).
    public func overridden(by overrides: [TunableOverride]) -> RecognizerTunables {
        guard !overrides.isEmpty else { return self }
        var t = self
        for o in overrides { t[keyPath: o.tunable] = o.value }
        // A binding's own slow threshold may pass the global fast one: keep the swipe's
        // fast thresholds above its slow ones, as the global settings are kept.
        t.swipeFastDistancePx = max(t.swipeFastDistancePx, t.swipeDistancePx)
        t.swipeFastSpeedPxPerSecond = max(t.swipeFastSpeedPxPerSecond, t.swipeSpeedPxPerSecond + 1)
        return t
    }
}
