import Glibc

/// Blocks until one of the file descriptors is readable or the timeout passes: the only
/// place the daemon waits. With no timer pending the timeout is infinite, so an idle
/// xgest uses no CPU at all.
public enum Poller {
    /// Indices of the readable descriptors; empty on timeout. `timeoutMilliseconds` nil waits forever.
    public static func wait(_ fds: [Int32], timeoutMilliseconds: Int32?) -> [Int] {
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let n = poll(&entries, nfds_t(entries.count), timeoutMilliseconds ?? -1)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return [] }
            return entries.indices.filter { entries[$0].revents != 0 }
        }
    }
}
