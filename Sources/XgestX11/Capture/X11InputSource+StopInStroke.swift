import CXgest
import Glibc
import XgestCore

/// A stop in the middle of a pointer stroke. The application under the pointer never had
/// the stroke's press (the grab took it); once xgest's grab ends with its connection, the
/// release would reach it alone. The active grab outlives its passive grab's removal
/// (``close()``) until the button is let go of, so the stop can wait for that release
/// and take it.
extension X11InputSource {
    /// How long a stop waits for a stroke's button to be let go of: a hand lifts in a
    /// fraction of a second, and the stop must not hang on one that holds on.
    public static let strokeReleaseWaitMilliseconds: Int32 = 1_000

    /// The stroke buttons held down under xgest's grab.
    public var strokeButtonsDown: Set<Int> { grabbedButtonsDown.values.reduce(into: []) { $0.formUnion($1) } }

    /// Reads input until every stroke button held is let go of, within
    /// ``strokeReleaseWaitMilliseconds``; what it reads goes to nobody (a press that was to
    /// be handed back at its release still is). Returns whether they were all let go of.
    /// Call it after ``close()``.
    public func awaitStrokeButtonsReleased() -> Bool {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            drain { _ in }
            if grabbedButtonsDown.isEmpty { return true }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed =
                (Int(now.tv_sec) - Int(start.tv_sec)) * 1_000 + (Int(now.tv_nsec) - Int(start.tv_nsec)) / 1_000_000
            let left = Int(Self.strokeReleaseWaitMilliseconds) - elapsed
            guard left > 0 else { return false }
            _ = Poller.wait([display.fileDescriptor], timeoutMilliseconds: Int32(left))
        }
    }
}
