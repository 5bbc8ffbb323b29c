import Testing
import XgestCore

@testable import XgestConfig

/// The warnings of a binding whose place (`region`, `monitor`, `edge`) another of the same
/// gesture written before it takes in full, replayed: the warned binding never fires, and
/// written first it does. An edge swipe with no direction before one with a direction is
/// not such a pair: at a corner it takes the nearer edge, and the other fires there.
@Suite struct PreemptedConditionReplayTests {
    typealias Replay = PreemptedBindingReplayTests

    static let swipe = "kind = \"swipe\"\nfingers = 2\ndirection = \"left\""
    static let leftHalf = "region = { x = 0, y = 0, width = \"50%\", height = \"100%\" }"

    @Test func aSwipeInARegionAfterOneWithNoneFiresOnlyWrittenFirst() throws {
        let any = Replay.binding("sw-any", Self.swipe)
        let half = Replay.binding("sw-half", Self.swipe + "\n" + Self.leftHalf)
        let warned = try Replay.config(any + half, warned: "sw-half")
        #expect(Replay.names(try dryRunActions(warned, Replay.twoFingerSwipeLeft)) == ["sw-any"])
        let fixed = try Replay.config(half + any, warned: nil)
        #expect(Replay.names(try dryRunActions(fixed, Replay.twoFingerSwipeLeft)) == ["sw-half"])
    }

    @Test func aSwipeInARegionAfterOneInAWiderRegionFiresOnlyWrittenFirst() throws {
        let half = Replay.binding("sw-half", Self.swipe + "\n" + Self.leftHalf)
        let quarter = Replay.binding(
            "sw-middle", Self.swipe + "\nregion = { x = \"25%\", y = 0, width = \"25%\", height = \"100%\" }")
        let warned = try Replay.config(half + quarter, warned: "sw-middle")
        #expect(Replay.names(try dryRunActions(warned, Replay.twoFingerSwipeLeft)) == ["sw-half"])
        let fixed = try Replay.config(quarter + half, warned: nil)
        #expect(Replay.names(try dryRunActions(fixed, Replay.twoFingerSwipeLeft)) == ["sw-middle"])
    }

    /// A trace on two monitors side by side, eDP-1 (primary) and HDMI-1, each 1920×1080.
    static func twoMonitorActions(_ config: XgestConfiguration, _ lines: [String]) throws -> [String] {
        let header =
            #"{"xgest-trace":1,"screen":{"width":3840,"height":1080},"devices":[{"id":6,"name":"Touchscreen","kind":"touchscreen"}],"#
            + #""monitors":[{"name":"eDP-1","x":0,"y":0,"width":1920,"height":1080,"primary":true},"#
            + #"{"name":"HDMI-1","x":1920,"y":0,"width":1920,"height":1080}]}"#
        let trace = try TraceDecoder.read(([header] + lines).joined(separator: "\n"))
        return try DryRun.run(trace, bindings: config.bindingSet()).compactMap { r in
            if case .action(let a) = r { return a.invocation.binding }
            return nil
        }
    }

    @Test func aSwipeOnAMonitorAfterOneOnAnyFiresOnlyWrittenFirst() throws {
        let any = Replay.binding("sw-any", Self.swipe)
        let panel = Replay.binding("sw-panel", Self.swipe + "\nmonitor = \"eDP-1\"")
        let warned = try Replay.config(any + panel, warned: "sw-panel")
        #expect(try Self.twoMonitorActions(warned, Replay.twoFingerSwipeLeft) == ["sw-any"])
        let fixed = try Replay.config(panel + any, warned: nil)
        #expect(try Self.twoMonitorActions(fixed, Replay.twoFingerSwipeLeft) == ["sw-panel"])
        // A pattern taking the monitor's name takes its gestures as well.
        let pattern = Replay.binding("sw-edp", Self.swipe + "\nmonitor = \"eDP-*\"")
        let warnedByPattern = try Replay.config(pattern + panel, warned: "sw-panel")
        #expect(try Self.twoMonitorActions(warnedByPattern, Replay.twoFingerSwipeLeft) == ["sw-edp"])
    }

    @Test func aPinchAtAnEdgeAfterOneWithNoEdgeFiresOnlyWrittenFirst() throws {
        let pinch = "kind = \"pinch\""
        let any = Replay.binding("pinch-any", pinch)
        let top = Replay.binding("pinch-top", pinch + "\nedge = \"top\"")
        // Two fingers landing at the top edge and moving apart.
        var spread = [
            #"{"t":0.0,"dev":6,"type":"touch-begin","id":1,"x":900,"y":2}"#,
            #"{"t":0.01,"dev":6,"type":"touch-begin","id":2,"x":1000,"y":4}"#,
        ]
        for k in 1...15 {
            let t = 0.01 + Double(k) * 0.01
            spread.append(#"{"t":\#(t),"dev":6,"type":"touch-update","id":1,"x":\#(900 - k * 10),"y":2}"#)
            spread.append(#"{"t":\#(t),"dev":6,"type":"touch-update","id":2,"x":\#(1000 + k * 10),"y":4}"#)
        }
        spread.append(#"{"t":0.2,"dev":6,"type":"touch-end","id":1,"x":750,"y":2}"#)
        spread.append(#"{"t":0.2,"dev":6,"type":"touch-end","id":2,"x":1150,"y":4}"#)
        let warned = try Replay.config(any + top, warned: "pinch-top")
        #expect(Replay.names(try dryRunActions(warned, spread)) == ["pinch-any"])
        let fixed = try Replay.config(top + any, warned: nil)
        #expect(Replay.names(try dryRunActions(fixed, spread)) == ["pinch-top"])
    }

    /// One finger landing at `x`,`y` and moving 60 px by `dx`,`dy` per 10 ms frame.
    static func edgeSwipe(fromX x: Double, y: Double, dx: Double, dy: Double) -> [String] {
        var lines = [#"{"t":0.0,"dev":6,"type":"touch-begin","id":1,"x":\#(x),"y":\#(y)}"#]
        for k in 1...6 {
            let (px, py) = (x + Double(k) * dx, y + Double(k) * dy)
            lines.append(#"{"t":\#(Double(k) * 0.01),"dev":6,"type":"touch-update","id":1,"x":\#(px),"y":\#(py)}"#)
        }
        lines.append(#"{"t":0.1,"dev":6,"type":"touch-end","id":1,"x":\#(x + 6 * dx),"y":\#(y + 6 * dy)}"#)
        return lines
    }

    /// Along the left edge the edge swipe with no direction, written first, takes every
    /// swipe; within the edge thickness of a corner where the top (or bottom) edge is
    /// nearer, it takes that edge and fails when the finger moves right, and the left
    /// edge swipe fires: it is not one that never fires, and nothing is said.
    @Test func aLeftEdgeSwipeAfterOneWithNoDirectionFiresAtTheCorners() throws {
        let any = Replay.binding("edge-any", "kind = \"edge\"")
        let left = Replay.binding("edge-left", "kind = \"edge\"\ndirection = \"left\"")
        let config = try Replay.config(any + left, warned: nil)
        let middle = Self.edgeSwipe(fromX: 2, y: 540, dx: 10, dy: 0)
        #expect(Replay.names(try dryRunActions(config, middle)) == ["edge-any"])
        // 10 px from the left edge, 3 px from the top (the edge thickness is 13 px).
        let corner = Self.edgeSwipe(fromX: 10, y: 3, dx: 10, dy: 0)
        #expect(Replay.names(try dryRunActions(config, corner)) == ["edge-left"])
        let bottomCorner = Self.edgeSwipe(fromX: 10, y: 1077, dx: 10, dy: 0)
        #expect(Replay.names(try dryRunActions(config, bottomCorner)) == ["edge-left"])
        // As near the top as the left edge: the left edge is taken (tried first), as in the middle.
        let diagonal = Self.edgeSwipe(fromX: 5, y: 5, dx: 10, dy: 0)
        #expect(Replay.names(try dryRunActions(config, diagonal)) == ["edge-any"])
        // The same swipe moving down from the corner is the top edge's: the one with no direction.
        let down = Self.edgeSwipe(fromX: 10, y: 3, dx: 0, dy: 10)
        #expect(Replay.names(try dryRunActions(config, down)) == ["edge-any"])
    }
}
