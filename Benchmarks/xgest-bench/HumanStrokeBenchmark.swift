import Glibc
import SeededRandom
import XgestCore
import XgestDaemon

/// The stroke classifier on human drawings: `xgest-bench strokes --human DIR [--fit]`.
///
/// - User-independent: every sample against the built-in templates. The built-ins' score
///   offsets and verifiers are the only things fitted to the data; they are fitted and
///   measured leave-one-source-out (each source's figure comes from offsets and verifiers
///   fitted on the other sources), beside the shipped ones (fitted on all).
/// - User-dependent, the $1 paper's protocol: templates from E of a person's own samples.
/// - False accepts: leave one gesture out, and the synthetic non-gestures.
/// - The recognizer with its time limits, on the samples that have a clock.
enum HumanStrokeBenchmark {
    /// The weight of a false accept against a right drawing accepted when the offsets are
    /// fitted: each gesture's threshold maximises accepted − λ · false accepts.
    static let falseAcceptWeight = 0.3
    /// The weight of a synthetic non-gesture accepted. Lighter weights accept more human
    /// drawings held out (8: 88.1 %, 7: 89.4 %; 12: 87.5 %) but raise the check mark's
    /// offset first, and a check then takes random walks: 1.1 % of `StrokeClassifierTests`'
    /// walks, over the 1 % budget.
    static let syntheticFalseAcceptWeight = 12.0

    /// `speedOnly` (`--speed`): the classifier's speed alone, without the accuracy tables.
    /// `recordedFit` (`--recorded-fit`): the recorded drawings' threshold chosen leave one
    /// source out (``recordedThresholdHeldOut(_:builtIns:)``), without the other tables.
    /// `userDependentOnly` (`--user-dependent`): the four user-dependent tables alone, with
    /// `noisePx` (`--noise PX`) of point noise on their drawings.
    static func run(
        directory: String, printFit: Bool, speedOnly: Bool = false, recordedFit: Bool = false,
        userDependentOnly: Bool = false, noisePx: Double = 0
    ) {
        guard let samples = HumanStrokeData.loadReporting(directory: directory) else { return }
        let sources = Array(Set(samples.map(\.source))).sorted()
        let people = Set(samples.map(\.person)).count
        let clocked = samples.filter { $0.times != nil }.count
        print(
            "human strokes: \(samples.count) samples of \(Set(samples.map(\.label)).count) gestures, "
                + "\(sources.count) sources, \(people) people, \(clocked) with a clock; "
                + "threshold \(f2(defaultStrokeRejectionThreshold))")
        if speedOnly {
            timing(samples)
            return
        }
        // Fitted on what people drew: a drawing of another gesture than its label would
        // teach the verifiers that an x is not an x.
        let audited = samples.filter { !HumanStrokeLabelAudit.isMislabelled($0) }
        let scored = HumanStrokeFit.score(audited, nonGestures: syntheticNonGestures())
        let fitted = HumanStrokeFit.offsets(
            scored, weight: falseAcceptWeight, syntheticWeight: syntheticFalseAcceptWeight, include: { _ in true })
        let ranked = HumanStrokeVerifierFit.rank(audited)
        let fittedVerifiers = HumanStrokeVerifierFit.verifiers(ranked, offsets: fitted, include: { _ in true })
        if printFit {
            print("\nscore offsets fitted on every source (BuiltInStrokes.scoreOffsets):")
            for name in BuiltInStrokes.templateNames {
                print("    \"\(name)\": \(f2(fitted[name] ?? 0)),")
            }
            HumanStrokeVerifierFit.printTable(fittedVerifiers.verifiers)
        }
        var heldOut: [Int: String] = [:]
        var heldOutLogo: [Int: String] = [:]
        var folds: [String: StrokeClassifier] = [:]
        for source in sources {
            let offsets = HumanStrokeFit.offsets(
                scored, weight: falseAcceptWeight, syntheticWeight: syntheticFalseAcceptWeight,
                include: { $0 != source })
            let verifiers = HumanStrokeVerifierFit.verifiers(
                ranked, offsets: offsets, include: { $0 != source }, startingFrom: fittedVerifiers
            ).verifiers
            let classifier = StrokeClassifier(templates: HumanStrokeFit.templates(offsets), verifiers: verifiers)
            folds[source] = classifier
            for (i, s) in samples.enumerated() where s.source == source {
                heldOut[i] = delivered(s, to: classifier).accepted ?? "-"
            }
            for (i, name) in leaveOneGestureOut(
                samples, offsets: offsets, verifiers: verifiers, where: { $0.source == source })
            {
                heldOutLogo[i] = name
            }
        }
        if recordedFit {
            recordedThresholdHeldOut(audited, builtIns: folds)
            return
        }
        let asLabelled = "every sample as labelled"
        let leftOut = "the \(HumanStrokeLabelAudit.count) drawings of another gesture left out"
        if userDependentOnly {
            userDependentTables(
                samples, audited: audited, builtIns: folds, asLabelled: asLabelled, leftOut: leftOut, noisePx: noisePx)
            return
        }
        userIndependent(samples, heldOut: heldOut)
        groupTable("per source", samples, heldOut: heldOut, key: \.source)
        groupTable("per device", samples, heldOut: heldOut, key: \.device)
        confusions(samples)
        falseAccepts(samples, heldOutLogo: heldOutLogo)
        labelAudit(samples, builtIns: folds)
        userDependentTables(samples, audited: audited, builtIns: folds, asLabelled: asLabelled, leftOut: leftOut)
        recognizerTimeLimits(samples)
        penUps(samples)
        dragStart(samples)
        timing(samples)
    }

    // MARK: User-independent

    static func userIndependent(_ samples: [HumanStroke], heldOut: [Int: String]) {
        print("\nuser-independent, built-in templates, every sample: accepted as the right gesture")
        print(pad("gesture", 15) + pad("n", 7) + pad("top-1 %", 10) + pad("shipped %", 11) + "held-out source %")
        let shipped = StrokeClassifier.builtIn
        var rows: [String: (n: Int, top: Int, ok: Int, held: Int)] = [:]
        // The same counts for every sample but the drawings of another gesture than their label.
        var audited = (n: 0, top: 0, ok: 0, held: 0)
        for (i, s) in samples.enumerated() {
            let c = delivered(s, to: shipped)
            let counts = (
                n: 1, top: c.best == s.gesture ? 1 : 0, ok: c.accepted == s.gesture ? 1 : 0,
                held: heldOut[i] == s.gesture ? 1 : 0
            )
            let r = rows[s.gesture, default: (0, 0, 0, 0)]
            rows[s.gesture] = (r.n + counts.n, r.top + counts.top, r.ok + counts.ok, r.held + counts.held)
            if !HumanStrokeLabelAudit.isMislabelled(s) {
                audited = (
                    audited.n + counts.n, audited.top + counts.top, audited.ok + counts.ok, audited.held + counts.held
                )
            }
        }
        var all = (n: 0, top: 0, ok: 0, held: 0)
        for name in BuiltInStrokes.templateNames {
            guard let r = rows[name] else { continue }
            all = (all.n + r.n, all.top + r.top, all.ok + r.ok, all.held + r.held)
            print(
                pad(name, 15) + pad("\(r.n)", 7) + pad(percent(r.top, r.n), 10) + pad(percent(r.ok, r.n), 11)
                    + percent(r.held, r.n))
        }
        print(
            pad("all", 15) + pad("\(all.n)", 7) + pad(percent(all.top, all.n), 10) + pad(percent(all.ok, all.n), 11)
                + percent(all.held, all.n) + " (\(all.held))")
        let leftOut = HumanStrokeLabelAudit.count
        print(
            pad("all but \(leftOut)", 15) + pad("\(audited.n)", 7) + pad(percent(audited.top, audited.n), 10)
                + pad(percent(audited.ok, audited.n), 11) + percent(audited.held, audited.n) + " (\(audited.held))")
        print("  all but \(leftOut): the \(leftOut) drawings of another gesture than their label left out")
    }

    /// How the list of drawings of another gesture than their label was found, and how
    /// much of what the two judges flag it holds.
    static func labelAudit(_ samples: [HumanStroke], builtIns: [String: StrokeClassifier]) {
        let suspects = HumanStrokeLabelAudit.suspects(samples, builtIns: builtIns)
        let listed = suspects.filter(HumanStrokeLabelAudit.isMislabelled).count
        print(
            "\nlabels: \(HumanStrokeLabelAudit.count) samples are drawings of another gesture than their label "
                + "(HumanStrokeLabelAudit, each looked at); the person's own drawings and the built-ins rank "
                + "\(suspects.count) samples first as the same other gesture, \(listed) of them listed"
        )
    }

    static func groupTable(
        _ title: String, _ samples: [HumanStroke], heldOut: [Int: String], key: KeyPath<HumanStroke, String>
    ) {
        print("\n\(title): accepted as the right gesture, offsets fitted without that source")
        var rows: [String: (n: Int, held: Int)] = [:]
        for (i, s) in samples.enumerated() {
            var r = rows[s[keyPath: key], default: (0, 0)]
            r.n += 1
            if heldOut[i] == s.gesture { r.held += 1 }
            rows[s[keyPath: key]] = r
        }
        for (name, r) in rows.sorted(by: { $0.key < $1.key }) {
            print(pad(name, 46) + pad("\(r.n)", 7) + percent(r.held, r.n) + " %")
        }
    }

    static func confusions(_ samples: [HumanStroke]) {
        var pairs: [String: Int] = [:]
        var rejected = 0
        for s in samples {
            if let name = delivered(s, to: StrokeClassifier.builtIn).accepted {
                if name != s.gesture { pairs["\(s.gesture)→\(name)", default: 0] += 1 }
            } else {
                rejected += 1
            }
        }
        let wrong = pairs.values.reduce(0, +)
        print(
            "\nconfusions (shipped): \(percent(wrong, samples.count)) % accepted as another gesture, "
                + "\(percent(rejected, samples.count)) % rejected")
        print(
            "  "
                + pairs.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(12).map { "\($0.key) \($0.value)" }
                .joined(
                    separator: ", "))
    }

    // MARK: False accepts

    /// With each gesture's templates removed in turn (both circles for a circle), what
    /// each of its drawings is accepted as ("-" for rejected), by sample index.
    static func leaveOneGestureOut(
        _ samples: [HumanStroke], offsets: [String: Double], verifiers: [StrokeVerifier],
        where include: (HumanStroke) -> Bool
    ) -> [(Int, String)] {
        let templates = HumanStrokeFit.templates(offsets)
        var classifiers: [String: StrokeClassifier] = [:]
        var out: [(Int, String)] = []
        for (i, s) in samples.enumerated() where include(s) {
            let family = HumanStrokeFit.family(s.gesture)
            if classifiers[family] == nil {
                classifiers[family] = StrokeClassifier(
                    templates: templates.filter { HumanStrokeFit.family($0.name) != family }, verifiers: verifiers)
            }
            out.append((i, classifiers[family].flatMap { delivered(s, to: $0).accepted } ?? "-"))
        }
        return out
    }

    static func falseAccepts(_ samples: [HumanStroke], heldOutLogo: [Int: String]) {
        print("\nleave one gesture out: drawings accepted as another gesture once their own is removed")
        let shipped = leaveOneGestureOut(
            samples, offsets: BuiltInStrokes.scoreOffsets, verifiers: BuiltInStrokes.verifiers, where: { _ in true })
        var byGesture: [String: (n: Int, shipped: Int, held: Int)] = [:]
        for (i, name) in shipped {
            let g = samples[i].gesture
            var r = byGesture[g, default: (0, 0, 0)]
            r.n += 1
            if name != "-" { r.shipped += 1 }
            if let h = heldOutLogo[i], h != "-" { r.held += 1 }
            byGesture[g] = r
        }
        var all = (n: 0, shipped: 0, held: 0)
        var line: [String] = []
        for name in BuiltInStrokes.templateNames {
            guard let r = byGesture[name] else { continue }
            all = (all.n + r.n, all.shipped + r.shipped, all.held + r.held)
            line.append("\(name) \(percent(r.shipped, r.n))")
        }
        print("  shipped, per gesture %: " + line.joined(separator: ", "))
        print(
            "  all: shipped \(percent(all.shipped, all.n)) %, offsets fitted without the source "
                + "\(percent(all.held, all.n)) %")
        print("synthetic non-gestures accepted (shipped; evaluation writers, not the ones fitted on):")
        let evaluation = syntheticNonGestures(seed: StrokeBenchmark.evaluationSeed)
        for kind in NonGesture.allCases {
            let strokes = evaluation.filter { $0.kind == kind }
            let accepted = strokes.filter { StrokeClassifier.builtIn.classify($0.points).recognizedName != nil }.count
            print("  " + pad(kind.rawValue, 15) + percent(accepted, strokes.count) + " % of \(strokes.count)")
        }
    }

    struct SyntheticStroke {
        var kind: NonGesture
        var points: [Point]
    }

    /// 100 of each non-gesture kind per synthetic writer and speed; the fit uses the
    /// calibration writers, the report the evaluation writers.
    static func syntheticNonGestures(seed: UInt64 = StrokeBenchmark.calibrationSeed) -> [SyntheticStroke] {
        var rng = BenchRandom(seed: seed ^ 0x4E47)
        var out: [SyntheticStroke] = []
        for _ in 0..<StrokeBenchmark.writerCount {
            let writer = SyntheticWriter.random(&rng)
            for speed in StrokeSpeed.allCases {
                for kind in NonGesture.allCases {
                    for _ in 0..<StrokeBenchmark.nonGesturesPerKind {
                        out.append(SyntheticStroke(kind: kind, points: kind.draw(writer, speed: speed, &rng)))
                    }
                }
            }
        }
        return out
    }

    // MARK: The recognizer

    /// The samples with a clock, drawn through the recognizer as one-finger touches at
    /// their own pace: what a binding does with them, time limits included. A sample with
    /// a pen-up is one touch per delivered stroke, each judged afresh; it fires its binding
    /// when one of them does.
    static func recognizerTimeLimits(_ samples: [HumanStroke]) {
        let clocked = samples.filter { $0.times != nil }
        guard !clocked.isEmpty else { return }
        print("\nthe recognizer on the \(clocked.count) samples with a clock (one finger, at the drawing's pace)")
        for limit in [2.5, StrokeSettings(shape: "").maximumDurationSeconds] {
            var fired = 0
            var timedOut = 0
            var tooSlow = 0
            for s in clocked {
                let decisions = s.deliveredStrokeRanges.map { draw(s, $0, maximumDurationSeconds: limit) }
                if decisions.contains(where: { $0.targetState == .recognized }) {
                    fired += 1
                } else if decisions.contains(.fail(.timedOut)) {
                    timedOut += 1
                } else if decisions.contains(.fail(.tooSlow)) {
                    tooSlow += 1
                }
            }
            print(
                "  stroke-max-duration \(f2(limit)) s: \(percent(fired, clocked.count)) % fire their binding, "
                    + "\(percent(timedOut, clocked.count)) % time out, \(percent(tooSlow, clocked.count)) % too slow to start"
            )
        }
    }

    /// The points of `s` in `range` as one touch, its clock starting at the touch's landing.
    static func draw(_ s: HumanStroke, _ range: Range<Int>, maximumDurationSeconds: Double) -> RecognizerDecision {
        var settings = StrokeSettings(shape: s.gesture)
        settings.maximumDurationSeconds = maximumDurationSeconds
        var recognizer = StrokeRecognizer(settings)
        guard let times = s.times, let first = range.first, let last = range.last else { return .none }
        let start = EventTime(seconds: 1)
        let landing = s.points[first]
        func frame(_ k: Int, _ phase: TouchPhase) -> TouchFrame {
            let time = start + .seconds(max(0, times[k] - times[first]) / 1000)
            let touch = Touch(id: 1, location: s.points[k], startLocation: landing, startTime: start)
            return TouchFrame(
                time: time, device: 1, phase: phase, changed: touch, touches: phase == .end ? [] : [touch],
                sequenceStartTime: start, sequenceStartLocation: landing, maximumTouches: 1, maximumTravelPx: 0,
                centroid: s.points[k])
        }
        var d = recognizer.touchesBegan(frame(first, .begin))
        var k = first + 1
        while d == .none && k <= last {
            if let deadline = recognizer.deadline, deadline < frame(k, .update).time {
                return recognizer.timerFired(at: deadline)
            }
            d = k == last ? recognizer.touchesEnded(frame(k, .end)) : recognizer.touchesMoved(frame(k, .update))
            k += 1
        }
        // A touch of one point lifts where it landed.
        if d == .none && first == last { d = recognizer.touchesEnded(frame(last, .end)) }
        return d
    }

    /// Samples in which a redraw was appended after a pen-up: a touch or a press ends at
    /// the pen-up, so xgest sees two strokes (``HumanStroke/deliveredStrokes``), and the
    /// sample counts as ``delivered(_:to:)`` says. Every other table counts them the same
    /// way; this one says how they fare.
    static func penUps(_ samples: [HumanStroke]) {
        var n = 0
        var right = 0
        var wrong = 0
        for s in samples where s.hasPenUp {
            n += 1
            switch delivered(s, to: StrokeClassifier.builtIn).accepted {
            case s.gesture?: right += 1
            case nil: break
            case .some: wrong += 1
            }
        }
        print(
            "\nsamples with a pen-up (a jump, or a pause on a clock), drawn as the strokes a device delivers: \(n); "
                + "\(percent(right, n)) % recognized, \(percent(wrong, n)) % accepted as another gesture, the rest rejected"
        )
    }

    /// What xgest makes of a sample as a device delivers it, one stroke per pen-down.
    /// `accepted`: the first other gesture a stroke is accepted as (a wrong action ran,
    /// whatever else did), else the sample's gesture when a stroke is accepted as it, else
    /// nil. `best`: the best match of the stroke that matched anything best.
    static func delivered(_ s: HumanStroke, to classifier: StrokeClassifier) -> (best: String?, accepted: String?) {
        let verdict = delivered(s, to: [classifier])
        return (verdict.best, verdict.accepted[0])
    }

    /// ``delivered(_:to:)`` by each of `classifiers` (one classifier at several thresholds,
    /// ``atThresholds(_:_:)``), one `accepted` for each; `best` from the first.
    static func delivered(_ s: HumanStroke, to classifiers: [StrokeClassifier]) -> (best: String?, accepted: [String?])
    {
        let strokes = s.deliveredStrokes
        var best: StrokeMatch?
        let accepted = classifiers.enumerated().map { k, classifier in
            let classifications = strokes.map { classifier.classify($0) }
            if k == 0 { best = classifications.compactMap(\.matches.first).max { $0.score < $1.score } }
            let names = classifications.compactMap(\.recognizedName)
            return names.first { $0 != s.gesture } ?? names.first
        }
        return (best?.name, accepted)
    }

    /// `classifier` at each base threshold of `thresholds` (each gesture keeps its rise for
    /// its number of templates, and its recorded drawings their consistency).
    static func atThresholds(_ thresholds: [Double], _ classifier: StrokeClassifier) -> [StrokeClassifier] {
        thresholds.map { t in
            var c = classifier
            c.settings.rejectionThreshold = t
            return c
        }
    }

    // MARK: Speed

    /// One stroke against 17 gestures × 10 templates: the built-ins and nine drawings of
    /// each by one person.
    static func timing(_ samples: [HumanStroke]) {
        guard let person = samples.first?.person else { return }
        let own = samples.filter { $0.person == person }
        var templates: [StrokeTemplate] = []
        for name in BuiltInStrokes.templateNames {
            let drawings = own.filter { $0.gesture == name }.prefix(9)
            let source = drawings.isEmpty ? BuiltInStrokes.templates.filter { $0.name == name } : []
            for d in drawings { templates.append(StrokeTemplate(name: name, points: d.points)) }
            for _ in 0..<9 { templates += source }
        }
        // As xgest runs recorded samples: beside the verified built-ins. Building it is what
        // a config load or reload pays (the recorded drawings' consistency among it).
        var classifier = StrokeClassifier.builtIn
        let built = ContinuousClock().measure { classifier = StrokeClassifier.builtIn.recording(templates) }
        let candidates = samples.filter { $0.person != person }.map(\.points)
        let t = StrokeTiming(classifier, candidates) { $0 * 7919 }
        print(
            "\nclassify one human stroke against \(classifier.names.count) gestures × "
                + "\(classifier.templateCount / max(1, classifier.names.count)) templates "
                + "(\(t.medianPointCount) points median): \(t.summary); building the classifier with "
                + "\(templates.count) recorded drawings: \(f2(milliseconds(built))) ms")
        // The elastic rescoring's share: the same strokes with none.
        var rigidOnly = classifier
        rigidOnly.settings.elasticallyRescoredGestures = 0
        print("the same with no elastic rescoring: \(StrokeTiming(rigidOnly, candidates) { $0 * 7919 }.summary)")
        // The most `record-stroke` writes: 50 drawings of each gesture (several people's here).
        var most: [StrokeTemplate] = []
        for name in BuiltInStrokes.templateNames {
            most += samples.filter { $0.gesture == name }.prefix(50).map {
                StrokeTemplate(name: name, points: $0.points)
            }
        }
        let mostBuilt = ContinuousClock().measure { classifier = StrokeClassifier.builtIn.recording(most) }
        print(
            "building it with \(most.count) recorded drawings (50 of each gesture): "
                + f2(milliseconds(mostBuilt)) + " ms")
        // The most the strokes directory may hold over all its files (StrokeLibrary.mostDrawings):
        // what every stroke costs at that limit.
        let limit = Array(samples.filter { !$0.hasPenUp }.prefix(StrokeLibrary.mostDrawings)).map {
            StrokeTemplate(name: $0.gesture, points: $0.points)
        }
        let limitBuilt = ContinuousClock().measure { classifier = StrokeClassifier.builtIn.recording(limit) }
        let atLimit = StrokeTiming(classifier, candidates) { $0 * 7919 }
        print(
            "with \(limit.count) recorded drawings, the most the strokes directory may hold: classify "
                + "\(atLimit.summary); building it \(f2(milliseconds(limitBuilt))) ms")
    }

    static func percent(_ n: Int, _ total: Int) -> String { StrokeBenchmark.percent(n, total) }
    static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
    }
    /// Two decimals, signed.
    static func f2(_ v: Double) -> String { (v < 0 ? "-" : "") + StrokeBenchmark.formatted(abs(v)) }
    static func pad(_ s: String, _ width: Int) -> String { EngineBenchmark.pad(s, width) }
}
