/// Tunables of a ``PatternRecognizer``.
public struct PatternSettings: Hashable, Sendable {
    /// The cells to join, in order, numbered like a phone keypad (1 2 3 / 4 5 6 / 7 8 9).
    public var pattern: [Int]
    public var input: StrokeInput
    /// The grid's place on the monitor the stroke starts on; nil fits the grid to the
    /// stroke's bounding box (see ``PatternGrid/fitted(to:)``).
    public var region: ScreenRegion?
    /// A stroke that has not moved this far from its start within ``startWindowSeconds``
    /// is not a pattern: a still finger goes back to the application (a long press).
    public var startMovementPx = StrokeSettings(shape: "").startMovementPx
    public var startWindowSeconds = StrokeSettings(shape: "").startWindowSeconds
    /// Still drawing after this long is not a pattern.
    public var maximumDurationSeconds = StrokeSettings(shape: "").maximumDurationSeconds
    /// A grid fitted to a stroke smaller than this (a tap, a click) is no grid.
    public var minimumGridSpanPx = StrokeSettings(shape: "").minimumStrokeLengthPx

    public init(pattern: [Int], input: StrokeInput, region: ScreenRegion? = nil) {
        self.pattern = pattern
        self.input = input
        self.region = region
    }
}

/// Discrete: the gesture lock. Recognizes a stroke whose visited cells of a 3×3 grid (see
/// ``PatternGrid`` for the rules) are exactly ``PatternSettings/pattern``, when the
/// finger lifts or the button is released.
///
/// A stroke that visits at least two cells in another order fails with "wrong pattern",
/// the one failure the engine reports to bindings (the `on-failure` action), when it is an
/// attempt at the pattern: a stroke that stays in one row or one column of the grid (a
/// straight drag, which a grid fitted to it makes of every straight drag) is none and
/// fails with "no pattern", unless the pattern itself lies in one (bound with a region).
/// A stroke that visits fewer cells, or whose grid is too small, fails with "moved too
/// little". A second
/// finger, another button, a still start ("too slow") or an endless stroke ("timed out")
/// fail early so that the input goes back to the application.
public struct PatternRecognizer: GestureRecognizer {
    public let settings: PatternSettings

    enum State: Hashable, Sendable {
        case idle
        case drawing(start: EventTime, moved: Bool)
        case finished
    }

    private(set) var state: State = .idle
    private var stroke: OneStrokeInput
    private var screen = Rect(x: 0, y: 0, width: 0, height: 0)
    private var origin = Point.zero
    private var location = Point.zero
    /// Kept across resets so that steady use does not allocate.
    private var points: [Point] = []
    /// The cells the last finished stroke visited, for `--debug`.
    public private(set) var visitedCells: [Int] = []
    /// The row or column the last finished stroke stayed in, when that made it no attempt
    /// at the pattern.
    private var stayedIn: PatternLine?

    public init(_ settings: PatternSettings) {
        self.settings = settings
        stroke = OneStrokeInput(settings.input)
        points.reserveCapacity(256)
    }

    public var kind: GestureKind { .pattern }
    public var deviceKind: DeviceKind { stroke.deviceKind }
    public var isContinuous: Bool { false }

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

    /// The cells visited and the cells wanted: `visited 1-2-3, pattern 1-2-3-6-9`; for a
    /// stroke that was no attempt, where it stayed: `stayed in one column, visited 8-5-2`.
    public var decisionDetail: TransitionDetail? {
        if let m = stroke.modifierMismatch { return m }
        guard state == .finished, !visitedCells.isEmpty else { return nil }
        if let stayedIn { return .words("stayed in one \(stayedIn), visited \(Self.spelled(visitedCells))") }
        return .words("visited \(Self.spelled(visitedCells)), pattern \(Self.spelled(settings.pattern))")
    }

    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision {
        guard state != .finished else { return .none }
        return take(stroke.touchesBegan(frame))
    }

    public mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision { take(stroke.touchesMoved(frame)) }

    public mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision { take(stroke.touchesEnded(frame)) }

    public mutating func pointer(_ input: PointerInput) -> RecognizerDecision {
        guard state != .finished else { return .none }
        return take(stroke.pointer(input))
    }

    public mutating func timerFired(at time: EventTime) -> RecognizerDecision {
        guard case .drawing(_, let moved) = state else { return .none }
        return finish(.fail(moved ? .timedOut : .tooSlow))
    }

    public mutating func reset() {
        state = .idle
        stroke.reset()
        points.removeAll(keepingCapacity: true)
        visitedCells.removeAll(keepingCapacity: true)
        stayedIn = nil
        origin = .zero
        location = .zero
    }

    private mutating func take(_ step: OneStrokeStep) -> RecognizerDecision {
        switch (state, step) {
        case (.idle, .started(let p, let time, let screen)):
            self.screen = screen
            points.removeAll(keepingCapacity: true)
            points.append(p)
            origin = p
            location = p
            state = .drawing(start: time, moved: false)
            return .none
        case (.drawing, .moved(let p, let time)):
            return advance(to: p, time: time)
        case (.drawing, .ended(let p, let time)):
            let d = advance(to: p, time: time)
            return d == .none ? conclude() : d
        case (.idle, .failed(let reason)), (.drawing, .failed(let reason)):
            return finish(.fail(reason))
        case (_, .ignored), (.finished, _), (.idle, .moved), (.idle, .ended), (.drawing, .started):
            return .none
        }
    }

    private mutating func advance(to p: Point, time: EventTime) -> RecognizerDecision {
        guard case .drawing(let start, var moved) = state else { return .none }
        if points.last != p { points.append(p) }
        location = p
        moved = moved || origin.distance(to: p) >= settings.startMovementPx
        let elapsed = (time - start).seconds
        if !moved && elapsed > settings.startWindowSeconds { return finish(.fail(.tooSlow)) }
        if elapsed > settings.maximumDurationSeconds { return finish(.fail(.timedOut)) }
        state = .drawing(start: start, moved: moved)
        return .none
    }

    /// The stroke ended: which cells did it join?
    private mutating func conclude() -> RecognizerDecision {
        let grid: PatternGrid?
        if let region = settings.region {
            grid = PatternGrid(rect: region.rect(on: screen))
        } else {
            grid = PatternGrid.fitted(to: points).flatMap { g in
                g.rect.width * 2 / 3 >= settings.minimumGridSpanPx ? g : nil
            }
        }
        guard let grid else { return finish(.fail(.movedTooLittle)) }
        visitedCells = grid.visitedCells(points)
        if visitedCells == settings.pattern { return finish(.recognize(.patternMatched)) }
        if visitedCells.count < 2 { return finish(.fail(.movedTooLittle)) }
        // A drag along one row or column is no attempt at a pattern that spans both ways:
        // only one that does is a wrong one, which runs `on-failure`.
        if let line = PatternGrid.line(of: visitedCells), PatternGrid.line(of: settings.pattern) == nil {
            stayedIn = line
            return finish(.fail(.noPattern))
        }
        return finish(.fail(.patternNotMatched))
    }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }

    /// Cells as the config writes them: `1-2-3-6-9`.
    static func spelled(_ cells: [Int]) -> String { cells.map(String.init).joined(separator: "-") }
}
