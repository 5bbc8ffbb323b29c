/// One line of a dry run: a gesture transition of a binding, an action that would run,
/// or how a shaped stroke was classified.
public enum DryRunRecord: Hashable, Sendable {
    /// A gesture event, with the binding it belongs to and the application it started on.
    case gesture(GestureEvent, binding: String, app: String)
    case action(DispatchedAction)
    /// A stroke binding's verdict on a stroke: its transition (shape matched or not), whose
    /// detail holds the best three matches and the threshold.
    case stroke(TransitionRecord, binding: String)
    /// With `--explain`: a recognizer transition with its reason, or an ownership decision,
    /// as `--debug` shows them.
    case explanation(EngineOutput)
    /// A screen locker came or went, or input was handed back to it: the trace's `lock` record.
    case lock(time: EventTime, ScreenLockEvent)
    /// An action the daemon would not run, and why (the screen locked, a step dropped by
    /// the rate limit).
    case skipped(DispatchedAction, reason: String)
    /// With `--explain`: a touchpad gesture kept or left to the application at its begin,
    /// and why, as `--debug` says it.
    case touchpadOwnership(TouchpadGestureDecision)

    public var time: EventTime {
        switch self {
        case .lock(let t, _): return t
        case .skipped(let a, _): return a.invocation.time
        case .gesture(let g, _, _): return g.time
        case .action(let a): return a.invocation.time
        case .stroke(let t, _): return t.time
        case .explanation(let o): return o.time
        case .touchpadOwnership(let d): return d.time
        }
    }

    /// One JSON object: `t`, `kind` (`gesture` or `action`), then for a gesture `gesture`,
    /// `state`, `device`, `fingers`, `direction` (when it has one), `binding`, `app`,
    /// `window` (`id`, `class`, `instance`, `title`; null for the desktop, as in every
    /// record with an `app`), and
    /// its values as `--debug` shows them: `scale` (pinch), `rotation` (rotate, degrees),
    /// `translation_x`/`_y` (swipe, pan, edge, long press, stroke, pattern, scrub) and
    /// `velocity_x`/`_y` (px/s; the same but swipes); for
    /// an action `action` (the config's text), `binding`, `app`, and `reverse` for a
    /// repeating binding's reverse action; for a stroke (`kind` `stroke`) `binding`,
    /// `matched` (true or false), `verdict`, `matches` (the best three, each with `name`
    /// and `score`) and `threshold`; with `--explain`, for a transition (`kind` `transition`)
    /// `recognizer`, `from`, `to`, `reason` and `detail` (when there is one), for an
    /// ownership decision (`kind` `ownership`) `verdict`, `device` (its kind), `device_id`,
    /// `sequence`, `touches` (the touch ids, touchscreens) or `button` (pointers), for a touch
    /// a reject ended for xgest (`kind` `handed-back`) `device` (`touchscreen`),
    /// `device_id`, `touch`, `x`, `y`; for a touchpad gesture's ownership (`kind`
    /// `ownership`, `device` `touchpad`) `verdict`, `device_id`, `gesture` (`swipe` or
    /// `pinch`), `fingers`, `app`, `reason` (`kept`, `no binding there` or `not grabbed`)
    /// and, when kept, `binding` (the first that can take it).
    /// A `drag` action's record has the pointer's `x` and `y`. A trace's lock record
    /// (`kind` `lock`) has `state` and, for input handed back to the locker, `what`; an
    /// action the daemon would not run (`kind` `skipped`: the screen locked, a step dropped by
    /// the rate limit) has an action's keys and `reason`.
    public var jsonLine: String {
        var w = JSONObjectWriter()
        w.add("t", seconds: time)
        switch self {
        case .gesture(let g, let binding, let app):
            w.add("kind", "gesture")
            w.add("gesture", g.kind.rawValue)
            w.add("state", g.state.rawValue)
            w.add("device", g.deviceKind.rawValue)
            w.add("fingers", g.fingers)
            if let d = g.direction { w.add("direction", d.rawValue) }
            w.add("binding", binding)
            w.add("app", app)
            w.add("window", raw: Self.windowJSON(g.target))
            Self.addValues(of: g, to: &w)
            if !g.touches.isEmpty {
                let points = g.touches.map {
                    "[\(jsonNumber(roundedToHundredths($0.location.x))),\(jsonNumber(roundedToHundredths($0.location.y)))]"
                }
                w.add("touches", raw: "[" + points.joined(separator: ",") + "]")
            }
        case .action(let a):
            w.add("kind", "action")
            w.add("action", a.text)
            w.add("binding", a.invocation.binding)
            w.add("app", a.invocation.target.appName)
            w.add("window", raw: Self.windowJSON(a.invocation.target))
            if a.isReverse { w.add("reverse", true) }
            if case .drag = a.invocation.action {
                // Where the drag puts the pointer: the begin's press, each move, the release.
                w.add("x", a.invocation.location.x)
                w.add("y", a.invocation.location.y)
            }
        case .stroke(let t, let binding):
            w.add("kind", "stroke")
            w.add("binding", binding)
            w.add("matched", t.reason == .shapeMatched)
            t.detail?.strokeClassification?.addJSON(to: &w)
        case .explanation(.transition(let t)):
            w.add("kind", "transition")
            w.add("recognizer", t.name)
            w.add("from", t.from.rawValue)
            w.add("to", t.to.rawValue)
            w.add("reason", "\(t.reason)")
            if let r = t.related { w.add("related", r) }
            if let d = t.detail { w.add("detail", d.description) }
        case .explanation(.ownership(let o)):
            w.add("kind", "ownership")
            w.add("verdict", o.verdict.rawValue)
            w.add("device", o.deviceKind.rawValue)
            w.add("device_id", o.device)
            w.add("sequence", o.sequence)
            if !o.touchIDs.isEmpty {
                w.add("touches", raw: "[" + o.touchIDs.map(String.init).joined(separator: ",") + "]")
            }
            if let b = o.button { w.add("button", b) }
            if let r = o.reason { w.add("reason", r.rawValue) }
        case .lock(_, let event):
            w.add("kind", "lock")
            w.add("state", event.state)
            if case .handedBack(let what) = event { w.add("what", what) }
        case .skipped(let a, let reason):
            w.add("kind", "skipped")
            w.add("action", a.text)
            w.add("binding", a.invocation.binding)
            w.add("app", a.invocation.target.appName)
            w.add("window", raw: Self.windowJSON(a.invocation.target))
            if a.isReverse { w.add("reverse", true) }
            w.add("reason", reason)
        case .explanation(.handedBack(let h)):
            // `device` is a kind in every object, as a gesture's; the id is `device_id`.
            w.add("kind", "handed-back")
            w.add("device", DeviceKind.touchscreen.rawValue)
            w.add("device_id", h.device)
            w.add("touch", Int(h.touchID))
            w.add("x", h.location.x)
            w.add("y", h.location.y)
        case .explanation(.gesture(let g)):
            w.add("kind", "recognizer")
            w.add("recognizer", g.name)
            w.add("state", g.state.rawValue)
        case .touchpadOwnership(let d):
            w.add("kind", "ownership")
            w.add("verdict", d.verdict.rawValue)
            w.add("device", DeviceKind.touchpad.rawValue)
            w.add("device_id", d.device)
            w.add("gesture", d.start.type.rawValue)
            w.add("fingers", d.start.fingers)
            w.add("app", d.start.target.appName)
            w.add("window", raw: Self.windowJSON(d.start.target))
            switch d.reason {
            case .kept(let binding):
                w.add("reason", "kept")
                w.add("binding", binding)
            case .noBindingThere:
                w.add("reason", "no binding there")
                if let detail = d.wrongModifiersDetail { w.add("detail", detail) }
            case .notGrabbed: w.add("reason", "not grabbed")
            }
        }
        return w.line
    }

    /// The window a gesture started on, whole: `app` alone cannot tell a window of class
    /// `desktop` from none, nor two windows of one class. Null for the desktop.
    private static func windowJSON(_ target: HitTarget) -> String {
        guard case .window(let info) = target else { return "null" }
        var w = JSONObjectWriter()
        w.add("id", info.id)
        w.add("class", info.className)
        w.add("instance", info.instance)
        w.add("title", info.title)
        return w.line
    }

    /// The values a command's environment gets (XGEST_SCALE, …), to the hundredth as it
    /// gets them.
    private static func addValues(of g: GestureEvent, to w: inout JSONObjectWriter) {
        let r = g.report
        let values: KeyValuePairs<String, Double>
        switch g.kind {
        case .pinch:
            values = ["scale": r.scale]
        case .rotate:
            values = ["rotation": r.rotationRadians * 180 / Double.pi]
        case .swipe:
            values = ["translation_x": r.translation.x, "translation_y": r.translation.y]
        case .pan, .edge, .longPress, .stroke, .pattern, .scrub, .custom:
            values = [
                "translation_x": r.translation.x, "translation_y": r.translation.y, "velocity_x": r.velocity.x,
                "velocity_y": r.velocity.y,
            ]
        case .tap:
            values = [:]
        }
        for (key, v) in values { w.add(key, roundedToHundredths(v)) }
    }

    /// ``textLine`` made safe for a terminal with ``DisplayText``: window classes and titles
    /// escaped, an action's text as the config has it (``DisplayText/escapedAsWritten(_:)``).
    public var displayLine: String {
        // Their `app=` is quoted where it was put in (``DisplayText/field(_:)``).
        switch self {
        case .action(let a):
            return DisplayText.escapedAsWritten(Self.actionHead(a) + a.text)
        case .skipped(let a, let reason):
            return DisplayText.escapedAsWritten(Self.actionHead(a) + a.text)
                + DisplayText.escaped(" -> skipped: \(reason)")
        case .gesture:
            return DisplayText.escapedAsWritten(textLine)
        default:
            return DisplayText.escaped(textLine)
        }
    }

    /// An action line up to its text: `0.040000 action ws-next app=desktop: `.
    private static func actionHead(_ a: DispatchedAction) -> String {
        let i = a.invocation
        return
            "\(i.time) action \(i.binding) app=\(DisplayText.field(i.target.appName))\(a.isReverse ? " reverse" : ""): "
    }

    /// One line for people: `0.030000 gesture ws-next swipe began device=touchpad fingers=3
    /// direction=left app=desktop`, `0.040000 action ws-next app=desktop: desktop next`,
    /// `0.500000 stroke done shape matched: accepted: check 0.91, v 0.62, caret 0.40 (threshold 0.70)`.
    public var textLine: String {
        switch self {
        case .gesture(let g, let binding, let app):
            var s = "\(g.time) gesture \(binding) \(g.kind) \(g.state) device=\(g.deviceKind.rawValue)"
            s += " fingers=\(g.fingers)"
            if let d = g.direction { s += " direction=\(d)" }
            return s + " app=\(DisplayText.field(app))"
        case .action(let a):
            return Self.actionHead(a) + a.text
        case .skipped(let a, let reason):
            return Self.actionHead(a) + a.text + " -> skipped: \(reason)"
        case .lock(let t, let event):
            return "\(t) lock \(event)"
        case .stroke(let t, let binding):
            return "\(t.time) stroke \(binding) \(t.reason): \(t.detail?.description ?? "")"
        case .explanation(let o):
            return o.description
        case .touchpadOwnership(let d):
            return "\(d.time) ownership \(d.verdict.rawValue) touchpad device=\(d.device): \(d.note)"
        }
    }
}

/// Runs a trace through the engine with a set of bindings and says, in time order, what
/// each binding's gesture did and which actions would run; nothing runs. Deterministic:
/// the same trace and bindings give the same records.
public enum DryRun {
    public static func run(_ trace: Trace, bindings: BindingSet) throws(EngineConfigurationError) -> [DryRunRecord] {
        try report(trace, bindings: bindings).records
    }

    /// The records, each transition and ownership decision among them when `explain` is
    /// set, and the summary of the whole run.
    /// `touchscreens`: the bindings at the densities of the header's touchscreens with their own.
    public static func report(
        _ trace: Trace, bindings: BindingSet, touchscreens: TouchscreenBindingSets = .none, explain: Bool = false
    ) throws(EngineConfigurationError) -> (records: [DryRunRecord], summary: ReplaySummary) {
        var session = try DryRunSession(
            header: trace.header, bindings: bindings, touchscreens: touchscreens, explain: explain)
        var records: [DryRunRecord] = []
        for r in trace.records { records += session.feed(r) }
        records += session.finish()
        return (records, session.summary)
    }
}
