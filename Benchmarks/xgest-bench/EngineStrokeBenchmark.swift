import CAllocCounter
import XgestCore

/// Engine cost per point of one long stroke drawing, with a pointer (button 3 held) and with
/// a finger: what a 5 s drawing at a gaming mouse's 8 kHz costs, early and late in it.
///
/// Each point is kept until the drawing ends, so a per-point cost that grows with the
/// points already drawn (a copy of them, say) shows as a late cost far above the early
/// one, and as an allocation per point. The pointer's points were copied at every motion
/// until the stroke recognizer stopped taking its capture out to mutate it: 40,000 motions
/// replayed in 9.5 s.
enum EngineStrokeBenchmark {
    static let points = 40_000
    /// Points at 8 kHz: 125 µs apart.
    static let intervalMicroseconds: UInt64 = 125
    /// The first and the last this many points are timed.
    static let window = 2_000

    enum Input: String, CaseIterable {
        case pointer, touchscreen
    }

    static func run() {
        print(
            "\nengine cost per point of one stroke drawing of \(points) points at 8 kHz, one stroke binding "
                + "(release build; the stroke's time limit raised so that it runs to the end)")
        print(
            EngineBenchmark.pad("input", 13) + EngineBenchmark.pad("first median ns", 17)
                + EngineBenchmark.pad("last median ns", 16) + "allocations")
        for input in Input.allCases {
            guard let r = measure(input) else {
                print(EngineBenchmark.pad(input.rawValue, 13) + "no engine")
                continue
            }
            print(
                EngineBenchmark.pad(input.rawValue, 13) + EngineBenchmark.pad("\(r.first)", 17)
                    + EngineBenchmark.pad("\(r.last)", 16) + perPoint(r.allocations))
        }
    }

    /// `allocations / points` to two decimals, with the exact count.
    static func perPoint(_ allocations: UInt64) -> String {
        let hundredths = allocations * 100 / UInt64(points)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) a point (\(allocations) in all)"
    }

    static func event(_ input: Input, index: Int, _ payload: (Point) -> InputEvent.Payload) -> InputEvent {
        // A slow zig-zag across 300 px: the points differ, so each one is kept.
        let x = 400 + 300 * Double(index) / Double(points)
        let y = 400 + Double(index % 400) * 0.25
        return InputEvent(
            time: EventTime(microseconds: 1_000 + UInt64(index) * intervalMicroseconds),
            device: input == .pointer ? 7 : 6, deviceKind: input == .pointer ? .pointer : .touchscreen,
            payload: payload(Point(x: x, y: y)))
    }

    static func measure(_ input: Input) -> (first: UInt64, last: UInt64, allocations: UInt64)? {
        var settings = StrokeSettings(
            shape: "check", input: input == .pointer ? .pointer(StrokeCaptureSettings(button: 3)) : .touchscreen)
        settings.maximumDurationSeconds = 3_600
        guard
            var engine = try? GestureEngine(
                registrations: [RecognizerRegistration(name: "check", recognizer: StrokeRecognizer(settings))],
                hitTesting: DesktopHitTesting(), screen: Rect(x: 0, y: 0, width: 1920, height: 1080),
                settings: EngineSettings(reportsTouches: false))
        else { return nil }
        var out: [EngineOutput] = []
        out.reserveCapacity(1024)
        let begin: (Point) -> InputEvent.Payload =
            input == .pointer
            ? { .button(ButtonSample(button: 3, isPress: true, location: $0)) }
            : { .touch(TouchSample(id: 1, phase: .begin, location: $0)) }
        let move: (Point) -> InputEvent.Payload =
            input == .pointer
            ? { .pointerMotion($0) } : { .touch(TouchSample(id: 1, phase: .update, location: $0)) }
        engine.process(event(input, index: 0, begin), into: &out)
        var samples = [UInt64](repeating: 0, count: points)
        let allocationsBefore = xgest_allocation_count()
        for i in 1..<points {
            let e = event(input, index: i, move)
            let t0 = EngineBenchmark.nanoseconds()
            engine.process(e, into: &out)
            samples[i] = EngineBenchmark.nanoseconds() - t0
            out.removeAll(keepingCapacity: true)
        }
        let allocations = xgest_allocation_count() - allocationsBefore
        var first = Array(samples[1...window])
        var last = Array(samples[(points - window)...])
        first.sort()
        last.sort()
        return (first[first.count / 2], last[last.count / 2], allocations)
    }
}
