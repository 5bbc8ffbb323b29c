/// What a should-receive condition is asked, once, when a sequence starts (UIKit's
/// hit-testing and `gestureRecognizer(_:shouldReceive:)`): whether the recognizer watches
/// this sequence at all. A recognizer that does not receive a sequence is absent for it.
public struct ShouldReceiveContext: Sendable {
    public var name: String
    public var kind: GestureKind
    public var deviceKind: DeviceKind
    public var device: Int
    /// The window (or desktop) found under the sequence's first point.
    public var target: HitTarget
    /// The sequence's first point: first touch, button press, or pointer at touchpad gesture begin.
    public var startLocation: Point
    /// Modifiers held when the sequence starts.
    public var modifiers: Modifiers
    /// The area the sequence runs on: the monitor it starts on, or the touchscreen's own
    /// (``ScreenLayout/area(device:kind:at:)``), in root pixels.
    public var screen: Rect
    /// That monitor's RandR name.
    public var monitor: String
    public var monitorIsPrimary: Bool

    public init(
        name: String, kind: GestureKind, deviceKind: DeviceKind, device: Int, target: HitTarget,
        startLocation: Point, modifiers: Modifiers = Modifiers(), screen: Rect,
        monitor: String = ScreenLayout.rootName, monitorIsPrimary: Bool = true
    ) {
        self.monitor = monitor
        self.monitorIsPrimary = monitorIsPrimary
        self.name = name
        self.kind = kind
        self.deviceKind = deviceKind
        self.device = device
        self.target = target
        self.startLocation = startLocation
        self.modifiers = modifiers
        self.screen = screen
    }
}

/// A should-receive condition's answer.
public enum ReceiveDecision: Hashable, Sendable {
    /// The recognizer watches the sequence.
    case receive
    /// The recognizer is absent for the sequence; `reason` says why in the transition
    /// record (`possible → failed (not receiving: <reason>)`). Give a string made once,
    /// not per call: the engine keeps it as is.
    case ignore(reason: String)
}

public typealias ShouldReceivePredicate = @Sendable (ShouldReceiveContext) -> ReceiveDecision

/// What a should-begin condition is asked, at the moment a recognizer would begin or
/// recognize (UIKit's `gestureRecognizerShouldBegin`).
public struct ShouldBeginContext: Sendable {
    public var name: String
    public var kind: GestureKind
    public var deviceKind: DeviceKind
    public var device: Int
    /// The window (or desktop) found under the sequence's first point.
    public var target: HitTarget
    /// Where the recognizer's attempt started: first touch, button press, or pointer at
    /// touchpad gesture begin (for a multi-tap, its first sequence's).
    public var startLocation: Point
    /// Modifiers held now.
    public var modifiers: Modifiers
    /// What the gesture reports at this moment (direction, fingers, …).
    public var report: GestureReport
    /// The area the sequence started on (the monitor's, or the touchscreen's own).
    public var screen: Rect

    public init(
        name: String, kind: GestureKind, deviceKind: DeviceKind, device: Int, target: HitTarget,
        startLocation: Point, modifiers: Modifiers = Modifiers(), report: GestureReport = GestureReport(), screen: Rect
    ) {
        self.name = name
        self.kind = kind
        self.deviceKind = deviceKind
        self.device = device
        self.target = target
        self.startLocation = startLocation
        self.modifiers = modifiers
        self.report = report
        self.screen = screen
    }
}

/// A should-begin condition's answer.
public enum BeginDecision: Hashable, Sendable {
    /// The recognizer may begin or recognize.
    case begin
    /// The recognizer fails with `reason`, the condition's own (`wrong modifiers`, `wrong
    /// direction`), and `words` as the record's detail when given: `possible → failed
    /// (wrong direction: went left, bound right)`. Without words the recognizer's own
    /// detail (a stroke's matches) stays.
    case fail(TransitionReason, words: String? = nil)
}

public typealias ShouldBeginPredicate = @Sendable (ShouldBeginContext) -> BeginDecision

/// One recognizer the engine runs, with its relations to the others. Plain data, so that
/// the config layer can build it from a user's bindings.
///
/// - `name`: unique; relations and gesture events use it.
/// - `recognizer`: the recognizer in its initial state; the engine keeps its own copy and
///   resets it after each gesture.
/// - `deviceKind`: taken from the recognizer: the device kind whose inputs it receives.
/// - `requiresFailureOf`: names of recognizers that must fail before this one may begin or
///   recognize (UIKit's `require(toFail:)`). Only a recognizer watching the same touches
///   holds this one back; a cycle is a configuration error.
/// - `simultaneousWith`: names this one may run alongside (the relation is symmetric);
///   otherwise the first to begin or recognize fails or cancels the others.
/// - `prevents`: UIKit's `canPrevent`: when set, the only recognizers this one makes fail
///   (or cancels) when it begins or recognizes; the others keep running beside it. Nil:
///   every recognizer not simultaneous with it.
/// - `preventedBy`: UIKit's `canBePrevented(by:)`: when set, the only recognizers that
///   make this one fail when they begin or recognize. A recognizer prevents another only
///   when both allow it.
/// - `shouldReceive`: asked once per sequence of the recognizer's device kind, when the
///   sequence starts, with the window under its first point: `.ignore` makes the
///   recognizer absent for that sequence (it fails with "not receiving", sees none of the
///   sequence's events, holds no one back and claims nothing). Keep it cheap and about
///   what is known at the start: device, window, start point, screen.
/// - `shouldBegin`: the binding's condition, asked once per attempt when the recognizer is
///   about to begin or recognize; `.fail` fails it with the reason the condition gives.
/// - `defaultTapRelations`: when true (the default), a tap requires the failure of every
///   tap on the same device kind and touch count that needs more taps, so a single tap
///   waits for a double tap.
/// - `sharesTouches` (UIKit's `cancelsTouchesInView = NO`): a touchscreen recognizer that
///   never holds or claims touches; the application gets them whole and at once, and the
///   recognizer goes on watching them (an ownership decision with `shared` set).
/// - `perDevice`: by device id, the recognizer and conditions a sequence of that device
///   runs with instead (``DeviceRecognizer``): a touchscreen on a monitor of another
///   density. Put in place when an idle recognizer takes a sequence, so nothing is asked
///   per event; empty (every device alike) in most configurations.
public struct RecognizerRegistration: Sendable {
    public var name: String
    public var recognizer: any GestureRecognizer
    public var requiresFailureOf: [String]
    public var simultaneousWith: [String]
    public var prevents: [String]?
    public var preventedBy: [String]?
    public var shouldReceive: ShouldReceivePredicate?
    public var shouldBegin: ShouldBeginPredicate?
    public var defaultTapRelations: Bool
    public var sharesTouches = false
    public var perDevice: [Int: DeviceRecognizer] = [:]

    public var deviceKind: DeviceKind { recognizer.deviceKind }

    public init(
        name: String, recognizer: any GestureRecognizer, requiresFailureOf: [String] = [],
        simultaneousWith: [String] = [], prevents: [String]? = nil, preventedBy: [String]? = nil,
        shouldReceive: ShouldReceivePredicate? = nil, shouldBegin: ShouldBeginPredicate? = nil,
        defaultTapRelations: Bool = true
    ) {
        self.prevents = prevents
        self.preventedBy = preventedBy
        self.name = name
        self.recognizer = recognizer
        self.requiresFailureOf = requiresFailureOf
        self.simultaneousWith = simultaneousWith
        self.shouldReceive = shouldReceive
        self.shouldBegin = shouldBegin
        self.defaultTapRelations = defaultTapRelations
    }
}

/// A set of registrations the engine cannot run.
public enum EngineConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    case duplicateName(String)
    case unknownRecognizer(name: String, referencedBy: String)
    /// `requiresFailureOf` relations that wait on each other in a circle: none could ever begin.
    case requirementCycle([String])

    public var description: String {
        switch self {
        case .duplicateName(let n): return "two recognizers are named \"\(n)\""
        case .unknownRecognizer(let n, let by): return "\"\(by)\" refers to \"\(n)\", which is not a recognizer"
        case .requirementCycle(let names):
            return "recognizers require each other to fail in a cycle: " + names.joined(separator: " → ")
        }
    }
}
