/// Every tunable the config's `[settings]` sets, resolved to pixels, seconds and degrees.
/// The defaults are the recognizers' own, so a config that sets nothing changes nothing.
public struct RecognizerTunables: Hashable, Sendable {
    // Touchscreen taps and presses.
    public var tapIntervalSeconds = TapSettings().maximumTapIntervalSeconds
    public var tapDurationSeconds = TapSettings().maximumPressDurationSeconds
    public var tapMovementPx = TapSettings().maximumMovementPx
    public var longPressDurationSeconds = LongPressSettings().minimumPressDurationSeconds
    public var longPressMovementPx = LongPressSettings().allowableMovementPx
    public var fingerLandingWindowSeconds = defaultFingerLandingWindowSeconds
    /// How far a finger may move while a multi-finger recognizer waits for the others.
    public var fingerLandingMovementPx = TouchHandback.defaultLoneFingerSlopPx
    // Touchscreen motion.
    public var panDistancePx = PanSettings().minimumTranslationPx
    public var swipeDistancePx = SwipeSettings().slowDistancePx
    public var swipeFastDistancePx = SwipeSettings().fastDistancePx
    public var swipeSpeedPxPerSecond = SwipeSettings().minimumSpeedPxPerSecond
    public var swipeFastSpeedPxPerSecond = SwipeSettings().fastSpeedPxPerSecond
    public var swipeAngleDegrees = SwipeSettings().slowMaximumDeviationDegrees
    public var swipeFastAngleDegrees = SwipeSettings().fastMaximumDeviationDegrees
    public var swipeDurationSeconds = SwipeSettings().maximumDurationSeconds
    public var pinchThreshold = PinchSettings().minimumScaleChangeRatio
    public var rotateAngleDegrees = RotationSettings().minimumRotationRadians * degreesPerRadian
    public var edgeThicknessPx = ScreenEdgePanSettings().edgeThicknessPx
    public var edgeDistancePx = ScreenEdgePanSettings().minimumTranslationPx
    // Touchpad.
    public var touchpadSwipeDistancePx = TouchpadSwipeSettings().minimumDistancePx
    /// The pinch begins at scale 1 − threshold (in) or 1 + threshold (out).
    public var touchpadPinchThreshold = TouchpadPinchSettings().outScaleRatio - 1
    public var touchpadRotateAngleDegrees = TouchpadRotateSettings().minimumAngleDegrees
    // Pointer.
    public var strokeDistancePx = StrokeCaptureSettings().minimumTravelPx
    // Scrubs (pointer and touchscreen).
    /// How far each leg of a scrub must go before its turn counts as a reversal.
    public var scrubDistancePx = ScrubSettings(axis: .horizontal, input: .touchscreen).minimumTravelPx
    // Shaped strokes (pointer and touchscreen).
    /// The classifier's score a stroke's best match must reach.
    public var strokeThreshold = defaultStrokeRejectionThreshold
    public var strokeMinimumLengthPx = StrokeSettings(shape: "").minimumStrokeLengthPx
    public var strokeMaximumDurationSeconds = StrokeSettings(shape: "").maximumDurationSeconds
    /// How far a finger drawing a shaped stroke or a pattern must get from where it landed
    /// within the start window; the pointer's start stays the recognizers' own.
    public var strokeStartDistancePx = StrokeSettings(shape: "").startMovementPx
    /// The pointer's start window: how far a press drawing a shaped stroke or a pattern
    /// must get from where it was made, and within how long; one that does not is a click.
    public var pointerStrokeStartDistancePx = StrokeSettings(shape: "").startMovementPx
    public var pointerStrokeStartWindowSeconds = StrokeSettings(shape: "").startWindowSeconds
    // Repeat steps.
    /// Touchscreen pans and edge pans.
    public var repeatDistancePx = 50.0
    /// Touchpad swipes.
    public var touchpadRepeatDistancePx = 100.0
    /// Pinches: the scale is multiplied (out) or divided (in) by this per step.
    public var repeatScale = 1.25
    /// Rotations.
    public var repeatAngleDegrees = 15.0

    public init() {}

    /// The step sizes a ``RepeatTracker`` uses on `device`.
    public func repeatSteps(on device: DeviceKind) -> RepeatSteps {
        RepeatSteps(
            distancePx: device == .touchpad ? touchpadRepeatDistancePx : repeatDistancePx, scale: repeatScale,
            angleRadians: repeatAngleDegrees / degreesPerRadian)
    }
}
