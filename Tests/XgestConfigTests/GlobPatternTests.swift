import Testing
import XgestCore

@Suite struct GlobPatternTests {
    static let cases: [(pattern: String, text: String, matches: Bool)] = [
        ("firefox", "firefox", true),
        ("firefox", "Firefox", false),
        ("fire", "firefox", false),
        ("fire*", "firefox", true),
        ("*fox", "firefox", true),
        ("*", "", true),
        ("*", "anything", true),
        ("?", "", false),
        ("f?re*", "firefox", true),
        ("*Terminal*", "GNOME Terminal — bash", true),
        ("*a*b*c", "xaybzc", true),
        ("*a*b*c", "xaybzcd", false),
        ("[Ff]irefox", "Firefox", true),
        ("[Ff]irefox", "firefox", true),
        ("[!Ff]irefox", "firefox", false),
        ("[^Ff]irefox", "Xirefox", true),
        ("[a-c]x", "bx", true),
        ("[a-c]x", "dx", false),
        ("[]]", "]", true),
        ("[a-]", "-", true),
        ("\\*", "*", true),
        ("\\*", "a", false),
        ("caf\u{E9}", "caf\u{E9}", true),
        ("**x", "x", true),
    ]

    @Test(arguments: cases.indices)
    func matches(_ i: Int) throws {
        let c = Self.cases[i]
        #expect(try GlobPattern(c.pattern).matches(c.text) == c.matches, "\(c.pattern) ~ \(c.text)")
    }

    @Test func syntaxErrors() {
        #expect(throws: GlobPattern.SyntaxError.self) { try GlobPattern("[abc") }
        #expect(throws: GlobPattern.SyntaxError.self) { try GlobPattern("abc\\") }
        #expect(throws: GlobPattern.SyntaxError.self) { try GlobPattern("[z-a]") }
    }

    @Test func pathologicalPatternStaysFast() throws {
        let p = try GlobPattern(String(repeating: "*a", count: 30) + "b")
        #expect(!p.matches(String(repeating: "a", count: 200)))
    }

    @Test func appScopeMatchesClassOrInstanceAndTitle() throws {
        let firefox = HitTarget.window(WindowInfo(id: 1, instance: "Navigator", className: "firefox", title: "Docs"))
        #expect(AppScope(windowClass: try GlobPattern("firefox")).matches(firefox))
        #expect(AppScope(windowClass: try GlobPattern("Navigator")).matches(firefox))
        #expect(!AppScope(windowClass: try GlobPattern("Firefox")).matches(firefox))
        #expect(AppScope(windowClass: try GlobPattern("fire*"), title: try GlobPattern("D*")).matches(firefox))
        #expect(!AppScope(windowClass: try GlobPattern("fire*"), title: try GlobPattern("X*")).matches(firefox))
        #expect(!AppScope(windowClass: try GlobPattern("*")).matches(.desktop))
    }
}
