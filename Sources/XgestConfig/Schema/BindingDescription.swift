import XgestCore

/// `xgest check --verbose`: what each binding will do, one line each, in words a user can
/// check against what they meant: `desktop-next: a 3-finger touchpad swipe left, anywhere:
/// desktop next`.
extension XgestConfiguration {
    public var bindingDescriptions: [String] {
        bindings.map { b in "\(b.name): \(gestureWords(b)), \(placeWords(b)): \(actionWords(b))" }
    }

    private func gestureWords(_ b: GestureBinding) -> String {
        var words: [String] = []
        if let device = b.devices.first, !GestureAvailability.isDrawn(b.kind), let n = b.fingers(on: device), n > 0 {
            words.append("\(n)-finger")
        }
        words.append(b.devices.map(\.rawValue).joined(separator: " or "))
        if b.kind == .tap, let taps = b.taps, taps > 1 { words.append(taps == 2 ? "double" : "\(taps)-times") }
        if let shape = b.shape { words.append(shape) }
        words.append(b.kind == .edge ? "edge swipe" : b.kind.rawValue.replacingHyphens())
        var s = words.joined(separator: " ")
        if let d = b.direction { s += b.kind == .edge ? " in from the \(d.rawValue)" : " \(d.rawValue)" }
        if let cells = b.pattern { s += " " + cells.map(String.init).joined(separator: "-") }
        if b.kind == .scrub {
            let seconds = b.scrubDurationSeconds ?? ScrubSettings.defaultDurationSeconds
            s += " turning back \(b.reversals ?? ScrubSettings.defaultReversals) times within \(formatSeconds(seconds))"
        }
        var with: [String] = []
        if GestureAvailability.isDrawn(b.kind), b.devices.contains(.pointer) {
            with.append("button \(b.button ?? GestureBinding.defaultButton)")
        }
        if let m = b.conditions.modifiers { with.append(m.isEmpty ? "no modifier held" : "\(m) held") }
        if !with.isEmpty { s += " with " + with.joined(separator: " and ") }
        if let e = b.conditions.edge { s += " from the \(e.rawValue) edge" }
        return (s.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + s
    }

    /// Where the gesture must start, as the holds lines say it (`on monitor HDMI-*`); the
    /// edge is in the gesture's words.
    private func placeWords(_ b: GestureBinding) -> String {
        var places: [String] = []
        if let app = b.app, apps.indices.contains(app) { places.append("in \(apps[app].description) windows") }
        if let m = b.conditions.monitor { places.append("on monitor \(m.description)") }
        if b.conditions.region != nil {
            places.append(b.conditions.monitor == nil ? "in its region of the screen" : "in its region")
        }
        // An edge condition holds on every monitor's edge: no gesture starts "anywhere".
        if places.isEmpty, b.conditions.edge != nil || b.kind == .edge { places.append("on any monitor") }
        return places.isEmpty ? "anywhere" : places.joined(separator: ", ")
    }

    private func actionWords(_ b: GestureBinding) -> String {
        var s = mainActionWords(b)
        if let begin = b.beginAction { s = "\(begin.text) when it begins, " + s }
        if let end = b.endAction { s += ", \(end.text) when it ends" }
        return s
    }

    private func mainActionWords(_ b: GestureBinding) -> String {
        var s = b.action.text
        if let failure = b.failureAction { s += "; a wrong pattern: \(failure.text)" }
        if case .drag = b.action.action { return s + " from its begin to its end" }
        switch b.trigger {
        case .automatic: break
        case .begin: s += " when it begins"
        case .update: s += " at every change"
        case .end: s += " when it ends"
        case .repeat:
            s += " at every step"
            if let reverse = b.reverseAction { s += ", \(reverse.text) at every step back" }
        }
        return s
    }
}

extension String {
    fileprivate func replacingHyphens() -> String { String(map { $0 == "-" ? " " : $0 }) }
}
