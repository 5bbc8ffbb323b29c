/// What one pass of the daemon's loop may spend on X input before it services everything
/// else (signals, timers, exited children, config reloads). Input can come faster than it
/// is handled (a flood of touchpad updates each firing an action, whose round trips read
/// more events in), so a pass ends on whichever bound comes first, and what is left waits
/// for the next pass, after one poll() that does not wait.
public struct PassBudget {
    /// Events handled in one pass, at most.
    static let maximumEventsPerPass = 256
    /// Time one pass may take, in microseconds: 5 ms. A signal is then answered within a
    /// pass or two, well inside 100 ms, whatever the input rate.
    static let maximumPassMicroseconds: UInt64 = 5_000

    private let deadline: UInt64
    private var events = 0

    public init() { deadline = DebugTrace.monotonicMicroseconds() &+ Self.maximumPassMicroseconds }

    /// Counts one more event; false once the pass has used its budget.
    mutating func allowsAnother() -> Bool {
        guard events < Self.maximumEventsPerPass else { return false }
        events += 1
        return DebugTrace.monotonicMicroseconds() < deadline
    }
}
