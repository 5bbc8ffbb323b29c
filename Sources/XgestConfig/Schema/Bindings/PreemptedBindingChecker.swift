import XgestCore

/// A binding another always pre-empts, a 2-finger swipe beside a 2-finger pan, a long press
/// beside a shorter one, a swipe left after a swipe with no direction: accepted with `ok`,
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
        // Winners of the rules between kinds, by kind, scope and (fewest) fingers, in file
        // order: each rule needs the loser's fingers of its winner.
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
        // Keyed by the recognition alone, so each binding is one look-up per wider form.
        var first: [GestureBinding: Int] = [:]
        for (i, draft) in drafts.enumerated() {
            let b = draft.binding
            guard b.isEnabled, b.prevents == nil, b.preventedBy == nil else { continue }
            defer {
                let key = PreemptionRules.recognition(of: b)
                if first[key] == nil { first[key] = i }
            }
            guard !alreadySaid.contains(i) else { continue }
            var found: (Int, PreemptionRules.Preemption)?
            for key in PreemptionRules.widerRecognitions(of: b) {
                guard let j = first[key], runsEverywhere(drafts[j].binding) else { continue }
                found = (j, PreemptionRules.widerFirst(drafts[j].binding, b))
                break
            }
            if found == nil {
                for kind in winnerKinds[b.kind] ?? [] {
                    for j in candidates[Bucket(kind, b)] ?? [] where j != i {
                        // Asked of the binding in place: a copy of each candidate for each loser
                        // made 3,000 pans beside 3,000 swipes in other regions take 1.4 s, 0.8 s so.
                        guard PreemptionRules.mayPreempt(drafts[j].binding, b) else { continue }
                        let w = drafts[j].binding
                        guard runsEverywhere(w) else { continue }
                        let pair = PreemptionRules.Pair(
                            winner: w, loser: b, winnerTunables: tunables(of: j), loserTunables: tunables(of: i),
                            winnerTriedFirst: j < i,
                            winnerWaitsForMoreTaps: multiTapFingers.contains(w.fingers(on: .touchscreen) ?? 1))
                        if let p = PreemptionRules.preemption(pair) {
                            found = (j, p)
                            break
                        }
                    }
                    if found != nil { break }
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

    /// Where the winners of a loser are looked for: their kind, the loser's scope, and the
    /// loser's fingers on a touchscreen (a pan's fewest).
    struct Bucket: Hashable {
        var kind: GestureKind
        var app: Int?
        var fingers: Int

        init(_ kind: GestureKind, _ binding: GestureBinding) {
            self.kind = kind
            app = binding.app
            fingers = binding.panFingerRange?.lowerBound ?? binding.fingers(on: .touchscreen) ?? 1
        }
    }
}
