import Testing

@testable import XgestCore

/// Firefox on the left half of the screen, an xterm on the right half.
private let desk: WindowStack = {
    var stack = WindowStack()
    stack.place(
        WindowInfo(
            id: 0x400001, instance: "Navigator", className: "firefox", frame: Rect(x: 0, y: 0, width: 960, height: 1080)
        ))
    stack.place(
        WindowInfo(
            id: 0x600001, instance: "xterm", className: "XTerm", frame: Rect(x: 960, y: 0, width: 960, height: 1080)))
    return stack
}()

/// Receives only sequences that start on a window of this class.
private func only(_ className: String) -> ShouldReceivePredicate {
    let reason = "not in class \"\(className)\""
    return { $0.target.window?.className == className ? .receive : .ignore(reason: reason) }
}

/// Every context a should-receive condition was asked with.
private final class ContextLog: @unchecked Sendable {
    var contexts: [ShouldReceiveContext] = []
    func predicate(receiving: Bool = true) -> ShouldReceivePredicate {
        { context in
            self.contexts.append(context)
            return receiving ? .receive : .ignore(reason: "logged")
        }
    }
}

@Suite struct ReceivingTests {
    @Test func aRecognizerThatDoesNotReceiveTheSequenceSeesNoneOfItsEvents() {
        // It would recognize at the first touch if it saw it.
        let eager = ScriptedRecognizer(onBegan: .recognize(.tapsCompleted))
        let regs = [
            reg("eager-ff", eager, shouldReceive: only("firefox")),
            reg("press-ff", LongPressRecognizer(), shouldReceive: only("firefox")),
        ]
        var h = Hand()
        h.down(1, 1200, 500, at: 0)
        h.up(1, at: 600)
        let out = run(regs, h.events, hitTesting: desk)
        #expect(out.gestures.isEmpty)
        #expect(
            out.transitions.map(\.description) == [
                "0.000000 transition eager-ff possible → failed (not receiving: not in class \"firefox\")",
                "0.000000 transition press-ff possible → failed (not receiving: not in class \"firefox\")",
            ])
    }

    /// Without a trace, nothing reads why a binding does not watch a sequence: the engine
    /// records it only when asked, and decides the same either way.
    @Test func notReceivingIsRecordedOnlyWhenAsked() {
        let regs = [
            reg("tap-ff", TapRecognizer(), shouldReceive: only("firefox")),
            reg("tap-term", TapRecognizer(), shouldReceive: only("XTerm")),
        ]
        var h = Hand()
        h.down(1, 1200, 500, at: 0)
        h.up(1, at: 50)
        let quiet = run(
            regs, h.events, hitTesting: desk, settings: EngineSettings(recordsNotReceiving: false))
        let told = run(regs, h.events, hitTesting: desk)
        #expect(!quiet.transitions.contains { $0.reason == .notReceiving })
        #expect(told.transitions.filter { $0.reason == .notReceiving }.map(\.name) == ["tap-ff"])
        #expect(quiet.gestures.map(\.name) == ["tap-term"])
        #expect(told.gestures == quiet.gestures)
        #expect(told.decisions == quiet.decisions)
    }

    @Test func aSequenceNoneOfWhoseReceiversCanSucceedIsRejectedAtItsFirstEvent() throws {
        let regs = [
            reg("tap-ff", TapRecognizer(), shouldReceive: only("firefox")),
            reg("press-term", LongPressRecognizer(), shouldReceive: only("XTerm")),
            reg("pad", TouchpadSwipeRecognizer()),
        ]
        var engine = try GestureEngine(registrations: regs, hitTesting: WindowStack(), screen: testScreen)
        var h = Hand()
        // On the desktop, then on firefox: the first is handed back at once, the second held.
        h.down(1, 500, 500, at: 0)
        h.down(2, 540, 500, at: 30)
        h.upAll(at: 80)
        var out: [EngineOutput] = []
        for e in h.events { engine.process(e, into: &out) }
        #expect(out.decisions.map(\.verdict) == [.reject, .reject])
        #expect(out.decisions.map(\.time) == [ms(0), ms(30)])
        #expect(out.decisions.map(\.touchIDs) == [[1], [2]])
        // They are reset once the sequence is over, ready for the next.
        #expect(engine.states.allSatisfy { $0.state == .possible })
        #expect(engine.isIdle)

        engine.hitTesting = desk
        var onFirefox = Hand()
        onFirefox.down(3, 300, 500, at: 1000)
        onFirefox.up(3, at: 1050)
        out.removeAll()
        for e in onFirefox.events { engine.process(e, into: &out) }
        #expect(out.decisions.first?.time != ms(1000))
        #expect(out.gestureLines == ["tap-ff recognized"])
        #expect(out.verdicts == [.accept])
    }

    @Test func aTapWaitingOnADoubleTapThatDoesNotReceiveTheSequenceDoesNotWait() {
        let regs = [
            reg("tap", TapRecognizer()),
            reg("double-tap-ff", TapRecognizer(TapSettings(tapsRequired: 2)), shouldReceive: only("firefox")),
        ]
        var onXTerm = Hand()
        onXTerm.down(1, 1200, 500, at: 0)
        onXTerm.up(1, at: 50)
        let a = run(regs, onXTerm.events, hitTesting: desk)
        #expect(a.gestureLines == ["tap recognized"])
        #expect(a.gestures.first?.time == ms(50))
        #expect(a.decisions.map(\.time) == [ms(50)])

        // On firefox the double tap receives the sequence, and the single tap waits for it.
        var onFirefox = Hand()
        onFirefox.down(1, 300, 500, at: 0)
        onFirefox.up(1, at: 50)
        let b = run(regs, onFirefox.events, hitTesting: desk)
        #expect(b.gestureLines == ["tap recognized"])
        #expect(b.gestures.first?.time == ms(50 + 1000 * TapSettings().maximumTapIntervalSeconds))
        #expect(b.failure(of: "double-tap-ff") == .timedOut)
    }

    @Test func aDoubleTapWhoseNextTapLandsElsewhereFailsWhenThatTapStarts() {
        let regs = [
            reg("tap", TapRecognizer()),
            reg("double-tap-ff", TapRecognizer(TapSettings(tapsRequired: 2)), shouldReceive: only("firefox")),
        ]
        var h = Hand()
        h.down(1, 300, 500, at: 0)
        h.up(1, at: 50)
        h.down(2, 1200, 500, at: 100)
        h.up(2, at: 150)
        let out = run(regs, h.events, hitTesting: desk)
        let failed = out.transitions.first { $0.name == "double-tap-ff" && $0.to == .failed }
        #expect(failed?.reason == .notReceiving)
        #expect(failed?.time == ms(100))
        // The single tap on firefox goes ahead at once.
        #expect(out.gestures.first?.name == "tap")
        #expect(out.gestures.first?.time == ms(100))
        #expect(out.gestures.first?.target.window?.className == "firefox")
        #expect(out.decisions.first?.verdict == .accept)
        #expect(out.decisions.first?.sequence == 1)
    }

    @Test func shouldReceiveIsAskedOncePerSequenceWithItsStart() throws {
        let log = ContextLog()
        let regs = [reg("pan", PanRecognizer(), shouldReceive: log.predicate())]
        var engine = try GestureEngine(registrations: regs, hitTesting: desk, screen: testScreen)
        var out: [EngineOutput] = []
        var h = Hand()
        h.down(1, 300, 500, at: 0)
        h.down(2, 340, 500, at: 20)
        h.down(3, 380, 500, at: 40)
        h.moveAll(by: 100, 0, from: 50, to: 150)
        h.upAll(at: 160)
        for e in h.events { engine.process(e, into: &out) }
        #expect(log.contexts.count == 1)
        #expect(log.contexts.first?.startLocation == Point(x: 300, y: 500))
        #expect(log.contexts.first?.target.window?.className == "firefox")
        #expect(log.contexts.first?.device == touchscreenID)
        #expect(log.contexts.first?.deviceKind == .touchscreen)
        #expect(log.contexts.first?.screen == testScreen)

        // The screen changed: the next sequence's context carries the new one.
        let wide = Rect(x: 0, y: 0, width: 3840, height: 1080)
        engine.setScreen(wide)
        engine.process(Mouse.modifiers(.ctrl, at: 900), into: &out)
        var next = Hand()
        next.down(4, 1200, 500, at: 1000)
        next.up(4, at: 1050)
        for e in next.events { engine.process(e, into: &out) }
        #expect(log.contexts.count == 2)
        #expect(log.contexts.last?.screen == wide)
        #expect(log.contexts.last?.modifiers == .ctrl)
        #expect(log.contexts.last?.target.window?.className == "XTerm")
    }

    @Test func aHeldRecognizerIsNotAskedAboutNewSequences() {
        let log = ContextLog()
        let regs = [
            reg("tap", TapRecognizer(), shouldReceive: log.predicate()),
            reg("double-tap", TapRecognizer(TapSettings(tapsRequired: 2))),
        ]
        var h = Hand()
        h.down(1, 300, 500, at: 0)
        h.up(1, at: 50)
        // The single tap is held for the double tap when this tap lands.
        h.down(2, 300, 500, at: 100)
        h.up(2, at: 150)
        let out = run(regs, h.events, hitTesting: desk)
        #expect(log.contexts.count == 1)
        #expect(out.gestureLines == ["double-tap recognized"])
    }

    @Test func touchpadAndPointerSequencesAreOfferedAtTheirStart() {
        let regs = [
            reg(
                "stroke", StrokeCaptureRecognizer(StrokeCaptureSettings(button: 3)), shouldReceive: only("firefox")),
            reg("ws-next", TouchpadSwipeRecognizer(TouchpadSwipeSettings(fingers: 3)), shouldReceive: only("firefox")),
        ]
        var events = [Mouse.press(3, 1200, 500, at: 0)]
        for s in 1...10 { events.append(Mouse.motion(1200 - Double(s) * 20, 500, at: Double(s) * 10)) }
        events.append(Mouse.release(3, 1000, 500, at: 120))
        // The pointer is over the xterm while the touchpad swipes.
        events += Pad.swipeGesture(fingers: 3, dx: -200, dy: 0, from: 500).map { e in
            guard case .touchpadSwipe(var s) = e.payload else { return e }
            s.location = Point(x: 1200, y: 500)
            return InputEvent(time: e.time, device: e.device, deviceKind: e.deviceKind, payload: .touchpadSwipe(s))
        }
        let out = run(regs, events, hitTesting: desk)
        #expect(out.gestures.isEmpty)
        #expect(out.decisions.map(\.verdict) == [.reject])
        #expect(out.decisions.first?.time == ms(0))
        #expect(out.failure(of: "stroke") == .notReceiving)
        #expect(out.failure(of: "ws-next") == .notReceiving)
    }
}
