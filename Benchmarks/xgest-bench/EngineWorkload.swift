import Glibc
import XgestCore

/// What the engine benchmark feeds the engine: its registrations and its touch stream.
extension EngineBenchmark {
    static func registrations(_ scenario: Scenario, count n: Int, fingers: Int) -> [RecognizerRegistration] {
        var regs: [RecognizerRegistration] = []
        if scenario == .activePan { regs.append(RecognizerRegistration(name: "pan", recognizer: PanRecognizer())) }
        let never = 1e9
        let hour = 3600.0
        var k = 0
        while regs.count < n {
            let r: any GestureRecognizer
            switch k % 6 {
            case 0:
                var s = PanSettings(minimumTouches: fingers, maximumTouches: fingers)
                s.minimumTranslationPx = never
                s.fingerLandingWindowSeconds = hour
                r = PanRecognizer(s)
            case 1:
                var s = PinchSettings(touchesRequired: fingers)
                s.minimumScaleChangeRatio = never
                s.fingerLandingWindowSeconds = hour
                r = PinchRecognizer(s)
            case 2:
                var s = RotationSettings(touchesRequired: fingers)
                s.minimumRotationRadians = never
                s.fingerLandingWindowSeconds = hour
                r = RotationRecognizer(s)
            case 3:
                var s = SwipeSettings(directions: .all, touchesRequired: fingers)
                s.slowDistancePx = never
                s.fastDistancePx = never
                s.maximumDurationSeconds = hour
                s.fingerLandingWindowSeconds = hour
                r = SwipeRecognizer(s)
            case 4:
                var s = LongPressSettings(touchesRequired: fingers, minimumPressDurationSeconds: hour)
                s.allowableMovementPx = never
                r = LongPressRecognizer(s)
            default:
                var s = TapSettings(touchesRequired: fingers)
                s.maximumMovementPx = never
                s.maximumPressDurationSeconds = hour
                r = TapRecognizer(s)
            }
            // Some relations, as a real configuration has: every pan waits for the swipe after it.
            let requires = k % 6 == 0 ? ["r\(k + 3)"] : []
            regs.append(RecognizerRegistration(name: "r\(k)", recognizer: r, requiresFailureOf: requires))
            k += 1
        }
        // Drop relations to recognizers cut off by the count.
        let names = Set(regs.map(\.name))
        for i in regs.indices { regs[i].requiresFailureOf.removeAll { !names.contains($0) } }
        return regs
    }

    /// The fingers land 100 px apart, then each event moves one finger along a circle:
    /// radius 3 px (no threshold crossed) or 30 px (a pan begins).
    struct Fingers {
        let count: Int
        let radius: Double
        var step = 0
        var timeUS: UInt64 = 1_000

        func base(_ f: Int) -> (Double, Double) { (400 + Double(f) * 100, 500) }

        mutating func landing() -> [InputEvent] {
            (0..<count).map { f in
                timeUS += 1_000
                let (x, y) = base(f)
                return event(UInt32(f + 1), .begin, x, y)
            }
        }

        mutating func next() -> InputEvent {
            let f = step % count
            let phase = Double(step / count) * 0.05
            step += 1
            timeUS += 1_000
            let (x, y) = base(f)
            return event(UInt32(f + 1), .update, x + radius * cos(phase), y + radius * sin(phase))
        }

        func event(_ id: UInt32, _ phase: TouchPhase, _ x: Double, _ y: Double) -> InputEvent {
            InputEvent(
                time: EventTime(microseconds: timeUS), device: 6, deviceKind: .touchscreen,
                payload: .touch(TouchSample(id: id, phase: phase, location: Point(x: x, y: y))))
        }
    }
}
