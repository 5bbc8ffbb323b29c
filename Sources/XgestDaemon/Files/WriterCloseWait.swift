import CXgest
import Glibc

/// Waits, on a thread that may block, for the writer of a file found open for writing to
/// be done with it. Most saves found so are a moment from their close: Foundation's atomic
/// write and GLib's editors rename the new file into place and close it after, and the load
/// begun at the rename found it open. Refused there, the save printed "still being written"
/// though its close came a millisecond later and was applied.
///
/// Woken by inotify on the file itself, not by looking again and again: its close after
/// writing, or its being renamed, deleted or replaced (its link count changes, IN_ATTRIB).
final class WriterCloseWait {
    private let fileDescriptor: Int32

    /// How long a load waits for a writer before it says the file is still being written:
    /// a writer that keeps the file open longer is one the user may want to hear of.
    static let patienceMilliseconds: Int32 = 1000

    private static let events = UInt32(IN_CLOSE_WRITE | IN_ATTRIB | IN_MOVE_SELF | IN_DELETE_SELF)

    /// Watching the file at `path` now (whatever symlinks lead to it); nil when it cannot be
    /// watched, and the caller does not wait.
    init?(path: String) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        guard inotify_add_watch(fd, path, Self.events) >= 0 else {
            close(fd)
            return nil
        }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Blocks until something happened to the file since the watch began or the last wait
    /// (then true: look at it again), or until `deadline` on the monotonic clock (false).
    func waitForChange(until deadline: timespec) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if read(fileDescriptor, &buffer, buffer.count) > 0 { return true }
            let left = Self.milliseconds(until: deadline)
            guard left > 0 else { return false }
            var entry = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let woken = poll(&entry, 1, left)
            guard woken >= 0 || errno == EINTR else { return false }
        }
    }

    /// A deadline `milliseconds` from now on the monotonic clock.
    static func deadline(inMilliseconds milliseconds: Int32) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(milliseconds % 1000) * 1_000_000
        return timespec(
            tv_sec: now.tv_sec + Int(milliseconds / 1000) + nanoseconds / 1_000_000_000,
            tv_nsec: nanoseconds % 1_000_000_000)
    }

    private static func milliseconds(until deadline: timespec) -> Int32 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let left = (deadline.tv_sec - now.tv_sec) * 1000 + (deadline.tv_nsec - now.tv_nsec) / 1_000_000
        return Int32(clamping: max(0, left))
    }
}
