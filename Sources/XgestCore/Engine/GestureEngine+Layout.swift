/// A new screen layout while sequences run: what it does to the touchscreen sequences
/// in progress.
extension GestureEngine {
    /// A new layout while sequences may be running, at `time`. As ``setLayout(_:)``, but a
    /// root of a new size cancels every touchscreen sequence in progress: X maps a
    /// touchscreen's axes onto the whole root, so each finger on the glass is at a new
    /// root position without moving (a monitor plugged in, `xrandr --fb`), and the jump
    /// would read as motion (two still fingers made a pinch of scale 4). As when the device
    /// goes away, active gestures are cancelled, possible ones fail and an undecided
    /// sequence is rejected, each transition saying why.
    public mutating func setLayout(_ l: ScreenLayout, at time: EventTime, into output: inout [EngineOutput]) {
        let before = layout.root
        layout = l
        guard l.root.width != before.width || l.root.height != before.height else { return }
        let why = TransitionDetail.words(
            "the root window changed size (\(Self.size(before)) to \(Self.size(l.root))), "
                + "so X puts each finger on the glass at a new place")
        let running = devices.indices.filter { devices[$0].kind == .touchscreen && !devices[$0].isIdle }
        for device in running.map({ deviceIDs[$0] }) {
            cancelSequence(device: device, at: time, because: why, into: &output)
        }
    }

    /// A root's size as `--debug` prints it, `3840x1080`.
    private static func size(_ r: Rect) -> String { "\(formatCoordinate(r.width))x\(formatCoordinate(r.height))" }
}
