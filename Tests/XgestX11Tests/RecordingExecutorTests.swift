import Testing
import XgestCore
import XgestX11

@Suite struct RecordingExecutorTests {
    /// Any executor, as the daemon and `xgest replay` hold it.
    func fire(_ actions: [Action], with executor: inout some ActionExecutor) -> [ActionOutcome] {
        actions.map { executor.execute(invocation($0)) }
    }

    @Test func keepsInvocationsInOrderAndCarriesOutNothing() {
        var executor = RecordingExecutor()
        let actions: [Action] = [
            .key(KeyCombo(keysyms: ["Control_L", "Right"])), .exec(arguments: ["xgest-no-such-program"]),
            .window(.close), .desktop(.next(wrap: true)), .click(button: 1), .scroll(.down, steps: 2),
        ]
        #expect(fire(actions, with: &executor) == [ActionOutcome](repeating: .done, count: 6))
        #expect(executor.actions == actions)
        #expect(executor.invocations.allSatisfy { $0.binding == "test-binding" && $0.gestureKind == .swipe })
        executor.removeAll()
        #expect(executor.invocations.isEmpty)
    }

    @Test func reportsTheConfiguredOutcome() {
        var executor = RecordingExecutor(outcome: .failed(reason: "dry run"))
        #expect(executor.execute(invocation(.window(.maximize))) == .failed(reason: "dry run"))
        #expect(executor.actions == [.window(.maximize)])
        #expect(ActionOutcome.skipped(reason: "nothing to do").description == "skipped: nothing to do")
        #expect(ActionOutcome.done.isDone)
    }
}
