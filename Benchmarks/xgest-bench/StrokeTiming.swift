import XgestCore

/// The time to classify one stroke, over 20,000 strokes (the first 1,000 warm up).
struct StrokeTiming {
    var medianNanoseconds: UInt64
    var p99Nanoseconds: UInt64
    var medianPointCount: Int

    /// `candidates` in the order `index(round)` picks them.
    init(_ classifier: StrokeClassifier, _ candidates: [[Point]], index: (Int) -> Int = { $0 }) {
        let pointCounts = candidates.map(\.count).sorted()
        var times: [UInt64] = []
        times.reserveCapacity(19_000)
        var sink = 0
        for round in 0..<20_000 {
            let stroke = candidates[index(round) % candidates.count]
            let a = EngineBenchmark.nanoseconds()
            let c = classifier.classify(stroke)
            let b = EngineBenchmark.nanoseconds()
            sink &+= c.matches.count
            if round >= 1_000 { times.append(b - a) }
        }
        times.sort()
        // The matches are used, so the optimizer cannot drop the classification.
        withExtendedLifetime(sink) {}
        medianNanoseconds = times[times.count / 2]
        p99Nanoseconds = times[times.count * 99 / 100]
        medianPointCount = pointCounts[pointCounts.count / 2]
    }

    /// `median 28.1 µs, p99 57.7 µs`.
    var summary: String {
        "median \(StrokeBenchmark.micro(medianNanoseconds)) µs, p99 \(StrokeBenchmark.micro(p99Nanoseconds)) µs"
    }
}
