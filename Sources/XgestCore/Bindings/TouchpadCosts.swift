extension BindingSet {
    /// What the touchpad bindings take from applications, one line per binding, for
    /// `xgest check`: `zoom: global touchpad pinch: applications lose their own pinch zoom`.
    /// An `[[app]]` binding's cost stays in the windows it was written for; a `monitor`,
    /// `region` or `edge` condition keeps it to where the pointer is when the gesture starts.
    ///
    /// xgest keeps or hands back a touchpad gesture when it begins, before X tells its
    /// direction, scale or angle: a binding takes every gesture of its type and finger
    /// count that starts where it applies, whatever its `direction`. A rotation comes as
    /// pinch events, so a rotate binding takes pinches too. So a section that disables a
    /// binding gets its gestures back only if no other binding there takes the same type
    /// and finger count: the line names the bindings that still do.
    ///
    /// An `[[app]]` binding gets a line of its own after them, for its section's windows:
    /// a rotate binding there, or a pinch one with a direction, takes every pinch there too.
    public var touchpadCosts: [String] {
        let inApps = entries.compactMap { e -> String? in
            guard e.device == .touchpad, let app = bindings[e.binding].app else { return nil }
            return appCost(bindings[e.binding], in: app)
        }
        return globalTouchpadCosts + inApps
    }

    private var globalTouchpadCosts: [String] {
        entries.compactMap { e -> String? in
            let b = bindings[e.binding]
            guard e.device == .touchpad, b.app == nil else { return nil }
            let what: String
            let lost: String
            let gestures: String
            switch b.kind {
            case .swipe:
                what = "touchpad swipe"
                gestures = "swipes"
                lost = "get no " + (b.fingers(on: .touchpad).map { "\($0)-finger " } ?? "") + "touchpad swipes"
            case .pinch, .rotate:
                what = "touchpad " + b.kind.rawValue
                gestures = "pinches"
                let fingers = b.fingers(on: .touchpad).map { " with \($0) fingers" } ?? ""
                lost = "lose their own pinch zoom" + (b.kind == .rotate ? " and rotation" : "") + fingers
            case .tap, .longPress, .pan, .edge, .stroke, .pattern, .scrub, .custom:
                return nil
            }
            var line = "\(b.name): global \(what): applications \(lost)"
            // A section that replaces it with a binding of the same gesture takes it there
            // too; one that disables it hands it back only if no other binding takes it.
            let disabledIn = e.shadowedBy.filter { apps[$0].disabled.contains(b.name) }
            let takers = disabledIn.map { stillTaking(b, except: e.binding, in: $0) }
            line += exceptIn(zip(disabledIn, takers).filter { $0.1.names.isEmpty }.map(\.0))
            // Where the pointer must be for it to take one: elsewhere the gesture is the application's.
            let only = Self.startPlaces(of: b)
            if !only.isEmpty { line += ", only " + only.joined(separator: " and ") }
            if let m = b.conditions.modifiers { line += " (with \(m.description) held)" }
            for (a, t) in zip(disabledIn, takers) where !t.names.isEmpty {
                let verb = t.whole ? (t.names.count == 1 ? "still takes" : "still take") : "can still take"
                line +=
                    "; in \(apps[a].description) windows, where it is disabled, "
                    + t.names.joined(separator: " and ") + " \(verb) the \(gestures)"
            }
            return line
        }
    }

    /// What an `[[app]]` touchpad binding takes from its section's windows:
    /// `rotate: touchpad rotate in class "firefox" windows: applications get no 2-finger
    /// touchpad pinches (their own pinch zoom; X sends a rotation as a pinch)`.
    private func appCost(_ b: GestureBinding, in app: Int) -> String? {
        guard b.isEnabled else { return nil }
        let fingers = b.fingers(on: .touchpad).map { "\($0)-finger " } ?? ""
        let lost: String
        switch b.kind {
        case .swipe: lost = "get no \(fingers)touchpad swipes"
        case .pinch: lost = "get no \(fingers)touchpad pinches, in or out (their own pinch zoom)"
        case .rotate: lost = "get no \(fingers)touchpad pinches (their own pinch zoom; X sends a rotation as a pinch)"
        case .tap, .longPress, .pan, .edge, .stroke, .pattern, .scrub, .custom: return nil
        }
        var line = "\(b.name): touchpad \(b.kind.rawValue) in \(apps[app].description) windows: applications \(lost)"
        let only = Self.startPlaces(of: b)
        if !only.isEmpty { line += ", only " + only.joined(separator: " and ") }
        if let m = b.conditions.modifiers { line += " (with \(m.description) held)" }
        return line
    }

    /// The other touchpad bindings that take gestures of `b`'s type (swipe, or pinch and
    /// rotate) and finger count in the windows of section `app`: the section's own, and the
    /// global ones it neither disables nor replaces. `whole`: they take every such gesture,
    /// with no condition on modifiers or where the pointer is, and with any finger count
    /// `b` takes.
    private func stillTaking(_ b: GestureBinding, except index: Int, in app: Int) -> (names: [String], whole: Bool) {
        let pinchLike: Set<GestureKind> = [.pinch, .rotate]
        let fingers = b.fingers(on: .touchpad)
        var names: [String] = []
        var whole = false
        for e in entries where e.device == .touchpad && e.binding != index {
            let other = bindings[e.binding]
            guard
                other.isEnabled,
                other.kind == b.kind || (pinchLike.contains(other.kind) && pinchLike.contains(b.kind)),
                other.app.map({ $0 == app }) ?? !e.shadowedBy.contains(app)
            else { continue }
            let otherFingers = other.fingers(on: .touchpad)
            guard fingers == nil || otherFingers == nil || otherFingers == fingers else { continue }
            if !names.contains(other.name) { names.append(other.name) }
            let c = other.conditions
            let everywhere = c.modifiers == nil && c.monitor == nil && c.region == nil && c.edge == nil
            if everywhere && (otherFingers == nil || otherFingers == fingers) { whole = true }
        }
        return (names, whole)
    }
}
