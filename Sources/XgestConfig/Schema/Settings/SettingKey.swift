import XgestCore

/// Every key of `[settings]`, spelled as the config spells it. The enum is the vocabulary:
/// unknown keys are checked (and suggested) against its cases.
public enum SettingKey: String, CaseIterable, Sendable {
    case tapInterval = "tap-interval"
    case tapDuration = "tap-duration"
    case tapMovement = "tap-movement"
    case longPressDuration = "long-press-duration"
    case longPressMovement = "long-press-movement"
    case fingerLandingWindow = "finger-landing-window"
    case panDistance = "pan-distance"
    case swipeDistance = "swipe-distance"
    case swipeFastDistance = "swipe-fast-distance"
    case swipeSpeed = "swipe-speed"
    case swipeFastSpeed = "swipe-fast-speed"
    case swipeAngle = "swipe-angle"
    case swipeFastAngle = "swipe-fast-angle"
    case swipeDuration = "swipe-duration"
    case pinchThreshold = "pinch-threshold"
    case rotateAngle = "rotate-angle"
    case edgeThickness = "edge-thickness"
    case edgeDistance = "edge-distance"
    case touchpadSwipeDistance = "touchpad-swipe-distance"
    case touchpadPinchThreshold = "touchpad-pinch-threshold"
    case touchpadRotateAngle = "touchpad-rotate-angle"
    case strokeDistance = "stroke-distance"
    case strokeThreshold = "stroke-threshold"
    case strokeMinLength = "stroke-min-length"
    case strokeMaxDuration = "stroke-max-duration"
    case repeatDistance = "repeat-distance"
    case touchpadRepeatDistance = "touchpad-repeat-distance"
    case repeatScale = "repeat-scale"
    case repeatAngle = "repeat-angle"

    /// What kind of value a setting takes, with its limits.
    public enum ValueType: Hashable, Sendable {
        /// `"500ms"`; limits in seconds.
        case duration(ClosedRange<Double>)
        /// `"12mm"` or pixels; limits in pixels (millimetres: the same at 4 px/mm).
        case distance(ClosedRange<Double>)
        /// Pixels only: the device reports no physical size (touchpads).
        case pixels(ClosedRange<Double>)
        /// `"150px/s"`, `"40mm/s"` or a number of px/s; limits in px/s.
        case speed(ClosedRange<Double>)
        /// A plain number: a ratio, a factor or degrees.
        case number(ClosedRange<Double>)
    }

    public var valueType: ValueType {
        switch self {
        case .tapInterval: return .duration(0.05...2)
        case .tapDuration: return .duration(0.05...5)
        case .longPressDuration: return .duration(0.05...10)
        case .fingerLandingWindow: return .duration(0...2)
        case .swipeDuration: return .duration(0.05...5)
        case .strokeMaxDuration: return .duration(0.5...30)
        case .strokeMinLength: return .distance(1...2000)
        case .strokeThreshold: return .number(0...1)
        case .tapMovement, .longPressMovement: return .distance(1...200)
        case .panDistance, .edgeThickness, .edgeDistance, .strokeDistance: return .distance(1...500)
        case .swipeDistance, .swipeFastDistance, .repeatDistance: return .distance(1...2000)
        case .touchpadSwipeDistance: return .pixels(1...2000)
        case .touchpadRepeatDistance: return .pixels(1...5000)
        case .swipeSpeed, .swipeFastSpeed: return .speed(1...20000)
        case .swipeAngle, .swipeFastAngle: return .number(1...45)
        case .rotateAngle, .touchpadRotateAngle, .repeatAngle: return .number(1...180)
        case .pinchThreshold, .touchpadPinchThreshold: return .number(0.01...0.9)
        case .repeatScale: return .number(1.01...4)
        }
    }

    /// The unit a plain number is read in, for messages and docs.
    public var numberUnit: String {
        switch self {
        case .swipeAngle, .swipeFastAngle, .rotateAngle, .touchpadRotateAngle, .repeatAngle: return "degrees"
        case .pinchThreshold, .touchpadPinchThreshold: return "a fraction of the starting scale"
        case .repeatScale: return "a scale factor"
        case .strokeThreshold: return "a score from 0 to 1"
        case .tapInterval, .tapDuration, .longPressDuration, .fingerLandingWindow, .swipeDuration, .tapMovement,
            .longPressMovement, .panDistance, .edgeThickness, .edgeDistance, .strokeDistance, .swipeDistance,
            .swipeFastDistance, .repeatDistance, .touchpadSwipeDistance, .touchpadRepeatDistance, .swipeSpeed,
            .swipeFastSpeed, .strokeMinLength, .strokeMaxDuration:
            return "pixels"
        }
    }

    /// The default, as it is in `RecognizerTunables` (seconds, pixels, px/s, or the number);
    /// a default in millimetres at 96 dpi.
    public var defaultValue: Double {
        if let mm = defaultMillimeters { return mm * Settings.defaultPixelsPerMillimeter }
        let t = RecognizerTunables()
        switch self {
        case .tapInterval: return t.tapIntervalSeconds
        case .tapDuration: return t.tapDurationSeconds
        case .tapMovement: return t.tapMovementPx
        case .longPressDuration: return t.longPressDurationSeconds
        case .longPressMovement: return t.longPressMovementPx
        case .fingerLandingWindow: return t.fingerLandingWindowSeconds
        case .panDistance: return t.panDistancePx
        case .swipeDistance: return t.swipeDistancePx
        case .swipeFastDistance: return t.swipeFastDistancePx
        case .swipeSpeed: return t.swipeSpeedPxPerSecond
        case .swipeFastSpeed: return t.swipeFastSpeedPxPerSecond
        case .swipeAngle: return t.swipeAngleDegrees
        case .swipeFastAngle: return t.swipeFastAngleDegrees
        case .swipeDuration: return t.swipeDurationSeconds
        case .pinchThreshold: return t.pinchThreshold
        case .rotateAngle: return t.rotateAngleDegrees
        case .edgeThickness: return t.edgeThicknessPx
        case .edgeDistance: return t.edgeDistancePx
        case .touchpadSwipeDistance: return t.touchpadSwipeDistancePx
        case .touchpadPinchThreshold: return t.touchpadPinchThreshold
        case .touchpadRotateAngle: return t.touchpadRotateAngleDegrees
        case .strokeDistance: return t.strokeDistancePx
        case .strokeThreshold: return t.strokeThreshold
        case .strokeMinLength: return t.strokeMinimumLengthPx
        case .strokeMaxDuration: return t.strokeMaximumDurationSeconds
        case .repeatDistance: return t.repeatDistancePx
        case .touchpadRepeatDistance: return t.touchpadRepeatDistancePx
        case .repeatScale: return t.repeatScale
        case .repeatAngle: return t.repeatAngleDegrees
        }
    }

    /// Stores a resolved value (seconds, pixels, px/s or the number) in `tunables`.
    func apply(_ v: Double, to t: inout RecognizerTunables) {
        switch self {
        case .tapInterval: t.tapIntervalSeconds = v
        case .tapDuration: t.tapDurationSeconds = v
        case .tapMovement: t.tapMovementPx = v
        case .longPressDuration: t.longPressDurationSeconds = v
        case .longPressMovement: t.longPressMovementPx = v
        case .fingerLandingWindow: t.fingerLandingWindowSeconds = v
        case .panDistance: t.panDistancePx = v
        case .swipeDistance: t.swipeDistancePx = v
        case .swipeFastDistance: t.swipeFastDistancePx = v
        case .swipeSpeed: t.swipeSpeedPxPerSecond = v
        case .swipeFastSpeed: t.swipeFastSpeedPxPerSecond = v
        case .swipeAngle: t.swipeAngleDegrees = v
        case .swipeFastAngle: t.swipeFastAngleDegrees = v
        case .swipeDuration: t.swipeDurationSeconds = v
        case .pinchThreshold: t.pinchThreshold = v
        case .rotateAngle: t.rotateAngleDegrees = v
        case .edgeThickness: t.edgeThicknessPx = v
        case .edgeDistance: t.edgeDistancePx = v
        case .touchpadSwipeDistance: t.touchpadSwipeDistancePx = v
        case .touchpadPinchThreshold: t.touchpadPinchThreshold = v
        case .touchpadRotateAngle: t.touchpadRotateAngleDegrees = v
        case .strokeDistance: t.strokeDistancePx = v
        case .strokeThreshold: t.strokeThreshold = v
        case .strokeMinLength: t.strokeMinimumLengthPx = v
        case .strokeMaxDuration: t.strokeMaximumDurationSeconds = v
        case .repeatDistance: t.repeatDistancePx = v
        case .touchpadRepeatDistance: t.touchpadRepeatDistancePx = v
        case .repeatScale: t.repeatScale = v
        case .repeatAngle: t.repeatAngleDegrees = v
        }
    }
}
