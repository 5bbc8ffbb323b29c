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

    public init() {}

    public init(trace: Trace, outputs: [EngineOutput], records: [DryRunRecord]) {
        sequences = Self.countSequences(trace)
        // A decision is repeated for each touch landing in a decided sequence: count sequences.
        var decided: Set<String> = []
        for case .ownership(let o) in outputs where decided.insert("\(o.device)/\(o.sequence)").inserted {
            if o.verdict == .accept { accepted += 1 } else { handedBack += 1 }
        }
        for r in records {
            switch r {
            case .gesture(let g, _, _) where g.state == .recognized || g.state == .began: gestures += 1
            case .action: actions += 1
            case .gesture, .stroke, .explanation: break
            }
        }
    }

    public var description: String {
        let decisions = accepted + handedBack
        var s = "summary: \(plural(sequences, "input sequence")), \(plural(decisions, "ownership decision"))"
        if decisions > 0 { s += " (\(accepted) accepted, \(handedBack) handed back)" }
        s += ", \(plural(gestures, "gesture")) recognized, \(plural(actions, "action"))"
        return s
    }

    private func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    private static func countSequences(_ trace: Trace) -> Int {
        var count = 0
        var touchesDown: [Int: Set<UInt32>] = [:]
        var buttonsDown: [Int: Set<Int>] = [:]
        for case .input(let e) in trace.records {
            switch e.payload {
            case .touch(let t):
                var down = touchesDown[e.device] ?? []
                switch t.phase {
                case .begin:
                    if down.isEmpty { count += 1 }
                    down.insert(t.id)
                case .end: down.remove(t.id)
                case .update: break
                }
                touchesDown[e.device] = down
            case .touchpadSwipe(let s) where s.phase == .begin: count += 1
            case .touchpadPinch(let p) where p.phase == .begin: count += 1
            case .button(let b):
                var down = buttonsDown[e.device] ?? []
                if b.isPress {
                    if down.isEmpty { count += 1 }
                    down.insert(b.button)
                } else {
                    down.remove(b.button)
                }
                buttonsDown[e.device] = down
            case .touchpadSwipe, .touchpadPinch, .pointerMotion, .modifiers: break
            }
        }
        return count
    }
}
