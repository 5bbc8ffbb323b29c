import CXgest
import XgestCore

/// The environment a spawned command receives: xgest's own, plus what the gesture was
/// and where it happened. Values travel as variables, never spliced into a command line,
/// so a window's class or a direction name cannot inject anything.
enum CommandEnvironment {
    /// The variables for one invocation, in a fixed order. Coordinates are root-window
    /// pixels; the window variables are empty on the desktop. XGEST_WINDOW_ID is decimal,
    /// which `xdotool`, `wmctrl -i` and `xprop -id` all accept. The gesture's values are
    /// those at the state the action fired on (a repeating binding's step, an `update`).
    static func variables(for invocation: ActionInvocation) -> [(name: String, value: String)] {
        let window = invocation.target.window
        let r = invocation.report
        let inWindow = invocation.locationInWindow
        return [
            ("XGEST_BINDING", invocation.binding),
            ("XGEST_GESTURE", invocation.gestureKind.rawValue),
            ("XGEST_FINGERS", String(invocation.fingers)),
            ("XGEST_DIRECTION", invocation.direction?.rawValue ?? ""),
            ("XGEST_WINDOW_CLASS", window?.className ?? ""),
            ("XGEST_WINDOW_INSTANCE", window?.instance ?? ""),
            ("XGEST_WINDOW_ID", window.map { String($0.id) } ?? ""),
            // Positions: their whole part is the pixel they are on (``formatPosition(_:)``).
            ("XGEST_X", formatPosition(invocation.location.x)),
            ("XGEST_Y", formatPosition(invocation.location.y)),
            ("XGEST_WINDOW_X", inWindow.map { formatPosition($0.x) } ?? ""),
            ("XGEST_WINDOW_Y", inWindow.map { formatPosition($0.y) } ?? ""),
            ("XGEST_SCALE", formatCoordinate(r.scale)),
            ("XGEST_ROTATION", formatCoordinate(r.rotationRadians * 180 / Double.pi)),
            ("XGEST_TRANSLATION_X", formatCoordinate(r.translation.x)),
            ("XGEST_TRANSLATION_Y", formatCoordinate(r.translation.y)),
            ("XGEST_VELOCITY_X", formatCoordinate(r.velocity.x)),
            ("XGEST_VELOCITY_Y", formatCoordinate(r.velocity.y)),
            (
                "XGEST_TOUCHES",
                invocation.touches.map { "\(formatPosition($0.x)),\(formatPosition($0.y))" }.joined(separator: " ")
            ),
        ]
    }

    /// `NAME=value` entries: the process environment with any inherited `XGEST_*` entry of
    /// the same name replaced.
    static func entries(for invocation: ActionInvocation) -> [String] {
        let added = variables(for: invocation)
        let names = Set(added.map(\.name))
        var result: [String] = []
        if var p = xgest_environ() {
            while let entry = p.pointee {
                let text = String(cString: entry)
                let name = text.prefix { $0 != "=" }
                if !names.contains(String(name)) { result.append(text) }
                p += 1
            }
        }
        for (name, value) in added { result.append("\(name)=\(value)") }
        return result
    }
}
