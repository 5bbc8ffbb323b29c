import Testing
import XgestConfig
import XgestCore

@testable import XgestDaemon

/// A reload's bindings and recognizers are made on its own thread at the density asked
/// for; the loop takes them as they are when the density is still that one, and makes
/// them again when the monitors changed it meanwhile.
@Suite struct PreparedConfigTests {
    static func loaded() throws -> LoadedConfig {
        let result = XgestConfiguration.load(
            source: """
                [[gesture]]
                name = "press"
                kind = "long-press"
                device = "touchscreen"
                action = "key a"

                [[gesture]]
                name = "back"
                kind = "swipe"
                device = "touchscreen"
                fingers = 3
                direction = "left"
                action = "key b"
                """, file: "test.toml", isKnownKeysym: { _ in true })
        let configuration = try #require(result.configuration, "\(result.renderedDiagnostics())")
        return LoadedConfig(configuration: configuration, strokes: StrokeLibrary())
    }

    static func longPressMovement(_ p: PreparedConfig) throws -> Double {
        let press = try #require(p.registrations.first { $0.name == "press" }?.recognizer as? LongPressRecognizer)
        return press.settings.allowableMovementPx
    }

    @Test func theRecognizersAreMadeAtTheDensityAskedFor() throws {
        let prepared = PreparedConfig(try Self.loaded(), pixelsPerMillimeter: 4)
        #expect(prepared.registrations.map(\.name) == ["press", "back"])
        #expect(prepared.bindings.tunables.longPressMovementPx == 1.6 * 4)
        #expect(try Self.longPressMovement(prepared) == 1.6 * 4)
    }

    @Test func theyAreMadeAgainWhenTheDensityChangedMeanwhile() throws {
        let prepared = PreparedConfig(try Self.loaded(), pixelsPerMillimeter: 4)
        let same = prepared.at(pixelsPerMillimeter: 4)
        #expect(same.pixelsPerMillimeter == 4)
        #expect(try Self.longPressMovement(same) == 1.6 * 4)
        let denser = prepared.at(pixelsPerMillimeter: 10)
        #expect(denser.pixelsPerMillimeter == 10)
        #expect(denser.bindings.tunables.longPressMovementPx == 16)
        #expect(try Self.longPressMovement(denser) == 16)
        #expect(denser.registrations.map(\.name) == prepared.registrations.map(\.name))
    }

    /// A touchscreen on a monitor of another density: its gestures' recognizers and
    /// bindings are made at its own, the others' at the base; one at the base's needs none.
    @Test func aTouchscreenOfItsOwnDensityGetsItsOwnRecognizers() throws {
        let prepared = PreparedConfig(try Self.loaded(), pixelsPerMillimeter: 4, touchscreenDensities: [9: 10, 6: 4])
        #expect(prepared.touchscreenDensities == [9: 10])
        #expect(prepared.perDevice.keys.sorted() == [9])
        #expect(prepared.perDevice[9]?.tunables.longPressMovementPx == 16)
        #expect(try Self.longPressMovement(prepared) == 1.6 * 4)
        let press = try #require(prepared.registrations.first { $0.name == "press" })
        #expect(press.perDevice.keys.sorted() == [9])
        let own = try #require(press.perDevice[9]?.recognizer as? LongPressRecognizer)
        #expect(own.settings.allowableMovementPx == 16)
        #expect(prepared.registrations.allSatisfy { $0.perDevice.keys.sorted() == [9] })
        // Made again when a touchscreen's density changed meanwhile, kept when none did.
        #expect(prepared.at(pixelsPerMillimeter: 4, touchscreenDensities: [9: 10]).perDevice[9] != nil)
        let moved = prepared.at(pixelsPerMillimeter: 4, touchscreenDensities: [9: 5])
        #expect(moved.perDevice[9]?.tunables.longPressMovementPx == 8)
        #expect(prepared.at(pixelsPerMillimeter: 4).perDevice.isEmpty)
    }
}
