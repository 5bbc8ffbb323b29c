import Testing
import XgestCore

@testable import XgestConfig

/// `xgest check` said a long press after taps holds its touches "up to 500 ms (less if they
/// move 6 px or lift)", a plain long press's hold: a lift is a tap there, and starts the
/// wait for the next touch (an 863 ms press was held 1,213 ms). It now says the taps'
/// hold, checked against the touches handed back in a replay.
@Suite struct TapThenPressHoldTests {
    static func config(taps: String = "taps = 1") -> String {
        """
        [[gesture]]
        name = "tap-then-press"
        kind = "long-press"
        \(taps)
        action = "exec true"
        """
    }

    @Test func theHoldCountsTheTapsAndTheWaitAfterEach() throws {
        let config = try loadValid(Self.config())
        #expect(
            config.bindingSet().touchscreenHolds == [
                "tap-then-press: touchscreen: holds one-finger touches until they lift or move 6 px (up to 1 s), then "
                    + "the next touch up to 350 ms, and the press up to 500 ms (less if it moves 6 px or lifts)"
            ])
        let twice = try loadValid(Self.config(taps: "taps = 2\nfingers = 2"))
        #expect(
            twice.bindingSet().touchscreenHolds == [
                "tap-then-press: touchscreen: holds one-finger touches up to 50 ms (less if they move 4 px); two-finger "
                    + "touches until they lift or move 6 px (up to 1 s) for each of 2 taps, each next touch up to "
                    + "350 ms after the lift, and the press up to 500 ms (less if it moves 6 px or lifts)"
            ])
    }

    /// When a press of `seconds` is handed back: at the lift and the 350 ms wait after it
    /// when it lifts within the tap's 1 s, at 1 s when held longer.
    @Test(arguments: [(0.136, "0.486000"), (0.863, "1.213000"), (1.2, "1.000000")])
    func theReplayedHoldIsWhatItSays(seconds: Double, handedBackAt: String) throws {
        let config = try loadValid(Self.config())
        let trace = try TraceDecoder.read(
            traceText([
                #"{"t":0.0,"dev":6,"type":"touch-begin","id":1,"x":500,"y":500}"#,
                #"{"t":\#(seconds),"dev":6,"type":"touch-end","id":1,"x":500,"y":500}"#,
            ]))
        let lines = try DryRun.report(trace, bindings: config.bindingSet(), explain: true).records.map(\.textLine)
        let back = lines.filter { $0.contains("ownership reject") }
        #expect(back.count == 1, "\(lines)")
        #expect(back.first?.hasPrefix(handedBackAt + " ") == true, "\(lines)")
    }
}
