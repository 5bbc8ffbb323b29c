import Testing

@testable import XgestCore

/// The bindings' should-begin conditions (a pointer stroke's `direction`, the modifiers
/// held as a gesture begins), and the reasons the trace gives when one is false.
@Suite struct BeginConditionTests {
    static func binding(_ direction: GestureDirection, modifiers: Modifiers? = nil, device: DeviceKind = .pointer)
        -> GestureBinding
    {
        var conditions = BindingConditions()
        conditions.modifiers = modifiers
        return GestureBinding(
            name: "go-\(direction)", kind: .stroke, devices: [device], direction: direction, button: 3,
            conditions: conditions, action: BoundAction(.click(button: 2), text: "click 2"))
    }

    static func registrations(_ bindings: [GestureBinding]) -> [RecognizerRegistration] {
        BindingSet(bindings: bindings, apps: []).registrations()
    }

    /// A button-3 drag through `points`, 10 ms apart, released at the last.
    static func drag(_ points: [(Double, Double)]) -> [InputEvent] {
        guard let first = points.first, let last = points.last else { return [] }
        var events = [Mouse.press(3, first.0, first.1, at: 0)]
        var t = 0.0
        for p in points.dropFirst() {
            t += 10
            events.append(Mouse.motion(p.0, p.1, at: t))
        }
        events.append(Mouse.release(3, last.0, last.1, at: t + 5))
        return events
    }

    @Test func aStrokeTheOtherWayFailsSayingWhichWayItWentAndWhichIsBound() {
        let out = run(Self.registrations([Self.binding(.right)]), Self.drag([(600, 400), (500, 400), (400, 400)]))
        #expect(out.gestures.isEmpty)
        let failure = out.transitions.first { $0.to == .failed }
        #expect(failure?.reason == .wrongDirection)
        #expect(
            failure?.description.hasSuffix("go-right possible → failed (wrong direction: went left, bound right)")
                == true)
        #expect(out.verdicts == [.reject])
        let right = run(Self.registrations([Self.binding(.right)]), Self.drag([(400, 400), (500, 400), (600, 400)]))
        #expect(right.gestureLines == ["go-right recognized"])
    }

    @Test func modifiersNotHeldAtTheBeginFailSayingSo() {
        var conditions = BindingConditions()
        conditions.modifiers = .ctrl
        let tap = GestureBinding(
            name: "ctrl-tap", kind: .tap, devices: [.touchscreen], conditions: conditions,
            action: BoundAction(.click(button: 2), text: "click 2"))
        var h = Hand()
        h.down(1, 300, 300, at: 0)
        h.up(1, at: 50)
        let out = run(Self.registrations([tap]), h.events)
        #expect(out.gestures.isEmpty)
        #expect(
            out.transitions.contains {
                $0.description.hasSuffix("ctrl-tap possible → failed (wrong modifiers: held none, bound ctrl)")
            })
        let held = run(Self.registrations([tap]), [Mouse.modifiers(.ctrl, at: 0)] + h.events)
        #expect(held.gestureLines == ["ctrl-tap recognized"])
        // Modifiers must match exactly: one more is as wrong as one fewer.
        let more = run(Self.registrations([tap]), [Mouse.modifiers([.ctrl, .shift], at: 0)] + h.events)
        #expect(
            more.transitions.contains {
                $0.description.hasSuffix("ctrl-tap possible → failed (wrong modifiers: held shift+ctrl, bound ctrl)")
            })
    }
}
