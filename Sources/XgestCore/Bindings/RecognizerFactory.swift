/// Builds the recognizer a binding needs on one device kind, with the tunables applied.
public enum RecognizerFactory {
    /// The recognizer for `binding` on `device`, or nil when the gesture does not exist
    /// there (see ``GestureAvailability``). Shaped strokes classify against
    /// `strokeClassifier`, shared by every stroke binding of a configuration.
    public static func make(
        _ binding: GestureBinding, on device: DeviceKind, tunables t: RecognizerTunables,
        strokeClassifier: StrokeClassifier = .builtIn
    ) -> (any GestureRecognizer)? {
        guard GestureAvailability.unavailableReason(binding.kind, on: device) == nil else { return nil }
        if binding.kind == .stroke, let shape = binding.shape {
            return shapedStroke(shape, binding, on: device, tunables: t, classifier: strokeClassifier)
        }
        let fingers = binding.fingers(on: device)
        let touches = fingers ?? 1
        let direction = binding.direction
        let landing = binding.holdTouchesSeconds ?? t.fingerLandingWindowSeconds
        let slop = t.fingerLandingMovementPx
        switch (binding.kind, device) {
        case (.tap, _):
            var s = TapSettings(tapsRequired: binding.taps ?? 1, touchesRequired: touches)
            s.maximumTapIntervalSeconds = t.tapIntervalSeconds
            s.maximumPressDurationSeconds = t.tapDurationSeconds
            s.maximumMovementPx = t.tapMovementPx
            s.fingerLandingWindowSeconds = landing
            s.loneFingerSlopPx = slop
            return TapRecognizer(s)
        case (.longPress, _):
            var s = LongPressSettings(touchesRequired: touches, minimumPressDurationSeconds: t.longPressDurationSeconds)
            s.allowableMovementPx = t.longPressMovementPx
            s.tapsRequired = binding.taps ?? 0
            s.maximumTapIntervalSeconds = t.tapIntervalSeconds
            s.maximumTapPressDurationSeconds = t.tapDurationSeconds
            s.fingerLandingWindowSeconds = landing
            s.loneFingerSlopPx = slop
            return LongPressRecognizer(s)
        case (.pan, _):
            let range = binding.panFingerRange ?? touches...touches
            var s = PanSettings(minimumTouches: range.lowerBound, maximumTouches: range.upperBound)
            s.minimumTranslationPx = t.panDistancePx
            s.fingerLandingWindowSeconds = landing
            s.loneFingerSlopPx = slop
            return PanRecognizer(s)
        case (.swipe, .touchpad):
            var s = TouchpadSwipeSettings(fingers: touches, directions: swipeDirections(direction))
            s.minimumDistancePx = t.touchpadSwipeDistancePx
            return TouchpadSwipeRecognizer(s)
        case (.swipe, _):
            var s = SwipeSettings(directions: swipeDirections(direction), touchesRequired: touches)
            s.slowDistancePx = t.swipeDistancePx
            s.fastDistancePx = t.swipeFastDistancePx
            s.minimumSpeedPxPerSecond = t.swipeSpeedPxPerSecond
            s.fastSpeedPxPerSecond = t.swipeFastSpeedPxPerSecond
            s.slowMaximumDeviationDegrees = t.swipeAngleDegrees
            s.fastMaximumDeviationDegrees = t.swipeFastAngleDegrees
            s.maximumDurationSeconds = t.swipeDurationSeconds
            s.fingerLandingWindowSeconds = landing
            s.loneFingerSlopPx = slop
            return SwipeRecognizer(s)
        case (.pinch, .touchpad):
            var s = TouchpadPinchSettings(fingers: fingers, directions: pinchDirections(direction))
            s.inScaleRatio = 1 - t.touchpadPinchThreshold
            s.outScaleRatio = 1 + t.touchpadPinchThreshold
            return TouchpadPinchRecognizer(s)
        case (.pinch, _):
            var s = PinchSettings(directions: pinchDirections(direction), touchesRequired: touches)
            s.minimumScaleChangeRatio = t.pinchThreshold
            s.fingerLandingWindowSeconds = landing
            s.loneFingerSlopPx = slop
            return PinchRecognizer(s)
        case (.rotate, .touchpad):
            var s = TouchpadRotateSettings(fingers: fingers, directions: rotationDirections(direction))
            s.minimumAngleDegrees = t.touchpadRotateAngleDegrees
            return TouchpadRotateRecognizer(s)
        case (.rotate, _):
            var s = RotationSettings(directions: rotationDirections(direction), touchesRequired: touches)
            s.minimumRotationRadians = t.rotateAngleDegrees / degreesPerRadian
            s.fingerLandingWindowSeconds = landing
            s.loneFingerSlopPx = slop
            return RotationRecognizer(s)
        case (.edge, _):
            let edges = direction.flatMap(ScreenEdge.init).map(\.edges) ?? .all
            var s = ScreenEdgePanSettings(edges: edges, touchesRequired: touches)
            s.edgeThicknessPx = t.edgeThicknessPx
            s.minimumTranslationPx = t.edgeDistancePx
            return ScreenEdgePanRecognizer(s)
        case (.stroke, _):
            guard GestureAvailability.unshapedStrokeUnavailableReason(on: device) == nil else { return nil }
            // The stroke's direction is a condition on its overall movement, checked when it
            // is recognized; the button and modifiers are the recognizer's own.
            var s = StrokeCaptureSettings(
                button: binding.button ?? GestureBinding.defaultButton, modifiers: binding.conditions.modifiers)
            s.minimumTravelPx = t.strokeDistancePx
            s.minimumNetTravelPx = t.strokeMinimumLengthPx
            return StrokeCaptureRecognizer(s)
        case (.pattern, _):
            guard let pattern = binding.pattern, let input = strokeInput(binding, on: device, tunables: t) else {
                return nil
            }
            var s = PatternSettings(pattern: pattern, input: input, region: binding.conditions.region)
            if input == .touchscreen {
                s.startMovementPx = t.strokeStartDistancePx
            } else {
                s.startMovementPx = t.pointerStrokeStartDistancePx
                s.startWindowSeconds = t.pointerStrokeStartWindowSeconds
            }
            s.maximumDurationSeconds = t.strokeMaximumDurationSeconds
            s.minimumGridSpanPx = t.strokeMinimumLengthPx
            return PatternRecognizer(s)
        case (.scrub, _):
            guard let input = strokeInput(binding, on: device, tunables: t) else { return nil }
            let axis: ScrubAxis = direction == .vertical ? .vertical : .horizontal
            var s = ScrubSettings(
                axis: axis, reversalsRequired: binding.reversals ?? ScrubSettings.defaultReversals, input: input)
            s.maximumDurationSeconds = binding.scrubDurationSeconds ?? ScrubSettings.defaultDurationSeconds
            s.minimumTravelPx = t.scrubDistancePx
            return ScrubRecognizer(s)
        case (.custom, _):
            return nil
        }
    }

    /// How a pattern or scrub is drawn on `device`: one finger, or the binding's button
    /// (default 3) with its modifiers.
    static func strokeInput(_ binding: GestureBinding, on device: DeviceKind, tunables t: RecognizerTunables)
        -> StrokeInput?
    {
        switch device {
        case .touchscreen:
            return .touchscreen
        case .pointer:
            var c = StrokeCaptureSettings(
                button: binding.button ?? GestureBinding.defaultButton, modifiers: binding.conditions.modifiers)
            c.minimumTravelPx = t.strokeDistancePx
            return .pointer(c)
        case .touchpad, .keyboard:
            return nil
        }
    }

    /// A stroke classified as `shape`: one finger on a touchscreen, or the binding's button
    /// (default 3) and modifiers on the pointer.
    static func shapedStroke(
        _ shape: String, _ binding: GestureBinding, on device: DeviceKind, tunables t: RecognizerTunables,
        classifier: StrokeClassifier
    ) -> StrokeRecognizer? {
        let input: StrokeInput
        switch device {
        case .touchscreen:
            input = .touchscreen
        case .pointer:
            var c = StrokeCaptureSettings(
                button: binding.button ?? GestureBinding.defaultButton, modifiers: binding.conditions.modifiers)
            c.minimumTravelPx = t.strokeDistancePx
            input = .pointer(c)
        case .touchpad, .keyboard:
            return nil
        }
        var s = StrokeSettings(shape: shape, input: input)
        s.rejectionThreshold = t.strokeThreshold
        s.minimumStrokeLengthPx = t.strokeMinimumLengthPx
        s.maximumDurationSeconds = t.strokeMaximumDurationSeconds
        if input == .touchscreen {
            s.startMovementPx = t.strokeStartDistancePx
        } else {
            s.startMovementPx = t.pointerStrokeStartDistancePx
            s.startWindowSeconds = t.pointerStrokeStartWindowSeconds
        }
        return StrokeRecognizer(s, classifier: classifier)
    }

    static func swipeDirections(_ d: GestureDirection?) -> SwipeDirections {
        guard let d, let s = SwipeDirection(rawValue: d.rawValue) else { return .all }
        return SwipeDirections(s)
    }

    static func pinchDirections(_ d: GestureDirection?) -> PinchDirections {
        if d == .in { return .in }
        if d == .out { return .out }
        return .both
    }

    static func rotationDirections(_ d: GestureDirection?) -> RotationDirections {
        if d == .clockwise { return .clockwise }
        if d == .counterClockwise { return .counterClockwise }
        return .both
    }
}
