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
    /// A stroke still drawing this long after it started fails with "timed out".
    public var maximumDurationSeconds = 2.5
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
