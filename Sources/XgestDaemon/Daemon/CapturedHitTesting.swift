import XgestCore
import XgestX11

/// The engine's hit-test for a sequence the X11 source did not hit-test itself (it passes
/// its own answer with each sequence's first event): the source's window stack answers,
/// with no round trip.
public struct CapturedHitTesting: HitTesting {
    public let source: X11InputSource

    public func hitTest(_ p: Point) -> HitTarget { source.hitTest(p) }
}
