extension BindingSet {
    /// What the global touchpad bindings take from applications, one line per binding, for
    /// `xgest check`: `zoom: global touchpad pinch: applications lose their own pinch zoom`.
    /// An `[[app]]` binding's cost stays in the windows it was written for; a `monitor`,
    /// `region` or `edge` condition keeps it to where the pointer is when the gesture starts.
    ///
    /// xgest keeps or hands back a touchpad gesture when it begins, before X tells its
    /// direction, scale or angle: a binding takes every gesture of its type and finger
    /// count that starts where it applies, whatever its `direction`. A rotation comes as
    /// pinch events, so a rotate binding takes pinches too.
    public var touchpadCosts: [String] {
        entries.compactMap { e -> String? in
            let b = bindings[e.binding]
            guard e.device == .touchpad, b.app == nil else { return nil }
            let what: String
            let lost: String
            switch b.kind {
            case .swipe:
                what = "touchpad swipe"
                lost = "get no " + (b.fingers(on: .touchpad).map { "\($0)-finger " } ?? "") + "touchpad swipes"
            case .pinch, .rotate:
                what = "touchpad " + b.kind.rawValue
                let fingers = b.fingers(on: .touchpad).map { " with \($0) fingers" } ?? ""
                lost = "lose their own pinch zoom" + (b.kind == .rotate ? " and rotation" : "") + fingers
            case .tap, .longPress, .pan, .edge, .stroke, .pattern, .scrub, .custom:
                return nil
            }
            var line = "\(b.name): global \(what): applications \(lost)"
            // A section with a binding of the same type still takes the gesture, whichever binding ends up with it.
            let handedBackIn = e.shadowedBy.filter { a in
                apps[a].disabled.contains(b.name) && !Self.takesType(of: b, in: a, bindings)
            }
            line += exceptIn(handedBackIn)
            // Where the pointer must be for it to take one: elsewhere the gesture is the application's.
            let only = Self.startPlaces(of: b)
            if !only.isEmpty { line += ", only " + only.joined(separator: " and ") }
            if let m = b.conditions.modifiers { line += " (with \(m.description) held)" }
            return line
        }
    }

    /// Whether a section has a touchpad binding of the same X gesture type (swipe, or
    /// pinch and rotate) as `b`: then a gesture there is still taken.
    private static func takesType(of b: GestureBinding, in app: Int, _ bindings: [GestureBinding]) -> Bool {
        let pinchLike: Set<GestureKind> = [.pinch, .rotate]
        return bindings.contains { other in
            other.app == app && other.devices.contains(.touchpad)
                && (other.kind == b.kind || (pinchLike.contains(other.kind) && pinchLike.contains(b.kind)))
        }
    }
}
