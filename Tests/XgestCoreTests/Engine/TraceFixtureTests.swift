import Foundation
import Testing

@testable import XgestCore

/// Replays `Fixtures/traces/NAME.trace` and compares its gesture events and ownership
/// decisions, one description per line, with `NAME.expected` (`#` lines are comments).
@Suite struct TraceFixtureTests {
    /// The bindings every fixture runs against.
    static let registrations: [RecognizerRegistration] = [
        reg("tap", TapRecognizer()),
        reg("double-tap", TapRecognizer(TapSettings(tapsRequired: 2))),
        reg("press", LongPressRecognizer()),
        reg("pan", PanRecognizer(), requires: ["swipe-left"]),
        reg("swipe-left", SwipeRecognizer(SwipeSettings(directions: .left))),
        reg("pinch", PinchRecognizer(), simultaneous: ["rotate"]),
        reg("rotate", RotationRecognizer()),
        reg("edge-left", ScreenEdgePanRecognizer(ScreenEdgePanSettings(edges: .left))),
        reg("ws-next", TouchpadSwipeRecognizer(TouchpadSwipeSettings(fingers: 3, directions: .left))),
        reg("ws-prev", TouchpadSwipeRecognizer(TouchpadSwipeSettings(fingers: 3, directions: .right))),
        reg("zoom-out", TouchpadPinchRecognizer(TouchpadPinchSettings(directions: .in))),
        reg("pad-rotate", TouchpadRotateRecognizer()),
        reg("stroke", StrokeCaptureRecognizer(StrokeCaptureSettings(button: 3, modifiers: .super))),
        reg(
            "lock",
            PatternRecognizer(
                PatternSettings(pattern: [1, 2, 3, 6, 9], input: .pointer(StrokeCaptureSettings(button: 2))))
        ),
        reg(
            "rub", ScrubRecognizer(ScrubSettings(axis: .horizontal, input: .pointer(StrokeCaptureSettings(button: 1))))),
    ]

    static let names = ["taps", "swipe-and-pan", "pinch-rotate", "touchpad", "stroke-and-click", "pattern-and-scrub"]

    static func fixture(_ name: String, _ ext: String) throws -> String {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures/traces"),
            "missing fixture \(name).\(ext)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test(arguments: names)
    func replayMatchesExpected(name: String) throws {
        let trace = try TraceDecoder.read(try Self.fixture(name, "trace"))
        let outputs = try TraceReplay.run(trace, registrations: Self.registrations)
        let actual = outputs.compactMap { o -> String? in
            switch o {
            case .gesture, .ownership: return o.description
            case .transition, .handedBack: return nil
            }
        }
        let expected = try Self.fixture(name, "expected").split(separator: "\n").map(String.init).filter {
            !$0.isEmpty && !$0.hasPrefix("#")
        }
        #expect(actual == expected, "actual output of \(name):\n\(actual.joined(separator: "\n"))")
    }

    /// Fixtures whose output differs when same-time updates are evaluated as one frame:
    /// they compare with `NAME.whole-frames.expected` in that mode.
    static let wholeFrameNames: Set = ["pinch-rotate"]

    /// With same-time updates evaluated as one frame, fixtures without such frames give
    /// the same gestures and decisions, and the others give theirs.
    @Test(arguments: names)
    func replayWithWholeFramesMatchesExpected(name: String) throws {
        let trace = try TraceDecoder.read(try Self.fixture(name, "trace"))
        let outputs = try TraceReplay.run(
            trace, registrations: Self.registrations,
            settings: EngineSettings(evaluatesSameTimeTouchUpdatesAsOneFrame: true))
        let actual = outputs.compactMap { o -> String? in
            switch o {
            case .gesture, .ownership: return o.description
            case .transition, .handedBack: return nil
            }
        }
        let file = Self.wholeFrameNames.contains(name) ? name + ".whole-frames" : name
        let expected = try Self.fixture(file, "expected").split(separator: "\n").map(String.init).filter {
            !$0.isEmpty && !$0.hasPrefix("#")
        }
        #expect(actual == expected, "actual output of \(name) with whole frames:\n\(actual.joined(separator: "\n"))")
    }

    @Test func fixturesReplayDeterministically() throws {
        for name in Self.names {
            let trace = try TraceDecoder.read(try Self.fixture(name, "trace"))
            #expect(
                try TraceReplay.run(trace, registrations: Self.registrations)
                    == TraceReplay.run(trace, registrations: Self.registrations))
        }
    }
}
