/// Where a sequence's window is found: the point the engine takes its first event at.
extension ScreenLayout {
    /// Where a sequence of touchscreen `device` starting at `p` is taken: inside its area
    /// (``ScreenArea/touchLocation(_:)``). A calibrated matrix puts the glass's rim past the
    /// panel, on the monitor beside it, where the server does not clamp; the touch is on the
    /// panel's edge, and so is the window the user sees under the finger, whose `[[app]]`
    /// rules apply: the live hit test and replay's both look there.
    public func touchStart(device: Int, at p: Point) -> Point {
        area(device: device, kind: .touchscreen, at: p).touchLocation(p)
    }

    /// Where the sequence `e` starts is hit-tested (``touchStart(device:at:)`` for a touch,
    /// ``InputEvent/startPoint`` for the others); nil for an event that starts none.
    public func startPoint(of e: InputEvent) -> Point? {
        guard let p = e.startPoint else { return nil }
        guard case .touch = e.payload else { return p }
        return touchStart(device: e.device, at: p)
    }
}
