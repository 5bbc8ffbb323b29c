/// When the daemon looks for the end of the commands it started that have no pidfd
/// (``ChildReaper``: at the open-files limit, or on a kernel before 5.3). No descriptor
/// wakes the loop when they exit, and looked for only when a watched child ended, they
/// stayed zombies until another did. Armed only while there are such children, so an
/// idle daemon with none does no work.
struct UnwatchedChildrenTimer {
    /// How long such a child may stay a zombie: short beside a person's next gesture, and
    /// a `waitpid` per such child four times a second costs nothing.
    static let periodMicroseconds: UInt64 = 250_000

    /// Set while some child has no pidfd.
    private var deadline = LoopDeadline()

    /// After actions or a reap: arms the timer when there are children with no pidfd and it
    /// is not running, stops it when there are none.
    mutating func follow(hasUnwatchedChildren: Bool, nowMicroseconds: UInt64) {
        if !hasUnwatchedChildren {
            deadline.stop()
        } else if !deadline.isSet {
            deadline.set(nowMicroseconds + Self.periodMicroseconds)
        }
    }

    /// Whether it is time to look; the timer is then stopped until ``follow`` arms it again.
    mutating func isDue(nowMicroseconds: UInt64) -> Bool { deadline.isDue(nowMicroseconds: nowMicroseconds) }

    /// Milliseconds until due, rounded up; nil when not running.
    func timeoutMilliseconds(nowMicroseconds: UInt64) -> Int32? {
        deadline.timeoutMilliseconds(nowMicroseconds: nowMicroseconds)
    }
}
