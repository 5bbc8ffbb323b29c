/// Tunables of a screen-edge pan (UIScreenEdgePanGestureRecognizer's model).
public struct ScreenEdgePanSettings: Hashable, Sendable {
    public var edges: ScreenEdges = .left
    /// How close to an edge the first finger must land.
    public var edgeThicknessPx = 20.0
    /// How far the finger must move away from the edge before the pan begins.
    public var minimumTranslationPx = 10.0
    public var touchesRequired = 1

    public init(edges: ScreenEdges = .left, touchesRequired: Int = 1) {
        self.edges = edges
        self.touchesRequired = touchesRequired
    }
}

/// Continuous: a pan that must start within `edgeThicknessPx` of one of `edges` and move
/// away from that edge more than along it.
public struct ScreenEdgePanRecognizer: GestureRecognizer {
    public var settings: ScreenEdgePanSettings

    enum State: Hashable, Sendable {
        case idle
        case tracking(edge: ScreenEdge, baseline: Point)
        case active(edge: ScreenEdge, baseline: Point)
        case finished
    }

    private(set) var state: State = .idle
    private var seen = TouchMotionSeen()
    /// The edge and start of the pan; kept after it ends for the final report.
    private var started: (edge: ScreenEdge, baseline: Point)?

    public init(_ settings: ScreenEdgePanSettings = ScreenEdgePanSettings()) { self.settings = settings }

    public var kind: GestureKind { .edge }
    public var deviceKind: DeviceKind { .touchscreen }
    public var isContinuous: Bool { true }
    public var deadline: EventTime? { nil }

    public var report: GestureReport {
        var r = GestureReport(fingers: seen.fingers, velocity: seen.velocity, location: seen.location)
        if let (e, b) = started {
            r.direction = e.direction
            r.translation = seen.translation - b
        }
        return r
    }

    /// The enabled edge the point is within `edgeThicknessPx` of, nearest first.
    func edge(at p: Point, screen: Rect) -> ScreenEdge? {
        let t = settings.edgeThicknessPx
        var best: (ScreenEdge, Double)?
        for edge in ScreenEdge.allCases where settings.edges.contains(edge.edges) {
            guard let distance = edge.distance(of: p, from: screen), distance < t else { continue }
            if best.map({ distance < $0.1 }) ?? true { best = (edge, distance) }
        }
        return best?.0
    }

    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision {
        seen.observe(frame)
        switch state {
        case .idle:
            guard frame.count <= settings.touchesRequired else { return finish(.fail(.tooManyFingers)) }
            guard let e = edge(at: frame.sequenceStartLocation, screen: frame.screen) else {
                return finish(.fail(.notAtEdge))
            }
            state = .tracking(edge: e, baseline: frame.translation)
            started = (e, frame.translation)
        case .tracking:
            guard frame.count <= settings.touchesRequired else { return finish(.fail(.tooManyFingers)) }
        case .active, .finished:
            break
        }
        return .none
    }

    public mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision {
        seen.observe(frame)
        switch state {
        case .tracking(let e, let b):
            let moved = frame.translation - b
            guard moved.length >= settings.minimumTranslationPx else { return .none }
            guard frame.count >= settings.touchesRequired else { return finish(.fail(.tooFewFingers)) }
            let away: Double
            let along: Double
            switch e {
            case .left: (away, along) = (moved.x, moved.y)
            case .right: (away, along) = (-moved.x, moved.y)
            case .top: (away, along) = (moved.y, moved.x)
            case .bottom: (away, along) = (-moved.y, moved.x)
            }
            guard away > 0, away >= abs(along) else { return finish(.fail(.wrongDirection)) }
            state = .active(edge: e, baseline: b)
            return .begin(.thresholdCrossed)
        case .active:
            return .change
        case .idle, .finished:
            return .none
        }
    }

    public mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision {
        seen.observe(frame)
        switch state {
        case .tracking:
            return frame.count == 0 ? finish(.fail(.movedTooLittle)) : .none
        case .active:
            guard frame.count < settings.touchesRequired else { return .change }
            // As a pan's: its end counts the lifting finger, at its last point.
            seen.observeEndingLift(frame)
            return finish(.end(.released))
        case .idle, .finished:
            return .none
        }
    }

    public mutating func reset() { self = ScreenEdgePanRecognizer(settings) }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }
}
