import Glibc
import XgestCore
import XgestSystem
import XgestX11

/// The `--debug` trace: one line per event, decision and device change, with times in
/// seconds since the first event.
///
/// Every line is written through ``write(_:)`` (an action's, through ``action(_:outcome:microseconds:)``),
/// which escapes it with ``DisplayText``: the
/// lines carry window titles and classes and device names that other clients chose, and
/// one of them must never be able to write a line (or a terminal sequence) of its own.
public final class DebugTrace {
    public let output: FileOutput
    private var origin: EventTime?

    public init(output: FileOutput = .standardError) { self.output = output }

    /// The trace's lines are debug lines to the journal; its notes (the daemon's own
    /// lines, said in the trace under `--debug`) are info.
    private func write(_ line: String, priority: LogPriority = .debug) {
        output.writeLine(DisplayText.escaped(line), priority: priority)
    }

    /// A line whose other clients' text (window fields, device names) was made
    /// ``DisplayText/quotable(_:)`` where it was put in: its controls are escaped here.
    private func writeQuoted(_ line: String, priority: LogPriority = .debug) {
        output.writeLine(DisplayText.escapedAsWritten(line), priority: priority)
    }

    func stamp(_ t: EventTime) -> String {
        let start = origin ?? t
        if origin == nil { origin = t }
        let s = (t - start).description.dropLast()  // "1.234567s" without the unit
        return "[" + String(repeating: " ", count: max(0, 11 - s.count)) + s + "]"
    }

    /// An input line: `note` says what made it when the engine did (`(handed back)`: the
    /// end it gave a touch it handed back), after the line the server's events have. A
    /// sequence's first line names the window it starts on and, given `area`, the monitor
    /// its gestures run on, whose edges and regions they are judged by (``monitorWords(_:in:)``).
    public func event(
        _ e: InputEvent, startTarget: HitTarget?, deviceName: String?, note: String? = nil,
        area: (ScreenArea, ScreenLayout)? = nil
    ) {
        var line = stamp(e.time) + " " + Self.describe(e, deviceName: deviceName)
        if let startTarget { line += "  -> " + Self.describe(startTarget) }
        if startTarget != nil, let (area, layout) = area, let words = Self.monitorWords(area, in: layout) {
            line += " " + words
        }
        if let note { line += " (\(note))" }
        writeQuoted(line)
    }

    /// `on monitor NAME (WxH+X+Y)`, where a sequence's monitor is a choice: with two
    /// monitors or more, or a touchscreen mapped to part of the root. Nil with one monitor
    /// covering the root, where it would say the same on every line. "Not at the screen
    /// edge" said nothing of which monitor's edge, where gaps, overlaps and mappings decide it.
    public static func monitorWords(_ area: ScreenArea, in layout: ScreenLayout) -> String? {
        guard layout.monitorsOnRoot.count > 1 || area.rect != layout.root else { return nil }
        let rect = ScreenTracking.describe(area.rect)
        guard area.monitor != ScreenLayout.rootName else { return "on \(rect) of the screen" }
        return "on monitor \(DisplayText.quotable(area.monitor)) (\(rect))"
    }

    public func ownership(_ decision: TouchDecision, device: Int, touch: UInt32, at t: EventTime, reason: String) {
        write(
            stamp(t) + " " + pad("ownership") + "dev \(device) touch \(touch) \(decision.rawValue) (\(reason))")
    }

    public func note(_ text: String) { write("xgest: " + text, priority: .info) }

    /// A note naming a window (``describe(_:)-swift.type.method``): its fields are quoted.
    public func note(_ text: String, naming target: HitTarget, _ rest: String) {
        writeQuoted("xgest: " + DisplayText.quotable(text) + Self.describe(target) + rest, priority: .info)
    }

    /// A screen locker came or went, or input was handed back to it: stamped, and said as
    /// `xgest replay` says a trace's `lock` record.
    public func lock(_ event: ScreenLockEvent, at t: EventTime) {
        write(stamp(t) + " " + pad("lock") + event.description, priority: .info)
    }

    /// A recognizer transition (with its reason), a gesture event, or an ownership
    /// decision, as the engine describes it, stamped like the input lines.
    /// Bindings that do not watch a sequence, for one reason, at one time: one line naming
    /// them all (`transition a, b, c possible → failed (not receiving: not in [[app]] …)`),
    /// each binding's own line when alone.
    public func notReceiving(_ records: [TransitionRecord]) {
        guard let first = records.first else { return }
        var joined = first
        joined.name = records.map(\.name).joined(separator: ", ")
        engine(.transition(joined))
    }

    public func engine(_ o: EngineOutput) {
        // The engine's own descriptions start with the absolute event time: replace it.
        let text = o.description.drop { $0 != " " }.dropFirst()
        // A gesture's line ends with its window's fields, quoted where they were put in.
        if case .gesture = o { writeQuoted(stamp(o.time) + " " + text) } else { write(stamp(o.time) + " " + text) }
    }

    /// The action's text as the config has it (``DisplayText/escapedAsWritten(_:)``); the
    /// rest of the line escaped as every line is.
    public func action(_ a: DispatchedAction, outcome: ActionOutcome, microseconds: UInt64) {
        let i = a.invocation
        let head = stamp(i.time) + " " + pad("action") + "\(i.binding)\(a.isReverse ? " (reverse)" : ""): "
        let place = Self.keysGoToTheFocus(i) ? Self.focusPlace(focusedWindow()) : " on " + Self.name(i.target)
        let tail = Self.pointerPlace(i) + place + " -> \(outcome); took \(microseconds) us"
        output.writeLine(
            DisplayText.escaped(head) + DisplayText.escapedAsWritten(a.text) + DisplayText.escapedAsWritten(tail),
            priority: .debug)
    }

    /// The window the keyboard focus is on as the daemon last read it (`_NET_ACTIVE_WINDOW`),
    /// for the lines of keys that go there; nil when none is known.
    public var focusedWindow: () -> WindowInfo? = { nil }

    /// Whether the action's keys go to the focused window, whatever the gesture was on: a
    /// global binding's `key` or `key-down` (an `[[app]]` binding's are for its window,
    /// given the keyboard). A `key-up` lets go of a key xgest holds, wherever the focus is.
    static func keysGoToTheFocus(_ i: ActionInvocation) -> Bool {
        switch i.action {
        case .key, .keyDown: !i.keysForTarget
        case .keyUp, .exec, .window, .desktop, .click, .scroll, .drag: false
        }
    }

    /// ` to the focused window Firefox (0x1a00003)`: where a global binding's keys went,
    /// not the window under the gesture, which may be another one.
    static func focusPlace(_ focused: WindowInfo?) -> String {
        guard let w = focused else { return " to the focused window" }
        return " to the focused window " + name(.window(w)) + " (0x" + String(w.id, radix: 16) + ")"
    }

    /// ` at X,Y` for an action that puts the pointer on a pixel (a click, a scroll step, a
    /// drag's move, press or release there): the gesture's own line has its location, which
    /// is not always that pixel (a pan's end has its remaining fingers' centroid, a drag's
    /// release is where the fingers last were all together; a location between pixels).
    /// Empty for the others, and for a drag let go where the pointer is.
    static func pointerPlace(_ i: ActionInvocation) -> String {
        switch i.action {
        case .click, .scroll:
            break
        case .drag:
            guard i.state != .cancelled, i.state != .failed else { return "" }
        case .key, .keyDown, .keyUp, .exec, .window, .desktop:
            return ""
        }
        guard let (x, y) = i.location.pixel else { return "" }
        return " at \(x),\(y)"
    }

    /// Where an action ran, in a few words: the window's class (else its instance), or
    /// for a window with no WM_CLASS its title; "on window" alone said nothing. Quoted
    /// (``DisplayText/quotable(_:)``): the action line's tail is written as it is.
    static func name(_ target: HitTarget) -> String {
        guard case .window(let w) = target, w.className.isEmpty, w.instance.isEmpty else {
            return DisplayText.field(target.appName)
        }
        return w.title.isEmpty ? "window 0x" + String(w.id, radix: 16) : "window \"\(DisplayText.quotable(w.title))\""
    }

    public static func monotonicMicroseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000 &+ UInt64(ts.tv_nsec / 1000)
    }

    public func device(added d: XIDevice) {
        writeQuoted("xgest: device added: \(Self.describe(d))")
    }

    /// A request naming a gone device, dropped (``CapturedEvent/requestToGoneDevice(line:)``):
    /// its device name was made quotable where it was put in.
    public func requestToGoneDevice(_ line: String) { writeQuoted("xgest: " + line, priority: .info) }

    public func device(removed id: Int, name: String, detached: Bool) {
        writeQuoted(
            "xgest: device \(detached ? "detached from its master" : "removed"): \(id) \"\(DisplayText.quotable(name))\""
                + (detached ? " (no longer used; its sequences end)" : ""))
    }

    public static func describe(_ d: XIDevice) -> String {
        let role = d.kind.map(\.rawValue) ?? "-"
        let use = d.isUsed ? "used as \(role)" : "not used: \(d.ignoredBecause ?? "")"
        // A device's name is its maker's (a USB device's can hold anything): quoted as a title is.
        return "\(d.id) \"\(DisplayText.quotable(d.name))\" \(d.use.rawValue), \(use)"
    }

    public static func describe(_ target: HitTarget) -> String { target.traceName }

    public static func describe(_ e: InputEvent, deviceName: String?) -> String {
        let dev = "dev \(e.device)" + (deviceName.map { " \"\(DisplayText.quotable($0))\"" } ?? "")
        switch e.payload {
        case .touch(let t):
            return pad("touch-" + t.phase.rawValue) + "\(dev) touch \(t.id) at \(t.location)"
        case .touchpadSwipe(let s):
            return pad("swipe-" + s.phase.rawValue)
                + "\(dev) fingers \(s.fingers) delta \(s.delta)\(s.cancelled ? " cancelled" : "") at \(s.location)"
        case .touchpadPinch(let p):
            return pad("pinch-" + p.phase.rawValue)
                + "\(dev) fingers \(p.fingers) scale \(formatCoordinate(p.scale)) angle \(formatCoordinate(p.angleDeltaDegrees))"
                + " delta \(p.delta)\(p.cancelled ? " cancelled" : "") at \(p.location)"
        case .pointerMotion(let p):
            return pad("motion") + "\(dev) at \(p)"
        case .button(let b):
            return pad(b.isPress ? "button-press" : "button-release") + "\(dev) button \(b.button) at \(b.location)"
        case .modifiers(let m):
            return pad("modifiers") + m.description
        }
    }
}

private func pad(_ s: String) -> String {
    s + String(repeating: " ", count: max(1, 15 - s.count))
}
