import CXgest
import Glibc
import XgestCore

/// A stop in the middle of a pointer stroke. The application under the pointer never had
/// the stroke's press (the grab took it); once xgest's grab ends with its connection, the
/// release would reach it alone. The active grab outlives its passive grab's removal
/// (``close()``) until the button is let go of, so the stop can wait for that release
/// and take it. A press that is no stroke yet is a click: released within the wait, it is
/// replayed, as it would have been without the stop.
extension X11InputSource {
    /// How long a stop waits for a stroke's button to be let go of: a hand lifts in a
    /// fraction of a second, and the stop must not hang on one that holds on.
    public static let strokeReleaseWaitMilliseconds: Int32 = 1_000

    /// The stroke buttons held down under xgest's grab.
    public var strokeButtonsDown: Set<Int> { grabbedButtonsDown.values.reduce(into: []) { $0.formUnion($1) } }

    /// Whether every stroke button held is that of a press still a click: none has got
    /// `clickReachPx` (the pointer bindings' least `stroke-distance`) from where it was made.
    public func strokeButtonsDownAreClicks(clickReachPx: Double) -> Bool {
        let presses = heldPresses.values.filter { !$0.isReleased }
        let down = strokeButtonsDown
        return !down.isEmpty && presses.allSatisfy { $0.reach < clickReachPx }
            && presses.reduce(into: Set<Int>()) { $0.formUnion($1.buttonsDown) } == down
    }

    /// Reads input until every stroke button held is let go of, within
    /// ``strokeReleaseWaitMilliseconds``; what it reads goes to nobody, but a press that was
    /// to be handed back at its release still is, and so is one released before it got
    /// `clickReachPx` from where it was made: a click. `replayed` is told the button of each
    /// such click. Returns whether they were all let go of. Call it after ``close()``.
    public func awaitStrokeButtonsReleased(clickReachPx: Double, replayed: (Int) -> Void) -> Bool {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            drain { _ in }
            for (device, held) in heldPresses where held.isReleased {
                // No verdict comes now: a click goes back as one, a stroke's release is taken.
                heldPresses[device] = nil
                if held.reach < clickReachPx, replay(held) { replayed(held.button) }
            }
            if !strokeGrabUnderWay { return true }
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
