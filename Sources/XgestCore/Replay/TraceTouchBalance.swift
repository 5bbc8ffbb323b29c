/// Touches a trace leaves unbalanced: a `touch-begin` of a touch already down on its
/// device, a `touch-update` or `touch-end` of a touch that is not down, and a touch that
/// never ends. The X server sends none of the first two, so a recording has them only
/// when edited by hand; the engine ignores them as it would live, and the gesture they
/// were meant for is judged on what is left. A touch that never ends is a recording cut
/// short, or an end deleted: its sequence stays undecided and fires nothing. Replayed
/// without a word, either looked like a gesture that did not fire for no reason, so
/// `xgest replay` warns of them.
public struct TraceTouchBalance: Sendable {
    private struct Touch: Hashable, Sendable {
        var device: Int
        var id: UInt32
    }

    /// A kind of unbalanced record: the first one's line and words, and how many in all.
    private struct Kind: Sendable {
        var line: Int
        var words: String
        var count = 1
    }

    /// The touches down, with the line each began on.
    private var down: [Touch: Int] = [:]
    private var beganAgain: Kind?
    private var notDown: Kind?

    public init() {}

    public mutating func note(_ record: TraceRecord, line: Int) {
        guard case .input(let event) = record, case .touch(let sample) = event.payload else { return }
        let touch = Touch(device: event.device, id: sample.id)
        switch sample.phase {
        case .begin:
            guard let since = down[touch] else {
                down[touch] = line
                return
            }
            Self.count(
                &beganAgain, line: line,
                words: "touch \(touch.id) of device \(touch.device) begins again while it is down (since line \(since))"
            )
        case .update, .end:
            let gone = sample.phase == .end ? down.removeValue(forKey: touch) : down[touch]
            guard gone == nil else { return }
            Self.count(
                &notDown, line: line,
                words:
                    "touch-\(sample.phase.rawValue) of touch \(touch.id) of device \(touch.device), which is not down")
        }
    }

    private static func count(_ kind: inout Kind?, line: Int, words: String) {
        if kind == nil {
            kind = Kind(line: line, words: words)
        } else {
            kind?.count += 1
        }
    }

    /// `LINE: warning: …` for each kind of unbalanced record, in line order; none for a
    /// balanced trace.
    public var warnings: [String] {
        var out: [(line: Int, text: String)] = []
        if let k = beganAgain {
            out.append(
                (
                    k.line,
                    "\(k.line): warning: \(k.words)\(Self.more(k.count, "record")); ignored, as xgest run ignores one"
                ))
        }
        if let k = notDown {
            out.append(
                (
                    k.line,
                    "\(k.line): warning: \(k.words)\(Self.more(k.count, "record")); ignored, as xgest run ignores one"
                ))
        }
        if let (touch, line) = down.min(by: { $0.value < $1.value }) {
            out.append(
                (
                    line,
                    "\(line): warning: touch \(touch.id) of device \(touch.device) never ends"
                        + "\(Self.more(down.count, "touch"))"
                        + ": the trace stops while it is down, so the gesture it belongs to is not decided and fires nothing"
                ))
        }
        return out.sorted { $0.line < $1.line }.map(\.text)
    }

    /// " (and N more records)" past the first, or nothing.
    private static func more(_ count: Int, _ noun: String) -> String {
        count > 1 ? " (and \(count - 1) more \(noun)\(count > 2 ? (noun == "touch" ? "es" : "s") : ""))" : ""
    }
}
