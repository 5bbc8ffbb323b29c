import Glibc
import XgestCore

/// Engine cost per input event with 1–200 recognizers and 1 or 10 fingers down, and heap
/// allocations per event in steady state.
///
/// "All possible" rows are the worst case: every recognizer's thresholds are out of reach,
/// so each one is fed every event for the whole run. "Active pan" rows are the common
/// steady state: a pan claimed the touches, the others failed, and each event produces a
/// gesture event.
///
/// Allocations are measured as net heap growth with glibc's mallinfo2 (see `runAllocations`).
enum EngineBenchmark {
    static let recognizerCounts = [1, 10, 50, 200]
    static let warmupEvents = 5_000
    static let measuredEvents = 50_000
    static let allocationEvents = 20_000

    enum Scenario: String, CaseIterable {
        case allPossible = "all possible"
        case activePan = "active pan"
    }

    static func run() {
        print("engine cost per input event (touch updates, fingers moving; release build)")
        print(
            pad("scenario", 14) + pad("recognizers", 13) + pad("fingers", 9) + pad("running", 9)
                + pad("median ns", 11) + pad("p99 ns", 10) + pad("mean ns", 10))
        print("timer overhead (empty clock_gettime pair): \(timerOverhead()) ns, not subtracted")
        for scenario in Scenario.allCases {
            for fingers in [1, 10] {
                for n in recognizerCounts {
                    let r = measure(scenario, recognizers: n, fingers: fingers)
                    print(
                        pad(scenario.rawValue, 14) + pad("\(n)", 13) + pad("\(fingers)", 9) + pad("\(r.running)", 9)
                            + pad("\(r.median)", 11) + pad("\(r.p99)", 10) + pad("\(r.mean)", 10))
                }
            }
        }
        print("")
        runAllocations()
    }

    // MARK: Workload

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

    struct Result {
        var median: UInt64
        var p99: UInt64
        var mean: UInt64
        var running: Int
    }

    static func makeEngine(_ scenario: Scenario, recognizers n: Int, fingers: Int) -> (
        GestureEngine, Fingers
    )? {
        let regs = registrations(scenario, count: n, fingers: fingers)
        guard
            var engine = try? GestureEngine(
                registrations: regs, hitTesting: DesktopHitTesting(),
                screen: Rect(x: 0, y: 0, width: 1920, height: 1080))
        else { return nil }
        var hand = Fingers(count: fingers, radius: scenario == .activePan ? 30 : 3)
        var out: [EngineOutput] = []
        out.reserveCapacity(1024)
        for e in hand.landing() { engine.process(e, into: &out) }
        for _ in 0..<warmupEvents {
            engine.process(hand.next(), into: &out)
            out.removeAll(keepingCapacity: true)
        }
        return (engine, hand)
    }

    static func measure(_ scenario: Scenario, recognizers n: Int, fingers: Int) -> Result {
        guard var (engine, hand) = makeEngine(scenario, recognizers: n, fingers: fingers) else {
            return Result(median: 0, p99: 0, mean: 0, running: 0)
        }
        var out: [EngineOutput] = []
        out.reserveCapacity(1024)
        var samples = [UInt64](repeating: 0, count: measuredEvents)
        for i in 0..<measuredEvents {
            let e = hand.next()
            let t0 = nanoseconds()
            engine.process(e, into: &out)
            let t1 = nanoseconds()
            samples[i] = t1 - t0
            out.removeAll(keepingCapacity: true)
        }
        samples.sort()
        let running = engine.states.filter { !$0.state.isTerminal }.count
        return Result(
            median: samples[samples.count / 2], p99: samples[samples.count * 99 / 100],
            mean: samples.reduce(0, +) / UInt64(samples.count), running: running)
    }

    static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    static func timerOverhead() -> UInt64 {
        var samples = [UInt64](repeating: 0, count: 10_000)
        for i in samples.indices {
            let a = nanoseconds()
            samples[i] = nanoseconds() - a
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    // MARK: Allocations

    /// Net heap growth over the steady-state loop, from glibc's mallinfo2: bytes in use
    /// (`uordblks`) and the arena size before and after. It proves no memory is retained
    /// per event; a malloc freed within the same event would not show here.
    static func runAllocations() {
        print("heap growth in steady state (glibc mallinfo2, \(allocationEvents) events each)")
        print(
            pad("scenario", 14) + pad("recognizers", 13) + pad("fingers", 9) + pad("in-use Δ bytes", 16)
                + "arena Δ bytes")
        for scenario in Scenario.allCases {
            for fingers in [1, 10] {
                for n in recognizerCounts {
                    guard var (engine, hand) = makeEngine(scenario, recognizers: n, fingers: fingers) else { continue }
                    var out: [EngineOutput] = []
                    out.reserveCapacity(1024)
                    var events: [InputEvent] = []
                    events.reserveCapacity(allocationEvents)
                    for _ in 0..<allocationEvents { events.append(hand.next()) }
                    let before = heapInUse()
                    for e in events {
                        engine.process(e, into: &out)
                        out.removeAll(keepingCapacity: true)
                    }
                    let after = heapInUse()
                    let inUse = after.inUse - before.inUse
                    let arena = after.arena - before.arena
                    print(
                        pad(scenario.rawValue, 14) + pad("\(n)", 13) + pad("\(fingers)", 9) + pad("\(inUse)", 16)
                            + "\(arena)")
                }
            }
        }
    }

    /// glibc's mallinfo2 through dlsym: Swift's Glibc module leaves out malloc.h. The
    /// struct (ten size_t fields) is returned through a hidden result pointer, which is
    /// how the x86-64 System V ABI returns it, so it is declared that way here.
    static func heapInUse() -> (inUse: Int, arena: Int) {
        typealias MallInfo2 = @convention(c) (UnsafeMutablePointer<Int>) -> UnsafeMutableRawPointer?
        guard let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2") else { return (-1, -1) }
        var fields = [Int](repeating: 0, count: 10)
        _ = fields.withUnsafeMutableBufferPointer { b in
            b.baseAddress.map { unsafeBitCast(sym, to: MallInfo2.self)($0) }
        }
        return (fields[7], fields[0])  // uordblks, arena
    }
}
