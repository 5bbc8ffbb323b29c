import XgestCore

/// Every key of `[settings]`, in the order docs/config.md lists them. Adding a setting is
/// one entry here (and its row in docs/config.md): the reader, the defaults and the
/// tunables all come from the entry.
///
/// Touchscreen distances whose right size is a size on the glass (how far a fingertip
/// jitters, how wide a band a thumb finds at the bezel) default to millimetres: in pixels
/// they would shrink on a dense panel (10 px is 2.6 mm at 96 dpi but 0.9 mm on a 14-inch
/// 4K panel), so they are converted at the touchscreen's monitor's density. Figures they
/// come from:
/// - UIKit: `UILongPressGestureRecognizer.allowableMovement` defaults to 10 points;
///   a point is 1/163 inch on iPhone, so 1.56 mm. UIKit's pans begin after about the
///   same movement.
/// - Android (`android.view.ViewConfiguration`): TOUCH_SLOP 8 dp, where a touch stops
///   being a tap and starts scrolling (1 dp = 1/160 inch, so 1.27 mm); EDGE_SLOP
///   12 dp (1.9 mm); PAGING_TOUCH_SLOP 16 dp (2.5 mm).
/// - Apple's and Material's minimum touch targets, 44 pt (6.9 mm) and 48 dp (7.6 mm):
///   the edge band is a target a finger must land in.
extension SettingKey {
    /// UIKit's 10 pt, between Android's touch slop and its paging slop; a pan and an edge
    /// pan begin where a tap ends.
    private static let slopMillimeters = 1.6

    public static let tapInterval = SettingKey(
        "tap-interval", .duration(0.05...2), \.tapIntervalSeconds,
        "Longest wait between the taps of a multi-tap (also before a long press with `taps`).")
    public static let tapDuration = SettingKey(
        "tap-duration", .duration(0.05...5), \.tapDurationSeconds, "Longest a finger may stay down for one tap.")
    public static let tapMovement = SettingKey(
        "tap-movement", .distance(1...200), \.tapMovementPx, millimeters: slopMillimeters,
        "Farthest a finger may wander during a tap.")
    public static let longPressDuration = SettingKey(
        "long-press-duration", .duration(0.05...10), \.longPressDurationSeconds, "How long fingers must stay down.")
    public static let longPressMovement = SettingKey(
        "long-press-movement", .distance(1...200), \.longPressMovementPx, millimeters: slopMillimeters,
        "Farthest a finger may move before the press is long enough.")
    public static let fingerLandingWindow = SettingKey(
        "finger-landing-window", .duration(0...2), \.fingerLandingWindowSeconds,
        "How long a multi-finger tap, long press, pan, swipe, pinch or rotation holds fewer fingers while it waits"
            + " for the others, counted again from each finger's landing (200 ms in all at most); a binding's"
            + " `hold-touches` overrides it.")
    // While a multi-finger gesture waits for its other fingers, the finger down is being
    // placed, not slid: a smaller slop than a tap's wander, so that a one-finger drag is
    // handed back at its first frame. 1 mm lies under Android's touch slop (1.27 mm) and
    // libinput's tap motion threshold (1.3 mm); at 96 dpi it is 3.8 px, less than a
    // 600 px/s drag moves in one 8 ms frame (4.8 px).
    public static let fingerLandingMovement = SettingKey(
        "finger-landing-movement", .distance(1...200), \.fingerLandingMovementPx, millimeters: 1,
        "Farthest a finger may move while a multi-finger tap, long press, pan, swipe, pinch or rotation waits"
            + " for the others to land; farther, it is a drag and goes back to the application.")
    public static let panDistance = SettingKey(
        "pan-distance", .distance(1...500), \.panDistancePx, millimeters: slopMillimeters,
        "Movement before a pan begins.")
    // No platform publishes the swipe distances: the ones xgest's swipes were tuned with
    // at 96 dpi (30 px and 80 px), kept as lengths.
    public static let swipeDistance = SettingKey(
        "swipe-distance", .distance(1...2000), \.swipeDistancePx, millimeters: 8,
        "Distance a slow swipe must cover.")
    public static let swipeFastDistance = SettingKey(
        "swipe-fast-distance", .distance(1...2000), \.swipeFastDistancePx, millimeters: 21,
        "Distance a fast swipe must cover; at least `swipe-distance`.")
    // The speeds those swipes were tuned with at 96 dpi (150 px/s and 1,000 px/s), kept
    // as speeds on the glass with the distances: in px/s a 315 dpi panel took a finger
    // moving 12 mm/s for a swipe and one at 81 mm/s for a fast one, which must then go
    // the fast distance.
    public static let swipeSpeed = SettingKey(
        "swipe-speed", .speed(1...20000), \.swipeSpeedPxPerSecond, millimeters: 40, "Slower is not a swipe.")
    public static let swipeFastSpeed = SettingKey(
        "swipe-fast-speed", .speed(1...20000), \.swipeFastSpeedPxPerSecond, millimeters: 265,
        "From this speed a swipe is fast; more than `swipe-speed`.")
    public static let swipeAngle = SettingKey(
        "swipe-angle", .number(1...45, unit: "degrees"), \.swipeAngleDegrees,
        "Degrees a slow swipe may stray from its direction.")
    public static let swipeFastAngle = SettingKey(
        "swipe-fast-angle", .number(1...45, unit: "degrees"), \.swipeFastAngleDegrees,
        "Degrees a fast swipe may stray.")
    public static let swipeDuration = SettingKey(
        "swipe-duration", .duration(0.05...5), \.swipeDurationSeconds,
        "Time from the first finger down to cover the distance.")
    public static let pinchThreshold = SettingKey(
        "pinch-threshold", .number(0.01...0.9, unit: "a fraction of the starting scale"), \.pinchThreshold,
        "Fraction by which the fingers' spread must change.")
    public static let rotateAngle = SettingKey(
        "rotate-angle", .number(1...180, unit: "degrees"), \.rotateAngleDegrees, "Degrees the fingers must turn.")
    // Half of the smaller minimum touch target (44 pt, 6.9 mm): a thumb finds the band
    // without it reaching into the content.
    public static let edgeThickness = SettingKey(
        "edge-thickness", .distance(1...500), \.edgeThicknessPx, millimeters: 3.5,
        "How close to a monitor's edge an edge gesture, or an `edge` condition, must start.")
    public static let edgeDistance = SettingKey(
        "edge-distance", .distance(1...500), \.edgeDistancePx, millimeters: slopMillimeters,
        "Movement away from the edge before an edge gesture begins.")
    public static let touchpadSwipeDistance = SettingKey(
        "touchpad-swipe-distance", .pixels(1...2000), \.touchpadSwipeDistancePx,
        "Motion before a touchpad swipe begins.")
    public static let touchpadPinchThreshold = SettingKey(
        "touchpad-pinch-threshold", .number(0.01...0.9, unit: "a fraction of the starting scale"),
        \.touchpadPinchThreshold, "A touchpad pinch begins at scale 1 − this (in) or 1 + this (out).")
    public static let touchpadRotateAngle = SettingKey(
        "touchpad-rotate-angle", .number(1...180, unit: "degrees"), \.touchpadRotateAngleDegrees,
        "Degrees before a touchpad rotation begins.")
    public static let strokeDistance = SettingKey(
        "stroke-distance", .distance(1...500), \.strokeDistancePx,
        "A pointer press that moves less is a click, handed back to the application.")
    public static let strokeThreshold = SettingKey(
        "stroke-threshold", .number(0...1, unit: "a score from 0 to 1"), \.strokeThreshold,
        "Shaped strokes: the score the best match must reach (lower accepts more, scribbles included); a gesture"
            + " with n templates needs 0.015 · ln n more (0.033 with nine); drawings you recorded that differ from"
            + " each other hold the next one to up to 0.04 less.")
    // A drawing's size on the screen, for a finger on the glass as for a pointer drawing on
    // it: 50 px at 96 dpi. In pixels it was 4 mm on a 14-inch 4K panel, where a finger's
    // short flick (or a mouse's) was a drawing to classify.
    public static let strokeMinLength = SettingKey(
        "stroke-min-length", .distance(1...2000), \.strokeMinimumLengthPx, millimeters: 13.2,
        "Shaped strokes and patterns: a path shorter than this is not a stroke (a tap, a click); a direction stroke"
            + " must end this far from its start.")
    public static let strokeMaxDuration = SettingKey(
        "stroke-max-duration", .duration(0.5...30), \.strokeMaximumDurationSeconds,
        "Shaped strokes: still drawing after this long is not a stroke.")
    // A stroke starts where a resting fingertip's wobble ends: past a tap's wander (1.6 mm)
    // and about Android's paging slop (2.5 mm). In pixels (10 px) it was 2.6 mm at 96 dpi
    // but 0.8 mm on a 14-inch 4K panel, where a finger resting under a stroke binding
    // passed it and was held until it lifted instead of going back at 300 ms.
    public static let strokeStartDistance = SettingKey(
        "stroke-start-distance", .distance(1...500), \.strokeStartDistancePx, millimeters: 2.6,
        "Shaped strokes and patterns drawn with a finger: how far it must get from where it landed within 300 ms;"
            + " a finger that does not is no stroke, and goes back to the application.")
    // In pixels, as `stroke-distance`: a mouse's hand wobbles in the pointer's pixels, not
    // on the screen. A press held to open a context menu stays within them.
    public static let pointerStrokeStartDistance = SettingKey(
        "pointer-stroke-start-distance", .distance(1...500), \.pointerStrokeStartDistancePx,
        "Shaped strokes and patterns drawn with the pointer: how far a press must get from where it was made within"
            + " `pointer-stroke-start-window`; a press that does not is a click, handed back to the application at its"
            + " release, wherever it is dragged after.")
    public static let pointerStrokeStartWindow = SettingKey(
        "pointer-stroke-start-window", .duration(0.05...2), \.pointerStrokeStartWindowSeconds,
        "How long a pointer press has to get `pointer-stroke-start-distance` from where it was made.")
    // A scrub's legs must be longer than a finger's wobble, and short enough to rub
    // back and forth quickly: a fingertip's width, 4 mm.
    public static let scrubDistance = SettingKey(
        "scrub-distance", .distance(1...500), \.scrubDistancePx, millimeters: 4,
        "How far each leg of a scrub must go before its turn counts as a reversal.")
    // A step of a finger's travel on the glass: 50 px at 96 dpi. In pixels a repeating
    // edge swipe on a 14-inch 4K panel stepped every 4 mm, three times as often.
    public static let repeatDistance = SettingKey(
        "repeat-distance", .distance(1...2000), \.repeatDistancePx, millimeters: 13.2,
        "Step of repeating touchscreen pans and edge gestures.")
    public static let touchpadRepeatDistance = SettingKey(
        "touchpad-repeat-distance", .pixels(1...5000), \.touchpadRepeatDistancePx,
        "Step of repeating touchpad swipes.")
    public static let repeatScale = SettingKey(
        "repeat-scale", .number(1.01...4, unit: "a scale factor"), \.repeatScale,
        "Step of repeating pinches: the scale is multiplied (out) or divided (in) by it.")
    public static let repeatAngle = SettingKey(
        "repeat-angle", .number(1...180, unit: "degrees"), \.repeatAngleDegrees,
        "Step of repeating rotations, in degrees.")

    /// The table: every setting there is. A key missing here is not read from a config
    /// (a test checks that every tunable has exactly one key).
    public static let allCases: [SettingKey] = [
        tapInterval, tapDuration, tapMovement, longPressDuration, longPressMovement, fingerLandingWindow,
        fingerLandingMovement, panDistance, swipeDistance, swipeFastDistance, swipeSpeed, swipeFastSpeed, swipeAngle,
        swipeFastAngle, swipeDuration, pinchThreshold, rotateAngle, edgeThickness, edgeDistance,
        touchpadSwipeDistance, touchpadPinchThreshold, touchpadRotateAngle, strokeDistance, strokeThreshold,
        strokeMinLength, strokeMaxDuration, strokeStartDistance, pointerStrokeStartDistance, pointerStrokeStartWindow,
        scrubDistance, repeatDistance,
        touchpadRepeatDistance, repeatScale, repeatAngle,
    ]
}
