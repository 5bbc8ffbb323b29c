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
            _ = try GestureEngine(registrations: config.bindingSet().registrations(), screen: screen)
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

    /// A one-finger tap on a window no app section names: the app sections' bindings do not
    /// watch it, and the global two-finger double tap (`maximize`) is the only touchscreen
    /// binding that keeps it until the finger lifts (a second finger could still land).
    @Test func appBindingsDoNotWatchOtherWindows() throws {
        let config = try #require(
            XgestConfiguration.load(source: try Self.source(), file: "xgest.toml", isKnownKeysym: isTestKeysym)
                .configuration)
        let trace = try TraceDecoder.read(
            traceText([
                #"{"t":0.0,"type":"window","id":3,"x":0,"y":0,"width":1920,"height":1080,"class":"Gedit","instance":"gedit","title":"notes"}"#,
                #"{"t":0.0,"dev":6,"type":"touch-begin","id":1,"x":600,"y":400}"#,
                #"{"t":0.08,"dev":6,"type":"touch-end","id":1,"x":600,"y":400}"#,
            ]))
        let out = try TraceReplay.run(trace, registrations: config.bindingSet().registrations())
        let failures = out.compactMap { o -> String? in
            guard case .transition(let t) = o, t.to == .failed else { return nil }
            return "\(t.time) \(t.name) \(t.reason)"
        }
        #expect(
            failures == [
                "0.000000 firefox-reload not receiving", "0.000000 terminal-paste not receiving",
                "0.000000 edge-left not at the screen edge", "0.000000 edge-right not at the screen edge",
                "0.000000 edge-bottom not at the screen edge", "0.080000 maximize too few fingers",
            ])
        let decisions = out.compactMap { o -> String? in
            guard case .ownership(let d) = o else { return nil }
            return "\(d.time) \(d.verdict.rawValue)"
        }
        #expect(decisions == ["0.080000 reject"])
    }
}
