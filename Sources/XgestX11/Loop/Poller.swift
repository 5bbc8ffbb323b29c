import Glibc
import XgestSystem

/// Blocks until one of the file descriptors is readable or the timeout passes: the only
/// place the daemon waits. With no timer pending the timeout is infinite, so an idle
/// xgest uses no CPU at all.
public enum Poller {
    /// Indices of the readable descriptors; empty on timeout (or on a poll() error, which
    /// for descriptors the daemon owns means none is ready). `timeoutMilliseconds` nil
    /// waits forever; a signal does not restart the whole timeout (see ``Poll``).
    public static func wait(_ fds: [Int32], timeoutMilliseconds: Int32?) -> [Int] {
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard let n = try? Poll.wait(&entries, timeoutMilliseconds: timeoutMilliseconds), n > 0 else { return [] }
        return entries.indices.filter { entries[$0].revents != 0 }
    }
}
