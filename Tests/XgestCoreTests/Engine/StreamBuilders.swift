import Foundation
import Testing

@testable import XgestCore

let touchscreenID = 6
let pointerID = 7
let touchpadID = 8
let testScreen = Rect(x: 0, y: 0, width: 1920, height: 1080)

/// Event time from milliseconds.
func ms(_ v: Double) -> EventTime { EventTime(microseconds: UInt64((v * 1000).rounded())) }

/// Builds touchscreen streams tersely: fingers land, move together, spread, turn, lift.
struct Hand {
    var events: [InputEvent] = []
    var positions: [UInt32: Point] = [:]
    var order: [UInt32] = []
    var device = touchscreenID

    private mutating func emit(_ id: UInt32, _ phase: TouchPhase, _ p: Point, _ t: Double) {
        events.append(
            InputEvent(
                time: ms(t), device: device, deviceKind: .touchscreen,
                payload: .touch(TouchSample(id: id, phase: phase, location: p))))
    }

    mutating func down(_ id: UInt32, _ x: Double, _ y: Double, at t: Double) {
        positions[id] = Point(x: x, y: y)
        order.append(id)
        emit(id, .begin, Point(x: x, y: y), t)
    }

    mutating func move(_ id: UInt32, _ x: Double, _ y: Double, at t: Double) {
        positions[id] = Point(x: x, y: y)
        emit(id, .update, Point(x: x, y: y), t)
    }

    mutating func up(_ id: UInt32, at t: Double) {
        emit(id, .end, positions[id] ?? .zero, t)
        positions[id] = nil
        order.removeAll { $0 == id }
    }

    /// `n` fingers (ids 1…n) land at once in a row centred on (x, y), 40 px apart.
    mutating func downAll(_ n: Int, _ x: Double, _ y: Double, at t: Double, spacing: Double = 40) {
        for k in 0..<n {
            down(UInt32(k + 1), x + (Double(k) - Double(n - 1) / 2) * spacing, y, at: t)
        }
    }

    mutating func upAll(at t: Double) {
        for id in order { up(id, at: t) }
    }

    /// Every finger moves by (dx, dy) in `steps` equal steps from t0 to t1.
    mutating func moveAll(by dx: Double, _ dy: Double, steps: Int = 10, from t0: Double, to t1: Double) {
        transform(steps: steps, from: t0, to: t1) { p, _, f in Point(x: p.x + dx * f, y: p.y + dy * f) }
    }

    /// Every finger's distance from the centroid is multiplied by `factor` (gradually).
    mutating func spread(by factor: Double, steps: Int = 10, from t0: Double, to t1: Double) {
        transform(steps: steps, from: t0, to: t1) { p, c, f in
            let k = 1 + (factor - 1) * f
            return Point(x: c.x + (p.x - c.x) * k, y: c.y + (p.y - c.y) * k)
        }
    }

    /// Every finger turns about the centroid by `radians` (clockwise on screen when positive).
    mutating func rotate(by radians: Double, steps: Int = 10, from t0: Double, to t1: Double) {
        transform(steps: steps, from: t0, to: t1) { p, c, f in
            let a = radians * f
            let v = Point(x: p.x - c.x, y: p.y - c.y)
            return Point(x: c.x + v.x * cos(a) - v.y * sin(a), y: c.y + v.x * sin(a) + v.y * cos(a))
        }
    }

    private mutating func transform(
        steps: Int, from t0: Double, to t1: Double, _ f: (Point, Point, Double) -> Point
    ) {
        let start = positions
        let ids = order
        var c = Point.zero
        for id in ids { c = c + (start[id] ?? .zero) }
        c = Point(x: c.x / Double(max(ids.count, 1)), y: c.y / Double(max(ids.count, 1)))
        for s in 1...steps {
            let frac = Double(s) / Double(steps)
            let t = t0 + (t1 - t0) * frac
            for id in ids { move(id, f(start[id] ?? .zero, c, frac).x, f(start[id] ?? .zero, c, frac).y, at: t) }
        }
    }
}

/// Touchpad gesture events.
enum Pad {
    static func swipe(
        _ phase: GesturePhase, fingers: Int = 3, dx: Double = 0, dy: Double = 0, cancelled: Bool = false, at t: Double
    )
        -> InputEvent
    {
        InputEvent(
            time: ms(t), device: touchpadID, deviceKind: .touchpad,
            payload: .touchpadSwipe(
                TouchpadSwipe(phase: phase, fingers: fingers, delta: Point(x: dx, y: dy), cancelled: cancelled)))
    }

    static func pinch(
        _ phase: GesturePhase, fingers: Int = 2, scale: Double = 1, angle: Double = 0, cancelled: Bool = false,
        at t: Double
    ) -> InputEvent {
        InputEvent(
            time: ms(t), device: touchpadID, deviceKind: .touchpad,
            payload: .touchpadPinch(
                TouchpadPinch(
                    phase: phase, fingers: fingers, delta: .zero, scale: scale, angleDeltaDegrees: angle,
                    cancelled: cancelled)))
    }

    /// A whole swipe: begin, `steps` updates adding up to (dx, dy), end.
    static func swipeGesture(
        fingers: Int, dx: Double, dy: Double, steps: Int = 10, cancelled: Bool = false, from t: Double = 0
    ) -> [InputEvent] {
        var e = [swipe(.begin, fingers: fingers, at: t)]
        for s in 1...steps {
            e.append(
                swipe(.update, fingers: fingers, dx: dx / Double(steps), dy: dy / Double(steps), at: t + Double(s) * 10)
            )
        }
        e.append(swipe(.end, fingers: fingers, cancelled: cancelled, at: t + Double(steps + 1) * 10))
        return e
    }

    /// A whole pinch reaching `scale` and turning `degrees` (clockwise positive) in `steps`.
    static func pinchGesture(
        fingers: Int = 2, scale: Double, degrees: Double = 0, steps: Int = 10, cancelled: Bool = false,
        from t: Double = 0
    ) -> [InputEvent] {
        var e = [pinch(.begin, fingers: fingers, at: t)]
        for s in 1...steps {
            let f = Double(s) / Double(steps)
            e.append(
                pinch(
                    .update, fingers: fingers, scale: 1 + (scale - 1) * f, angle: degrees / Double(steps),
                    at: t + Double(s) * 10))
        }
        e.append(pinch(.end, fingers: fingers, scale: scale, cancelled: cancelled, at: t + Double(steps + 1) * 10))
        return e
    }
}

/// Pointer events.
enum Mouse {
    static func press(_ button: Int, _ x: Double, _ y: Double, at t: Double) -> InputEvent {
        InputEvent(
            time: ms(t), device: pointerID, deviceKind: .pointer,
            payload: .button(ButtonSample(button: button, isPress: true, location: Point(x: x, y: y))))
    }

    static func release(_ button: Int, _ x: Double, _ y: Double, at t: Double) -> InputEvent {
        InputEvent(
            time: ms(t), device: pointerID, deviceKind: .pointer,
            payload: .button(ButtonSample(button: button, isPress: false, location: Point(x: x, y: y))))
    }

    static func motion(_ x: Double, _ y: Double, at t: Double) -> InputEvent {
        InputEvent(time: ms(t), device: pointerID, deviceKind: .pointer, payload: .pointerMotion(Point(x: x, y: y)))
    }

    static func modifiers(_ m: Modifiers, at t: Double) -> InputEvent {
        InputEvent(time: ms(t), device: 0, deviceKind: .keyboard, payload: .modifiers(m))
    }
}

func reg(
    _ name: String, _ r: any GestureRecognizer, requires: [String] = [], simultaneous: [String] = [],
    shouldReceive: ShouldReceivePredicate? = nil, shouldBegin: ShouldBeginPredicate? = nil
) -> RecognizerRegistration {
    RecognizerRegistration(
        name: name, recognizer: r, requiresFailureOf: requires, simultaneousWith: simultaneous,
        shouldReceive: shouldReceive, shouldBegin: shouldBegin)
}

/// Runs events through a fresh engine; with `drain`, then fires every pending timer.
func run(
    _ registrations: [RecognizerRegistration], _ events: [InputEvent], drain: Bool = true,
    hitTesting: WindowStack = WindowStack(), settings: EngineSettings = EngineSettings(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> [EngineOutput] {
    do {
        var engine = try GestureEngine(
            registrations: registrations, hitTesting: hitTesting, screen: testScreen, settings: settings)
        var out: [EngineOutput] = []
        for e in events { engine.process(e, into: &out) }
        while drain, let d = engine.nextDeadline { engine.advance(to: d, into: &out) }
        return out
    } catch {
        Issue.record("configuration error: \(error)", sourceLocation: sourceLocation)
        return []
    }
}

func makeEngine(
    _ registrations: [RecognizerRegistration], sourceLocation: SourceLocation = #_sourceLocation
) -> GestureEngine? {
    do {
        return try GestureEngine(registrations: registrations, hitTesting: WindowStack(), screen: testScreen)
    } catch {
        Issue.record("configuration error: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

extension Array where Element == EngineOutput {
    var gestures: [GestureEvent] {
        compactMap { if case .gesture(let g) = $0 { return g } else { return nil } }
    }

    var decisions: [OwnershipDecision] {
        compactMap { if case .ownership(let d) = $0 { return d } else { return nil } }
    }

    var transitions: [TransitionRecord] {
        compactMap { if case .transition(let t) = $0 { return t } else { return nil } }
    }

    /// "name state" for each gesture event, in order.
    var gestureLines: [String] { gestures.map { "\($0.name) \($0.state)" } }

    /// The gesture states of one recognizer, in order.
    func states(of name: String) -> [GestureState] { gestures.filter { $0.name == name }.map(\.state) }

    /// Why `name` failed (its possible → failed transition), if it did.
    func failure(of name: String) -> TransitionReason? {
        transitions.first { $0.name == name && $0.to == .failed }?.reason
    }

    var verdicts: [OwnershipVerdict] { decisions.map(\.verdict) }
}
