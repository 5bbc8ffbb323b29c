import SeededRandom
import Testing
import XgestCore

@testable import XgestConfig

/// The config check and the engine both add the tap default (a tap waits for taps of the
/// same fingers that need more taps) to the relations written out, the check to report a
/// cycle at its line, the engine to refuse one. Were they to disagree, a config `xgest
/// check` passes would fail to start, or one it refuses would have run.
@Suite struct TapDefaultAgreementTests {
    @Test func theCheckAndTheEngineFindTheSameCycles() throws {
        var rng = SplitMix64(seed: 0x7A9D_EFA1)
        var cycles = 0
        var accepted = 0
        for round in 0..<400 {
            let count = rng.nextInt(in: 2...5)
            var taps: [(fingers: Int, taps: Int, requires: [Int])] = []
            for k in 0..<count {
                let requires = (0..<count).filter { $0 != k && rng.nextInt(in: 0...4) == 0 }
                taps.append((rng.nextInt(in: 1...2), rng.nextInt(in: 1...3), requires))
            }
            let text = taps.enumerated().map { k, t in
                """
                [[gesture]]
                name = "t\(k)"
                kind = "tap"
                fingers = \(t.fingers)
                taps = \(t.taps)
                action = "click 1"
                requires-failure-of = [\(t.requires.map { "\"t\($0)\"" }.joined(separator: ", "))]
                """
            }.joined(separator: "\n")
            let result = load(text)
            let checkFindsCycle = result.diagnostics.contains { $0.message.contains("in a cycle") }
            // Two taps alike are warned of (the second never fires); no other error is made.
            #expect(
                result.diagnostics.allSatisfy { $0.message.contains("in a cycle") || $0.severity == .warning },
                "round \(round)\n\(text)")
            // The same bindings as the engine gets them, built without the config.
            let registrations = taps.enumerated().map { k, t in
                RecognizerRegistration(
                    name: "t\(k)",
                    recognizer: TapRecognizer(TapSettings(tapsRequired: t.taps, touchesRequired: t.fingers)),
                    requiresFailureOf: t.requires.map { "t\($0)" })
            }
            var engineFindsCycle = false
            do {
                _ = try GestureEngine(registrations: registrations, hitTesting: WindowStack(), screen: Self.screen)
            } catch {
                guard case .requirementCycle = error else {
                    Issue.record("round \(round): \(error)")
                    continue
                }
                engineFindsCycle = true
            }
            #expect(checkFindsCycle == engineFindsCycle, "round \(round)\n\(text)")
            if let configuration = result.configuration {
                accepted += 1
                // And the registrations the config makes start an engine.
                _ = try GestureEngine(
                    registrations: configuration.bindingSet().registrations(), hitTesting: WindowStack(),
                    screen: Self.screen)
            }
            if checkFindsCycle { cycles += 1 }
        }
        // Both outcomes, many times each.
        #expect(cycles >= 50 && accepted >= 50, "cycles \(cycles), accepted \(accepted)")
    }

    static let screen = Rect(x: 0, y: 0, width: 1920, height: 1080)
}
