import Foundation
import Testing
import XgestConfig
import XgestCore

@testable import XgestDaemon

/// `xgest record-stroke NAME` takes a sample as long as the user's config lets a stroke of
/// NAME be.
@Suite struct StrokeRecordingLengthTests {
    /// 120 dpi: a density other than the default, so that millimetres are seen converted at it.
    static let pixelsPerMillimeter = 120 / 25.4

    /// What `record-stroke zed` takes with `text` as the config at `path` (no config: nil).
    static func zedLength(_ text: String?, path: String = "/xgest.toml") throws -> StrokeRecordingLength {
        let configuration = try text.map { text in
            let result = XgestConfiguration.load(
                source: text, file: path, isKnownKeysym: { _ in true }, strokeShapes: BuiltInStrokes.names + ["zed"])
            return try #require(result.configuration, "\(result.renderedDiagnostics())")
        }
        return StrokeRecordingLength(
            name: "zed", configuration: configuration, path: text.map { _ in path },
            pixelsPerMillimeter: pixelsPerMillimeter)
    }

    @Test func withoutAConfigTheDefaultAtTheDisplaysDensity() throws {
        let length = try Self.zedLength(nil)
        #expect(abs(length.minimumPx - 13.2 * Self.pixelsPerMillimeter) < 1e-9)
        #expect(length.origin == "stroke-min-length's default")
    }

    @Test func theConfigsSettingWhenNoBindingOfTheShapeHasItsOwn() throws {
        let length = try Self.zedLength(
            """
            [settings]
            stroke-min-length = "30mm"

            [[gesture]]
            kind = "stroke"
            shape = "check"
            stroke-min-length = "5mm"
            action = "key F5"
            """, path: "/home/u/xgest.toml")
        // The check's own length is not the zed's.
        #expect(abs(length.minimumPx - 30 * Self.pixelsPerMillimeter) < 1e-9)
        #expect(length.origin == "stroke-min-length of /home/u/xgest.toml")
    }

    /// Of the shape's bindings, the least: the length at which some binding takes the
    /// drawing. A disabled binding takes nothing.
    @Test func theLeastOfTheShapesEnabledBindings() throws {
        let length = try Self.zedLength(
            """
            [settings]
            stroke-min-length = "30mm"

            [[gesture]]
            kind = "stroke"
            shape = "zed"
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
            action = "key F7"
            """)
        #expect(length.minimumPx == 80)
        #expect(length.origin == "stroke-min-length of /xgest.toml, for the bindings of \"zed\"")
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
        let recording = try StrokeRecordingLength.check(path: path, recording: "zed", strokes: library)
        #expect(recording.configuration != nil, "\(recording.renderedDiagnostics())")
        let other = try StrokeRecordingLength.check(path: path, recording: "wave", strokes: library)
        #expect(other.configuration == nil)
        #expect(other.renderedDiagnostics().contains("zed"), "\(other.renderedDiagnostics())")
        // A path that is no config is an error naming it.
        #expect(throws: CLIError.self) {
            try StrokeRecordingLength.check(path: directory.path, recording: "zed", strokes: library)
        }
    }
}
