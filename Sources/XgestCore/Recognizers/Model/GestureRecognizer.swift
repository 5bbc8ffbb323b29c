/// A gesture recognizer: a value-typed state machine fed inputs by the engine.
///
/// Each input is a `mutating func` that returns a ``RecognizerDecision``; the recognizer
/// does no I/O and reads no clock. Time comes from the inputs, and from ``deadline``:
/// when it is set, the engine calls ``timerFired(at:)`` once event time reaches it.
///
/// The engine owns the public ``GestureState``: it validates each decision against the
/// state machine, arbitrates it against the other recognizers, and stops feeding a
/// recognizer once it is in a terminal state (or was failed or cancelled by another),
/// until it calls ``reset()``. A recognizer sees only inputs from its ``deviceKind``.
///
/// Conform with a `struct`; the protocol's extension supplies do-nothing inputs, so a
/// touchscreen recognizer implements only the touch inputs it needs.
public protocol GestureRecognizer: Sendable {
    var kind: GestureKind { get }
    /// The device kind whose inputs this recognizer receives.
    var deviceKind: DeviceKind { get }
    /// Continuous gestures begin, change and end; discrete ones recognize once.
    var isContinuous: Bool { get }
    /// When the engine should call ``timerFired(at:)``, on event time; nil for no timer.
    var deadline: EventTime? { get }
    /// The gesture's current payload, read by the engine at each state change.
    var report: GestureReport { get }
    /// For taps: the taps and touches required, so that by default a tap waits for the
    /// failure of a tap with more taps on the same touches.
    var multiTapProfile: MultiTapProfile? { get }
    /// More about the decision just returned, in words, for the transition record's
    /// detail (`--debug`): a stroke's best matches and verdict. Nil for nothing to add.
    var decisionDetail: TransitionDetail? { get }

    mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision
    mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision
    mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision
    /// The touches were taken away (the device went, or the engine was told to cancel).
    mutating func touchesCancelled(_ frame: TouchFrame) -> RecognizerDecision
    mutating func touchpadSwipe(_ event: TouchpadSwipe, at time: EventTime) -> RecognizerDecision
    mutating func touchpadPinch(_ event: TouchpadPinch, at time: EventTime) -> RecognizerDecision
    mutating func pointer(_ input: PointerInput) -> RecognizerDecision
    /// Event time reached ``deadline``.
    mutating func timerFired(at time: EventTime) -> RecognizerDecision
    /// Back to the start, ready for a new gesture.
    mutating func reset()
}

/// Taps and touches a tap recognizer requires.
public struct MultiTapProfile: Hashable, Sendable {
    public var taps: Int
    public var touches: Int

    public init(taps: Int, touches: Int) {
        self.taps = taps
        self.touches = touches
    }

    /// The tap default, UIKit's: a tap waits for the failure of every tap of the same
    /// fingers that needs more taps, so a single tap does not fire on the first tap of a
    /// double. The engine adds these requirements (on the same device kind) and the config
    /// check looks for cycles through them, both through ``DefaultTapWaits``, which finds
    /// them for every tap at once (its tests hold it to this).
    public func waitsByDefault(for other: MultiTapProfile) -> Bool {
        other.touches == touches && other.taps > taps
    }
}

extension GestureRecognizer {
    public var multiTapProfile: MultiTapProfile? { nil }
    public var decisionDetail: TransitionDetail? { nil }
    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision { .none }
    public mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision { .none }
    public mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision { .none }
    public mutating func touchesCancelled(_ frame: TouchFrame) -> RecognizerDecision {
        isContinuous ? .cancel(.deviceCancelled) : .fail(.deviceCancelled)
    }
    public mutating func touchpadSwipe(_ event: TouchpadSwipe, at time: EventTime) -> RecognizerDecision { .none }
    public mutating func touchpadPinch(_ event: TouchpadPinch, at time: EventTime) -> RecognizerDecision { .none }
    public mutating func pointer(_ input: PointerInput) -> RecognizerDecision { .none }
    public mutating func timerFired(at time: EventTime) -> RecognizerDecision { .none }
}
