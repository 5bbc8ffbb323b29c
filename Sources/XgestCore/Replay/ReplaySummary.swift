/// The closing line of `xgest replay`: how many input sequences the trace held, what the
/// engine decided about them, and how many actions would run. A trace where nothing fired
/// still says what happened, instead of printing nothing.
public struct ReplaySummary: Hashable, Sendable, CustomStringConvertible {
    /// Touch sequences (first finger down to last finger up), touchpad gestures, and pointer
    /// presses (first button down to last button up).
    public var sequences = 0
    public var accepted = 0
    public var handedBack = 0
    public var gestures = 0
    public var actions = 0
    /// Steps of repeating bindings dropped as the daemon drops them (their events came
    /// faster than one per ``RepeatRateLimiter/minimumInterval``).
    public var droppedSteps = 0

    public init() {}

    public var description: String {
        let decisions = accepted + handedBack
        var s = "summary: \(counted(sequences, "input sequence")), \(counted(decisions, "ownership decision"))"
        if decisions > 0 { s += " (\(accepted) accepted, \(handedBack) handed back)" }
        s += ", \(counted(gestures, "gesture")) recognized, \(counted(actions, "action"))"
        if droppedSteps > 0 {
            let ms = RepeatRateLimiter.minimumInterval.microseconds / 1000
            s += " (\(counted(droppedSteps, "step")) dropped: their events came faster than one per \(ms) ms)"
        }
        return s
    }

}

extension ReplaySummary {
    /// Counts a run as it goes, record by record: what it keeps is a few sets, of the
    /// touches and buttons down and of the sequences decided, never the trace.
    public struct Tally: Sendable {
        public private(set) var summary = ReplaySummary()
        private var touchesDown: [Int: Set<UInt32>] = [:]
        private var buttonsDown: [Int: Set<Int>] = [:]
        /// Sequences decided, per device: a decision is repeated for each touch landing in
        /// a decided sequence, and counts once.
        private var decided: [Int: Set<SequenceID>] = [:]

        public init() {}

        /// An input sequence starts: the first finger down on a touchscreen, a touchpad
        /// gesture's begin, the first button pressed.
        public mutating func count(_ e: InputEvent) {
            switch e.payload {
            case .touch(let t):
                var down = touchesDown[e.device] ?? []
                switch t.phase {
                case .begin:
                    if down.isEmpty { summary.sequences += 1 }
                    down.insert(t.id)
                case .end: down.remove(t.id)
                case .update: break
                }
                touchesDown[e.device] = down
            case .touchpadSwipe(let s) where s.phase == .begin: summary.sequences += 1
            case .touchpadPinch(let p) where p.phase == .begin: summary.sequences += 1
            case .button(let b):
                var down = buttonsDown[e.device] ?? []
                if b.isPress {
                    if down.isEmpty { summary.sequences += 1 }
                    down.insert(b.button)
                } else {
                    down.remove(b.button)
                }
                buttonsDown[e.device] = down
            case .touchpadSwipe, .touchpadPinch, .pointerMotion, .modifiers: break
            }
        }

        /// A step of a repeating binding dropped by the rate limit.
        public mutating func countDroppedStep() { summary.droppedSteps += 1 }

        /// The ownership decisions among the engine's outputs.
        public mutating func count(_ outputs: [EngineOutput]) {
            for case .ownership(let o) in outputs where decided[o.device, default: []].insert(o.sequence).inserted {
                if o.verdict == .accept { summary.accepted += 1 } else { summary.handedBack += 1 }
            }
        }

        /// A touchpad gesture's ownership, decided at its begin.
        public mutating func count(_ d: TouchpadGestureDecision) {
            if d.isKept { summary.accepted += 1 } else { summary.handedBack += 1 }
        }

        /// The gestures recognized (or begun) and the actions among the dry run's records.
        public mutating func count(_ records: [DryRunRecord]) {
            for r in records {
                switch r {
                case .gesture(let g, _, _) where g.state == .recognized || g.state == .began: summary.gestures += 1
                case .action: summary.actions += 1
                case .gesture, .stroke, .explanation, .lock, .skipped, .touchpadOwnership: break
                }
            }
        }
    }
}
