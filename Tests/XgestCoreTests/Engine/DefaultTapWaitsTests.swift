import SeededRandom
import Testing

@testable import XgestCore

/// The tap default (a tap waits for taps of the same fingers on the same device kind that
/// need more taps) was found by comparing every tap with every other, and relations
/// written out were looked for in lists: 20,000 taps took 0.7 s to check in a release
/// build and 60,000 4.6 s, though none waited for another. Taps are now grouped by what
/// must match: the same relations, with work that grows with the taps.
@Suite struct DefaultTapWaitsTests {
    /// What the engine built before, relation by relation: every tap compared with every
    /// other, lists searched. The relations ``buildSlots(_:)`` makes must be these, in
    /// this order.
    static func reference(_ registrations: [RecognizerRegistration]) -> (requires: [[Int]], simultaneous: [[Int]]) {
        let index = Dictionary(registrations.enumerated().map { ($1.name, $0) }) { a, _ in a }
        var requires = [[Int]](repeating: [], count: registrations.count)
        var simultaneous = [[Int]](repeating: [], count: registrations.count)
        for (i, r) in registrations.enumerated() {
            for n in r.requiresFailureOf {
                guard let j = index[n] else { continue }
                if j != i, !requires[i].contains(j) { requires[i].append(j) }
            }
            for n in r.simultaneousWith {
                guard let j = index[n] else { continue }
                if j != i, !simultaneous[i].contains(j) { simultaneous[i].append(j) }
                if j != i, !simultaneous[j].contains(i) { simultaneous[j].append(i) }
            }
        }
        for (i, mine) in registrations.enumerated() where mine.defaultTapRelations {
            guard let profile = mine.recognizer.multiTapProfile else { continue }
            let written = Set(requires[i])
            for (j, theirs) in registrations.enumerated() {
                guard j != i, theirs.deviceKind == mine.deviceKind, let other = theirs.recognizer.multiTapProfile,
                    profile.waitsByDefault(for: other), !written.contains(j)
                else { continue }
                requires[i].append(j)
            }
        }
        return (requires, simultaneous)
    }

    static func randomRegistrations(_ rng: inout SplitMix64) -> [RecognizerRegistration] {
        let count = rng.nextInt(in: 2...40)
        let names = (0..<count).map { "r\($0)" }
        return (0..<count).map { k in
            let recognizer: any GestureRecognizer =
                rng.nextInt(in: 0...5) == 0
                ? PanRecognizer()
                : TapRecognizer(
                    TapSettings(tapsRequired: rng.nextInt(in: 1...4), touchesRequired: rng.nextInt(in: 1...3)))
            // Written relations, repeats and the binding itself among them; requirements few,
            // and mostly of later bindings, or nearly every round had a cycle.
            let requires = (0..<(rng.nextInt(in: 0...9) == 0 ? rng.nextInt(in: 1...3) : 0)).map { _ in
                names[rng.nextInt(in: 0...7) == 0 ? rng.nextInt(in: 0...(count - 1)) : rng.nextInt(in: k...(count - 1))]
            }
            let simultaneous = (0..<rng.nextInt(in: 0...4)).map { _ in names[rng.nextInt(in: 0...(count - 1))] }
            return RecognizerRegistration(
                name: names[k], recognizer: recognizer, requiresFailureOf: requires, simultaneousWith: simultaneous,
                defaultTapRelations: rng.nextInt(in: 0...4) != 0)
        }
    }

    @Test func theRelationsAreTheOnesEveryPairGave() throws {
        var rng = SplitMix64(seed: 0x7A9D_5EED)
        var built = 0
        var cycles = 0
        for round in 0..<500 {
            let registrations = Self.randomRegistrations(&rng)
            let expected = Self.reference(registrations)
            do {
                let slots = try buildSlots(registrations)
                built += 1
                #expect(slots.map(\.requires) == expected.requires, "round \(round)")
                #expect(slots.map(\.simultaneous) == expected.simultaneous, "round \(round)")
                var requiredBy = [[Int]](repeating: [], count: registrations.count)
                for (i, r) in expected.requires.enumerated() { for j in r { requiredBy[j].append(i) } }
                #expect(slots.map(\.requiredBy) == requiredBy, "round \(round)")
            } catch {
                // The same cycle as the relations made before.
                let cycle = try #require(WaitCycle.first(in: expected.requires), "round \(round): \(error)")
                #expect(error == .requirementCycle(cycle.map { registrations[$0].name }), "round \(round)")
                cycles += 1
            }
        }
        #expect(built >= 200 && cycles >= 50, "built \(built), cycles \(cycles)")
    }

    /// Taps on several device kinds, fingers and numbers of taps, some not taking the
    /// default: each one's waits are the taps every pair said, in order.
    @Test func eachTapWaitsForTheTapsEveryPairSaid() {
        var rng = SplitMix64(seed: 0x0DEF_A017)
        for round in 0..<300 {
            let taps = (0..<rng.nextInt(in: 1...60)).map { i in
                DefaultTapWaits.Tap(
                    index: i * 2, device: [DeviceKind.touchscreen, .touchpad, .pointer][rng.nextInt(in: 0...2)],
                    profile: MultiTapProfile(taps: rng.nextInt(in: 1...5), touches: rng.nextInt(in: 1...3)),
                    takesDefault: rng.nextInt(in: 0...3) != 0)
            }
            var steps = 0
            let waits = DefaultTapWaits.waits(of: taps, steps: &steps)
            let expected = taps.filter(\.takesDefault).map { mine in
                (
                    mine.index,
                    taps.filter { $0.device == mine.device && mine.profile.waitsByDefault(for: $0.profile) }.map(
                        \.index)
                )
            }
            #expect(waits.map(\.index) == expected.map(\.0), "round \(round)")
            #expect(waits.map(\.waitsFor) == expected.map(\.1), "round \(round)")
        }
    }

    /// 5,000 taps alike wait for none: no tap is compared with every other.
    @Test func tapsAlikeCostOneStepEach() throws {
        let n = 5_000
        let registrations = (0..<n).map { i in
            RecognizerRegistration(
                name: "t\(i)", recognizer: TapRecognizer(TapSettings(tapsRequired: 1, touchesRequired: 2)))
        }
        var steps = 0
        let slots = try buildSlots(registrations, tapSteps: &steps)
        #expect(slots.allSatisfy { $0.requires.isEmpty })
        // A step to group each tap, one to merge it, one to hand out its waits: every
        // pair compared was 25,000,000.
        #expect(steps <= 3 * n, "\(steps) steps")
    }

    /// Taps of every number of taps and fingers: the steps grow with the taps (times the
    /// numbers of taps in a group), not with the waits handed out, which may be many.
    @Test func theStepsGrowWithTheTapsNotTheirPairs() {
        for n in [1_000, 4_000] {
            let taps = (0..<n).map { i in
                DefaultTapWaits.Tap(
                    index: i, device: .touchscreen, profile: MultiTapProfile(taps: i % 5 + 1, touches: i % 3 + 1),
                    takesDefault: true)
            }
            var steps = 0
            let waits = DefaultTapWaits.waits(of: taps, steps: &steps)
            #expect(steps <= 7 * n, "\(n) taps: \(steps) steps")
            // The waits themselves are many: a single waits for every tap of its fingers with more.
            #expect(waits.map(\.waitsFor.count).reduce(0, +) > n * n / 10)
        }
    }
}
