import SystemPackage
import XgestSystem

/// Whether the daemon says that its config file was removed. The running config stays, and
/// nothing else would tell that the next start reads another one (the shipped config, for
/// the user's file). A save may remove the file a moment before it writes the new one (vim
/// moves the old file away first), so a removal is said only when the file is still
/// missing ``graceMilliseconds`` later; once said, not again until the file is read. What
/// took its place may be no file at all (a directory made under its name): the watcher
/// reads no such thing, and the next start would refuse it, so that is said too.
struct ConfigRemovalNotice {
    /// What the look after the grace found at the config's path.
    enum Finding: Equatable {
        /// Nothing, or a symlink leading nowhere.
        case gone
        /// Something that is no regular file, described ("a directory").
        case notAFile(String)
    }

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
        dueAt.map { LoopDeadline.milliseconds(until: $0, nowMicroseconds: now) }
    }

    /// What is to be said now, if anything: the grace is over and no file is back. `found`
    /// gives the type of what is at the path, links followed (nil for nothing). A regular
    /// file back by then is read as a save is, and says nothing.
    mutating func saysRemoval(nowMicroseconds now: UInt64, found: () -> FileType?) -> Finding? {
        guard let dueAt, now >= dueAt else { return nil }
        self.dueAt = nil
        let finding: Finding
        switch found() {
        case nil: finding = .gone
        case .regular?: return nil
        case let other?: finding = .notAFile(other.described)
        }
        said = true
        return finding
    }

    /// The line: the running config stays, and what the next start would read instead.
    static func line(_ path: String, _ finding: Finding, isTheUsersConfig: Bool) -> String {
        switch finding {
        case .gone:
            "\(path) is gone (removed or moved away); the running config stays, "
                + (isTheUsersConfig
                    ? "but xgest started again would run the shipped one (a config written there is read)"
                    : "but xgest started again with it would find no config (a config written there is read)")
        case .notAFile(let what):
            "\(path) is now \(what), not a file: the running config stays, but xgest started again would"
                + " refuse it (not a regular file); a config file written in its place is read"
        }
    }
}
