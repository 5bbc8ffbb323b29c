import CAllocCounter
import CXgest
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
/// Allocations are counted exactly over the measured events: the CAllocCounter target
/// replaces malloc and its relatives process-wide with counting wrappers.
enum EngineBenchmark {
    static let recognizerCounts = [1, 10, 50, 200]
    static let warmupEvents = 5_000
    static let measuredEvents = 50_000

    enum Scenario: String, CaseIterable {
        case allPossible = "all possible"
        case activePan = "active pan"
    }

    static func run() {
        print("engine cost per input event (touch updates, fingers moving; release build)")
        print("timer overhead (empty clock_gettime pair): \(timerOverhead()) ns, not subtracted")
        print("allocations: heap allocations per event over the \(measuredEvents) measured events")
        print("allocation counter check: \(counterCheck()) allocation(s) counted for one new array (expected 1)")
        print(
            pad("scenario", 14) + pad("recognizers", 13) + pad("fingers", 9) + pad("running", 9)
                + pad("median ns", 11) + pad("p99 ns", 10) + pad("mean ns", 10) + "allocations")
        for scenario in Scenario.allCases {
            for fingers in [1, 10] {
                for n in recognizerCounts {
                    let r = measure(scenario, recognizers: n, fingers: fingers)
                    print(
                        pad(scenario.rawValue, 14) + pad("\(n)", 13) + pad("\(fingers)", 9) + pad("\(r.running)", 9)
                            + pad("\(r.median)", 11) + pad("\(r.p99)", 10) + pad("\(r.mean)", 10)
                            + perEvent(r.allocations))
                }
            }
        }
    }

    /// Allocations counted while one array is made: shows the counter is interposed.
    static func counterCheck() -> UInt64 {
        let before = xgest_allocation_count()
        let probe = [Int](repeating: Int(before % 7), count: 64)
        let counted = xgest_allocation_count() - before
        return probe.count == 64 ? counted : 0
    }

    /// `allocations / measuredEvents` to two decimals (truncated) with the exact count, or "0".
    static func perEvent(_ allocations: UInt64) -> String {
        guard allocations > 0 else { return "0" }
        let hundredths = allocations * 100 / UInt64(measuredEvents)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) (\(allocations) in all)"
    }

    struct Result {
        var median: UInt64
        var p99: UInt64
        var mean: UInt64
        var running: Int
        /// Heap allocations over all measured events.
        var allocations: UInt64
    }

    static func makeEngine(_ scenario: Scenario, recognizers n: Int, fingers: Int) -> (
        GestureEngine, Fingers
    )? {
        let regs = registrations(scenario, count: n, fingers: fingers)
        guard
            var engine = try? GestureEngine(
                registrations: regs, hitTesting: DesktopHitTesting(),
                screen: Rect(x: 0, y: 0, width: 1920, height: 1080),
                // As the daemon runs when no command reads XGEST_TOUCHES and no trace is on;
                // listing them costs about 10 ns per touchscreen gesture event.
                settings: EngineSettings(reportsTouches: false))
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
            return Result(median: 0, p99: 0, mean: 0, running: 0, allocations: 0)
        }
        var out: [EngineOutput] = []
        out.reserveCapacity(1024)
        var samples = [UInt64](repeating: 0, count: measuredEvents)
        let allocationsBefore = xgest_allocation_count()
        for i in 0..<measuredEvents {
            let e = hand.next()
            let t0 = nanoseconds()
            engine.process(e, into: &out)
            let t1 = nanoseconds()
            samples[i] = t1 - t0
            out.removeAll(keepingCapacity: true)
        }
        let allocations = xgest_allocation_count() - allocationsBefore
        samples.sort()
        let running = engine.states.filter { !$0.state.isTerminal }.count
        return Result(
            median: samples[samples.count / 2], p99: samples[samples.count * 99 / 100],
            mean: samples.reduce(0, +) / UInt64(samples.count), running: running, allocations: allocations)
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

}
