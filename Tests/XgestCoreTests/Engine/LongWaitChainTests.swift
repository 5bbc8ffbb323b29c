import Testing
import XgestCore

/// Bindings each waiting for the next to fail (`requires-failure-of`), in a chain as long
/// as a config at the size limit can make: the engine's cycle check went one call deeper
/// per binding and overflowed the loop thread's stack at a reload, leaving keys held.
@Suite struct LongWaitChainTests {
    static let length = 100_000

    static func chain(closed: Bool) -> [RecognizerRegistration] {
        (0..<length).map { i in
            let next = i + 1 < length ? ["b\(i + 1)"] : closed ? ["b0"] : []
            return reg("b\(i)", PanRecognizer(), requires: next)
        }
    }

    @Test func aLongChainStartsTheEngine() throws {
        _ = try GestureEngine(registrations: Self.chain(closed: false), hitTesting: WindowStack(), screen: testScreen)
    }

    @Test func aLongChainClosedIsOneCycle() {
        #expect(throws: EngineConfigurationError.requirementCycle((0..<Self.length).map { "b\($0)" } + ["b0"])) {
            _ = try GestureEngine(
                registrations: Self.chain(closed: true), hitTesting: WindowStack(), screen: testScreen)
        }
    }

    /// The search's order: the first cycle from the first node, edges in the order written.
    @Test func theFirstCycleIsTheOneADepthFirstSearchMeetsFirst() {
        #expect(WaitCycle.first(in: [[1], [2], []]) == nil)
        #expect(WaitCycle.first(in: [[1, 2], [], [3], [2]]) == [2, 3, 2])
        #expect(WaitCycle.first(in: [[1], [2, 0], [1]]) == [1, 2, 1])
        #expect(WaitCycle.first(in: [[], [1]]) == [1, 1])
        #expect(WaitCycle.first(in: [[2], [0], [1]]) == [0, 2, 1, 0])
    }
}
