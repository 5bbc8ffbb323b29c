import Testing
import XgestConfig
import XgestCore

@Suite struct MonitorConditionTests {
    @Test func monitorIsAGlobOrPrimary() throws {
        let config = try loadValid(
            """
            [[gesture]]
            kind = "tap"
            device = "touchscreen"
            monitor = "HDMI-*"
            action = "key F5"

            [[gesture]]
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            monitor = "primary"
            action = "key Escape"
            """)
        #expect(config.bindings[0].conditions.monitor == .named(try GlobPattern("HDMI-*")))
        #expect(config.bindings[1].conditions.monitor == .primary)
    }

    /// `xgest check --verbose` says where each binding applies: the monitor too, not
    /// "anywhere" for a binding taking gestures on one monitor only.
    @Test func checkVerboseNamesTheMonitor() throws {
        let config = try loadValid(
            """
            [[gesture]]
            name = "swipe-b"
            kind = "swipe"
            device = "touchscreen"
            fingers = 2
            monitor = "B"
            action = "key F5"

            [[gesture]]
            name = "corner-a"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            monitor = "A"
            region = { x = "50%", y = 0, width = "50%", height = "50%" }
            action = "key Escape"

            [[gesture]]
            name = "tp-primary"
            kind = "swipe"
            device = "touchpad"
            fingers = 3
            monitor = "primary"
            action = "key Return"

            [[gesture]]
            name = "from-bottom"
            kind = "swipe"
            device = "touchscreen"
            fingers = 1
            direction = "up"
            edge = "bottom"
            action = "key Tab"

            [[app]]
            class = "Term*"
            [[app.gesture]]
            name = "term-hdmi"
            kind = "tap"
            device = "touchscreen"
            fingers = 3
            monitor = "HDMI-*"
            action = "key Home"
            """)
        #expect(
            config.bindingDescriptions == [
                "swipe-b: a 2-finger touchscreen swipe, on monitor B: key F5",
                "corner-a: a 2-finger touchscreen tap, on monitor A, in its region: key Escape",
                "tp-primary: a 3-finger touchpad swipe, on monitor primary: key Return",
                "from-bottom: a 1-finger touchscreen swipe up from the bottom edge, on any monitor: key Tab",
                "term-hdmi: a 3-finger touchscreen tap, in class \"Term*\" windows, on monitor HDMI-*: key Home",
            ])
    }

    @Test func aBadMonitorIsAnErrorAtItsValue() {
        let result = load(
            """
            [[gesture]]
            kind = "tap"
            monitor = "[eDP"
            action = "key F5"
            """)
        let rendered = result.renderedDiagnostics()
        #expect(rendered.contains("test.toml:3:11: error: invalid monitor pattern"), "\(rendered)")
        #expect(result.configuration == nil)
    }
}
