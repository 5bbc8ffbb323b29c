import XgestCore

/// How long a person's drag is held from the application under a multi-finger binding,
/// on the drawings with a clock: a finger moving alone goes back once it has travelled
/// the lone-finger slop, or when the landing window ends, whichever comes first.
///
/// The handback benchmark drags at constant speed from the first frame; people start from
/// rest and speed up, so their fingers take longer to cross a slop. This table says how
/// much longer, for the slop xgest uses (`finger-landing-movement`) and for the larger one
/// it used before (`tap-movement`).
extension HumanStrokeBenchmark {
    /// The defaults of `finger-landing-movement` (1 mm) and `tap-movement` (1.6 mm), in
    /// pixels at 96 dpi: the data's pixels are screen pixels of devices whose density the
    /// sources do not give.
    static let dragStartSlops: [(name: String, px: Double)] = [
        ("1 mm", 1 * 96 / 25.4), ("1.6 mm", 1.6 * 96 / 25.4),
    ]

    static func dragStart(_ samples: [HumanStroke]) {
        let windowMs = defaultFingerLandingWindowSeconds * 1000
        print(
            "\ndrag start: ms from landing until the finger has travelled the slop (at 96 dpi), and how long such a "
                + "drag is held under a multi-finger binding (the lesser of that and the \(Int(windowMs)) ms landing "
                + "window); median / p10 / p90, drawings with a clock")
        print(
            pad("device", 13) + pad("n", 6)
                + dragStartSlops.map { pad("travel \($0.name)", 17) + pad("held", 17) }.joined())
        var byDevice: [String: [HumanStroke]] = [:]
        var unseen = 0
        for s in samples where s.times != nil {
            guard startSeen(s) else {
                unseen += 1
                continue
            }
            byDevice[s.device, default: []].append(s)
        }
        for device in byDevice.keys.sorted() {
            let group = byDevice[device] ?? []
            var row = pad(device, 13) + pad("\(group.count)", 6)
            for slop in dragStartSlops {
                let travel = group.compactMap { millisecondsToTravel($0, slop.px) }
                row += pad(quantiles(travel), 17) + pad(quantiles(travel.map { min($0, windowMs) }), 17)
            }
            print(row)
        }
        print("left out: \(unseen) drawings whose first move already lies past the larger slop (no clock of the start)")
    }

    /// Whether the drawing's clock saw its start: a collection app that held the moves
    /// back until a slop of its own (a browser's) records the first one already farther
    /// than the slops measured here.
    static func startSeen(_ s: HumanStroke) -> Bool {
        guard s.points.count > 1, let largest = dragStartSlops.map(\.px).max() else { return false }
        return s.points[1].distance(to: s.points[0]) <= largest
    }

    /// Milliseconds from the first point until the path is farther than `px` from it; nil
    /// for a drawing that never gets so far, or has no clock.
    static func millisecondsToTravel(_ s: HumanStroke, _ px: Double) -> Double? {
        guard let times = s.times, let start = s.points.first else { return nil }
        for (p, t) in zip(s.points, times) where p.distance(to: start) > px { return t - times[0] }
        return nil
    }

    static func quantiles(_ values: [Double]) -> String {
        let q = [50, 10, 90].map { HandbackBenchmark.percentile(values, $0).map { "\(Int($0.rounded()))" } ?? "-" }
        return q.joined(separator: " / ")
    }
}
