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
