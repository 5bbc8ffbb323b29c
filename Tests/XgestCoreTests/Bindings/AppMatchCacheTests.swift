import Testing

@testable import XgestCore

@Suite struct AppMatchCacheTests {
    /// Asked about one window after another (and back, and the same window under a new
    /// title), the cache answers as each section's own match does.
    @Test func answersAsTheSectionsDoForEachWindowInTurn() throws {
        let sections = [
            AppScope(windowClass: try GlobPattern("firefox")),
            AppScope(windowClass: try GlobPattern("XTerm")),
            AppScope(title: try GlobPattern("*notes*")),
        ]
        let firefox = WindowInfo(id: 1, instance: "Navigator", className: "firefox", title: "Mozilla Firefox")
        var renamed = firefox
        renamed.title = "my notes - Mozilla Firefox"
        let targets: [HitTarget] = [
            .window(firefox), .window(WindowInfo(id: 2, instance: "xterm", className: "XTerm", title: "xterm")),
            .desktop, .window(firefox), .window(renamed), .window(firefox),
        ]
        let cache = AppMatchCache(apps: sections)
        for target in targets {
            for (a, section) in sections.enumerated() {
                #expect(cache.matches(section: a, target) == section.matches(target), "section \(a) on \(target)")
            }
        }
        #expect(cache.matches(section: 2, .window(renamed)))
        #expect(!cache.matches(section: 2, .window(firefox)))
    }
}
