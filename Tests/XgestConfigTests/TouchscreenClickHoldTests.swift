import Foundation
import Testing
import XgestCore

@testable import XgestConfig

/// A touchscreen gesture's `click` fired while its fingers are down waits for them to lift:
/// the X server holds button 1 down for the finger it emulates the pointer with, and Qt 5
/// lost the release of a click sent meanwhile (docs/actions.md).
@Suite struct TouchscreenClickHoldTests {
    static let menu = """
        [[gesture]]
        name = "menu"
        kind = "long-press"
        device = "touchscreen"
        begin-action = "key a"
        action = "click 3"
        """

    /// A finger held 600 ms at 400,500, past the 500 ms a long press takes.
    static let hold = [
        #"{"t":0.0,"dev":6,"type":"touch-begin","id":1,"x":400,"y":500}"#,
        #"{"t":0.6,"dev":6,"type":"touch-end","id":1,"x":400,"y":500}"#,
    ]

    /// The gesture's begin and end and the actions, in the order they run.
    static func order(_ config: String) throws -> [String] {
        let trace = try TraceDecoder.read(traceText(Self.hold))
        return try DryRun.run(trace, bindings: loadValid(config).bindingSet()).compactMap { r in
            switch r {
            case .gesture(let g, _, _) where g.state == .began || g.state == .ended: return "\(g.state)"
            case .action(let a): return a.text
            default: return nil
            }
        }
    }

    @Test func aLongPressClickRunsWhenTheFingerLiftsWhereItWasFired() throws {
        #expect(try Self.order(Self.menu) == ["began", "key a", "ended", "click 3"])
        let trace = try TraceDecoder.read(traceText(Self.hold))
        let clicks = try DryRun.run(trace, bindings: loadValid(Self.menu).bindingSet()).compactMap { r in
            if case .action(let a) = r, case .click = a.invocation.action { return a.invocation } else { return nil }
        }
        #expect(clicks.map(\.location) == [Point(x: 400, y: 500)])
        #expect(clicks.map(\.state) == [.began])
        // Sent at the lift, it bears the lift's time (the daemon runs nothing older than
        // its bound on a gesture's age).
        #expect(clicks.map(\.time) == [EventTime(seconds: 0.6)])
    }

    /// What runs at the end runs there as before, after the held click.
    @Test func anEndClickIsNotHeldFurther() throws {
        let atEnd = Self.menu.replacingOccurrences(of: "begin-action = \"key a\"", with: "on = \"end\"")
        #expect(try Self.order(atEnd) == ["began", "ended", "click 3"])
    }

    /// Clicks held from a pan's updates are steps: at the lift they come all at once, and
    /// the rate limit lets the first through, as it would have a burst of them.
    @Test func clicksHeldFromUpdatesAreRateLimitedAtTheLift() throws {
        let config = """
            [[gesture]]
            name = "drag-click"
            kind = "pan"
            device = "touchscreen"
            on = "update"
            action = "click 1"
            """
        var lines = [#"{"t":0.0,"dev":6,"type":"touch-begin","id":1,"x":400,"y":500}"#]
        for k in 1...10 {
            lines.append(
                #"{"t":\#(Double(k) * 0.02),"dev":6,"type":"touch-update","id":1,"x":\#(400 + k * 30),"y":500}"#)
        }
        lines.append(#"{"t":0.25,"dev":6,"type":"touch-end","id":1,"x":700,"y":500}"#)
        #expect(try dryRunActions(loadValid(config), lines) == ["drag-click: click 1"])
    }
}
