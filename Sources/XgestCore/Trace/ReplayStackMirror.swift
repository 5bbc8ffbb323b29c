/// The window stack that replay builds from the window records written so far. `xgest record`
/// keeps it to say what the live hit test found at each sequence start. Replay hit-tests
/// the start point against the records, so a window closed or moved since its record,
/// or a sequence started on the desktop, would give replay a target the daemon never had
/// (an app binding firing on a window that had gone).
public struct ReplayStackMirror: Sendable {
    private var stack = WindowStack()

    public init() {}

    /// A window record written as it is (the stack at the start of the recording).
    public mutating func written(_ window: WindowInfo) { stack.place(window) }

    /// The window records that make replay find `target` at `point`, as the live hit test
    /// did, at `time`; none when it already would. A window that replay would find instead
    /// of the desktop is recorded where it is now, or closed when it is gone (or still there
    /// but taking no input at the point); `current` gives the windows as they are now, and
    /// is asked only then.
    public mutating func records(
        starting target: HitTarget, at point: Point, time: EventTime, current: () -> [WindowInfo]
    ) -> [TraceRecord] {
        let replayed = stack.hitTest(point)
        guard replayed != target else { return [] }
        if case .window(let w) = target {
            stack.place(w)
            return [.window(time: time, w)]
        }
        let now = current()
        var records: [TraceRecord] = []
        while case .window(let stale) = stack.hitTest(point) {
            if let moved = now.first(where: { $0.id == stale.id }), !moved.frame.contains(point) {
                stack.place(moved)
                records.append(.window(time: time, moved))
            } else {
                stack.close(id: stale.id)
                records.append(.windowClosed(time: time, id: stale.id))
            }
        }
        return records
    }
}

extension InputEvent {
    /// Where a sequence this event starts is hit-tested: a touch's, a touchpad gesture's
    /// or a button's position; nil for motion and modifiers, which start none.
    public var startPoint: Point? {
        switch payload {
        case .touch(let t): return t.location
        case .touchpadSwipe(let s): return s.location
        case .touchpadPinch(let p): return p.location
        case .button(let b): return b.location
        case .pointerMotion, .modifiers: return nil
        }
    }
}
