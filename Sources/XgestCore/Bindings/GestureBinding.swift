/// A gesture bound to an action: what the config's `[[gesture]]` and `[[app.gesture]]`
/// tables say, typed and validated. Plain data; ``BindingSet`` turns bindings into
/// recognizer registrations and resolves gesture events back to them.
public struct GestureBinding: Hashable, Sendable {
    /// Unique among all bindings: given by the config, else `gesture-N` (the N-th global
    /// `[[gesture]]`) or `app-M-gesture-N` (the N-th gesture of the M-th `[[app]]`).
    public var name: String
    /// The index of the `[[app]]` section the binding belongs to; nil for a global binding.
    public var app: Int?
    public var kind: GestureKind
    /// The device kinds the binding listens to, in the order touchscreen, touchpad, pointer;
    /// `device = "any"` gives every kind the gesture exists on.
    public var devices: [DeviceKind]
    /// Fingers required; nil: the device's default (see ``fingers(on:)``).
    public var fingers: Int?
    /// Swipe direction, pinch in/out, rotation cw/ccw, the edge of an edge gesture, or the
    /// overall direction of a pointer stroke; nil accepts any.
    public var direction: GestureDirection?
    /// Taps: for `tap` (default 1) and `long-press` (taps before the press, default 0).
    public var taps: Int?
    /// The pointer button that draws a stroke (default ``defaultButton``).
    public var button: Int?
    /// The button a stroke, pattern or scrub is drawn with when the binding names none: the
    /// right one, which applications use least for dragging.
    public static let defaultButton = 3
    /// A stroke's shape: a built-in gesture name (`check`, `circle-cw`, …) or a user
    /// template's name; nil for a stroke bound by its overall ``direction`` only.
    public var shape: String?
    /// A pattern's cells in order, numbered like a phone keypad (1 2 3 / 4 5 6 / 7 8 9).
    public var pattern: [Int]?
    /// A pattern's `on-failure`: the action run when a stroke joins a wrong pattern.
    public var failureAction: BoundAction?
    /// A scrub's reversals (default 3).
    public var reversals: Int?
    /// A scrub's `scrub-duration`: the longest it may take (default 1 s).
    public var scrubDurationSeconds: Double?
    public var conditions: BindingConditions
    public var action: BoundAction
    /// For `repeat`: the action run each step the gesture turns back.
    public var reverseAction: BoundAction?
    /// `begin-action`: continuous gestures, run when the gesture begins, before `action`.
    public var beginAction: BoundAction?
    /// `end-action`: continuous gestures, run when the gesture ends (not when cancelled),
    /// after `action`.
    public var endAction: BoundAction?
    public var trigger: ActionTrigger
    public var requiresFailureOf: [String]
    public var simultaneousWith: [String]
    /// `hold-touches`: the longest a touchscreen binding needing several fingers holds
    /// fewer of them from applications while it waits for the rest (UIKit's
    /// `delaysTouchesBegan`, bounded); nil: the `finger-landing-window` setting.
    public var holdTouchesSeconds: Double?
    /// `[settings]` keys set in the binding itself, for its recognizer only.
    public var tunableOverrides: [TunableOverride] = []
    /// `enabled = false`: checked like any binding, but never watches input.
    public var isEnabled = true
    /// `cancels-touches = false` (UIKit's `cancelsTouchesInView`): on a touchscreen, the
    /// application gets the touches whole and at once, and the binding still acts on them.
    public var cancelsTouches = true
    /// `prevents` and `prevented-by`: nil when not written (prevention both ways).
    public var prevents: [String]?
    public var preventedBy: [String]?
    /// A pan's finger range (UIKit's `minimumNumberOfTouches`, `maximumNumberOfTouches`),
    /// when it is not exactly `fingers`.
    public var panFingerRange: ClosedRange<Int>?

    public init(
        name: String, app: Int? = nil, kind: GestureKind, devices: [DeviceKind], fingers: Int? = nil,
        direction: GestureDirection? = nil, taps: Int? = nil, button: Int? = nil, shape: String? = nil,
        conditions: BindingConditions = BindingConditions(), action: BoundAction, reverseAction: BoundAction? = nil,
        trigger: ActionTrigger = .automatic, requiresFailureOf: [String] = [], simultaneousWith: [String] = []
    ) {
        self.name = name
        self.app = app
        self.kind = kind
        self.devices = devices
        self.fingers = fingers
        self.direction = direction
        self.taps = taps
        self.button = button
        self.shape = shape
        self.conditions = conditions
        self.action = action
        self.reverseAction = reverseAction
        self.trigger = trigger
        self.requiresFailureOf = requiresFailureOf
        self.simultaneousWith = simultaneousWith
    }

    /// The fingers the gesture takes on `device`: the binding's own, else the default (one
    /// finger on a touchscreen, two for pinch and rotate; three for touchpad swipes; any
    /// count for touchpad pinch and rotate, nil; none for pointer strokes, 0).
    public func fingers(on device: DeviceKind) -> Int? {
        if let fingers { return fingers }
        return GestureAvailability.defaultFingers(kind, on: device)
    }

    /// Every action the binding may run, in the order a gesture would run them.
    public var actions: [BoundAction] {
        [beginAction, action, reverseAction, endAction, failureAction].compactMap { $0 }
    }

    /// The same gesture in the sense of app overrides: kind, device, fingers, direction,
    /// taps (a double tap does not replace a single tap), a stroke's shape and, on the
    /// pointer, its button.
    public func isSameGesture(as other: GestureBinding, on device: DeviceKind) -> Bool {
        guard let key = gestureKey(on: device) else { return false }
        return key == other.gestureKey(on: device)
    }

    /// What ``isSameGesture(as:on:)`` compares, as one value; nil when the binding is not on
    /// `device`. A config of many app sections looks its globals up by it instead of
    /// comparing them with every binding of every section.
    public func gestureKey(on device: DeviceKind) -> GestureKey? {
        guard devices.contains(device) else { return nil }
        return GestureKey(
            kind: kind, device: device, fingers: fingers(on: device), direction: direction, taps: effectiveTaps,
            shape: shape, pattern: pattern, button: device == .pointer ? effectiveButton : 0)
    }

    /// Taps as the recognizer counts them: a tap's default is one, a long press's none.
    public var effectiveTaps: Int { taps ?? (kind == .tap ? 1 : 0) }

    /// The button a stroke, pattern or scrub is drawn with; 0 for other gestures.
    var effectiveButton: Int { GestureAvailability.isDrawn(kind) ? button ?? Self.defaultButton : 0 }
}

/// An action with the text it was written as in the config (`replay` prints the text).
public struct BoundAction: Hashable, Sendable {
    public var action: Action
    public var text: String

    public init(_ action: Action, text: String) {
        self.action = action
        self.text = text
    }
}

/// When a binding's action runs.
public enum ActionTrigger: String, Hashable, Sendable, CaseIterable {
    /// Discrete gestures when recognized; continuous ones when they end, except a long
    /// press, which acts when it begins (the moment the press is long enough).
    case automatic
    /// Continuous gestures: when the gesture begins.
    case begin
    /// Continuous gestures: at every change (the begin included).
    case update
    /// Continuous gestures: when it ends (not when cancelled).
    case end
    /// Continuous gestures: at the begin and then once per step of movement (settings
    /// `repeat-*`); the reverse action once per step back.
    case `repeat`
}

/// Where and how a gesture must start for the binding to apply (UIKit's
/// `gestureRecognizerShouldBegin`), beyond its device and app.
public struct BindingConditions: Hashable, Sendable {
    /// The sequence must start within the edge thickness of this edge of its monitor.
    public var edge: ScreenEdge?
    /// The sequence must start inside this part of its monitor.
    public var region: ScreenRegion?
    /// Exactly these modifiers must be held; nil accepts any.
    public var modifiers: Modifiers?
    /// The sequence must start on this monitor (a touchscreen's: the one it is mapped to).
    public var monitor: MonitorMatch?

    public init(
        edge: ScreenEdge? = nil, region: ScreenRegion? = nil, modifiers: Modifiers? = nil, monitor: MonitorMatch? = nil
    ) {
        self.edge = edge
        self.region = region
        self.modifiers = modifiers
        self.monitor = monitor
    }
}

/// A rectangle of a monitor in pixels from its top-left corner or percentages of its size.
public struct ScreenRegion: Hashable, Sendable {
    public enum Length: Hashable, Sendable {
        case pixels(Double)
        /// 0 to 100.
        case percent(Double)
        /// Millimetres, which need the screen's density: ``ScreenRegion/inPixels(pixelsPerMillimeter:)``
        /// converts them when the bindings are built.
        case millimeters(Double)

        func resolved(against size: Double) -> Double {
            switch self {
            case .pixels(let p): return p
            case .percent(let p): return size * p / 100
            // Only a region never converted gets here: 96 dpi, the X server's default.
            case .millimeters(let mm): return mm * 96 / 25.4
            }
        }

        func inPixels(_ pixelsPerMillimeter: Double) -> Length {
            if case .millimeters(let mm) = self { return .pixels(mm * pixelsPerMillimeter) }
            return self
        }
    }

    public var x: Length
    public var y: Length
    public var width: Length
    public var height: Length

    public init(x: Length, y: Length, width: Length, height: Length) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The same region with millimetres converted to pixels at the screen's density.
    public func inPixels(pixelsPerMillimeter: Double) -> ScreenRegion {
        ScreenRegion(
            x: x.inPixels(pixelsPerMillimeter), y: y.inPixels(pixelsPerMillimeter),
            width: width.inPixels(pixelsPerMillimeter), height: height.inPixels(pixelsPerMillimeter))
    }

    /// The region in root pixels on `screen` (the monitor's rectangle).
    public func rect(on screen: Rect) -> Rect {
        Rect(
            x: screen.x + x.resolved(against: screen.width), y: screen.y + y.resolved(against: screen.height),
            width: width.resolved(against: screen.width), height: height.resolved(against: screen.height))
    }
}

/// A gesture in the sense of app overrides (``GestureBinding/gestureKey(on:)``).
public struct GestureKey: Hashable, Sendable {
    var kind: GestureKind
    var device: DeviceKind
    var fingers: Int?
    var direction: GestureDirection?
    var taps: Int
    var shape: String?
    var pattern: [Int]?
    /// On the pointer, the button; 0 elsewhere.
    var button: Int
}
