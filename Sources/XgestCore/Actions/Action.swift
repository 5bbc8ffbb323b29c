/// What a recognized gesture does: plain data, parsed from the config and carried out by
/// an executor (the X11 one, or a recording one in tests and `xgest replay`).
public enum Action: Hashable, Sendable {
    /// Press the keys in order, release them in reverse (XTest).
    case key(KeyCombo)
    /// Press the keys in order and keep them down until a `keyUp` of the same combo or,
    /// at the latest, the end of the gesture that pressed them (an Alt held through an
    /// Alt+Tab switcher).
    case keyDown(KeyCombo)
    /// Release, in reverse, keys a `keyDown` of the same combo holds.
    case keyUp(KeyCombo)
    /// Spawn a program with these arguments (argv[0] first); never through a shell.
    /// `homeRelative` holds the indexes of the arguments written with a leading `~` (the
    /// whole word, or before a `/`) that stands for the home directory: the daemon's HOME
    /// is put in when the command runs, so the config reads the same under any user.
    case exec(arguments: [String], homeRelative: Set<Int> = [])
    /// An EWMH operation on the window under the gesture.
    case window(WindowOperation)
    case desktop(DesktopOperation)
    /// Press and release a pointer button where the gesture is.
    case click(button: Int)
    case scroll(ScrollDirection, steps: Int)
    /// Hold a pointer button through a continuous gesture: pressed where it begins, the
    /// pointer following it, released where it ends (or wherever it is cancelled).
    case drag(button: Int)

    /// Whether the action keeps something pressed after it runs: the gesture that runs it
    /// owes a release when it ends, whatever way it ends.
    public var holdsInput: Bool {
        switch self {
        case .keyDown, .drag: return true
        case .key, .keyUp, .exec, .window, .desktop, .click, .scroll: return false
        }
    }
}

/// Keys to press together, as X keysym names (`Control_L`, `Right`, `Page_Down`, `a`).
/// The config's modifier aliases (`ctrl`, `alt`, `super`, `shift`) are resolved to keysym
/// names before they reach here.
public struct KeyCombo: Hashable, Sendable, CustomStringConvertible {
    public var keysyms: [String]

    public init(keysyms: [String]) { self.keysyms = keysyms }

    public var description: String { keysyms.joined(separator: "+") }
}

public enum WindowOperation: String, Hashable, Sendable, CaseIterable {
    /// Toggles between maximized and normal.
    case maximize
    case minimize
    case close
    /// Toggles fullscreen.
    case fullscreen
    case raise
    case activate
}

public enum DesktopOperation: Hashable, Sendable {
    case next(wrap: Bool)
    case previous(wrap: Bool)
    /// A 1-based desktop number, as users count them.
    case number(Int)
    case showDesktop
}

public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right
}

/// An action with what the executor needs to know about the gesture that fired it (the
/// window it targets, the environment a spawned command receives).
public struct ActionInvocation: Hashable, Sendable {
    public var action: Action
    /// The binding's name, or `gesture-N` for an unnamed one.
    public var binding: String
    public var gestureKind: GestureKind
    public var fingers: Int
    /// The direction where the gesture has one (`left`, `in`, `cw`, an edge); its name is
    /// spelled out only where it leaves xgest (a command's environment, traces, JSON).
    public var direction: GestureDirection?
    public var target: HitTarget
    public var location: Point
    public var time: EventTime
    /// The gesture's values when the action fired: scale, rotation, translation, velocity.
    public var report: GestureReport
    /// The state of the gesture the action fired on: a `drag` presses at `began`, follows
    /// at `changed` and releases at any terminal state.
    public var state: GestureState
    /// Touchscreen gestures: each touch's root position at the event; empty otherwise.
    public var touches: [Point] = []
    /// Keys go to the window the gesture started on, which gets the keyboard first: set
    /// for an `[[app]]` binding, chosen for that window. X sends keys to the focused
    /// window, which may be another one (a touchpad gesture over a window the user has not
    /// clicked), and the key meant for one application reached another.
    public var keysToTarget = false
    /// The keys are for the window the gesture started on (an `[[app]]` binding's), which
    /// an earlier key of the gesture gave the keyboard (``keysToTarget``): they go where
    /// the focus is now (a switcher's Alt+Tab moves it on purpose), but fail once that
    /// window is destroyed or unmapped, rather than type into whichever window took the
    /// focus after it.
    public var keysForTarget = false
    /// The kind of device the gesture was made on; nil where no device made it (tests).
    /// A touchscreen gesture's `click` and `scroll` leave the pointer where they press.
    public var deviceKind: DeviceKind?

    public init(
        action: Action, binding: String, gestureKind: GestureKind, fingers: Int, direction: GestureDirection?,
        target: HitTarget,
        location: Point, time: EventTime, report: GestureReport = GestureReport(), state: GestureState = .recognized
    ) {
        self.action = action
        self.binding = binding
        self.gestureKind = gestureKind
        self.fingers = fingers
        self.direction = direction
        self.target = target
        self.location = location
        self.time = time
        self.report = report
        self.state = state
    }

    /// Whether running it lets go of held input (a `key-up`, a `drag` at its end): such an
    /// action runs even where others do not (behind a screen locker, past a rate limit),
    /// so nothing stays pressed.
    public var releasesInput: Bool {
        switch action {
        case .keyUp: return true
        case .drag: return state.isTerminal
        case .key, .keyDown, .exec, .window, .desktop, .click, .scroll: return false
        }
    }

    /// Where the gesture was in the window under it (UIKit's `location(in:)`), from the
    /// window's top-left corner; nil on the desktop.
    public var locationInWindow: Point? {
        target.window.map { Point(x: location.x - $0.frame.x, y: location.y - $0.frame.y) }
    }
}
