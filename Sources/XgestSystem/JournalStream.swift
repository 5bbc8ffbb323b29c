import Glibc

/// The syslog priority of a line xgest writes on standard error (sd-daemon(3)).
public enum LogPriority: Int, Sendable {
    /// What stopped a command or the daemon, or an action or a grab that could not be done.
    case error = 3
    /// What xgest goes on despite: a config with errors kept out, a file left out, a notice.
    case warning = 4
    /// What the user may like to know: a start refused as intended, a recording begun.
    case info = 6
    /// The `--debug` trace.
    case debug = 7
}

/// Whether standard error is the journal, so that each line can carry its priority as a
/// `<N>` prefix, which journald takes off and files the line under (`journalctl -p
/// warning`). systemd names the stream it connects in JOURNAL_STREAM as `DEVICE:INODE`
/// (systemd.exec(5)); standard error redirected elsewhere (a terminal, a file, a pipe to
/// a logger), or inherited from a unit by a process started from it, is another file and
/// gets no prefix.
public enum JournalStream {
    /// Set once, by ``detect()`` at start-up, before any thread writes.
    nonisolated(unsafe) public private(set) static var isStandardError = false

    public static func detect() {
        var status = stat()
        guard let value = getenv("JOURNAL_STREAM"), fstat(2, &status) == 0 else { return }
        isStandardError = names(String(cString: value), device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Whether JOURNAL_STREAM's `value` names the file of `device` and `inode`.
    public static func names(_ value: String, device: UInt64, inode: UInt64) -> Bool {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let d = UInt64(parts[0]), let i = UInt64(parts[1]) else { return false }
        return d == device && i == inode
    }

    /// `text` for standard error: when it is the journal, each of its lines starts with
    /// `<N>` (journald reads the prefix per line, and takes a line without one as info).
    public static func forStandardError(_ text: String, _ priority: LogPriority) -> String {
        isStandardError ? prefixed(text, priority) : text
    }

    /// Each line of `text` with `<N>` before it.
    public static func prefixed(_ text: String, _ priority: LogPriority) -> String {
        let prefix = "<\(priority.rawValue)>"
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }
}
