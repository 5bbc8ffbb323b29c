import XgestCore

/// Engine cost of one whole touch sequence with up to 4,000 recognizers: what a large
/// configuration costs each touch, where ``EngineBenchmark`` gives the cost per event.
///
/// One finger lands, stays 60 ms and lifts, then every timer due is fired until the engine
/// is idle. Two sets of recognizers, at their default settings:
/// - gestures of two to four fingers: each waits out its landing window for fingers that
///   never come, and they all fail in one burst of timers while the finger is down;
/// - one-finger double taps: each waits for a second tap after the lift, and they all
///   fail in one burst of timers on the idle device.
/// Both grew with the square of the recognizers while the next timer was found by
/// scanning every one and each firing settled every recognizer again.
enum EngineSequenceBenchmark {
    static let recognizerCounts = [10, 100, 1_000, 4_000]
    static let sequences = 200

    enum Mix: String, CaseIterable {
        case moreFingers = "2-4 fingers"
        case doubleTaps = "double taps"
    }

    static func run() {
        print(
            "\nengine cost per touch sequence (one finger lands, lifts after 60 ms, every timer fired; release build)")
        print(
            EngineBenchmark.pad("recognizers", 13) + EngineBenchmark.pad("", 13) + EngineBenchmark.pad("median us", 11)
                + EngineBenchmark.pad("p99 us", 10) + "ns per recognizer (median)")
        for mix in Mix.allCases {
            for n in recognizerCounts {
                guard let samples = measure(mix, recognizers: n) else { continue }
                let median = samples[samples.count / 2]
                print(
                    EngineBenchmark.pad("\(n)", 13) + EngineBenchmark.pad(mix.rawValue, 13)
                        + EngineBenchmark.pad(micro(median), 11)
                        + EngineBenchmark.pad(micro(samples[samples.count * 99 / 100]), 10) + "\(median / UInt64(n))")
            }
        }
    }

    static func micro(_ ns: UInt64) -> String {
        let tenths = ns / 100
        return "\(tenths / 10).\(tenths % 10)"
    }

    static func registrations(_ mix: Mix, count n: Int) -> [RecognizerRegistration] {
        (0..<n).map { k in
            if mix == .doubleTaps {
                return RecognizerRegistration(
                    name: "r\(k)", recognizer: TapRecognizer(TapSettings(tapsRequired: 2, touchesRequired: 1)))
            }
            let fingers = 2 + k % 3
            let r: any GestureRecognizer
            switch k % 5 {
            case 0: r = SwipeRecognizer(SwipeSettings(directions: .all, touchesRequired: fingers))
            case 1: r = PinchRecognizer(PinchSettings(touchesRequired: fingers))
            case 2: r = PanRecognizer(PanSettings(minimumTouches: fingers, maximumTouches: fingers))
            case 3: r = LongPressRecognizer(LongPressSettings(touchesRequired: fingers))
            default: r = TapRecognizer(TapSettings(touchesRequired: fingers))
            }
            return RecognizerRegistration(name: "r\(k)", recognizer: r)
        }
    }

    /// Nanoseconds per sequence, sorted; nil when the engine cannot be built.
    static func measure(_ mix: Mix, recognizers n: Int) -> [UInt64]? {
        guard
            var engine = try? GestureEngine(
                registrations: registrations(mix, count: n), hitTesting: DesktopHitTesting(),
                screen: Rect(x: 0, y: 0, width: 1920, height: 1080), settings: EngineSettings(reportsTouches: false))
        else { return nil }
        var out: [EngineOutput] = []
        out.reserveCapacity(4 * n + 64)
        var samples: [UInt64] = []
        var startUS: UInt64 = 1_000_000
        for _ in 0..<(sequences + 10) {
            let t0 = EngineBenchmark.nanoseconds()
            engine.process(touch(.begin, atUS: startUS), into: &out)
            engine.process(touch(.end, atUS: startUS + 60_000), into: &out)
            while let d = engine.nextDeadline { engine.advance(to: d, into: &out) }
            let t1 = EngineBenchmark.nanoseconds()
            out.removeAll(keepingCapacity: true)
            samples.append(t1 - t0)
            startUS += 2_000_000
        }
        // The first ten warm up.
        return Array(samples.dropFirst(10)).sorted()
    }

    static func touch(_ phase: TouchPhase, atUS time: UInt64) -> InputEvent {
        InputEvent(
            time: EventTime(microseconds: time), device: 6, deviceKind: .touchscreen,
            payload: .touch(TouchSample(id: 1, phase: phase, location: Point(x: 500, y: 500))))
    }
}
