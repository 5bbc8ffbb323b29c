import Testing

@testable import XgestDaemon

/// The user's config directory from XDG_CONFIG_HOME and HOME.
@Suite struct ConfigLocationTests {
    /// A value ending in "/" gave `…/.config//xgest/xgest.toml` in every message.
    @Test func aTrailingSlashGivesNoDoubledSlash() {
        #expect(ConfigLocation.userDirectory(configHome: "/home/me/.config/", home: nil) == "/home/me/.config/xgest")
        #expect(ConfigLocation.userDirectory(configHome: nil, home: "/home/me/") == "/home/me/.config/xgest")
        #expect(ConfigLocation.userDirectory(configHome: "/home/me/.config", home: nil) == "/home/me/.config/xgest")
        #expect(ConfigLocation.userDirectory(configHome: "/", home: nil) == "/xgest")
        #expect(ConfigLocation.userDirectory(configHome: "relative/", home: "/") == "/.config/xgest")
        #expect(ConfigLocation.userDirectory(configHome: nil, home: "") == nil)
    }
}
