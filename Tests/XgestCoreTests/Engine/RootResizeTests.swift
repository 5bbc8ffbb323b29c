import Testing

@testable import XgestCore

/// A root window of a new size (a monitor plugged in or out, `xrandr --fb`) with fingers
/// on a touchscreen: X maps the glass onto the whole root, so a finger that has not moved
/// is reported at a new position, which no gesture may take for motion.
@Suite struct RootResizeTests {
    static let wide = ScreenLayout.single(root: Rect(x: 0, y: 0, width: 3840, height: 1080))

    /// Two still fingers at 768 and 1152 on a 1920 px root; the root becomes 3840 px wide
    /// at 100 ms, and the right finger's next report (it moved by a fraction of a pixel
    /// on the glass) puts it at 2304.
    static func stillFingersAcrossAResize(_ resize: (inout GestureEngine, inout [EngineOutput]) -> Void)
        -> [EngineOutput]
    {
        guard var engine = makeEngine([reg("pinch", PinchRecognizer())]) else { return [] }
        var out: [EngineOutput] = []
        var before = Hand()
        before.down(1, 768, 540, at: 0)
        before.down(2, 1152, 540, at: 5)
        for e in before.events { engine.process(e, into: &out) }
        resize(&engine, &out)
        var after = Hand()
        after.positions = before.positions
        after.order = before.order
        after.move(2, 2304.38, 540, at: 120)
        after.upAll(at: 140)
        for e in after.events { engine.process(e, into: &out) }
        while let d = engine.nextDeadline { engine.advance(to: d, into: &out) }
        return out
    }

    /// The jump fired a pinch of scale 4 (its action with it). The sequence is cancelled
    /// when the layout with the new root comes, its touches handed back, and its
    /// transitions say why.
    @Test func aNewRootSizeCancelsTheTouchscreenSequenceInProgress() {
        let out = Self.stillFingersAcrossAResize { engine, out in
            engine.setLayout(Self.wide, at: ms(100), into: &out)
        }
        #expect(out.states(of: "pinch").isEmpty, "\(out.gestureLines)")
        let cancelled = out.transitions.first { $0.name == "pinch" && $0.to == .failed }
        #expect(cancelled?.reason == .deviceCancelled)
        #expect(
            cancelled?.detail
                == .words(
                    "the root window changed size (1920x1080 to 3840x1080), so X puts each finger on the glass at a new place"
                ))
        #expect(out.verdicts == [.reject])
    }

    /// A gesture already under way is cancelled (its `key-down`s are then released), not
    /// ended: a cancelled gesture never acts.
    @Test func aGestureUnderWayIsCancelled() {
        guard var engine = makeEngine([reg("pinch", PinchRecognizer())]) else { return }
        var out: [EngineOutput] = []
        var h = Hand()
        h.down(1, 700, 540, at: 0)
        h.down(2, 900, 540, at: 5)
        h.spread(by: 2, from: 10, to: 100)
        for e in h.events { engine.process(e, into: &out) }
        #expect(out.states(of: "pinch").first == .began)
        engine.setLayout(Self.wide, at: ms(110), into: &out)
        #expect(out.states(of: "pinch").last == .cancelled)
        #expect(out.transitions.last { $0.name == "pinch" }?.detail != nil)
    }

    /// New monitors on a root of the same size move no finger: the gesture goes on, and
    /// the resize's own sequence is decided on the new layout as usual.
    @Test func aNewLayoutOfTheSameRootSizeCancelsNothing() {
        let split = ScreenLayout(
            root: testScreen,
            monitors: [
                Monitor(name: "left", rect: Rect(x: 0, y: 0, width: 960, height: 1080)),
                Monitor(name: "right", rect: Rect(x: 960, y: 0, width: 960, height: 1080)),
            ])
        let out = Self.stillFingersAcrossAResize { engine, out in
            engine.setLayout(split, at: ms(100), into: &out)
        }
        #expect(out.states(of: "pinch").first == .began)
        #expect(!out.transitions.contains { $0.reason == .deviceCancelled })
    }

    /// Replay reads the new size from the trace's screen record and decides as the daemon:
    /// no pinch.
    @Test func replayCancelsAtTheScreenRecordOfANewSize() throws {
        let header = TraceHeader(
            screenWidth: 1920, screenHeight: 1080,
            devices: [DeviceInfo(id: touchscreenID, name: "ts", kind: .touchscreen)])
        var h = Hand()
        h.down(1, 768, 540, at: 0)
        h.down(2, 1152, 540, at: 5)
        var records = h.events.map(TraceRecord.input)
        records.append(.screen(time: ms(100), Self.wide.traceScreen))
        var after = Hand()
        after.positions = h.positions
        after.order = h.order
        after.move(2, 2304.38, 540, at: 120)
        after.upAll(at: 140)
        records += after.events.map(TraceRecord.input)
        let out = try TraceReplay.run(
            Trace(header: header, records: records), registrations: [reg("pinch", PinchRecognizer())])
        #expect(out.states(of: "pinch").isEmpty, "\(out.gestureLines)")
        #expect(out.failure(of: "pinch") == .deviceCancelled)
    }
}

extension ScreenLayout {
    /// The screen record of this layout.
    fileprivate var traceScreen: TraceScreen {
        TraceScreen(
            width: Int(root.width), height: Int(root.height), monitors: monitors, touchscreenAreas: touchscreenAreas,
            pixelsPerMillimeter: nil)
    }
}
