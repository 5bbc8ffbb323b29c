/// Whether the daemon says that its config file was removed. The running config stays, and
/// nothing else would tell that the next start reads another one (the shipped config, for
/// the user's file). A save may remove the file a moment before it writes the new one (vim
/// moves the old file away first), so a removal is said only when the file is still
/// missing ``graceMilliseconds`` later; once said, not again until the file is read.
struct ConfigRemovalNotice {
    /// How long a removed config may take to come back before its removal is said: an
    /// editor writes the new file right after it moves the old one away.
    static let graceMilliseconds: UInt64 = 500

    /// When to look whether the file is still missing, in monotonic microseconds.
    private var dueAt: UInt64?
    private var said = false

    /// The config was removed or moved away at `now`.
    mutating func removed(nowMicroseconds now: UInt64) {
        guard !said, dueAt == nil else { return }
        dueAt = now + Self.graceMilliseconds * 1000
    }

    /// The config was read again: a later removal is said anew.
    mutating func read() {
        dueAt = nil
        said = false
    }

    /// How long poll() may wait before the look is due; nil with none pending.
    func millisecondsLeft(nowMicroseconds now: UInt64) -> Int32? {
        guard let dueAt else { return nil }
        return Int32(clamping: (dueAt > now ? dueAt - now + 999 : 0) / 1000)
    }

    /// Whether the removal is to be said now: the grace is over and the file is still
    /// missing (`exists` asks). A file back by then is read as a save is, and says nothing.
    mutating func saysRemoval(nowMicroseconds now: UInt64, exists: () -> Bool) -> Bool {
        guard let dueAt, now >= dueAt else { return false }
        self.dueAt = nil
        guard !exists() else { return false }
        said = true
        return true
    }

    /// The line: the running config stays, and what the next start would read instead.
    static func line(_ path: String, isTheUsersConfig: Bool) -> String {
        "\(path) is gone (removed or moved away); the running config stays, "
            + (isTheUsersConfig
                ? "but xgest started again would run the shipped one (a config written there is read)"
                : "but xgest started again with it would find no config (a config written there is read)")
    }
}
