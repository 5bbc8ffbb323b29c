/// The engine's recognizers, kept by concrete type in contiguous arrays so that the
/// per-event path updates each one in place through a `switch`, with no existential box
/// to open, copy or retain. Recognizers written outside xgest are kept as
/// `any GestureRecognizer` and reached through their witness table.
struct RecognizerStore {
    enum Storage {
        case tap, longPress, pan, pinch, rotation, edgePan, swipe
        case touchpadSwipe, touchpadPinch, touchpadRotate
        case stroke, shapedStroke
        case custom
    }

    /// Where slot `i`'s recognizer lives: which array, and its position there.
    struct Handle {
        var storage: Storage
        var index: Int
    }

    private var handles: [Handle] = []
    private var taps: [TapRecognizer] = []
    private var longPresses: [LongPressRecognizer] = []
    private var pans: [PanRecognizer] = []
    private var pinches: [PinchRecognizer] = []
    private var rotations: [RotationRecognizer] = []
    private var edgePans: [ScreenEdgePanRecognizer] = []
    private var swipes: [SwipeRecognizer] = []
    private var touchpadSwipes: [TouchpadSwipeRecognizer] = []
    private var touchpadPinches: [TouchpadPinchRecognizer] = []
    private var touchpadRotations: [TouchpadRotateRecognizer] = []
    private var strokes: [StrokeCaptureRecognizer] = []
    private var shapedStrokes: [StrokeRecognizer] = []
    private var custom: [any GestureRecognizer] = []

    init(_ recognizers: [any GestureRecognizer]) {
        handles.reserveCapacity(recognizers.count)
        for r in recognizers { append(r) }
    }

    private mutating func append(_ r: any GestureRecognizer) {
        if let x = r as? TapRecognizer { return add(x, to: \.taps, .tap) }
        if let x = r as? LongPressRecognizer { return add(x, to: \.longPresses, .longPress) }
        if let x = r as? PanRecognizer { return add(x, to: \.pans, .pan) }
        if let x = r as? PinchRecognizer { return add(x, to: \.pinches, .pinch) }
        if let x = r as? RotationRecognizer { return add(x, to: \.rotations, .rotation) }
        if let x = r as? ScreenEdgePanRecognizer { return add(x, to: \.edgePans, .edgePan) }
        if let x = r as? SwipeRecognizer { return add(x, to: \.swipes, .swipe) }
        if let x = r as? TouchpadSwipeRecognizer { return add(x, to: \.touchpadSwipes, .touchpadSwipe) }
        if let x = r as? TouchpadPinchRecognizer { return add(x, to: \.touchpadPinches, .touchpadPinch) }
        if let x = r as? TouchpadRotateRecognizer { return add(x, to: \.touchpadRotations, .touchpadRotate) }
        if let x = r as? StrokeCaptureRecognizer { return add(x, to: \.strokes, .stroke) }
        if let x = r as? StrokeRecognizer { return add(x, to: \.shapedStrokes, .shapedStroke) }
        add(r, to: \.custom, .custom)
    }

    private mutating func add<R>(_ r: R, to list: WritableKeyPath<RecognizerStore, [R]>, _ storage: Storage) {
        handles.append(Handle(storage: storage, index: self[keyPath: list].count))
        self[keyPath: list].append(r)
    }

    /// Runs `a` with `input` on slot `i`'s recognizer, in place. Inlined into each feeding
    /// loop, so that the switch and the recognizer's code sit in the loop body.
    @inline(__always)
    mutating func access<A: RecognizerAccess>(_ i: Int, _ a: A, _ input: A.Input) -> A.Result {
        let h = handles[i]
        switch h.storage {
        case .tap: return a.apply(&taps[h.index], input)
        case .longPress: return a.apply(&longPresses[h.index], input)
        case .pan: return a.apply(&pans[h.index], input)
        case .pinch: return a.apply(&pinches[h.index], input)
        case .rotation: return a.apply(&rotations[h.index], input)
        case .edgePan: return a.apply(&edgePans[h.index], input)
        case .swipe: return a.apply(&swipes[h.index], input)
        case .touchpadSwipe: return a.apply(&touchpadSwipes[h.index], input)
        case .touchpadPinch: return a.apply(&touchpadPinches[h.index], input)
        case .touchpadRotate: return a.apply(&touchpadRotations[h.index], input)
        case .stroke: return a.apply(&strokes[h.index], input)
        case .shapedStroke: return a.apply(&shapedStrokes[h.index], input)
        case .custom: return a.apply(&custom[h.index], input)
        }
    }

    /// Puts `r` in slot `i`'s place: a recognizer of the same concrete type (another
    /// device's settings of the same registration). False, and nothing changed, for
    /// another type.
    @discardableResult
    mutating func replace(_ i: Int, with r: any GestureRecognizer) -> Bool {
        let h = handles[i]
        switch h.storage {
        case .tap: return put(r, h.index, in: \.taps)
        case .longPress: return put(r, h.index, in: \.longPresses)
        case .pan: return put(r, h.index, in: \.pans)
        case .pinch: return put(r, h.index, in: \.pinches)
        case .rotation: return put(r, h.index, in: \.rotations)
        case .edgePan: return put(r, h.index, in: \.edgePans)
        case .swipe: return put(r, h.index, in: \.swipes)
        case .touchpadSwipe: return put(r, h.index, in: \.touchpadSwipes)
        case .touchpadPinch: return put(r, h.index, in: \.touchpadPinches)
        case .touchpadRotate: return put(r, h.index, in: \.touchpadRotations)
        case .stroke: return put(r, h.index, in: \.strokes)
        case .shapedStroke: return put(r, h.index, in: \.shapedStrokes)
        case .custom:
            guard ObjectIdentifier(type(of: r)) == ObjectIdentifier(type(of: custom[h.index])) else { return false }
            custom[h.index] = r
            return true
        }
    }

    private mutating func put<R>(
        _ r: any GestureRecognizer, _ index: Int, in list: WritableKeyPath<RecognizerStore, [R]>
    )
        -> Bool
    {
        guard let x = r as? R else { return false }
        self[keyPath: list][index] = x
        return true
    }

    mutating func report(_ i: Int) -> GestureReport { access(i, ReportAccess(), ()) }

    mutating func reset(_ i: Int) { access(i, ResetAccess(), ()) }

    mutating func decisionDetail(_ i: Int) -> TransitionDetail? { access(i, DecisionDetailAccess(), ()) }
}
