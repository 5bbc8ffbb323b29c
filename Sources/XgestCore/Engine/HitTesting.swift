/// Finds what lies under a point: the X11 layer asks the server, replay asks a
/// ``WindowStack``. The engine calls it once per sequence, at the sequence's first point.
public protocol HitTesting {
    func hitTest(_ p: Point) -> HitTarget
}

extension WindowStack: HitTesting {}

/// A hit-test that always finds the desktop: for tests and for engines with no windows.
public struct DesktopHitTesting: HitTesting, Sendable {
    public init() {}
    public func hitTest(_ p: Point) -> HitTarget { .desktop }
}
