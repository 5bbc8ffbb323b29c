import XgestCore
import XgestX11

/// The engine's hit-test, answered from the capture layer's own: the X11 source already
/// found the window under each sequence's first event, so the engine reuses that answer
/// instead of looking a second time. When the engine starts a sequence on an event the
/// source did not hit-test, the source's window stack answers, still with no round trip.
final class CapturedHitTesting: HitTesting {
    let source: X11InputSource
    /// The source's answer for the event being processed.
    var current: HitTarget?

    init(source: X11InputSource) { self.source = source }

    func hitTest(_ p: Point) -> HitTarget {
        if let current { return current }
        return source.hitTest(p)
    }
}
