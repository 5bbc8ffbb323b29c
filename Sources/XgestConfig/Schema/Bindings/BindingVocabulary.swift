import XgestCore

/// The `kind` values a binding may name (every gesture kind but custom recognizers).
enum BindingKind: String, CaseIterable {
    case tap
    case longPress = "long-press"
    case pan, swipe, pinch, rotate, edge, stroke, pattern, scrub

    var gestureKind: GestureKind {
        switch self {
        case .tap: return .tap
        case .longPress: return .longPress
        case .pan: return .pan
        case .swipe: return .swipe
        case .pinch: return .pinch
        case .rotate: return .rotate
        case .edge: return .edge
        case .stroke: return .stroke
        case .pattern: return .pattern
        case .scrub: return .scrub
        }
    }
}

/// The `device` values.
enum DeviceChoice: String, CaseIterable {
    case touchscreen, touchpad, pointer, any

    var deviceKind: DeviceKind? {
        switch self {
        case .touchscreen: return .touchscreen
        case .touchpad: return .touchpad
        case .pointer: return .pointer
        case .any: return nil
        }
    }
}

/// The `on` values: when a continuous gesture's action runs.
enum ActionMoment: String, CaseIterable {
    case begin, update, end

    var trigger: ActionTrigger {
        switch self {
        case .begin: return .begin
        case .update: return .update
        case .end: return .end
        }
    }
}

/// The keys of a `[[gesture]]` or `[[app.gesture]]` table.
enum BindingKey: String, CaseIterable {
    case name, kind, device, fingers, direction, taps, button, shape, modifiers, edge, region, monitor, action
    case `repeat`
    case reverseAction = "reverse-action"
    case beginAction = "begin-action"
    case endAction = "end-action"
    case on
    case requiresFailureOf = "requires-failure-of"
    case simultaneousWith = "simultaneous-with"
    case holdTouches = "hold-touches"
    case enabled
    case cancelsTouches = "cancels-touches"
    case minFingers = "min-fingers"
    case maxFingers = "max-fingers"
    case prevents
    case preventedBy = "prevented-by"
    case pattern
    case onFailure = "on-failure"
    case reversals
    case scrubDuration = "scrub-duration"
}

/// The keys of an `[[app]]` table.
enum AppKey: String, CaseIterable {
    case `class`, title, disable, gesture
}

/// The top-level keys.
enum TopLevelKey: String, CaseIterable {
    case settings, feedback, gesture, app
}
