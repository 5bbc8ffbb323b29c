import XgestCore
import XgestX11

/// What the input side does with the engine's ownership decisions, and what it knows of
/// the screen: the daemon's seam between its decisions and the X server. The X11 input
/// source is one; a test's recording source is another.
public protocol OwnershipEffects: AnyObject {
    /// Touches a gesture claimed: the application never sees them.
    func accept(device: Int, touches: [UInt32])
    /// Touches no binding takes: the application gets them whole; xgest sees no more of them.
    func handBack(device: Int, touches: [UInt32])
    /// Touches the application gets whole that a binding still watches (`cancels-touches = false`).
    func share(device: Int, touches: [UInt32])
    /// A grabbed press of `button` by `device` that was a stroke: the application never sees it.
    func keep(pressOf button: Int, device: Int)
    /// A grabbed press of `button` by `device` that was no stroke: replayed to the application.
    func handBack(pressOf button: Int, device: Int) -> PressHandBack
    /// Whether a screen locker is up: no binding acts behind it.
    var isScreenLocked: Bool { get }
    /// Whether touch verdicts wait, unsent, behind a press or gesture begin xgest has not
    /// answered yet (docs/x11-notes.md, "A touch handed back while a stroke grab holds the
    /// pointer"): a touchscreen gesture's actions wait for its accepts
    /// (``DaemonCore/touchVerdictsSent()``).
    var holdsTouchVerdicts: Bool { get }
}

extension X11InputSource: OwnershipEffects {
    public func accept(device: Int, touches: [UInt32]) {
        ownership.decide(.accept, device: device, touches: touches)
    }

    public var holdsTouchVerdicts: Bool { ownership.holdsVerdicts }
}
