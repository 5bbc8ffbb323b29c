import Glibc

/// Waits until `fd` reports one of `events` or the deadline passes; retries on EINTR with
/// the time that is left. Returns the reported events, or 0 on timeout.
func waitForEvents(fd: Int32, events: Int16, until deadline: Deadline) throws -> Int16 {
    while true {
        var pfd = pollfd(fd: fd, events: events, revents: 0)
        let n = poll(&pfd, 1, deadline.remainingMilliseconds)
        if n > 0 { return pfd.revents }
        if n == 0 { return 0 }
        if errno != EINTR { throw TestServerError.system(call: "poll", code: errno) }
    }
}
