/// Why a recognizer changed state; `--debug` prints it next to each transition.
public enum TransitionReason: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    // Success.
    /// A distance, scale, angle or speed threshold was crossed.
    case thresholdCrossed = "threshold crossed"
    /// The required number of taps was completed.
    case tapsCompleted = "taps completed"
    /// The touches were held long enough.
    case durationElapsed = "duration elapsed"
    /// A continuous gesture moved on.
    case moved
    /// The touches, fingers or button were lifted.
    case released
    /// A required recognizer failed, so this one's held transition went ahead.
    case requiredFailureHappened = "required failure happened"
    /// A stroke was classified as the recognizer's shape.
    case shapeMatched = "shape matched"
    /// A pattern stroke joined the binding's cells in its order.
    case patternMatched = "pattern matched"
    /// A scrub turned back as often as its binding asks.
    case reversalsCompleted = "reversals completed"

    // Failure and cancellation.
    case movedTooFar = "moved too far"
    case movedTooLittle = "moved too little"
    case timedOut = "timed out"
    case tooManyFingers = "too many fingers"
    case tooFewFingers = "too few fingers"
    case wrongDirection = "wrong direction"
    /// A pointer stroke bound by its direction went nowhere overall: it ended too near its
    /// start (``StrokeOverallDirection``), as a circle or a drag that comes back does.
    case noOverallDirection = "no overall direction"
    case tooSlow = "too slow"
    case releasedTooEarly = "released too early"
    /// The fingers of a swipe or pan moved apart, together or around each other (a pinch
    /// or a rotation), not side by side.
    case fingersDiverged = "fingers moved apart"
    /// A pinch's or rotation's fingers moved side by side: a scroll or a drag.
    case fingersMovedTogether = "fingers moved together"
    case notAtEdge = "not at the screen edge"
    case wrongButton = "wrong button"
    case wrongModifiers = "wrong modifiers"
    /// A stroke was classified as another shape, or as none.
    case shapeNotMatched = "shape not matched"
    /// A pattern stroke joined at least two cells, but not the binding's in its order: the
    /// one failure that runs the binding's `on-failure` action.
    case patternNotMatched = "wrong pattern"
    /// A pattern stroke stayed in one row or one column of the grid (a straight drag),
    /// where the binding's pattern spans more: no attempt at it, so no wrong pattern.
    case noPattern = "no pattern"
    /// A touchpad event of another gesture type (a pinch for a swipe recognizer).
    case otherGestureType = "other gesture type"
    /// The transition waits until the recognizers this one requires to fail have failed.
    case requiredFailurePending = "required failure still pending"
    /// A recognizer this one required to fail recognized instead.
    case requiredRecognizerSucceeded = "required recognizer succeeded"
    /// A should-begin condition that gives no reason of its own was false (the bindings'
    /// conditions name theirs: wrong modifiers, wrong direction, no overall direction).
    case conditionFalse = "condition false"
    /// The recognizer's should-receive condition (device, app, edge, region) turned down
    /// the sequence when it started: the recognizer is absent for it. The record's detail
    /// says why.
    case notReceiving = "not receiving"
    /// Another recognizer claimed the touches first (failed while possible).
    case failedByOtherRecognizer = "failed by another recognizer"
    /// Another recognizer claimed the touches (cancelled while active).
    case cancelledByOtherRecognizer = "cancelled by another recognizer"
    /// Another recognizer already owns the touches and may not run alongside this one.
    case excludedByOtherRecognizer = "excluded by another recognizer"
    /// The device or the X server cancelled the input (touch ownership lost, device gone).
    case deviceCancelled = "device cancelled"
    /// Windows came to cover the screen (a screen locker coming up): the stroke under way
    /// is cancelled, so that its action does not run behind the locker.
    case screenLocked = "screen locked"
    /// The touchpad reported the gesture as cancelled.
    case gestureCancelled = "gesture cancelled"
    /// The sequence ended while the recognizer had neither succeeded nor failed.
    case sequenceEnded = "sequence ended undecided"
    /// The recognizer was reset after a terminal state.
    case reset
    /// The recognizer asked for a transition the state machine does not allow: a bug.
    case invalidTransition = "bug: invalid transition"

    public var description: String { rawValue }
}
