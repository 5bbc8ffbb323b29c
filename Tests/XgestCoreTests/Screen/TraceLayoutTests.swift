import Testing

@testable import XgestCore

@Suite struct TraceLayoutTests {
    static let devices = #""devices":[{"id":6,"name":"Touchscreen","kind":"touchscreen"}]"#
    static let monitors =
        #""monitors":[{"name":"eDP-1","x":0,"y":0,"width":1920,"height":1080,"primary":true},"#
        + #"{"name":"HDMI-1","x":1920,"y":0,"width":1920,"height":1080,"primary":false}]"#
    /// A swipe in from x = 1915 towards the left.
    static let swipe = [
        #"{"t":0,"dev":6,"type":"touch-begin","id":1,"x":1915,"y":500}"#,
        #"{"t":0.02,"dev":6,"type":"touch-update","id":1,"x":1800,"y":500}"#,
        #"{"t":0.04,"dev":6,"type":"touch-update","id":1,"x":1700,"y":500}"#,
        #"{"t":0.06,"dev":6,"type":"touch-end","id":1,"x":1700,"y":500}"#,
    ]

    func edgeGestures(header: String) throws -> Int {
        let trace = try TraceDecoder.read(([header] + Self.swipe).joined(separator: "\n"))
        let out = try TraceReplay.run(
            trace, registrations: [reg("edge", ScreenEdgePanRecognizer(ScreenEdgePanSettings(edges: .right)))])
        return out.filter { if case .gesture = $0 { return true } else { return false } }.count
    }

    @Test func replayUsesTheRecordedMonitors() throws {
        let header =
            #"{"xgest-trace":1,"screen":{"width":3840,"height":1080},"# + Self.devices + "," + Self.monitors + "}"
        #expect(try edgeGestures(header: header) > 0)
    }

    @Test func anOlderTraceHasTheRootAsOneMonitor() throws {
        let header = #"{"xgest-trace":1,"screen":{"width":3840,"height":1080},"# + Self.devices + "}"
        #expect(try edgeGestures(header: header) == 0)
    }

    @Test func monitorsAndMappedTouchscreensRoundTrip() throws {
        let laptop = Rect(x: 0, y: 0, width: 1920, height: 1080)
        let header = TraceHeader(
            screenWidth: 3840, screenHeight: 1080,
            devices: [DeviceInfo(id: 6, name: "Touchscreen", kind: .touchscreen)],
            monitors: [
                Monitor(name: "eDP-1", rect: laptop, isPrimary: true),
                Monitor(name: "HDMI-1", rect: Rect(x: 1920, y: 0, width: 1920, height: 1080)),
            ],
            touchscreenAreas: [6: laptop])
        let line = TraceEncoder.headerLine(header)
        #expect(line.contains(#""monitor":"eDP-1""#))
        let read = try TraceDecoder.read(line)
        #expect(read.header == header)
    }

    @Test func theDensityRoundTripsAndAnOlderTraceHasNone() throws {
        var header = TraceHeader(
            screenWidth: 3840, screenHeight: 2160, devices: [DeviceInfo(id: 6, name: "Touchscreen", kind: .touchscreen)]
        )
        #expect(try TraceDecoder.read(TraceEncoder.headerLine(header)).header.pixelsPerMillimeter == nil)
        header.pixelsPerMillimeter = 3840.0 / 309
        let line = TraceEncoder.headerLine(header)
        #expect(line.contains(#""screen":{"width":3840,"height":2160,"px_per_mm":12.4"#), "\(line)")
        #expect(try TraceDecoder.read(line).header == header)
    }

    @Test func aDensityOutOfItsRangeIsAnErrorAtItsColumn() {
        let header = #"{"xgest-trace":1,"screen":{"width":1920,"height":1080,"px_per_mm":1e300},"# + Self.devices + "}"
        #expect(throws: TraceError.self) { try TraceDecoder.read(header) }
        do {
            _ = try TraceDecoder.read(header)
        } catch {
            #expect(error.line == 1)
            #expect(error.message == "field \"screen.px_per_mm\" must be from 1 to 40, found 1e+300")
        }
    }
}
