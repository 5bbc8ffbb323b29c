/// Records earlier than one before them. A recording may hold some: events a grab held
/// back are sent when it lets go, with the times they were made, after other devices'
/// later events. The engine takes each at the time it has reached, as `xgest run` takes
/// input that arrives late, so the replay is the daemon's; but a trace written by hand out
/// of order replays as something it does not say, so `xgest replay` warns of them.
public struct TraceTimeOrder: Sendable {
    private var latest: EventTime?
    private var late = 0
    private var first: (line: Int, time: EventTime, after: EventTime)?

    public init() {}

    public mutating func note(_ time: EventTime, line: Int) {
        guard let latest, time < latest else {
            latest = time
            return
        }
        late += 1
        if first == nil { first = (line, time, latest) }
    }

    /// `LINE: warning: …`, or nil when every record is in time order.
    public var warning: String? {
        guard let first else { return nil }
        let others = late > 1 ? " (and \(late - 1) more record\(late > 2 ? "s" : ""))" : ""
        return "\(first.line): warning: time \(first.time) s is earlier than \(first.after) s on a line before"
            + "\(others); each such record is taken at the time already reached, as xgest run takes input that "
            + "arrives late"
    }
}
