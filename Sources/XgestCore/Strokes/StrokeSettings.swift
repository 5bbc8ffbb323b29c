/// Where a stroke is drawn from.
public enum StrokeInput: Hashable, Sendable {
    /// One finger on the touchscreen.
    case touchscreen
    /// The pointer with a button held (and modifiers, when set).
    case pointer(StrokeCaptureSettings)
}

/// Tunables of a ``StrokeRecognizer``.
public struct StrokeSettings: Hashable, Sendable {
    /// The gesture name the stroke must be classified as (`check`, `circle-cw`, a user
    /// template's name, …).
    public var shape: String
    public var input: StrokeInput
    /// A stroke whose path is shorter when it ends fails with "moved too little".
    public var minimumStrokeLengthPx = 50.0
    /// A stroke still drawing this long after it started fails with "timed out". People
    /// drawing the $1 gestures took 1.1–1.25 s at the median and up to 7 s; 2.5 s cut off
    /// 9 % of their drawings, 6 s cuts off 0.1 % (`xgest-bench strokes --human`).
    public var maximumDurationSeconds = 6.0
    /// The finger or pointer must get ``startMovementPx`` from where it started within
    /// this long, or the sequence fails with "too slow" and goes back to the application
    /// at once (a press, a long press or a hold is not a stroke).
    public var startWindowSeconds = 0.3
    public var startMovementPx = 10.0
    /// The classifier's score the match must reach (see ``StrokeClassification``).
    public var rejectionThreshold = defaultStrokeRejectionThreshold

    public init(shape: String, input: StrokeInput = .touchscreen) {
        self.shape = shape
        self.input = input
    }
}
