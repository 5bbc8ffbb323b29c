import Foundation
import Testing
import XgestCore

@testable import XgestConfig

/// `key-down`, `key-up` and `drag` pair across a continuous gesture's phases: whatever
/// way the gesture ends, the dispatcher owes and sends the release.
@Suite struct HeldInputBindingTests {
    /// The documented window switcher (docs/examples/window-switcher.toml): Alt down when
    /// a three-finger swipe right begins, Tab at every 100 px, Shift+Tab at every step back.
    static let switcher = windowSwitcherExample()

    static func swipe(_ dxs: [Double], cancelled: Bool = false) -> [String] {
        var lines = [#"{"t":0.100,"dev":8,"type":"swipe-begin","fingers":3,"dx":0,"dy":0,"x":500,"y":500}"#]
        var t = 0.100
        for dx in dxs {
            t += 0.010
            lines.append(
                #"{"t":\#(t),"dev":8,"type":"swipe-update","fingers":3,"dx":\#(dx),"dy":0,"x":500,"y":500}"#)
        }
        lines.append(
            #"{"t":\#(t + 0.010),"dev":8,"type":"swipe-end","fingers":3,"dx":0,"dy":0,"x":500,"y":500,"cancelled":\#(cancelled)}"#
        )
        return lines
    }

    @Test func theSwitcherHoldsAltThroughTheStepsAndReleasesItAtTheEnd() throws {
        let config = try loadValid(Self.switcher)
        #expect(
            try dryRunActions(config, Self.swipe([60, 140, 100, -100])) == [
                "switcher: key-down alt", "switcher: key Tab", "switcher: key Tab", "switcher: key Tab",
                "switcher: key shift+Tab", "switcher: key-up alt",
            ])
    }

    @Test func aCancelledSwitcherStillReleasesAlt() throws {
        let config = try loadValid(Self.switcher)
        let actions = try dryRunActions(config, Self.swipe([60, 60], cancelled: true))
        #expect(actions == ["switcher: key-down alt", "switcher: key Tab", "switcher: key-up alt"])
    }

    @Test func anEndActionThatReleasesLeavesNothingOwed() throws {
        let config = try loadValid(Self.switcher + "\nend-action = \"key-up alt\"\n")
        let actions = try dryRunActions(config, Self.swipe([60, 60]))
        #expect(actions == ["switcher: key-down alt", "switcher: key Tab", "switcher: key-up alt"])
        // A cancelled gesture runs no end action, but the key still goes up.
        let cancelled = try dryRunActions(config, Self.swipe([60, 60], cancelled: true))
        #expect(cancelled.last == "switcher: key-up alt")
        #expect(cancelled.filter { $0.contains("key-up") }.count == 1)
    }

    /// An [[app]] binding's key actions of the first event of a gesture with any give the
    /// keyboard to the window the gesture is on (each of them: the first may fail); the
    /// steps after it do not take it back (a switcher's Alt+Tab moves the focus on purpose),
    /// but are for that window still: they fail once it is gone.
    /// A global binding's keys go wherever the focus is.
    @Test func anAppBindingsFirstKeyOfAGestureGoesToItsWindow() throws {
        let app =
            "[[app]]\nclass = \"firefox\"\n"
            + Self.switcher.replacingOccurrences(of: "[[gesture]]", with: "[[app.gesture]]")
        let window =
            #"{"t":0.0,"type":"window","id":1,"x":0,"y":0,"width":1920,"height":1080,"class":"firefox","instance":"Navigator","title":"f"}"#
        func given(_ config: XgestConfiguration) throws -> [String] {
            let trace = try TraceDecoder.read(
                traceText(
                    [window] + Self.swipe([60, 140])
                        + Self.swipe([60]).map {
                            $0.replacingOccurrences(of: #""t":0.1"#, with: #""t":1.1"#)
                        }))
            return try DryRun.run(trace, bindings: config.bindingSet()).compactMap {
                guard case .action(let a) = $0 else { return nil }
                let i = a.invocation
                return a.text
                    + (i.keysToTarget ? " (to its window)" : i.keysForTarget ? " (while its window is there)" : "")
            }
        }
        #expect(
            try given(loadValid(app)) == [
                "key-down alt (to its window)", "key Tab (to its window)", "key Tab (while its window is there)",
                "key-up alt",
                "key-down alt (to its window)", "key Tab (to its window)", "key-up alt",
            ])
        #expect(try given(loadValid(Self.switcher)).allSatisfy { !$0.contains("its window") })
    }

    /// Pointer actions that run while a touchpad gesture lasts reach the application (the
    /// gesture's grab is released once xgest keeps it): nothing to warn about.
    @Test func pointerActionsDuringATouchpadGestureAreNotWarnedAbout() throws {
        let result = load(
            """
            [[gesture]]
            name = "zoom"
            kind = "pinch"
            device = "touchpad"
            repeat = true
            action = "scroll up 1"
            reverse-action = "scroll down 1"

            [[gesture]]
            name = "at-the-end"
            kind = "swipe"
            device = "touchpad"
            fingers = 4
            begin-action = "key-down alt"
            action = "click 3"

            [[gesture]]
            name = "on-the-glass"
            kind = "pan"
            device = "touchscreen"
            fingers = 2
            repeat = true
            action = "scroll up 1"
            """)
        #expect(result.configuration != nil)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
    }

    /// The drag's steps, as the dispatcher gives them.
    @Test func aTouchpadDragFollowsTheFingersFromThePointer() throws {
        let result = load(
            """
            [[gesture]]
            name = "drag3"
            kind = "swipe"
            device = "touchpad"
            fingers = 3
            action = "drag 1"
            """)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        let config = try #require(result.configuration)
        let trace = try TraceDecoder.read(traceText(Self.swipe([30, 30, 40])))
        let drags: [(GestureState, Point)] = try DryRun.run(trace, bindings: config.bindingSet()).compactMap {
            guard case .action(let a) = $0, case .drag(button: 1) = a.invocation.action else { return nil }
            return (a.invocation.state, a.invocation.location)
        }
        // The swipe begins once the fingers have moved far enough (60 px in): the press is
        // where the pointer is, and the pointer then moves by all the fingers moved, those
        // first 60 px included.
        #expect(drags.map(\.0) == [.began, .changed, .ended])
        #expect(drags.map(\.1) == [Point(x: 500, y: 500), Point(x: 600, y: 500), Point(x: 600, y: 500)])
    }

    /// A touchpad drag with `repeat`: the error for `repeat`, alone.
    @Test func aTouchpadDragWithRepeatIsAnError() {
        let result = load(
            """
            [[gesture]]
            kind = "swipe"
            device = "touchpad"
            action = "drag 1"
            repeat = true
            """)
        #expect(
            result.diagnostics.map { "\($0.location.line) \($0.severity)" } == ["5 error"],
            "\(result.renderedDiagnostics())")
    }

    @Test func holdingActionsWhereNothingCanReleaseThemAreErrors() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            action = 1️⃣"drag 1"
            """,
            """
            test.toml:3:10: error: drag needs a continuous gesture to follow; kind "tap" on a touchscreen is recognized once
            action = "drag 1"
                     ^~~~~~~~
            """)
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "pan"
            action = "drag 1"
            1️⃣on = "end"
            """,
            """
            test.toml:4:1: error: on does not apply to drag: it presses at the begin, follows every update and releases at the end
            on = "end"
            ^~
            """)
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "pan"
            begin-action = 1️⃣"drag 2"
            action = "key a"
            """,
            """
            test.toml:3:16: error: drag holds its button through the whole gesture: write it as the binding's action, not in begin-action
            begin-action = "drag 2"
                           ^~~~~~~~
            """)
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "swipe"
            device = "touchscreen"
            action = 1️⃣"key-down alt"
            """,
            """
            test.toml:4:10: error: key-down and key-up hold keys across the phases of a continuous gesture; kind "swipe" on a touchscreen is recognized once: use key
            action = "key-down alt"
                     ^~~~~~~~~~~~~~
            """)
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "pinch"
            action = "key a"
            end-action = 1️⃣"key-down alt"
            """,
            """
            test.toml:4:14: error: key-down in end-action would be released at once, when the gesture ends: use key
            end-action = "key-down alt"
                         ^~~~~~~~~~~~~~
            """)
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            action = "key a"
            1️⃣begin-action = "key b"
            """,
            """
            test.toml:4:1: error: begin-action needs a continuous gesture (pan, pinch, rotate, edge, long-press, or a touchpad swipe); kind "tap" on a touchscreen is recognized once
            begin-action = "key b"
            ^~~~~~~~~~~~
            """)
    }

    @Test func theKeysParseWithTheirCombos() throws {
        let config = try loadValid(Self.switcher)
        let b = try #require(config.bindings.first)
        #expect(b.beginAction?.action == .keyDown(KeyCombo(keysyms: ["Alt_L"])))
        #expect(b.actions.map(\.text) == ["key-down alt", "key Tab", "key shift+Tab"])
    }
}

/// docs/examples/window-switcher.toml, read from the source tree.
private func windowSwitcherExample() -> String {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples/window-switcher.toml").path
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}
