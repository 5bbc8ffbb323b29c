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

    /// "the shipped config is missing" said where it was looked for only as a pattern
    /// (`share/xgest/xgest.toml beside bin/`): a binary copied elsewhere left the user to
    /// guess which directory. The line names each place, the installed one first.
    @Test func whereTheShippedConfigIsLookedForIsSaidInFull() {
        let candidates = ConfigLocation.shippedCandidates()
        #expect(candidates.count == 2)
        #expect(candidates.first?.hasSuffix("/share/xgest/xgest.toml") == true)
        #expect(candidates.first?.hasPrefix("/") == true)
        #expect(candidates.last?.hasSuffix("/config/xgest.toml") == true)
        #expect(ConfigLocation.shippedCandidatesText() == "looked for \(candidates[0]) and \(candidates[1])")
    }
}
