import XgestCore

/// Why one binding can never fire beside another, and what lets it: the engine's
/// arbitration worked out for pairs of bindings, for `xgest check` and the daemon's load.
///
/// The engine fails every other recognizer on the same touches when one begins or
/// recognizes (prevention both ways, by default), so a binding never fires when another
/// always begins first, or always at the same event and tried before it (an `[[app]]`'s
/// bindings are tried before the global ones, and each scope's in file order). Each rule
/// says so only where it is certain: where every input that would fire the loser makes the
/// winner begin first. Anything that may let the loser through, a condition of the winner
/// the loser lacks, a setting of the winner that fails it where the loser carries on, or a
/// relation between the two, keeps a rule from applying.
enum PreemptionRules {
    /// What the warning says: why the loser never fires, and what lets it.
    struct Preemption: Equatable {
        var why: String
        var fix: String
    }

    /// The two bindings as the rules need them: each with its tunables at the densities a
    /// screen may have (the message quotes the first, the default density), and whether
    /// the winner is tried first on a tie (earlier in the same scope).
    struct Pair {
        var winner: GestureBinding
        var loser: GestureBinding
        var winnerTunables: [RecognizerTunables]
        var loserTunables: [RecognizerTunables]
        var winnerTriedFirst: Bool
        /// Whether a tap waits by default for the winner's fingers' multi-taps: some tap
        /// binding with the winner's fingers and more taps exists.
        var winnerWaitsForMoreTaps: Bool

        /// Whether `test` holds of the two bindings' tunables at every density: a setting
        /// in pixels compared with one in millimetres compares differently on another screen.
        func always(_ test: (RecognizerTunables, RecognizerTunables) -> Bool) -> Bool {
            zip(winnerTunables, loserTunables).allSatisfy { test($0, $1) }
        }

        var shown: (winner: RecognizerTunables, loser: RecognizerTunables) {
            (winnerTunables.first ?? RecognizerTunables(), loserTunables.first ?? RecognizerTunables())
        }
    }

    /// The kinds a direction narrows without changing when the gesture is decided: one with
    /// no direction recognizes at the very event one with a direction does. Not edges: at a
    /// corner, an edge gesture with no direction takes the nearer edge and may fail where
    /// one for the other edge begins. Not strokes, which need a shape or a direction.
    static let directionWidens: Set<GestureKind> = [.swipe, .pinch, .rotate]

    /// The same binding with what only names it or runs on it blanked: two bindings alike
    /// have the same one. ``widerRecognitions(of:)`` blanks the place, and the direction, the
    /// modifiers or the edge too.
    static func recognition(of binding: GestureBinding) -> GestureBinding {
        var key = binding
        key.name = ""
        key.action = BoundAction(.exec(arguments: []), text: "")
        key.reverseAction = nil
        key.beginAction = nil
        key.endAction = nil
        key.failureAction = nil
        key.trigger = .automatic
        return key
    }

    /// The recognitions, their place (`region`, `monitor`) blanked, of bindings that may
    /// take every gesture `binding` takes, at the same event: its own, and it without its
    /// direction, its modifiers or its `edge`, or any of them. Such a binding written
    /// first in the same scope always wins where its place takes the other's
    /// (``BindingPlace/takes(_:)``).
    static func widerRecognitions(of binding: GestureBinding) -> [GestureBinding] {
        var key = recognition(of: binding)
        key.conditions.region = nil
        key.conditions.monitor = nil
        var out = [key]
        if key.direction != nil && directionWidens.contains(key.kind) {
            out += out.map { k in
                var k = k
                k.direction = nil
                return k
            }
        }
        if key.conditions.modifiers != nil {
            out += out.map { k in
                var k = k
                k.conditions.modifiers = nil
                return k
            }
        }
        if key.conditions.edge != nil {
            out += out.map { k in
                var k = k
                k.conditions.edge = nil
                return k
            }
        }
        return out
    }

    /// Why `wider` (one of ``widerRecognitions(of:)`` whose place takes the other's,
    /// written first) pre-empts `narrow`.
    static func widerFirst(_ wider: GestureBinding, _ narrow: GestureBinding) -> Preemption {
        let (w, n) = (wider.conditions, narrow.conditions)
        var lacks: [String] = []
        if wider.direction == nil && narrow.direction != nil { lacks.append("no direction") }
        if w.modifiers == nil && n.modifiers != nil { lacks.append("no modifiers") }
        if w.edge == nil && n.edge != nil { lacks.append("no edge") }
        if let region = w.region, region != n.region {
            lacks.append("a region holding this one's")
        } else if w.region == nil && n.region != nil {
            lacks.append("no region")
        }
        if let monitor = w.monitor, monitor != n.monitor {
            lacks.append(
                "monitor \(quoteBasic(monitor.description)), which takes \(quoteBasic(n.monitor?.description ?? ""))")
        } else if w.monitor == nil && n.monitor != nil {
            lacks.append("no monitor")
        }
        let what = noun(narrow.kind)
        var fix = "write \(quoteBasic(narrow.name)) before \(quoteBasic(wider.name))"
        if narrow.direction != nil && wider.direction == nil {
            fix += ", or give \(quoteBasic(wider.name)) a direction"
        }
        return Preemption(
            why:
                "\(quoteBasic(wider.name)) takes the same \(what) first: it has \(listed(lacks)),"
                + " so it takes every \(what) this one does, at the same moment, and of two gestures"
                + " recognized at once the one written first wins",
            fix: fix)
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func listed(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The rules between bindings of different kinds, or of one kind with different
    /// settings: nil when `pair.winner` does not always pre-empt `pair.loser`.
    static func preemption(_ pair: Pair) -> Preemption? {
        let w = pair.winner
        let l = pair.loser
        guard mayPreempt(w, l) else { return nil }
        switch (w.kind, l.kind) {
        case (.pan, .swipe): return panBeforeSwipe(pair)
        case (.pan, .edge): return panBeforeEdge(pair)
        case (.longPress, .longPress): return shorterLongPress(pair)
        case (.tap, .longPress): return tapBeforeTapThenPress(pair)
        default: return nil
        }
    }

    /// Nothing relates the two or holds the winner back, both watch touchscreens (the
    /// loser nothing else), both are in one scope, and the winner watches every touch the
    /// loser does: each of its conditions is absent or the loser's.
    static func mayPreempt(_ w: GestureBinding, _ l: GestureBinding) -> Bool {
        guard w.isEnabled, l.isEnabled, w.app == l.app, l.devices == [.touchscreen], w.devices.contains(.touchscreen)
        else { return false }
        guard w.prevents == nil, w.preventedBy == nil, l.prevents == nil, l.preventedBy == nil,
            w.requiresFailureOf.isEmpty, !w.simultaneousWith.contains(l.name), !l.simultaneousWith.contains(w.name)
        else { return false }
        let (wc, lc) = (w.conditions, l.conditions)
        return (wc.edge == nil || wc.edge == lc.edge) && (wc.region == nil || wc.region == lc.region)
            && (wc.monitor == nil || wc.monitor == lc.monitor) && (wc.modifiers == nil || wc.modifiers == lc.modifiers)
    }

    /// Fingers landing and straying as the loser allows them are allowed the winner too.
    private static func landsAsWell(_ pair: Pair) -> Bool {
        pair.always { w, l in
            (pair.winner.holdTouchesSeconds ?? w.fingerLandingWindowSeconds)
                >= (pair.loser.holdTouchesSeconds ?? l.fingerLandingWindowSeconds)
                && w.fingerLandingMovementPx >= l.fingerLandingMovementPx
        }
    }

    /// A pan whose fewest fingers are the swipe's begins as they move its pan distance,
    /// short of any swipe's; both fail alike on fingers landing late or diverging.
    private static func panBeforeSwipe(_ pair: Pair) -> Preemption? {
        let fingers = pair.loser.fingers(on: .touchscreen) ?? 1
        guard let range = panFingers(pair.winner), range.lowerBound == fingers, landsAsWell(pair),
            pair.always({ w, l in w.panDistancePx < min(l.swipeDistancePx, l.swipeFastDistancePx) })
        else { return nil }
        let (w, l) = pair.shown
        return Preemption(
            why:
                "\(quoteBasic(pair.winner.name)) begins first: a \(count(fingers))-finger pan begins once the"
                + " fingers move \(pixels(w.panDistancePx)), a swipe needs \(pixels(l.swipeDistancePx)), and the"
                + " first gesture to begin fails the others, whatever their order in the file",
            fix:
                "give \(quoteBasic(pair.winner.name)) requires-failure-of = \(quoteBasic(pair.loser.name))"
                + " so that the pan waits for the swipe to fail")
    }

    /// A one-finger pan begins at its pan distance, an edge swipe at its edge distance:
    /// the pan first when its distance is shorter, at the same event when they are equal.
    private static func panBeforeEdge(_ pair: Pair) -> Preemption? {
        guard pair.loser.fingers(on: .touchscreen) ?? 1 == 1, let range = panFingers(pair.winner),
            range.lowerBound == 1
        else { return nil }
        let (w, l) = pair.shown
        let pan = quoteBasic(pair.winner.name)
        let edge = quoteBasic(pair.loser.name)
        if pair.always({ w, l in w.panDistancePx < l.edgeDistancePx }) {
            return Preemption(
                why:
                    "\(pan) begins first: a one-finger pan begins once the finger moves \(pixels(w.panDistancePx)),"
                    + " an edge swipe at \(pixels(l.edgeDistancePx)), and the first gesture to begin fails the"
                    + " others, whatever their order in the file",
                fix: "give \(pan) requires-failure-of = \(edge) so that the pan waits for the edge swipe to fail")
        }
        guard pair.winnerTriedFirst, pair.always({ w, l in w.panDistancePx <= l.edgeDistancePx }) else { return nil }
        return Preemption(
            why:
                "\(pan) begins first: a one-finger pan and an edge swipe both begin once the finger moves"
                + " \(pixels(w.panDistancePx)), and of two gestures beginning at once the one written first wins",
            fix: "write \(edge) before \(pan)")
    }

    /// Of two long presses of the same fingers and taps, the shorter begins first unless
    /// the press moves or lands in a way only the longer allows.
    private static func shorterLongPress(_ pair: Pair) -> Preemption? {
        let (wb, lb) = (pair.winner, pair.loser)
        guard wb.fingers(on: .touchscreen) == lb.fingers(on: .touchscreen), wb.effectiveTaps == lb.effectiveTaps,
            landsAsWell(pair),
            pair.always({ w, l in
                w.longPressDurationSeconds < l.longPressDurationSeconds
                    && w.longPressMovementPx >= l.longPressMovementPx
                    && (wb.effectiveTaps == 0
                        || (w.tapDurationSeconds >= l.tapDurationSeconds
                            && w.tapIntervalSeconds >= l.tapIntervalSeconds))
            })
        else { return nil }
        let (w, l) = pair.shown
        return Preemption(
            why:
                "\(quoteBasic(wb.name)) begins first: a long press of the same fingers begins at"
                + " \(milliseconds(w.longPressDurationSeconds)), this one needs"
                + " \(milliseconds(l.longPressDurationSeconds)), and the first gesture to begin fails the others,"
                + " whatever their order in the file",
            fix:
                "give \(quoteBasic(wb.name)) requires-failure-of = \(quoteBasic(lb.name)): it then acts when a press"
                + " is let go before \(milliseconds(l.longPressDurationSeconds))")
    }

    /// A single tap is recognized at the first lift, which a long press after taps needs
    /// to go on: it fails the press there. Not when the tap waits for anything (its own
    /// `requires-failure-of`, or by default for a double tap of its fingers): the press may
    /// then begin first.
    private static func tapBeforeTapThenPress(_ pair: Pair) -> Preemption? {
        let (wb, lb) = (pair.winner, pair.loser)
        guard wb.effectiveTaps == 1, lb.effectiveTaps >= 1, !pair.winnerWaitsForMoreTaps,
            wb.fingers(on: .touchscreen) == lb.fingers(on: .touchscreen), landsAsWell(pair),
            pair.always({ w, l in
                w.tapDurationSeconds >= l.tapDurationSeconds && w.tapMovementPx >= l.longPressMovementPx
            })
        else { return nil }
        let taps = lb.effectiveTaps == 1 ? "a tap" : "taps"
        let interval = milliseconds(pair.shown.loser.tapIntervalSeconds)
        return Preemption(
            why:
                "\(quoteBasic(wb.name)) is recognized at the first lift, before the press this one waits for"
                + " after \(taps), and the first gesture recognized fails the others",
            fix:
                "give \(quoteBasic(wb.name)) requires-failure-of = \(quoteBasic(lb.name)) so that the tap waits"
                + " for it to fail (a tap then acts \(interval) after its lift)")
    }

    private static func panFingers(_ b: GestureBinding) -> ClosedRange<Int>? {
        if let r = b.panFingerRange { return r }
        let n = b.fingers(on: .touchscreen) ?? 1
        return n...n
    }

    static func noun(_ kind: GestureKind) -> String {
        switch kind {
        case .longPress: return "long press"
        case .edge: return "edge swipe"
        case .rotate: return "rotation"
        default: return kind.rawValue
        }
    }

    static func pixels(_ px: Double) -> String { "\(Int(px.rounded())) px" }

    static func milliseconds(_ seconds: Double) -> String { "\(Int((seconds * 1000).rounded())) ms" }

    static func count(_ n: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five"]
        return words.indices.contains(n) ? words[n] : "\(n)"
    }
}
