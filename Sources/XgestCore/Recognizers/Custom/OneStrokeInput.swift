/// What one input means to a recognizer drawn as one stroke (a pattern, a scrub): one
/// finger on a touchscreen, or the pointer with a button held.
enum OneStrokeStep: Hashable, Sendable {
    /// The stroke started here, on this monitor.
    case started(Point, EventTime, screen: Rect)
    case moved(Point, EventTime)
    /// The finger lifted or the button was released here.
    case ended(Point, EventTime)
    /// The input cannot be this stroke (a second finger, another button).
    case failed(TransitionReason)
    /// Nothing for the stroke (another touch's motion, motion before the press).
    case ignored
}

/// Turns touchscreen and pointer inputs into the steps of one stroke, with the same rules
/// as a shaped stroke's: a second finger fails it; on the pointer, only `button` draws,
/// another button pressed while it is held fails it, and `modifiers` (when set) must be
/// held exactly at the press.
struct OneStrokeInput: Hashable, Sendable {
    let input: StrokeInput
    private var touchID: UInt32?
    private var drawing = false
    /// The modifiers held at a press that failed for them (plain bits: the recognizers
    /// holding this are copied per event).
    private var heldAtWrongModifiers: Modifiers?

    /// For a press that failed for its modifiers: which were held and which are bound.
    var modifierMismatch: TransitionDetail? {
        guard let held = heldAtWrongModifiers, case .pointer(let s) = input, let bound = s.modifiers else { return nil }
        return .words(Modifiers.mismatch(held: held, bound: bound))
    }

    init(_ input: StrokeInput) { self.input = input }

    var deviceKind: DeviceKind {
        switch input {
        case .touchscreen: return .touchscreen
        case .pointer: return .pointer
        }
    }

    mutating func touchesBegan(_ frame: TouchFrame) -> OneStrokeStep {
        guard !drawing, frame.count == 1 else { return .failed(.tooManyFingers) }
        drawing = true
        touchID = frame.changed.id
        return .started(frame.changed.location, frame.time, screen: frame.screen)
    }

    func touchesMoved(_ frame: TouchFrame) -> OneStrokeStep {
        guard drawing else { return .ignored }
        guard frame.count == 1 else { return .failed(.tooManyFingers) }
        return frame.changed.id == touchID ? .moved(frame.changed.location, frame.time) : .ignored
    }

    mutating func touchesEnded(_ frame: TouchFrame) -> OneStrokeStep {
        guard drawing, frame.changed.id == touchID else { return .ignored }
        drawing = false
        return .ended(frame.changed.location, frame.time)
    }

    mutating func pointer(_ p: PointerInput) -> OneStrokeStep {
        guard case .pointer(let s) = input else { return .ignored }
        switch (drawing, p.kind) {
        case (false, .press(let button)):
            guard button == s.button else { return .failed(.wrongButton) }
            if let m = s.modifiers, m != p.modifiers {
                heldAtWrongModifiers = p.modifiers
                return .failed(.wrongModifiers)
            }
            drawing = true
            return .started(p.location, p.time, screen: p.screen)
        case (true, .motion):
            return .moved(p.location, p.time)
        case (true, .release(let button)):
            guard button == s.button else { return .ignored }
            drawing = false
            return .ended(p.location, p.time)
        case (true, .press):
            // Another button clicked while drawing: that click is the application's.
            return .failed(.wrongButton)
        case (false, .motion), (false, .release):
            return .ignored
        }
    }

    mutating func reset() {
        heldAtWrongModifiers = nil
        touchID = nil
        drawing = false
    }
}
