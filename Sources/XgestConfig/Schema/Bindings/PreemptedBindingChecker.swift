import XgestCore

/// A binding another always pre-empts, a 2-finger swipe beside a 2-finger pan, a long press
/// beside a shorter one, a swipe left after a swipe with no direction, a swipe in a region
/// or on a monitor after the same swipe anywhere: accepted with `ok`,
/// it silently did nothing. Each is said with the binding that takes its gestures, why in
/// the user's terms, and what lets it fire (``PreemptionRules``). Bindings alike are said
/// by `reportShadowed`, and not twice. Not said of a config with errors.
extension SchemaContext {
    mutating func reportPreempted(_ drafts: [BindingDraft], apps: [AppDraft], alreadySaid: Set<Int>) {
        guard !(diagnostics + completenessDiagnostics).contains(where: { $0.severity == .error }) else { return }
        let densities = [Settings.defaultPixelsPerMillimeter] + Self.densityBounds
        let global = densities.map { settings.tunables(pixelsPerMillimeter: $0) }
        func tunables(_ b: GestureBinding) -> [RecognizerTunables] {
            zip(densities, global).map { ppm, t in
                t.overridden(by: b.tunableOverrides.map { $0.inPixels(pixelsPerMillimeter: ppm) })
            }
        }
        // A global binding an app section disables or replaces does not run in its windows,
        // where the binding it would pre-empt may fire.
        let disabled = Set(apps.flatMap(\.scope.disabled))
        var replaced = Set<GestureKey>()
        for d in drafts where d.binding.app != nil {
            for device in d.binding.devices {
                if let key = d.binding.gestureKey(on: device) { replaced.insert(key) }
            }
        }
        func runsEverywhere(_ b: GestureBinding) -> Bool {
            guard b.app == nil else { return true }
            guard !disabled.contains(b.name) else { return false }
            for device in b.devices {
                if let key = b.gestureKey(on: device), replaced.contains(key) { return false }
            }
            return true
        }
        // Taps that wait by default: some tap of the same fingers has more taps.
        var multiTapFingers = Set<Int>()
        for d in drafts {
            let b = d.binding
            guard b.isEnabled, b.kind == .tap, b.effectiveTaps > 1, b.devices.contains(.touchscreen) else { continue }
            multiTapFingers.insert(b.fingers(on: .touchscreen) ?? 1)
        }
        // Winners of the rules between kinds, by kind, scope, (fewest) fingers and place, in
        // file order: each rule needs the loser's fingers of its winner, and a winner's region
        // and monitor are none or the loser's (``PreemptionRules/mayPreempt(_:_:)``), so a
        // loser looks in four lists, not among the winners of every place: 3,000 pans beside
        // 3,000 swipes, each in a region of its own, were 9 million comparisons.
        var candidates: [Bucket: [Int]] = [:]
        for (i, d) in drafts.enumerated() where [.pan, .longPress, .tap].contains(d.binding.kind) {
            candidates[Bucket(d.binding.kind, d.binding), default: []].append(i)
        }
        // Each binding's tunables, made once: a loser is compared with every candidate.
        var tunablesMade: [Int: [RecognizerTunables]] = [:]
        func tunables(of i: Int) -> [RecognizerTunables] {
            if let t = tunablesMade[i] { return t }
            let t = tunables(drafts[i].binding)
            tunablesMade[i] = t
            return t
        }
        let winnerKinds: [GestureKind: [GestureKind]] = [
            .swipe: [.pan], .edge: [.pan], .longPress: [.longPress, .tap],
        ]
        // The bindings of each gesture in every place, in file order, keyed by the recognition
        // with its place blanked: each binding is one look-up per wider form, and the places
        // in it are compared (a list as long as the bindings of one gesture in other places).
        var byGesture: [GestureBinding: GesturePlaces] = [:]
        for (i, draft) in drafts.enumerated() {
            let b = draft.binding
            guard b.isEnabled, b.prevents == nil, b.preventedBy == nil else { continue }
            let keys = PreemptionRules.widerRecognitions(of: b)
            let place = BindingPlace(b)
            defer { byGesture[keys[0], default: GesturePlaces()].append(i, place) }
            guard !alreadySaid.contains(i) else { continue }
            var found: (Int, PreemptionRules.Preemption)?
            wider: for key in keys {
                guard let places = byGesture[key] else { continue }
                for (k, j) in places.indices.enumerated() {
                    // The sides alone first: a comparison of plain numbers, no copy of the place.
                    if let outer = places.sides[k] {
                        guard let inner = place.sides, outer.holds(inner) else { continue }
                    }
                    guard places.places[k].takes(place) else { continue }
                    let w = drafts[j].binding
                    guard runsEverywhere(w) else { continue }
                    found = (j, PreemptionRules.widerFirst(w, b))
                    break wider
                }
            }
            if found == nil {
                for kind in winnerKinds[b.kind] ?? [] {
                    var first: (Int, PreemptionRules.Preemption)?
                    for bucket in Bucket.winners(of: b, kind: kind) {
                        for j in candidates[bucket] ?? [] where j != i {
                            guard first.map({ j < $0.0 }) ?? true else { break }
                            // Asked of the binding in place: a copy of each candidate for each
                            // loser cost more than the comparison.
                            guard PreemptionRules.mayPreempt(drafts[j].binding, b) else { continue }
                            let w = drafts[j].binding
                            guard runsEverywhere(w) else { continue }
                            let pair = PreemptionRules.Pair(
                                winner: w, loser: b, winnerTunables: tunables(of: j), loserTunables: tunables(of: i),
                                winnerTriedFirst: j < i,
                                winnerWaitsForMoreTaps: multiTapFingers.contains(w.fingers(on: .touchscreen) ?? 1))
                            if let p = PreemptionRules.preemption(pair) {
                                first = (j, p)
                                break
                            }
                        }
                    }
                    if let first {
                        found = first
                        break
                    }
                }
            }
            guard let (j, p) = found else { continue }
            let winner = drafts[j].binding.name
            report(
                .warning(
                    "\(quoteBasic(b.name)) can never fire: \(p.why); \(p.fix)", at: draft.table.range,
                    notes: [.init(range: drafts[j].table.range, message: "\(quoteBasic(winner)) is here")]))
        }
    }

    /// The lowest and highest screen densities a rule must hold at, in pixels per
    /// millimetre (25 and 1,000 dpi): settings in pixels and in millimetres compare
    /// differently on each screen, and a comparison that holds at both ends holds between.
    static let densityBounds: [Double] = [1, 40]

    /// The bindings of one gesture in their places, in file order; the region sides apart,
    /// as plain numbers compared before anything else.
    struct GesturePlaces {
        var indices: [Int] = []
        var sides: [RegionSides?] = []
        var places: [BindingPlace] = []

        mutating func append(_ index: Int, _ place: BindingPlace) {
            indices.append(index)
            sides.append(place.sides)
            places.append(place)
        }
    }

    /// Where the winners of a loser are looked for: their kind, the loser's scope, the
    /// loser's fingers on a touchscreen (a pan's fewest), and the region and monitor.
    struct Bucket: Hashable {
        var kind: GestureKind
        var app: Int?
        var fingers: Int
        var region: ScreenRegion?
        var monitor: MonitorMatch?

        init(_ kind: GestureKind, _ binding: GestureBinding) {
            self.kind = kind
            app = binding.app
            fingers = binding.panFingerRange?.lowerBound ?? binding.fingers(on: .touchscreen) ?? 1
            region = binding.conditions.region
            monitor = binding.conditions.monitor
        }

        /// The buckets of `kind` whose bindings may pre-empt `loser`: those with no region
        /// or the loser's, and no monitor or the loser's.
        static func winners(of loser: GestureBinding, kind: GestureKind) -> [Bucket] {
            let own = Bucket(kind, loser)
            var out = [own]
            if own.region != nil { out += out.map { Bucket($0, region: nil) } }
            if own.monitor != nil { out += out.map { Bucket($0, monitor: nil) } }
            return out
        }

        private init(_ b: Bucket, region: ScreenRegion?) {
            self = b
            self.region = region
        }

        private init(_ b: Bucket, monitor: MonitorMatch?) {
            self = b
            self.monitor = monitor
        }
    }
}
