import Glibc
import SystemPackage
import XgestSystem

/// Waits until one of `fds` reports one of its events or the deadline passes (through the
/// one poll() wrapper, ``Poll``). Returns how many descriptors reported events (see their
/// `revents`), 0 on timeout.
func waitForEvents(_ fds: inout [pollfd], until deadline: Deadline) throws -> Int {
    do {
        return try Poll.wait(&fds, timeoutMilliseconds: deadline.remainingMilliseconds)
    } catch {
        throw TestServerError.system(call: "poll", code: error.rawValue)
    }
}

/// The wait above for one descriptor. Returns the reported events, or 0 on timeout.
func waitForEvents(fd: Int32, events: Int16, until deadline: Deadline) throws -> Int16 {
    var fds = [pollfd(fd: fd, events: events, revents: 0)]
    return try waitForEvents(&fds, until: deadline) > 0 ? fds[0].revents : 0
}
