import Testing
import XgestCore

@testable import XgestConfig

/// Each touch's position (UIKit's `location(ofTouch:in:)`) reaches the actions of a
/// touchscreen gesture and `replay --json`, at every phase the binding acts on.
@Suite struct TouchLocationsTests {
    static let config = """
        [[gesture]]
        name = "spread"
        kind = "pinch"
        device = "touchscreen"
        direction = "out"
        on = "update"
        action = "key a"
        """

    /// Two fingers 100 px apart, spread 20 px a frame each side, then lifted one by one.
    static var trace: [String] {
        func touch(_ type: String, _ id: Int, _ x: Double, _ t: Double) -> String {
            #"{"t":\#(t),"dev":6,"type":"touch-\#(type)","id":\#(id),"x":\#(x),"y":500}"#
        }
        var lines = [touch("begin", 1, 450, 0.0), touch("begin", 2, 550, 0.001)]
        for step in 1...4 {
            let t = 0.001 + Double(step) * 0.016
            lines.append(touch("update", 1, 450 - Double(step * 20), t))
            lines.append(touch("update", 2, 550 + Double(step * 20), t))
        }
        lines.append(touch("end", 1, 370, 0.1))
        lines.append(touch("end", 2, 630, 0.11))
        return lines
    }

    @Test func actionsSeeEveryFingerWhereItWas() throws {
        let config = try loadValid(Self.config)
        let records = try DryRun.run(try TraceDecoder.read(traceText(Self.trace)), bindings: config.bindingSet())
        let invocations: [ActionInvocation] = records.compactMap {
            if case .action(let a) = $0 { return a.invocation } else { return nil }
        }
        #expect(!invocations.isEmpty)
        // Both fingers, the first on the left, on their line; spreading run after run.
        for i in invocations {
            #expect(i.touches.count == 2)
            #expect(i.touches.allSatisfy { $0.y == 500 })
            #expect(i.touches.first.map { $0.x < 500 } == true && i.touches.last.map { $0.x > 500 } == true)
            #expect(i.location.x == (i.touches[0].x + i.touches[1].x) / 2)
        }
        let spreads = invocations.map { $0.touches[1].x - $0.touches[0].x }
        #expect(zip(spreads, spreads.dropFirst()).allSatisfy { $0 < $1 }, "\(spreads)")
    }

    @Test func replayJSONListsTheTouchesOfEachGestureRecord() throws {
        let config = try loadValid(Self.config)
        let records = try DryRun.run(try TraceDecoder.read(traceText(Self.trace)), bindings: config.bindingSet())
        let gestures = records.filter { if case .gesture = $0 { return true } else { return false } }
        // The first frame whole, both fingers moved, as the daemon judges it.
        #expect(
            gestures.first?.jsonLine.contains(#""touches":[[430.0,500.0],[570.0,500.0]]"#) == true,
            "\(gestures.first?.jsonLine ?? "")")
        // At the end, the finger that lifted is listed at its last point, in landing order.
        let ended = try #require(gestures.last)
        #expect(ended.jsonLine.contains(#""state":"ended""#))
        #expect(ended.jsonLine.contains(#""touches":[[370.0,500.0],[630.0,500.0]]"#), "\(ended.jsonLine)")
    }
}
