import CXgest
import Glibc

extension TestWindow {
    /// Collects events until `isComplete` holds for everything collected so far, blocking
    /// on the connection in between, for events caused by another process (xgest's
    /// actions) whose timing no driver sync can pin down. Returns what was collected,
    /// complete or not once `timeoutMilliseconds` pass.
    public func collectEvents(
        timeoutMilliseconds: Int = 5_000, until isComplete: ([TestWindowEvent]) -> Bool
    ) throws -> [TestWindowEvent] {
        guard let display else { throw TestServerError.serverNotRunning }
        let deadline = Deadline(millisecondsFromNow: timeoutMilliseconds)
        var events = try receivedEvents()
        while !isComplete(events), !deadline.hasPassed {
            _ = try waitForEvents(fd: XConnectionNumber(display), events: Int16(POLLIN), until: deadline)
            events += try receivedEvents()
        }
        return events
    }
}
