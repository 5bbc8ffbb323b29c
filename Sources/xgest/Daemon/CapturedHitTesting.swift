import XgestCore
import XgestX11

/// The engine's hit-test, answered from the capture layer's own: the X11 source already
/// found the window under each sequence's first event, so the engine reuses that answer
/// instead of asking the X server a second time. It asks the server only when the engine
/// starts a sequence on an event the source did not hit-test.
final class CapturedHitTesting: HitTesting {
    let locator: WindowLocator
    /// The source's answer for the event being processed.
    var current: HitTarget?

    init(locator: WindowLocator) { self.locator = locator }

    func hitTest(_ p: Point) -> HitTarget {
        if let current { return current }
        return locator.hitTest(p)
    }
}
