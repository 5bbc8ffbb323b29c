import Foundation
import Testing
import XgestCore

@testable import XgestConfig

/// `config/xgest.toml`, the default config installed as share/xgest/xgest.toml.
@Suite struct ShippedConfigTests {
    static func source() throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config/xgest.toml")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func isValidWithoutWarnings() throws {
        let result = XgestConfiguration.load(source: try Self.source(), file: "xgest.toml", isKnownKeysym: isTestKeysym)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        let config = try #require(result.configuration)
        #expect(config.bindings.count == 15)
        #expect(config.apps.count == 3)
        // Everything it binds can run in the engine.
        let screen = Rect(x: 0, y: 0, width: 1920, height: 1080)
        #expect(throws: Never.self) {
            _ = try GestureEngine(registrations: config.bindingSet().registrations(screen: screen), screen: screen)
        }
    }

    @Test func settingsListEveryTunableWithItsDefault() throws {
        let config = try #require(
            XgestConfiguration.load(source: try Self.source(), file: "xgest.toml", isKnownKeysym: isTestKeysym)
                .configuration)
        for key in SettingKey.allCases {
            let value = try #require(config.settings.values[key], "\(key.rawValue) is missing from [settings]")
            let resolved = value.resolved(pixelsPerMillimeter: Settings.defaultPixelsPerMillimeter)
            #expect(abs(resolved - key.defaultValue) < 1e-9, "\(key.rawValue): \(resolved) ≠ \(key.defaultValue)")
        }
    }
}
