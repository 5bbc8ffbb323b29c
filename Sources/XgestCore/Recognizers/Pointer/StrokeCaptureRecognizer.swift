/// Tunables of a pointer stroke.
public struct StrokeCaptureSettings: Hashable, Sendable {
    /// The X button that draws strokes (3: the right button).
    public var button = 3
    /// Modifiers that must be held exactly at the press; nil accepts any.
    public var modifiers: Modifiers?
    /// How far from the press point the pointer must get for the press to be a stroke.
    public var minimumTravelPx = 16.0
    /// How far from the press point the release must be for the stroke to have an
    /// overall direction (``StrokeOverallDirection``): the binding's `stroke-min-length`.
    public var minimumNetTravelPx = StrokeSettings(shape: "").minimumStrokeLengthPx

    public init(button: Int = 3, modifiers: Modifiers? = nil) {
        self.button = button
        self.modifiers = modifiers
    }
}

/// Discrete: captures the pointer path from a press of `button` (with `modifiers`) to its
/// release and recognizes with the points as the report. A press that never travels
/// `minimumTravelPx` fails with "moved too little", so the daemon replays it as a click;
/// another button pressed meanwhile fails it with "wrong button", and the daemon replays
/// both clicks.
public struct StrokeCaptureRecognizer: GestureRecognizer {
    public var settings: StrokeCaptureSettings

    enum State: Hashable, Sendable {
        case idle
        case capturing(start: Point, maximumTravelPx: Double)
        case recognized
        case failed
    }

    private(set) var state: State = .idle
    /// Kept across resets so that steady use does not allocate.
    private var points: [Point] = []
    private var location = Point.zero
    /// The modifiers held at a press that failed for them, for the transition's detail.
    private var heldAtWrongModifiers: Modifiers?

    public init(_ settings: StrokeCaptureSettings = StrokeCaptureSettings()) {
        self.settings = settings
        points.reserveCapacity(256)
    }

    public var kind: GestureKind { .stroke }
    public var deviceKind: DeviceKind { .pointer }
    public var isContinuous: Bool { false }
    public var deadline: EventTime? { nil }

    /// For "wrong modifiers": which were held and which the binding wants.
    public var decisionDetail: TransitionDetail? {
        guard let held = heldAtWrongModifiers, let bound = settings.modifiers else { return nil }
        return .words(Modifiers.mismatch(held: held, bound: bound))
    }

    public var report: GestureReport {
        var r = GestureReport(fingers: 0, location: location, points: points)
        if let first = points.first, location != first {
            r.translation = location - first
            // The overall direction a `direction` binding is matched on, for the trace and
            // XGEST_DIRECTION; none for a stroke that went nowhere overall.
            r.direction =
                StrokeOverallDirection(points: points, minimumNetTravelPx: settings.minimumNetTravelPx)
                .direction?.gestureDirection
        }
        return r
    }

    public mutating func pointer(_ input: PointerInput) -> RecognizerDecision {
        location = input.location
        switch (state, input.kind) {
        case (.idle, .press(let button)):
            guard button == settings.button else { return fail(.wrongButton) }
            if let m = settings.modifiers, m != input.modifiers {
                heldAtWrongModifiers = input.modifiers
                return fail(.wrongModifiers)
            }
            points.append(input.location)
            state = .capturing(start: input.location, maximumTravelPx: 0)
            return .none
        case (.capturing(let start, let travel), .motion):
            points.append(input.location)
            state = .capturing(start: start, maximumTravelPx: max(travel, start.distance(to: input.location)))
            return .none
        case (.capturing(let start, let travel), .release(let button)):
            guard button == settings.button else { return .none }
            points.append(input.location)
            let reach = max(travel, start.distance(to: input.location))
            if reach < settings.minimumTravelPx { return fail(.movedTooLittle) }
            state = .recognized
            return .recognize(.released)
        case (.capturing, .press):
            // Another button clicked while the stroke is drawn: the click is the
            // application's, so the whole press goes back to it, in the order made.
            return fail(.wrongButton)
        case (.idle, .motion), (.idle, .release), (.recognized, _), (.failed, _):
            return .none
        }
    }

    public mutating func reset() {
        state = .idle
        points.removeAll(keepingCapacity: true)
        location = .zero
        heldAtWrongModifiers = nil
    }

    private mutating func fail(_ reason: TransitionReason) -> RecognizerDecision {
        state = .failed
        return .fail(reason)
    }
}
