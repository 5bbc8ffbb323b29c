extension BindingSet {
    /// What each touchscreen binding holds from applications, and how long at most, one
    /// line per binding, for `xgest check` and `xgest run --debug`:
    /// `maximize: holds one-finger touches up to 50 ms (less if they move 4 px)`.
    ///
    /// A held touch reaches the application late: a toolkit starts its long-press timer
    /// when the touch arrives, so every held millisecond is added to every long press. The
    /// rules are ``TouchHandback``'s; this says what they cost for each binding.
    public var touchscreenHolds: [String] {
        entries.compactMap { e -> String? in
            guard e.device == .touchscreen, bindings[e.binding].isEnabled else { return nil }
            let b = bindings[e.binding]
            let fingers = b.panFingerRange?.lowerBound ?? b.fingers(on: .touchscreen) ?? 1
            let t = tunables(forBinding: e.binding)
            let window = b.holdTouchesSeconds ?? t.fingerLandingWindowSeconds
            let landing = Self.milliseconds(window)
            let slop = Self.pixels(t.fingerLandingMovementPx)
            let fewer = fingers == 2 ? "one-finger" : "one- to \(Self.count(fingers - 1))-finger"
            let own = "\(Self.count(fingers))-finger"
            // The window starts again at each landing (landingDeadline), up to the total:
            // a lone finger is held the window, fingers landing one after the other longer.
            let total = max(window, maximumFingerLandingSpreadSeconds)
            let each = fingers > 2 && total > window ? " after each landing, \(Self.milliseconds(total)) in all" : ""
            let waitForOthers = "holds \(fewer) touches up to \(landing)\(each) (less if they move \(slop))"
            let stillFinger =
                " (less if they stay within \(Self.pixels(t.strokeStartDistancePx)) for "
                + "\(Self.milliseconds(StrokeSettings(shape: "").startWindowSeconds)))"
            // A global binding holds nothing in the windows of a section that disables or
            // replaces it: there its touches go back at once, or to the replacing binding,
            // whose own line says what it holds.
            let where_ = b.app.map { " in \(apps[$0].description) windows" } ?? exceptIn(e.shadowedBy)
            guard b.cancelsTouches else {
                return "\(b.name): touchscreen\(where_): holds nothing (cancels-touches = false: applications get "
                    + "its touches at once, and it watches them too)"
            }
            let what: String
            switch b.kind {
            case .tap:
                let taps = b.taps ?? 1
                let own_ =
                    "\(own) touches until they lift or move \(Self.pixels(t.tapMovementPx)) (up to "
                    + "\(Self.milliseconds(t.tapDurationSeconds)))"
                    + (taps > 1 ? ", then the next tap up to \(Self.milliseconds(t.tapIntervalSeconds))" : "")
                what = fingers > 1 ? "\(waitForOthers); \(own_)" : "holds \(own_)"
            case .longPress:
                let moved = Self.pixels(t.longPressMovementPx)
                let press = Self.milliseconds(t.longPressDurationSeconds)
                let own_: String
                switch b.taps ?? 0 {
                case 0:
                    own_ = "\(own) touches up to \(press) (less if they move \(moved) or lift)"
                case let taps:
                    // The taps before the press hold as a multi-tap's do: a lift starts the
                    // wait for the next touch, it does not hand the touches back.
                    let interval = Self.milliseconds(t.tapIntervalSeconds)
                    let next =
                        taps == 1
                        ? ", then the next touch up to \(interval)"
                        : " for each of \(taps) taps, each next touch up to \(interval) after the lift"
                    own_ =
                        "\(own) touches until they lift or move \(moved) (up to "
                        + "\(Self.milliseconds(t.tapDurationSeconds)))\(next), and the press up to \(press) "
                        + "(less if it moves \(moved) or lifts)"
                }
                what = fingers > 1 ? "\(waitForOthers); \(own_)" : "holds \(own_)"
            case .pan:
                let moved = "until they move \(Self.pixels(t.panDistancePx)) or diverge (a pinch)"
                what = fingers > 1 ? "\(waitForOthers); \(own) touches \(moved)" : "holds \(own) touches \(moved)"
            case .swipe:
                let moved =
                    "until they move \(Self.pixels(t.swipeDistancePx))–\(Self.pixels(t.swipeFastDistancePx)) "
                    + "or diverge (a pinch), up to \(Self.milliseconds(t.swipeDurationSeconds))"
                what = fingers > 1 ? "\(waitForOthers); \(own) touches \(moved)" : "holds \(own) touches \(moved)"
            case .pinch, .rotate:
                what =
                    "\(waitForOthers); \(own) touches until they pinch or turn past the threshold, move side by side, or lift"
            case .edge:
                what =
                    "holds touches landing within \(Self.pixels(t.edgeThicknessPx)) of the monitor edge until they "
                    + "move \(Self.pixels(t.edgeDistancePx)); others not at all"
            case .stroke:
                what = "holds one-finger touches until the stroke is classified" + stillFinger
            case .pattern:
                what = "holds one-finger touches until they lift" + stillFinger
            case .scrub:
                what =
                    "holds one-finger touches until they turn back \(b.reversals ?? 3) times, up to "
                    + "\(Self.milliseconds(b.scrubDurationSeconds ?? ScrubSettings.defaultDurationSeconds))"
            case .custom:
                return nil
            }
            // Touches starting elsewhere are never offered to it: it holds nothing of them.
            let only = Self.startPlaces(of: b)
            let elsewhere = only.isEmpty ? "" : "; only touches starting " + only.joined(separator: " and ")
            return "\(b.name): touchscreen\(where_): \(what)\(elsewhere)"
        }
    }

    static func milliseconds(_ seconds: Double) -> String {
        let ms = (seconds * 1000).rounded()
        return ms >= 1000 && ms.truncatingRemainder(dividingBy: 1000) == 0 ? "\(Int(ms / 1000)) s" : "\(Int(ms)) ms"
    }

    /// Whole pixels: millimetre settings convert to fractions no one needs to read.
    static func pixels(_ px: Double) -> String {
        guard px.isFinite, abs(px) < 1e9 else { return "\(px) px" }
        return "\(Int(px.rounded())) px"
    }

    static func count(_ n: Int) -> String {
        ["zero", "one", "two", "three", "four", "five"].indices.contains(n)
            ? ["zero", "one", "two", "three", "four", "five"][n] : "\(n)"
    }
}
