import Foundation
import Testing
import XgestConfig
import XgestCore

@testable import XgestDaemon

/// `xgest record-stroke NAME` takes a sample as long as the user's config lets a stroke of
/// NAME be, and says what score a drawing needs with the config's threshold.
@Suite struct StrokeRecordingSettingsTests {
    /// 120 dpi: a density other than the default, so that millimetres are seen converted at it.
    static let pixelsPerMillimeter = 120 / 25.4

    /// What `record-stroke zed` reads from `text` as the config at `path` (no config: nil).
    static func zed(_ text: String?, path: String = "/xgest.toml") throws -> StrokeRecordingSettings {
        let configuration = try text.map { text in
            let result = XgestConfiguration.load(
                source: text, file: path, isKnownKeysym: { _ in true }, strokeShapes: BuiltInStrokes.names + ["zed"])
            return try #require(result.configuration, "\(result.renderedDiagnostics())")
        }
        return StrokeRecordingSettings(
            name: "zed", config: configuration.map { ($0, path) }, pixelsPerMillimeter: pixelsPerMillimeter)
    }

    /// Each bound shape's threshold is the least of its enabled bindings' (a binding's own,
    /// else `[settings]`'s), a shape no binding names `[settings]`'s; `circle` stands for
    /// its two directions.
    @Test func eachShapesThresholdIsTheLeastOfItsBindings() throws {
        let zed = try Self.zed(
            """
            [settings]
            stroke-threshold = 0.8

            [[gesture]]
            kind = "stroke"
            shape = "check"
            stroke-threshold = 0.9
            action = "key F1"

            [[gesture]]
            kind = "stroke"
            shape = "check"
            stroke-threshold = 0.75
            action = "key F2"

            [[gesture]]
            kind = "stroke"
            shape = "circle"
            action = "key F3"

            [[gesture]]
            kind = "stroke"
            shape = "v"
            stroke-threshold = 0.6
            enabled = false
            action = "key F4"
            """)
        let thresholds = zed.shapeThresholds
        #expect(thresholds.threshold(forGesture: "check") == 0.75)
        #expect(thresholds.threshold(forGesture: "circle-cw") == 0.8)
        #expect(thresholds.threshold(forGesture: "v") == 0.8)
        #expect(thresholds.threshold(forGesture: "caret") == 0.8)
        #expect(try Self.zed(nil).shapeThresholds == StrokeShapeThresholds(base: defaultStrokeRejectionThreshold))
    }

    @Test func withoutAConfigTheDefaultsAtTheDisplaysDensity() throws {
        let zed = try Self.zed(nil)
        #expect(abs(zed.minimumLengthPx - 13.2 * Self.pixelsPerMillimeter) < 1e-9)
        #expect(zed.threshold == defaultStrokeRejectionThreshold)
        #expect(zed.naming("stroke-min-length") == "stroke-min-length's default")
    }

    @Test func theConfigsSettingsWhenNoBindingOfTheShapeHasItsOwn() throws {
        let zed = try Self.zed(
            """
            [settings]
            stroke-min-length = "30mm"
            stroke-threshold = 0.8

            [[gesture]]
            kind = "stroke"
            shape = "check"
            stroke-min-length = "5mm"
            stroke-threshold = 0.6
            action = "key F5"
            """, path: "/home/u/xgest.toml")
        // The check's own settings are not the zed's.
        #expect(abs(zed.minimumLengthPx - 30 * Self.pixelsPerMillimeter) < 1e-9)
        #expect(zed.threshold == 0.8)
        #expect(zed.maximumDurationSeconds == 6)
        #expect(zed.naming("stroke-min-length") == "stroke-min-length of /home/u/xgest.toml")
    }

    /// Of the shape's bindings, the least of each: where some binding takes the drawing. A
    /// disabled binding takes nothing.
    @Test func theLeastOfTheShapesEnabledBindings() throws {
        let zed = try Self.zed(
            """
            [settings]
            stroke-min-length = "30mm"

            [[gesture]]
            kind = "stroke"
            shape = "zed"
            stroke-threshold = 0.68
            action = "key F5"

            [[gesture]]
            kind = "stroke"
            shape = "zed"
            button = 2
            stroke-min-length = "80px"
            action = "key F6"

            [[gesture]]
            kind = "stroke"
            shape = "zed"
            button = 1
            enabled = false
            stroke-min-length = "10px"
            stroke-threshold = 0.5
            action = "key F7"
            """)
        #expect(zed.minimumLengthPx == 80)
        #expect(zed.threshold == 0.68)
        // None sets its own: [settings]'s, or the default.
        #expect(zed.maximumDurationSeconds == 6)
        #expect(zed.naming("stroke-threshold") == "stroke-threshold of /xgest.toml, for the bindings of \"zed\"")
    }

    /// The button `record-stroke zed` holds by default: those the enabled pointer bindings of
    /// the shape are drawn with, lowest first. A binding on the touchscreen alone draws with
    /// no button, and another shape's button is not the zed's.
    @Test func theButtonsTheShapesPointerBindingsAreDrawnWith() throws {
        func buttons(_ text: String) throws -> [Int] {
            let result = XgestConfiguration.load(
                source: text, file: "/xgest.toml", isKnownKeysym: { _ in true },
                strokeShapes: BuiltInStrokes.names + ["zed"])
            let configuration = try #require(result.configuration, "\(result.renderedDiagnostics())")
            return StrokeRecordingSettings.buttons(name: "zed", configuration: configuration)
        }
        let several = try buttons(
            """
            [[gesture]]
            kind = "stroke"
            shape = "zed"
            button = 8
            action = "key F5"

            [[gesture]]
            kind = "stroke"
            shape = "zed"
            button = 2
            action = "key F6"

            [[gesture]]
            kind = "stroke"
            shape = "zed"
            button = 1
            enabled = false
            action = "key F7"

            [[gesture]]
            kind = "stroke"
            shape = "check"
            button = 1
            action = "key F8"
            """)
        #expect(several == [2, 8])
        let unnamed = try buttons(
            """
            [[gesture]]
            kind = "stroke"
            shape = "zed"
            action = "key F5"
            """)
        #expect(unnamed == [GestureBinding.defaultButton])
        let touchscreen = try buttons(
            """
            [[gesture]]
            kind = "stroke"
            device = "touchscreen"
            shape = "zed"
            action = "key F5"
            """)
        #expect(touchscreen.isEmpty)
    }

    /// A binding of the shape may be written before the shape is recorded: the config is
    /// checked with the name known, and only with it.
    @Test func theConfigIsCheckedWithTheShapeBeingRecordedKnown() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("xgest.toml").path
        try """
        [[gesture]]
        kind = "stroke"
        shape = "zed"
        action = "key F5"
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let library = StrokeLibrary()
        let recording = try StrokeRecordingSettings.check(path: path, recording: "zed", strokes: library)
        #expect(recording.configuration != nil, "\(recording.renderedDiagnostics())")
        let other = try StrokeRecordingSettings.check(path: path, recording: "wave", strokes: library)
        #expect(other.configuration == nil)
        #expect(other.renderedDiagnostics().contains("zed"), "\(other.renderedDiagnostics())")
        // A path that is no config is an error naming it.
        #expect(throws: CLIError.self) {
            try StrokeRecordingSettings.check(path: directory.path, recording: "zed", strokes: library)
        }
    }

    /// A sample may take as long as the slowest binding of the shape lets a stroke take:
    /// a drawing at that pace reaches it. The check's own limit is not the zed's.
    @Test func theLongestStrokeMaxDurationOfTheShapesBindings() throws {
        let zed = try Self.zed(
            """
            [settings]
            stroke-max-duration = "3s"

            [[gesture]]
            kind = "stroke"
            shape = "zed"
            stroke-max-duration = "4500ms"
            action = "key F5"

            [[gesture]]
            kind = "stroke"
            shape = "zed"
            button = 2
            action = "key F6"

            [[gesture]]
            kind = "stroke"
            shape = "check"
            stroke-max-duration = "9s"
            action = "key F7"
            """)
        #expect(zed.maximumDurationSeconds == 4.5)
        #expect(zed.naming("stroke-max-duration") == "stroke-max-duration of /xgest.toml, for the bindings of \"zed\"")
        #expect(try Self.zed("[settings]\nstroke-max-duration = \"3s\"\n").maximumDurationSeconds == 3)
        #expect(try Self.zed(nil).maximumDurationSeconds == 6)
    }
}
