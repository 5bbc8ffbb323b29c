/// Which gestures exist on which device kinds, and with how many fingers: the facts the
/// config schema checks bindings against and ``RecognizerFactory`` builds from.
///
/// Touchscreens give xgest every finger, so every touch gesture exists there. Touchpads
/// do not: X hands clients only XI 2.4 swipe and pinch gestures (three or more fingers
/// for a swipe, two or more for a pinch); taps become button clicks in the driver and two
/// fingers moving are scrolling. Pointers draw strokes with a button held; a shaped stroke
/// (`shape = "check"`) is also drawn with one finger on a touchscreen.
public enum GestureAvailability {
    /// The device kinds a gesture kind exists on, in a fixed order.
    public static func devices(for kind: GestureKind) -> [DeviceKind] {
        switch kind {
        case .tap, .longPress, .pan, .edge: return [.touchscreen]
        case .swipe, .pinch, .rotate: return [.touchscreen, .touchpad]
        case .stroke, .pattern, .scrub: return [.touchscreen, .pointer]
        case .custom: return []
        }
    }

    /// Why `kind` does not exist on `device`, as a sentence for an error message; nil when it does.
    public static func unavailableReason(_ kind: GestureKind, on device: DeviceKind) -> String? {
        switch (kind, device) {
        case (.tap, .touchpad):
            return "X does not expose touchpad taps (the touchpad driver turns them into button clicks)"
        case (.longPress, .touchpad):
            return "X does not expose touchpad holds, only swipe and pinch gestures"
        case (.pan, .touchpad):
            return "X reports multi-finger touchpad motion as swipe gestures: use kind = \"swipe\""
        case (.edge, .touchpad):
            return "touchpads report no finger positions, so no edge can be told"
        case (.stroke, .touchpad):
            return "touchpads report no finger positions: draw strokes on a touchscreen or with a pointer button held"
        case (.stroke, .touchscreen), (.stroke, .pointer), (.pattern, .touchscreen), (.pattern, .pointer),
            (.scrub, .touchscreen), (.scrub, .pointer):
            return nil
        case (.pattern, .touchpad), (.scrub, .touchpad):
            return "touchpads report no finger positions: draw it on a touchscreen or with a pointer button held"
        case (_, .pointer):
            return "a pointer only draws strokes: use kind = \"stroke\", \"pattern\" or \"scrub\""
        case (_, .keyboard):
            return "a keyboard has no gestures"
        case (.custom, _):
            return "custom recognizers are not bound by kind"
        case (.tap, .touchscreen), (.longPress, .touchscreen), (.pan, .touchscreen), (.edge, .touchscreen),
            (.swipe, .touchscreen), (.swipe, .touchpad), (.pinch, .touchscreen), (.pinch, .touchpad),
            (.rotate, .touchscreen), (.rotate, .touchpad):
            return nil
        }
    }

    /// Whether the gesture begins, changes and ends (rather than being recognized once).
    public static func isContinuous(_ kind: GestureKind, on device: DeviceKind) -> Bool {
        switch kind {
        case .tap, .stroke, .pattern, .scrub, .custom: return false
        case .swipe: return device == .touchpad
        case .longPress, .pan, .pinch, .rotate, .edge: return true
        }
    }

    /// The fingers a binding gets when it names none; nil: any count (touchpad pinch and rotate).
    public static func defaultFingers(_ kind: GestureKind, on device: DeviceKind) -> Int? {
        switch (kind, device) {
        case (.pinch, .touchscreen), (.rotate, .touchscreen): return 2
        case (.pinch, .touchpad), (.rotate, .touchpad): return nil
        case (.swipe, .touchpad): return 3
        case (.stroke, .touchscreen), (.pattern, .touchscreen), (.scrub, .touchscreen): return 1
        case (.stroke, _), (.pattern, _), (.scrub, _), (_, .pointer), (_, .keyboard): return 0
        case (_, .touchscreen), (_, .touchpad): return 1
        }
    }

    /// The finger counts a binding may ask for, with why others cannot work; nil when the
    /// gesture takes no `fingers` (strokes: one finger or a pointer button).
    public static func fingerRange(_ kind: GestureKind, on device: DeviceKind) -> (
        range: ClosedRange<Int>, why: String
    )? {
        fingerLimits(kind, on: device).map { ($0.range, $0.tooMany) }
    }

    /// The finger counts, with why fewer (`tooFew`) and why more (`tooMany`) cannot be: a
    /// message about `fingers = 0` must explain the lower limit, not the upper one.
    public static func fingerLimits(_ kind: GestureKind, on device: DeviceKind) -> (
        range: ClosedRange<Int>, tooFew: String, tooMany: String
    )? {
        let tenFingers = "touchscreens track at most ten fingers"
        switch (kind, device) {
        case (.pinch, .touchscreen), (.rotate, .touchscreen):
            return (2...10, "a \(kind) needs two fingers to measure", tenFingers)
        case (.swipe, .touchpad):
            return (
                3...5,
                "one finger on a touchpad moves the pointer and two scroll, which X does not report as gestures",
                "touchpads report gestures of at most five fingers"
            )
        case (.pinch, .touchpad), (.rotate, .touchpad):
            let why = "touchpads report pinches of two to five fingers"
            return (2...5, why, why)
        case (.stroke, _), (.pattern, _), (.scrub, _), (_, .pointer), (_, .keyboard):
            return nil
        case (_, .touchscreen), (_, .touchpad):
            return (1...10, "a gesture needs at least one finger", tenFingers)
        }
    }

    /// Whether the gesture is drawn as one stroke: one finger on a touchscreen, or a
    /// pointer button held (strokes, patterns and scrubs).
    public static func isDrawn(_ kind: GestureKind) -> Bool {
        switch kind {
        case .stroke, .pattern, .scrub: return true
        case .tap, .longPress, .pan, .swipe, .pinch, .rotate, .edge, .custom: return false
        }
    }

    /// Why a stroke without a shape cannot be drawn on `device`; nil when it can (pointer).
    /// Only the pointer's stroke capture judges an overall direction.
    public static func unshapedStrokeUnavailableReason(on device: DeviceKind) -> String? {
        device == .pointer ? nil : "a stroke on a \(device.rawValue) needs a shape (shape = \"check\", …)"
    }

    /// The directions a gesture kind accepts, as the config spells them; empty: none.
    public static func directions(for kind: GestureKind) -> [GestureDirection] {
        switch kind {
        case .swipe, .stroke:
            return SwipeDirection.allCases.map(\.gestureDirection)
        case .pinch: return [.in, .out]
        case .rotate: return [.clockwise, .counterClockwise]
        case .edge: return ScreenEdge.allCases.map(\.direction)
        case .scrub: return [.horizontal, .vertical]
        case .tap, .longPress, .pan, .pattern, .custom: return []
        }
    }
}
