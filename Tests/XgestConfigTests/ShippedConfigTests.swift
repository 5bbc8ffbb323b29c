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
        #expect(config.bindings.count == 12)
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

    /// The app sections match the WM_CLASS (instance, class) real applications set on Debian.
    @Test(arguments: [
        ("Navigator", "firefox-esr", "browser-back"), ("Navigator", "firefox", "browser-back"),
        ("chromium", "Chromium", "browser-back"), ("google-chrome", "Google-chrome", "browser-back"),
        ("brave-browser", "Brave-browser", "browser-back"), ("xterm", "XTerm", nil),
        ("gnome-terminal-server", "Gnome-terminal", "terminal-zoom-in"),
        ("xfce4-terminal", "Xfce4-terminal", "terminal-zoom-in"), ("urxvt", "URxvt", nil),
        ("mate-terminal", "Mate-terminal", "terminal-zoom-in"), ("tilix", "Tilix", "terminal-zoom-in"),
        ("terminator", "Terminator", "terminal-zoom-in"),
        ("gedit", "Gedit", nil), ("Mail", "thunderbird", nil), ("evince", "Evince", nil),
    ])
    func appSectionsMatchRealWindowClasses(instance: String, className: String, binding: String?) throws {
        let config = try #require(
            XgestConfiguration.load(source: try Self.source(), file: "xgest.toml", isKnownKeysym: isTestKeysym)
                .configuration)
        let target = HitTarget.window(WindowInfo(id: 1, instance: instance, className: className))
        let matching = config.apps.indices.filter { config.apps[$0].matches(target) }
        let names = config.bindings.filter { b in b.app.map(matching.contains) ?? false }.map(\.name)
        if let binding {
            #expect(names.contains(binding), "\(instance)/\(className): \(names)")
        } else {
            #expect(names.isEmpty, "\(instance)/\(className): \(names)")
        }
    }

    /// No global touchpad pinch: applications keep their own pinch zoom everywhere but in
    /// the terminals, which have none; the swipes bound globally are grabbed on the root.
    @Test func noGlobalTouchpadPinch() throws {
        let config = try #require(
            XgestConfiguration.load(source: try Self.source(), file: "xgest.toml", isKnownKeysym: isTestKeysym)
                .configuration)
        let pinches = config.bindings.filter {
            $0.devices.contains(.touchpad) && ($0.kind == .pinch || $0.kind == .rotate)
        }
        #expect(!pinches.isEmpty)
        #expect(pinches.allSatisfy { $0.app != nil })
        let set = config.bindingSet()
        let global = set.touchpadCosts.filter { $0.contains(": global touchpad ") }
        #expect(global.count == 3)
        #expect(!global.contains { $0.contains("pinch") })
        // The terminals' pinches are said, for their windows alone.
        #expect(
            set.touchpadCosts.filter { $0.contains("touchpad pinch in class") }.map { $0.prefix { $0 != ":" } } == [
                "terminal-zoom-in", "terminal-zoom-out",
            ])
        let claims = TouchpadClaims(set)
        let screen = Rect(x: 0, y: 0, width: 1920, height: 1080)
        func claimant(_ type: TouchpadClaims.GestureType, _ fingers: Int, _ instance: String, _ className: String)
            -> String?
        {
            let target = HitTarget.window(WindowInfo(id: 1, instance: instance, className: className))
            return claims.claimant(
                TouchpadClaims.Start(
                    type: type, fingers: fingers, target: target, location: Point(x: 5, y: 5),
                    modifiers: Modifiers(), screen: screen))
        }
        #expect(claimant(.pinch, 2, "gedit", "Gedit") == nil)
        #expect(claimant(.pinch, 2, "Navigator", "firefox-esr") == nil)
        #expect(claimant(.pinch, 2, "gnome-terminal-server", "Gnome-terminal") == "terminal-zoom-in")
        #expect(claimant(.pinch, 2, "xterm", "XTerm") == nil)
        #expect(claimant(.swipe, 3, "gedit", "Gedit") == "desktop-next")
        #expect(claimant(.swipe, 3, "Navigator", "firefox-esr") == "browser-back")
        #expect(claimant(.swipe, 4, "gedit", "Gedit") == "show-desktop")
        #expect(claimant(.swipe, 3, "game", "steam_app_42") == nil)
    }

    /// A touch in a browser goes back to it at once: the shipped three-finger swipe that
    /// reloaded a page held every touch in browsers for the 50 ms other fingers take to
    /// land (a three-finger tap became a triple click), and is commented out.
    @Test func aTouchInABrowserIsHandedBackAtOnce() throws {
        let config = try #require(
            XgestConfiguration.load(source: try Self.source(), file: "xgest.toml", isKnownKeysym: isTestKeysym)
                .configuration)
        for (instance, className) in [("Navigator", "firefox-esr"), ("chromium", "Chromium")] {
            let trace = try TraceDecoder.read(
                traceText([
                    #"{"t":0.0,"type":"window","id":3,"x":0,"y":0,"width":1920,"height":1080,"class":"\#(className)","instance":"\#(instance)","title":"page"}"#,
                    #"{"t":0.0,"dev":6,"type":"touch-begin","id":1,"x":600,"y":400}"#,
                    #"{"t":0.08,"dev":6,"type":"touch-end","id":1,"x":600,"y":400}"#,
                ]))
            let out = try TraceReplay.run(trace, registrations: config.bindingSet().registrations())
            let decisions = out.compactMap { o -> String? in
                guard case .ownership(let d) = o else { return nil }
                return "\(d.time) \(d.verdict.rawValue)"
            }
            #expect(decisions == ["0.000000 reject"], "\(className)")
        }
    }

    /// A one-finger tap on a window no app section names: the app sections' bindings do not
    /// watch it and the edge swipes fail at once away from the edges, so it goes back to
    /// the application at its first event. The shipped config has no global multi-finger
    /// touchscreen binding, which would keep every touch for the 50 ms a second finger
    /// takes to land.
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
                "0.000000 terminal-paste not receiving",
                "0.000000 edge-left not at the screen edge", "0.000000 edge-right not at the screen edge",
                "0.000000 edge-bottom not at the screen edge",
            ])
        let decisions = out.compactMap { o -> String? in
            guard case .ownership(let d) = o else { return nil }
            return "\(d.time) \(d.verdict.rawValue)"
        }
        #expect(decisions == ["0.000000 reject"])
    }
}
