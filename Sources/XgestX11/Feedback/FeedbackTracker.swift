import XgestCore

/// Turns the daemon's input and the engine's outputs into what the overlay shows. Pure:
/// no X, no clock. The caller holds the scene for ``FeedbackOptions/holdMicroseconds``
/// after ``takeHoldRequest()`` says a decision was shown, then fades it out with
/// ``fade(progress:)`` from 0 to 1 (or calls ``expire()`` to clear it at once).
public struct FeedbackTracker: Sendable {
    /// A trail is shown only once it is this long: a click or a tap never opens a window.
    public static let trailShownAfterPixels = 8.0

    /// One sequence being traced: a pointer press, or the first finger on a touchscreen.
    struct Trace: Sendable {
        var device: Int
        var kind: DeviceKind
        /// The finger traced, on a touchscreen.
        var touch: UInt32?
        /// The button traced, on a pointer.
        var button: Int?
        /// The area the sequence runs on, as the engine chose it at its start: a mapped
        /// touchscreen's points are taken inside it, and the label stays on its monitor.
        var area: ScreenArea?
        var points: [Point]
        /// Whether it has moved far enough to be drawn.
        var shown: Bool
        /// The highest-scoring match of the stroke bindings that turned it down, for the
        /// label.
        var closest: StrokeMatch?
        /// Whether ``closest`` is a shape a binding's classifier accepted, though not its
        /// own: the stroke is a shape well drawn that no binding here takes.
        var closestAccepted = false
        /// A stroke binding classified it: turned down with no match above 0 (``closest``
        /// nil), it is "not recognized", with no shape named.
        var classified = false
        /// The last give-up a recognizer's failure stood for, with its time: the reject of
        /// the same time is for it (the engine decides in the step its recognizers fail).
        var giveUp: (reason: StrokeGiveUp, time: EventTime)?
        /// Its button was released or its finger lifted. A decision may still come (the
        /// engine reads the release after the tracker); a new press or touch begins a new
        /// trace, whatever came of this one.
        var ended = false
    }

    /// A pointer press given up as held still, its button still down: it is a click,
    /// whatever is drawn after, and no trail is drawn.
    struct HeldStill: Sendable {
        var device: Int
        var button: Int?
        var area: ScreenArea?
        /// Where the pointer was at the give-up.
        var givenUpAt: Point
        /// Its label is up: once is enough.
        var labelled = false
    }

    enum Phase: Sendable {
        case idle
        /// A single-point sequence traced as a stroke.
        case tracing(Trace)
        /// A press given up while held still, until its release: the label waits for the
        /// pointer to move on (``FeedbackOptions/heldStillLabelAfterPx``).
        case heldStill(HeldStill)
        /// Several fingers on a touchscreen: each finger's path (with `touches`), until the last lifts.
        case fingers(device: Int, area: ScreenArea?, paths: [UInt32: [Point]], order: [UInt32])
    }

    public var options: FeedbackOptions
    /// The buttons pointer stroke bindings start on (the grabbed ones): a press of any
    /// other is no stroke.
    public var pointerStrokeButtons: Set<Int>
    /// Whether any binding takes touchscreen strokes: without one, a finger is traced for nothing.
    public var touchscreenStrokes: Bool
    /// The binding's name for each registration name gesture events carry
    /// (``BindingSet/bindingNamesByRegistration``): a label names the binding as written,
    /// not `NAME@pointer`. A name not here is shown as it is.
    public var bindingNames: [String: String] = [:]
    /// The root's monitors and mapped touchscreens, as the engine has them: a traced
    /// sequence runs on the area it gives at the sequence's start (nil: the whole root,
    /// each point where it was reported).
    public var layout: ScreenLayout?
    public private(set) var scene = FeedbackScene()
    /// How many labels decisions have put up: a new one may have the text of the one it
    /// replaces (the same binding twice within the hold).
    public private(set) var labelsPut = 0
    private var phase = Phase.idle
    /// The scene shows a decision, until ``expire()``; a new trail replaces it once it shows.
    private var holding = false
    private var holdRequested = false
    /// The trails as the decision left them, while they fade.
    private var fadingTrails: [[Point]]?
    /// Fingers down per touchscreen, to tell one-finger strokes from multi-finger gestures.
    private var fingersDown: [Int: Set<UInt32>] = [:]

    public init(options: FeedbackOptions, pointerStrokeButtons: Set<Int>, touchscreenStrokes: Bool) {
        self.options = options
        self.pointerStrokeButtons = pointerStrokeButtons
        self.touchscreenStrokes = touchscreenStrokes
    }

    /// Whether a decision was shown since the last call: the caller (re)starts its hold.
    public mutating func takeHoldRequest() -> Bool {
        defer { holdRequested = false }
        return holdRequested
    }

    /// Whether the scene is held after a decision, waiting for ``expire()``.
    public var isHolding: Bool { holding }

    /// The hold is over: whatever a decision left on screen goes.
    public mutating func expire() {
        fadingTrails = nil
        guard holding else { return }
        holding = false
        scene = FeedbackScene()
    }

    /// Whether the held scene is fading out.
    public var isFading: Bool { holding && fadingTrails != nil }

    /// Fades the held scene out, `progress` going from 0 to 1: each trail retracts into
    /// its end point, as ink drawn last goes last (a shaped window has no transparency to
    /// fade with); at 1 the scene is gone, label and all.
    public mutating func fade(progress: Double) {
        guard holding else { return }
        guard progress < 1 else {
            expire()
            return
        }
        let trails = fadingTrails ?? scene.trails
        fadingTrails = trails
        scene.trails = trails.map { Self.tail($0, keeping: 1 - max(0, progress)) }.filter { $0.count >= 2 }
    }

    /// The last `fraction` of a path's length, from a point interpolated on it.
    static func tail(_ path: [Point], keeping fraction: Double) -> [Point] {
        guard path.count >= 2, fraction < 1 else { return path }
        var lengths: [Double] = [0]
        for (a, b) in zip(path, path.dropFirst()) { lengths.append(lengths[lengths.count - 1] + a.distance(to: b)) }
        let total = lengths[lengths.count - 1]
        guard total > 0, fraction > 0 else { return [] }
        let cut = total * (1 - fraction)
        guard let i = lengths.firstIndex(where: { $0 > cut }) else { return [] }
        let a = path[i - 1]
        let b = path[i]
        let t = (cut - lengths[i - 1]) / (lengths[i] - lengths[i - 1])
        let start = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        return [start] + path[i...]
    }

    public mutating func observe(_ e: InputEvent) {
        switch e.payload {
        case .button(let b):
            guard e.deviceKind == .pointer else { return }
            if b.isPress {
                if case .tracing(let trace) = phase, !trace.ended { return }
                if case .fingers = phase { return }
                // Another button while the press held still is down joins that press; its
                // own button again means its release was never read.
                if case .heldStill(let h) = phase, h.device == e.device, h.button != b.button { return }
                dropEndedTrace()
                guard options.strokes, pointerStrokeButtons.contains(b.button) else { return }
                let area = layout?.area(device: e.device, kind: .pointer, at: b.location)
                begin(
                    Trace(
                        device: e.device, kind: .pointer, touch: nil, button: b.button, area: area,
                        points: [b.location], shown: false))
            } else {
                extend(device: e.device, touch: nil, to: b.location)
                endTrace { $0.device == e.device && $0.button == b.button }
                if case .heldStill(let h) = phase, h.device == e.device, h.button == b.button { phase = .idle }
            }
        case .pointerMotion(let p):
            extend(device: e.device, touch: nil, to: p)
        case .touch(let t):
            touch(t, device: e.device)
        case .touchpadSwipe, .touchpadPinch, .modifiers:
            return
        }
    }

    private mutating func touch(_ t: TouchSample, device: Int) {
        switch t.phase {
        case .begin:
            var down = fingersDown[device] ?? []
            down.insert(t.id)
            fingersDown[device] = down
            dropEndedTrace()
            switch phase {
            case .idle, .heldStill:
                guard down.count == 1 else { return }
                // The engine's choice for the first finger: the rim of a calibrated glass,
                // past the panel, is on the panel's edge.
                let area = layout?.area(device: device, kind: .touchscreen, at: t.location)
                let p = area?.touchLocation(t.location) ?? t.location
                if options.strokes, touchscreenStrokes {
                    begin(
                        Trace(
                            device: device, kind: .touchscreen, touch: t.id, button: nil, area: area, points: [p],
                            shown: false))
                } else if options.touches {
                    startFingers(device: device, area: area, paths: [t.id: [p]], order: [t.id])
                }
            case .tracing(let trace):
                // A second finger: no one-finger stroke; its points, if asked for.
                guard trace.device == device, let first = trace.touch else { return }
                if options.touches {
                    let p = trace.area?.touchLocation(t.location) ?? t.location
                    startFingers(
                        device: device, area: trace.area, paths: [first: trace.points, t.id: [p]],
                        order: [first, t.id])
                } else {
                    phase = .idle
                    if !holding { scene = FeedbackScene() }
                }
            case .fingers(let d, let area, var paths, var order):
                guard d == device else { return }
                paths[t.id] = [area?.touchLocation(t.location) ?? t.location]
                order.append(t.id)
                startFingers(device: device, area: area, paths: paths, order: order)
            }
        case .update:
            extend(device: device, touch: t.id, to: t.location)
        case .end:
            extend(device: device, touch: t.id, to: t.location)
            endTrace { $0.device == device && $0.touch == t.id }
            fingersDown[device]?.remove(t.id)
            if case .fingers(let d, _, _, _) = phase, d == device, fingersDown[device]?.isEmpty ?? true {
                // The gesture's name, if any, is its label; otherwise the points just go.
                phase = .idle
                if holding { scene.trails = [] } else { scene = FeedbackScene() }
            }
        }
    }

    /// A new trace: what a decision left on screen stays until the trail shows.
    private mutating func begin(_ trace: Trace) {
        phase = .tracing(trace)
    }

    /// The traced press was released, or the traced finger lifted.
    private mutating func endTrace(where matches: (Trace) -> Bool) {
        guard case .tracing(var trace) = phase, matches(trace) else { return }
        trace.ended = true
        phase = .tracing(trace)
    }

    /// A trace whose press or finger ended with no decision the tracker shows (a
    /// gesture it does not label took it): the next press or touch is not part of it, so
    /// neither its trail nor its closest shape may show for that one. What it drew goes.
    private mutating func dropEndedTrace() {
        guard case .tracing(let trace) = phase, trace.ended else { return }
        phase = .idle
        if !holding { scene = FeedbackScene() }
    }

    private mutating func startFingers(
        device: Int, area: ScreenArea?, paths: [UInt32: [Point]], order: [UInt32]
    ) {
        phase = .fingers(device: device, area: area, paths: paths, order: order)
        holding = false
        fadingTrails = nil
        scene = FeedbackScene()
        scene.trails = order.compactMap { paths[$0] }
    }

    /// The sequence's next point, `reported` taken inside its area as the engine takes it.
    private mutating func extend(device: Int, touch: UInt32?, to reported: Point) {
        switch phase {
        case .tracing(var trace):
            let p = trace.area?.touchLocation(reported) ?? reported
            guard trace.device == device, trace.touch == touch, trace.points.last != p else { return }
            trace.points.append(p)
            if !trace.shown, let first = trace.points.first, first.distance(to: p) >= Self.trailShownAfterPixels {
                trace.shown = true
            }
            phase = .tracing(trace)
            if trace.shown {
                holding = false
                fadingTrails = nil
                scene = FeedbackScene()
                scene.trails = [trace.points]
            }
        case .fingers(let d, let area, var paths, let order):
            let p = area?.touchLocation(reported) ?? reported
            guard d == device, let touch, paths[touch]?.last != p else { return }
            paths[touch]?.append(p)
            phase = .fingers(device: d, area: area, paths: paths, order: order)
            scene.trails = order.compactMap { paths[$0] }
        case .heldStill(var h):
            let p = h.area?.touchLocation(reported) ?? reported
            guard h.device == device, touch == nil, !h.labelled,
                h.givenUpAt.distance(to: p) >= options.heldStillLabelAfterPx
            else { return }
            // The user is drawing, with no trail: the label says the press was not taken.
            h.labelled = true
            phase = .heldStill(h)
            fadingTrails = nil
            scene = FeedbackScene()
            scene.label = FeedbackScene.Label(
                text: StrokeGiveUp.heldStill.labelText, anchor: p, recognized: false, monitor: h.area?.rect)
            labelsPut += 1
            holding = true
            holdRequested = true
        case .idle:
            return
        }
    }

    public mutating func observe(_ output: EngineOutput) {
        switch output {
        case .transition(let t):
            // A turn-down's highest score, not its first match: the first is the templates'
            // best, and its verifier may have scored it below the second ("closest arrow
            // 0.00" for a straight drag the arrow's verifier turned down, with v at 0.45).
            // An accepted shape is the first match, the one its threshold was taken on.
            guard case .tracing(var trace) = phase else { return }
            if t.to == .failed, let giveUp = StrokeGiveUp(t.reason) {
                trace.giveUp = (giveUp, t.time)
                phase = .tracing(trace)
            }
            guard let c = t.detail?.strokeClassification else { return }
            trace.classified = true
            phase = .tracing(trace)
            guard let best = c.verdict == .accepted ? c.matches.first : c.matches.max(by: { $0.score < $1.score })
            else { return }
            let accepted = c.verdict == .accepted
            // A tie goes to a turn-down: a binding of that very shape whose threshold the
            // stroke missed makes it "not recognized", not "not bound".
            let score = trace.closest?.score ?? -1
            if best.score > score || (best.score == score && !accepted) {
                trace.closest = best
                trace.closestAccepted = accepted
            }
            phase = .tracing(trace)
        case .gesture(let g):
            gesture(g)
        case .ownership(let d):
            guard d.verdict == .reject, case .tracing(let trace) = phase, trace.device == d.device else { return }
            if let touch = trace.touch, !d.touchIDs.contains(touch) { return }
            rejected(trace, at: d.time)
        case .handedBack(let h):
            // The touch ended for xgest; the server sends no more of it.
            observe(h.event)
        }
    }

    /// What a label calls the binding of `g`.
    private func bindingName(_ g: GestureEvent) -> String { bindingNames[g.name] ?? g.name }

    private mutating func gesture(_ g: GestureEvent) {
        // Strokes, patterns and scrubs are drawn as one stroke, and traced: recognized, each
        // is labelled with its binding's name, as a rejected one is with the closest shape.
        if GestureAvailability.isDrawn(g.kind) {
            guard case .tracing(let trace) = phase, trace.device == g.device,
                g.state == .recognized || g.state == .ended
            else { return }
            let anchor = trace.points.last ?? g.location
            let label =
                options.labels == .none
                ? nil
                : FeedbackScene.Label(
                    text: bindingName(g), anchor: anchor, recognized: true, monitor: trace.area?.rect)
            hold(trails: trace.shown ? [trace.points] : [], label: label)
            return
        }
        guard options.gestures else { return }
        let label: FeedbackScene.Label
        switch g.state {
        case .began, .recognized:
            label = FeedbackScene.Label(text: bindingName(g), anchor: g.location, recognized: true)
        case .cancelled:
            // A continuous gesture named at its begin: the name alone would say it acted,
            // though its end never comes (a touchpad's cancel, a reload, a device gone).
            guard options.labels == .all else {
                // Labels of failures are not wanted: the name just goes.
                guard scene.label?.text == bindingName(g) else { return }
                scene.label = nil
                if scene.isEmpty { holding = false }
                return
            }
            label = FeedbackScene.Label(text: "cancelled: \(bindingName(g))", anchor: g.location, recognized: false)
        case .possible, .changed, .ended, .failed:
            return
        }
        put(label)
    }

    /// A gesture's label that is no stroke's.
    private mutating func put(_ label: FeedbackScene.Label) {
        switch phase {
        case .fingers(_, let area, _, _):
            // The fingers stay drawn until they lift; the label stays its hold from now,
            // on their monitor.
            var label = label
            label.monitor = label.monitor ?? area?.rect
            scene.label = label
            labelsPut += 1
            holding = true
            holdRequested = true
            fadingTrails = nil
        case .idle, .tracing, .heldStill:
            hold(trails: [], label: label)
        }
    }

    /// Why a gesture's action did not act, for its label.
    public enum Miss: Sendable {
        /// Not run: the screen is locked, or the gesture was made too long before it was read.
        case notRun
        case failed

        var prefix: String {
            switch self {
            case .notRun: "not run: "
            case .failed: "failed: "
            }
        }
    }

    /// An action of `g` was not run or failed. A label is put up when a gesture is
    /// recognized, before its actions run (a continuous gesture's as it begins, its action
    /// often at its end), and the binding's name alone would say it acted: with every
    /// label wanted it becomes `not run: NAME` or `failed: NAME`, as a cancel does; with
    /// only recognized ones, the name goes.
    public mutating func actionMissed(_ g: GestureEvent, _ miss: Miss) {
        let name = bindingName(g)
        let drawn = GestureAvailability.isDrawn(g.kind)
        guard drawn || options.gestures else { return }
        let shown = scene.label.flatMap { $0.recognized && $0.text == name ? $0 : nil }
        guard options.labels == .all else {
            guard shown != nil else { return }
            scene.label = nil
            if scene.isEmpty { holding = false }
            return
        }
        // A repeating binding's steps failing one after another: one label says it.
        if scene.label?.text == miss.prefix + name { return }
        if let shown {
            scene.label = FeedbackScene.Label(
                text: miss.prefix + name, anchor: shown.anchor, recognized: false, monitor: shown.monitor)
            labelsPut += 1
            holdRequested = true
        } else if !drawn {
            // Its name went with its hold, or another label replaced it: the failure
            // is said where the gesture is, as a cancel is.
            put(FeedbackScene.Label(text: miss.prefix + name, anchor: g.location, recognized: false))
        }
    }

    private mutating func rejected(_ trace: Trace, at time: EventTime) {
        let giveUp = trace.giveUp.flatMap { $0.time == time ? $0.reason : nil }
        // Released by then (the engine reads the release after the tracker): a click made
        // slowly, or a context menu opened the usual way, which nothing is said of.
        if giveUp == .heldStill, trace.kind == .pointer, !trace.ended, options.labels == .all,
            let at = trace.points.last
        {
            // What moved under the start window (8 px shows a trail) goes as it did.
            if trace.shown { hold(trails: [trace.points], label: nil) }
            phase = .heldStill(HeldStill(device: trace.device, button: trace.button, area: trace.area, givenUpAt: at))
            return
        }
        guard trace.shown else {
            // A click, a tap, a press held still: nothing was drawn, nothing to say.
            phase = .idle
            return
        }
        var label: FeedbackScene.Label?
        if options.labels == .all, let end = trace.points.last {
            if giveUp == .tooLong {
                // Given up while drawn: no shape was tried, the time ran out.
                label = FeedbackScene.Label(
                    text: StrokeGiveUp.tooLong.labelText, anchor: end, recognized: false, monitor: trace.area?.rect)
            } else if let closest = trace.closest {
                let match = "\(closest.name) \(Self.hundredths(closest.score))"
                // What went wrong first: a label too wide for its monitor is cut at its end.
                let text = trace.closestAccepted ? "not bound here: \(match)" : "not recognized: closest \(match)"
                label = FeedbackScene.Label(text: text, anchor: end, recognized: false, monitor: trace.area?.rect)
            } else if trace.classified {
                // No shape scored above 0: a name would only be the templates' first.
                label = FeedbackScene.Label(
                    text: "not recognized", anchor: end, recognized: false, monitor: trace.area?.rect)
            }
        }
        hold(trails: [trace.points], label: label)
    }

    private mutating func hold(trails: [[Point]], label: FeedbackScene.Label?) {
        phase = .idle
        fadingTrails = nil
        scene.trails = trails
        scene.label = label
        if label != nil { labelsPut += 1 }
        holding = !scene.isEmpty
        holdRequested = holding
    }

    /// `0.62`: two decimals, as `--debug` prints scores.
    public static func hundredths(_ v: Double) -> String {
        let n = Int((max(0, min(1, v)) * 100).rounded())
        let fraction = n % 100
        return "\(n / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
