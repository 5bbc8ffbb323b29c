/// One operation on one recognizer, whatever its concrete type: ``RecognizerStore`` opens
/// the recognizer in place and calls `apply`, which the optimizer specializes for each
/// built-in recognizer, so the per-event path has no existential and no copy.
///
/// The operation's input travels as a separate argument rather than a stored property, so
/// that a large input (a touch frame) is passed by reference down to each recognizer
/// instead of being copied out of the operation for every call.
protocol RecognizerAccess {
    associatedtype Input
    associatedtype Result
    func apply<R: GestureRecognizer>(_ r: inout R, _ input: Input) -> Result
}

/// A recognizer's decision after an input, with its deadline read right after it, so
/// that the engine opens each recognizer once per input.
struct RecognizerStep {
    var decision: RecognizerDecision
    /// The recognizer's deadline in microseconds, `UInt64.max` for none.
    var deadline: UInt64

    init<R: GestureRecognizer>(_ decision: RecognizerDecision, after r: R) {
        self.decision = decision
        deadline = r.deadline?.microseconds ?? .max
    }
}

/// A touch event of the running sequence.
struct TouchAccess: RecognizerAccess {
    enum Phase {
        case began
        case moved
        case ended
        case cancelled
    }

    let phase: Phase

    @inline(__always)
    func apply<R: GestureRecognizer>(_ r: inout R, _ frame: TouchFrame) -> RecognizerStep {
        let d: RecognizerDecision
        switch phase {
        case .began: d = r.touchesBegan(frame)
        case .moved: d = r.touchesMoved(frame)
        case .ended: d = r.touchesEnded(frame)
        case .cancelled: d = r.touchesCancelled(frame)
        }
        return RecognizerStep(d, after: r)
    }
}

/// A touchpad gesture event.
struct TouchpadAccess: RecognizerAccess {
    enum Input {
        case swipe(TouchpadSwipe)
        case pinch(TouchpadPinch)
    }

    let time: EventTime

    func apply<R: GestureRecognizer>(_ r: inout R, _ input: Input) -> RecognizerStep {
        let d: RecognizerDecision
        switch input {
        case .swipe(let s): d = r.touchpadSwipe(s, at: time)
        case .pinch(let p): d = r.touchpadPinch(p, at: time)
        }
        return RecognizerStep(d, after: r)
    }
}

/// A pointer press, release or motion.
struct PointerAccess: RecognizerAccess {
    func apply<R: GestureRecognizer>(_ r: inout R, _ input: PointerInput) -> RecognizerStep {
        RecognizerStep(r.pointer(input), after: r)
    }
}

/// Event time reached the recognizer's deadline.
struct TimerAccess: RecognizerAccess {
    func apply<R: GestureRecognizer>(_ r: inout R, _ time: EventTime) -> RecognizerStep {
        RecognizerStep(r.timerFired(at: time), after: r)
    }
}

/// Back to the start after a gesture.
struct ResetAccess: RecognizerAccess {
    func apply<R: GestureRecognizer>(_ r: inout R, _ input: Void) { r.reset() }
}

/// The gesture's current report (read at state changes only).
struct ReportAccess: RecognizerAccess {
    func apply<R: GestureRecognizer>(_ r: inout R, _ input: Void) -> GestureReport { r.report }
}

/// The words a recognizer gives about its last decision, for the transition record.
struct DecisionDetailAccess: RecognizerAccess {
    func apply<R: GestureRecognizer>(_ r: inout R, _ input: Void) -> TransitionDetail? { r.decisionDetail }
}

/// Asked only when a timer fails a recognizer with too few fingers: a cast, where a
/// requirement of ``GestureRecognizer`` cost about 3 % per event at 200 recognizers.
struct FingersAwaitedAccess: RecognizerAccess {
    func apply<R: GestureRecognizer>(_ r: inout R, _ input: Void) -> FingersAwaited? {
        (r as? any AwaitsFingers)?.fingersAwaited
    }
}
