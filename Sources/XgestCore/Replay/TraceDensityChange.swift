/// A screen record whose density differs from the header's. The daemon converts the
/// config's millimetres anew when the density changes; replay converts them once, at the
/// header's density, so `xgest replay` warns that gestures after such a line may be judged
/// otherwise than live.
public struct TraceDensityChange: Sendable {
    private typealias Noted = (line: Int, pixelsPerMillimeter: Double)
    /// The first screen record's density, and the first other one after it: whatever the
    /// header says, one of the two is the first that differs from it, if any does.
    private var first: Noted?
    private var firstOther: Noted?

    public init() {}

    public mutating func note(_ record: TraceRecord, line: Int) {
        guard firstOther == nil, case .screen(_, let screen) = record, let ppm = screen.pixelsPerMillimeter else {
            return
        }
        guard let first else {
            first = (line, ppm)
            return
        }
        if ppm != first.pixelsPerMillimeter { firstOther = (line, ppm) }
    }

    /// `LINE: warning: …` when a screen record's density is not `header`'s, else nil.
    public func warning(header: Double) -> String? {
        guard let first else { return nil }
        guard let changed = first.pixelsPerMillimeter != header ? first : firstOther else { return nil }
        return "\(changed.line): warning: the screen's density changed to \(traceNumber(changed.pixelsPerMillimeter)) "
            + "px/mm; replay converts millimetre settings at the start's \(traceNumber(header)) px/mm throughout, "
            + "where xgest run converted them anew"
    }
}
