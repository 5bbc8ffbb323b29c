/// Discrete: recognizes a one-finger touchscreen stroke, or a pointer stroke drawn with
/// a button held, when the classifier's accepted best match is ``StrokeSettings/shape``.
///
/// Sequences that cannot be a stroke fail early so that ordinary use is not held back: a
/// second finger ("too many fingers"), no movement within the start window ("too slow"),
/// a stroke drawn for too long ("timed out"); at the lift or release, a path shorter
/// than the minimum fails with "moved too little" and any other shape with "shape not
/// matched". ``classification`` keeps the last verdict and best three matches for `--debug`.
public struct StrokeRecognizer: GestureRecognizer {
    public let settings: StrokeSettings
    public let classifier: StrokeClassifier
    /// The gesture names that recognize this binding's shape (both circles for `circle`).
    private let acceptedNames: [String]
    /// The last stroke's classification; nil until a stroke has been classified.
    public private(set) var classification: StrokeClassification?
    /// Whether the stroke in progress (or just finished) was classified.
    private var classifiedThisStroke = false

    enum State: Hashable, Sendable {
        case idle
        case drawing(start: EventTime, moved: Bool)
        case finished
    }

    private(set) var state: State = .idle
    private var capture: StrokeCaptureRecognizer?
    private var touchID: UInt32?
    private var origin = Point.zero
    private var location = Point.zero
    /// Kept across resets so that steady use does not allocate.
    private var points: [Point] = []

    /// `classifier` holds the templates; its rejection threshold is replaced by the settings'.
    public init(_ settings: StrokeSettings, classifier: StrokeClassifier = .builtIn) {
        self.settings = settings
        var c = classifier
        c.settings.rejectionThreshold = settings.rejectionThreshold
        self.classifier = c
        acceptedNames = BuiltInStrokes.gestureNames(forShape: settings.shape)
        points.reserveCapacity(256)
        switch settings.input {
        case .touchscreen: capture = nil
        case .pointer(let s): capture = StrokeCaptureRecognizer(s)
        }
    }

    public var kind: GestureKind { .stroke }

    public var deviceKind: DeviceKind {
        switch settings.input {
        case .touchscreen: return .touchscreen
        case .pointer: return .pointer
        }
    }

    public var isContinuous: Bool { false }

    /// The classification behind a "shape matched" or "shape not matched" decision:
    /// `accepted: check 0.91, v 0.62, caret 0.40 (threshold 0.70)`.
    public var decisionDetail: TransitionDetail? {
        if classifiedThisStroke { return classification.map(TransitionDetail.stroke) }
        // A press with the wrong modifiers: which were held.
        return capture?.decisionDetail
    }

    public var deadline: EventTime? {
        switch state {
        case .drawing(let start, let moved):
            return start + .seconds(moved ? settings.maximumDurationSeconds : settings.startWindowSeconds)
        case .idle, .finished:
            return nil
        }
    }

    public var report: GestureReport {
        var r = GestureReport(fingers: deviceKind == .touchscreen ? 1 : 0, location: location, points: points)
        r.translation = location - origin
        return r
    }

    // MARK: Touchscreen

    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision {
        switch state {
        case .idle:
            guard frame.count == 1 else { return finish(.fail(.tooManyFingers)) }
            touchID = frame.changed.id
            start(at: frame.changed.location, time: frame.time)
            return .none
        case .drawing:
            return finish(.fail(.tooManyFingers))
        case .finished:
            return .none
        }
    }

    public mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision {
        guard case .drawing = state else { return .none }
        guard frame.count == 1 else { return finish(.fail(.tooManyFingers)) }
        guard frame.changed.id == touchID else { return .none }
        return advance(to: frame.changed.location, time: frame.time)
    }

    public mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision {
        guard case .drawing = state, frame.changed.id == touchID else { return .none }
        let d = advance(to: frame.changed.location, time: frame.time)
        if d != .none { return d }
        return conclude()
    }

    // MARK: Pointer

    public mutating func pointer(_ input: PointerInput) -> RecognizerDecision {
        // Mutated in place: a copy taken out and stored back would share the capture's
        // points while it appends one, copying every point of the drawing at each motion.
        guard let d = capture?.pointer(input) else { return .none }
        switch d {
        case .fail(let reason):
            return finish(.fail(reason))
        case .recognize:
            points = capture?.report.points ?? []
            location = input.location
            return conclude()
        case .none, .begin, .change, .end, .cancel:
            break
        }
        switch (state, input.kind) {
        case (.idle, .press):
            start(at: input.location, time: input.time)
            return .none
        case (.drawing, .motion):
            return advance(to: input.location, time: input.time, keepPoint: false)
        case (.idle, _), (.drawing, _), (.finished, _):
            return .none
        }
    }

    // MARK: Shared

    public mutating func timerFired(at time: EventTime) -> RecognizerDecision {
        switch state {
        case .drawing(_, let moved):
            return finish(.fail(moved ? .timedOut : .tooSlow))
        case .idle, .finished:
            return .none
        }
    }

    public mutating func reset() {
        state = .idle
        classifiedThisStroke = false
        points.removeAll(keepingCapacity: true)
        touchID = nil
        origin = .zero
        location = .zero
        capture?.reset()
    }

    private mutating func start(at p: Point, time: EventTime) {
        points.removeAll(keepingCapacity: true)
        points.append(p)
        origin = p
        location = p
        state = .drawing(start: time, moved: false)
    }

    /// Records a point (the pointer's are kept by the capture) and applies the time limits.
    private mutating func advance(to p: Point, time: EventTime, keepPoint: Bool = true) -> RecognizerDecision {
        guard case .drawing(let start, var moved) = state else { return .none }
        if keepPoint && points.last != p { points.append(p) }
        location = p
        if !moved && !origin.isClearlyCloser(to: p, than: settings.startMovementPx) {
            moved = origin.distance(to: p) >= settings.startMovementPx
        }
        let elapsed = (time - start).seconds
        if !moved && elapsed > settings.startWindowSeconds { return finish(.fail(.tooSlow)) }
        if elapsed > settings.maximumDurationSeconds { return finish(.fail(.timedOut)) }
        state = .drawing(start: start, moved: moved)
        return .none
    }

    /// The stroke ended: long enough, and classified as the shape?
    private mutating func conclude() -> RecognizerDecision {
        guard strokePathLength(points) >= settings.minimumStrokeLengthPx else {
            return finish(.fail(.movedTooLittle))
        }
        let result = classifier.classify(points)
        classification = result
        classifiedThisStroke = true
        let matched = result.recognizedName.map { acceptedNames.contains($0) } ?? false
        return finish(matched ? .recognize(.shapeMatched) : .fail(.shapeNotMatched))
    }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }
}

extension Point {
    /// Whether `other` is certainly nearer than `limit`, decided without a square root.
    fileprivate func isClearlyCloser(to other: Point, than limit: Double) -> Bool {
        (other - self).isClearlyShorter(than: limit)
    }
}
