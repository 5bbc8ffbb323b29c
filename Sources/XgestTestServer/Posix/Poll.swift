import Glibc

/// Waits until one of `fds` reports one of its events or the deadline passes; retries on
/// EINTR with the time that is left, never the whole timeout again. Returns how many
/// descriptors reported events (see their `revents`), 0 on timeout.
func waitForEvents(_ fds: inout [pollfd], until deadline: Deadline) throws -> Int {
    while true {
        let n = poll(&fds, nfds_t(fds.count), deadline.remainingMilliseconds)
        if n >= 0 { return Int(n) }
        if errno != EINTR { throw TestServerError.system(call: "poll", code: errno) }
    }
}

/// The wait above for one descriptor. Returns the reported events, or 0 on timeout.
func waitForEvents(fd: Int32, events: Int16, until deadline: Deadline) throws -> Int16 {
    var fds = [pollfd(fd: fd, events: events, revents: 0)]
    return try waitForEvents(&fds, until: deadline) > 0 ? fds[0].revents : 0
}
