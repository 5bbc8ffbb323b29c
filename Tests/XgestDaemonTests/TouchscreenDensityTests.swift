import Testing
import XgestConfig
import XgestX11

@testable import XgestCore
@testable import XgestDaemon

/// Two touchscreens on monitors of different densities (a laptop panel at 96 dpi and a
/// touch monitor at 12.4 px/mm): each one's gestures are judged at its own monitor's
/// density, in the daemon and in replay of its trace alike.
@Suite struct TouchscreenDensityTests {
    static let laptop = 6
    static let dense = 9
    static let base = 96 / 25.4
    static let denseDensity = 12.4

    static func loaded() throws -> LoadedConfig {
        let result = XgestConfiguration.load(
            source: """
                [[gesture]]
                name = "tap"
                kind = "tap"
                device = "touchscreen"
                action = "key a"
                """, file: "test.toml", isKnownKeysym: { _ in true })
        let configuration = try #require(result.configuration, "\(result.renderedDiagnostics())")
        return LoadedConfig(configuration: configuration, strokes: StrokeLibrary())
    }

    /// A tap moving 10 px (0.8 mm on the dense monitor, 2.6 mm on the laptop's) on each
    /// touchscreen, as `xgest record` writes it: the header gives the dense one its own
    /// density. Read back from its text, so that the density goes through the format.
    static func trace() throws -> Trace {
        let header = TraceHeader(
            screenWidth: 3000, screenHeight: 1080,
            devices: [
                DeviceInfo(id: laptop, name: "laptop touch", kind: .touchscreen),
                DeviceInfo(id: dense, name: "monitor touch", kind: .touchscreen),
            ],
            monitors: [
                Monitor(name: "eDP-1", rect: Rect(x: 0, y: 0, width: 1920, height: 1080), isPrimary: true),
                Monitor(name: "HDMI-1", rect: Rect(x: 1920, y: 0, width: 1080, height: 1080)),
            ],
            touchscreenAreas: [
                laptop: Rect(x: 0, y: 0, width: 1920, height: 1080),
                dense: Rect(x: 1920, y: 0, width: 1080, height: 1080),
            ], pixelsPerMillimeter: base, touchscreenDensities: [dense: denseDensity])
        var records: [TraceRecord] = []
        for (device, x, t) in [(laptop, 500.0, 0.0), (dense, 2400.0, 1000.0)] {
            func touch(_ phase: TouchPhase, _ x: Double, _ ms: Double) -> TraceRecord {
                .input(
                    InputEvent(
                        time: EventTime(microseconds: UInt64(ms * 1000)), device: device, deviceKind: .touchscreen,
                        payload: .touch(TouchSample(id: 1, phase: phase, location: Point(x: x, y: 500)))))
            }
            records += [touch(.begin, x, t), touch(.update, x + 10, t + 20), touch(.end, x + 10, t + 40)]
        }
        let text = ([TraceEncoder.headerLine(header)] + records.map(TraceEncoder.line)).joined(separator: "\n")
        #expect(text.contains(#""px_per_mm":12.4"#))
        return try TraceDecoder.read(text)
    }

    @Test func theTapActsOnTheDenseTouchscreenOnlyInTheDaemonAndInReplay() throws {
        let trace = try Self.trace()
        #expect(trace.header.touchscreenDensities == [Self.dense: Self.denseDensity])
        let prepared = PreparedConfig(
            try Self.loaded(), pixelsPerMillimeter: Self.base, touchscreenDensities: trace.header.touchscreenDensities)
        let daemon = try DaemonRun(
            trace, bindings: prepared.bindings, registrations: prepared.registrations, perDevice: prepared.perDevice)
        #expect(daemon.recording.invocations.map(\.binding) == ["tap"])
        #expect(daemon.effects.lines.contains("accept \(Self.dense) [1]"))
        #expect(daemon.effects.lines.contains("hand back \(Self.laptop) [1]"))
        let loaded = try Self.loaded()
        let touchscreens = TouchscreenBindingSets(densities: trace.header.touchscreenDensities, base: Self.base) {
            loaded.bindingSet(pixelsPerMillimeter: $0)
        }
        let replay = try DryRun.report(
            trace, bindings: loaded.bindingSet(pixelsPerMillimeter: Self.base), touchscreens: touchscreens)
        #expect(replay.summary.actions == 1)
        #expect(replay.records.map(\.displayLine).filter { $0.contains("key a") }.count == 1)
    }

    /// A repeating pan steps every `repeat-distance` (13.2 mm) of its own touchscreen's
    /// glass: 100 px is two steps at 96 dpi and none at 12.4 px/mm.
    @Test func aRepeatingPanStepsAtItsTouchscreensDensity() throws {
        let result = XgestConfiguration.load(
            source: """
                [[gesture]]
                name = "scroll"
                kind = "pan"
                device = "touchscreen"
                repeat = true
                action = "key a"
                """, file: "test.toml", isKnownKeysym: { _ in true })
        let configuration = try #require(result.configuration, "\(result.renderedDiagnostics())")
        let prepared = PreparedConfig(
            LoadedConfig(configuration: configuration, strokes: StrokeLibrary()), pixelsPerMillimeter: Self.base,
            touchscreenDensities: [Self.dense: Self.denseDensity])
        var dispatcher = ActionDispatcher(bindings: prepared.bindings, perDevice: prepared.perDevice)
        func steps(on device: Int) -> Int {
            var n = 0
            for (state, x) in [(GestureState.began, 0.0), (.changed, 100), (.ended, 100)] {
                let event = GestureEvent(
                    time: .zero, name: "scroll", kind: .pan, state: state, device: device, deviceKind: .touchscreen,
                    target: .desktop, report: GestureReport(fingers: 1, translation: Point(x: x, y: 0)))
                n += dispatcher.handle(event).count
            }
            return n
        }
        #expect(steps(on: Self.laptop) == 3)
        #expect(steps(on: Self.dense) == 1)
    }

    /// The daemon reads a change of a touchscreen's density as one of the base's: past
    /// half a percent, the bindings are made again.
    @Test func aTouchscreensDensityMovingIsAChange() {
        #expect(!ScreenTracking.moved(from: (4, [9: 12.4]), to: (4, [9: 12.41])))
        #expect(ScreenTracking.moved(from: (4, [9: 12.4]), to: (4, [9: 10])))
        #expect(ScreenTracking.moved(from: (4, [:]), to: (4, [9: 12.4])))
        #expect(!ScreenTracking.moved(from: (4, [:]), to: (4.01, [:])))
    }

    /// `--debug`'s holds: the other touchscreens' lines, then each one of its own density's, named.
    @Test func theHoldsAreSaidPerDensity() throws {
        let prepared = PreparedConfig(
            try Self.loaded(), pixelsPerMillimeter: Self.base, touchscreenDensities: [Self.dense: Self.denseDensity])
        let lines = GestureDaemon.touchscreenHolds(prepared) { "\"t\($0)\"" }
        #expect(lines.count == 2)
        #expect(
            lines[0].hasPrefix(
                "touchscreens not named below: tap: touchscreen: holds one-finger touches until they lift or move 6 px")
        )
        #expect(
            lines[1].hasPrefix(
                "touchscreen \"t9\" (12.4 px/mm, 315 dpi): tap: touchscreen: holds one-finger touches until they lift or move 20 px"
            ))
    }
}
