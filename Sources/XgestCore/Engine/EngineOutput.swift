/// Identifies one input sequence: a touchscreen's first finger down to last finger up, a
/// pointer's first button press to last release, or a touchpad gesture's begin to end.
public typealias SequenceID = UInt64

/// A recognizer's state change, with what its gesture reports: the input to bindings.
public struct GestureEvent: Hashable, Sendable, CustomStringConvertible {
    public var time: EventTime
    /// The registration's name.
    public var name: String
    public var kind: GestureKind
    /// began, changed, ended, cancelled or recognized; failed only for a pattern's wrong
    /// pattern, which runs its binding's `on-failure` action (other failures are
    /// transition records only).
    public var state: GestureState
    public var device: Int
    public var deviceKind: DeviceKind
    /// The window (or desktop) under the first point of the gesture's first sequence.
    public var target: HitTarget
    public var report: GestureReport
    /// Touchscreen gestures: the sequence's touches at the event (UIKit's
    /// `location(ofTouch:in:)`), a lifting touch at its last point included; empty for
    /// other devices. It shares the engine's own array, so emitting it allocates nothing.
    public var touches: [Touch] = []

    public var fingers: Int { report.fingers }
    public var direction: GestureDirection? { report.direction }
    public var location: Point { report.location }

    public var description: String {
        var s = "\(time) gesture \(name) \(kind) \(state) fingers=\(report.fingers)"
        if let d = report.direction { s += " direction=\(d)" }
        switch kind {
        case .pan, .edge, .longPress, .stroke, .pattern, .scrub, .custom:
            s += " translation=\(report.translation) velocity=\(report.velocity)"
        case .swipe:
            s += " translation=\(report.translation)"
        case .pinch:
            s += " scale=\(formatCoordinate(report.scale))"
        case .rotate:
            s += " rotation=\(formatCoordinate(report.rotationRadians))"
        case .tap:
            break
        }
        if kind == .stroke { s += " points=\(report.points.count)" }
        if !touches.isEmpty { s += " touches=" + touches.map { "\($0.location)" }.joined(separator: ";") }
        return s + " at \(report.location) on \(target)"
    }
}

/// Accept (a gesture claimed the input: the application must not see it) or reject (no
/// recognizer can claim it: hand it back now).
public enum OwnershipVerdict: String, Hashable, Sendable {
    case accept
    case reject
}

/// The final word on a sequence, once per sequence: given when known, and repeated for
/// each touch that lands in an already decided sequence (listing only that touch).
public struct OwnershipDecision: Hashable, Sendable, CustomStringConvertible {
    public var time: EventTime
    public var verdict: OwnershipVerdict
    public var device: Int
    public var deviceKind: DeviceKind
    public var sequence: SequenceID
    /// Touchscreen: the touch ids concerned; empty for pointer sequences.
    public var touchIDs: [UInt32]
    /// Pointer: the button that started the sequence.
    public var button: Int?
    /// A reject of touches a recognizer that shares them (`cancels-touches = false`) still
    /// watches: the application gets them whole, and xgest goes on following them.
    public var shared = false
    /// Why, when the verdict needs saying: a touch handed back with others still down.
    public var reason: OwnershipReason? = nil

    public var description: String {
        var s = "\(time) ownership \(verdict.rawValue) \(deviceKind) device=\(device) sequence=\(sequence)"
        if !touchIDs.isEmpty { s += " touches=" + touchIDs.map { String($0) }.joined(separator: ",") }
        if let b = button { s += " button=\(b)" }
        if shared { s += " shared" }
        if let r = reason { s += " (\(r.rawValue))" }
        return s
    }
}

/// Why a touch was decided without any recognizer seeing it.
public enum OwnershipReason: String, Hashable, Sendable {
    /// It landed while the fingers of a sequence just handed back were down
    /// (``HandedBackFingers``): it goes to the application with them.
    case joinsTouchesHandedBack = "joins touches handed back"
}

/// One state change of one recognizer, with its reason, for `--debug`. A transition the
/// state machine forbids is recorded with reason `.invalidTransition` (a bug) instead of
/// being applied; a transition held back by a pending required failure is recorded as
/// `possible → possible` with reason `.requiredFailurePending`; a recognizer whose
/// should-receive condition turns a sequence down is recorded as `possible → failed` with
/// reason `.notReceiving` and the condition's words as `detail`.
public struct TransitionRecord: Hashable, Sendable, CustomStringConvertible {
    public var time: EventTime
    public var name: String
    public var from: GestureState
    public var to: GestureState
    public var reason: TransitionReason
    /// The other recognizer involved (the winner, the required one), when there is one.
    public var related: String?
    /// More about the reason: why a should-receive condition turned the sequence down, or
    /// how a stroke was classified.
    public var detail: TransitionDetail? = nil

    public var description: String {
        var s = "\(time) transition \(name) \(from) → \(to) (\(reason)"
        if let r = related { s += ": \(r)" }
        if let d = detail { s += ": \(d)" }
        return s + ")"
    }
}

/// A touch that ends for xgest because its sequence was rejected: the application has
/// the rest of it. The engine ends it where it last was, at the decision's time; the X
/// layer drops whatever the server still sends of it.
public struct HandedBackTouch: Hashable, Sendable, CustomStringConvertible {
    public var time: EventTime
    public var device: Int
    public var touchID: UInt32
    public var location: Point

    /// The touch end the engine processed for it.
    public var event: InputEvent {
        InputEvent(
            time: time, device: device, deviceKind: .touchscreen,
            payload: .touch(TouchSample(id: touchID, phase: .end, location: location)))
    }

    public var description: String {
        "\(time) handed back touchscreen device=\(device) touch=\(touchID) at \(location)"
    }
}

/// Everything the engine tells its caller, in time order.
public enum EngineOutput: Hashable, Sendable, CustomStringConvertible {
    case gesture(GestureEvent)
    case ownership(OwnershipDecision)
    case transition(TransitionRecord)
    /// After a reject: one of the sequence's touches ends for xgest.
    case handedBack(HandedBackTouch)

    public var time: EventTime {
        switch self {
        case .gesture(let g): return g.time
        case .ownership(let o): return o.time
        case .transition(let t): return t.time
        case .handedBack(let h): return h.time
        }
    }

    public var description: String {
        switch self {
        case .gesture(let g): return g.description
        case .ownership(let o): return o.description
        case .transition(let t): return t.description
        case .handedBack(let h): return h.description
        }
    }
}

/// More about a transition's reason than the reason itself.
public enum TransitionDetail: Hashable, Sendable, CustomStringConvertible {
    /// In words: why a should-receive condition turned the sequence down.
    case words(String)
    /// A shaped stroke's classification: its verdict, best matches and threshold.
    case stroke(StrokeClassification)
    /// How many fingers had landed when a landing window ended with some missing.
    case landing(LandingShortfall)

    public var description: String {
        switch self {
        case .words(let w): return w
        case .stroke(let c): return c.description
        case .landing(let l): return l.description
        }
    }

    /// The stroke classification, for a stroke's verdict.
    public var strokeClassification: StrokeClassification? {
        switch self {
        case .stroke(let c): return c
        case .words, .landing: return nil
        }
    }
}
