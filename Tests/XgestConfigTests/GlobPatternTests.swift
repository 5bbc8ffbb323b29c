import Testing
import XgestConfig
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

    @Test func aListOfClassGlobsMatchesWhenOneDoes() throws {
        let config = try loadValid(
            """
            [[app]]
            class = ["firefox*", "[Cc]hromium"]
            title = ["*Docs*", "Inbox*"]
            disable = []
            [[app.gesture]]
            kind = "tap"
            action = "click 2"
            """)
        let scope = try #require(config.apps.first)
        #expect(scope.description == #"class ["firefox*", "[Cc]hromium"], title ["*Docs*", "Inbox*"]"#)
        func window(_ instance: String, _ className: String, _ title: String) -> HitTarget {
            .window(WindowInfo(id: 1, instance: instance, className: className, title: title))
        }
        #expect(scope.matches(window("Navigator", "firefox-esr", "Docs - Mozilla Firefox")))
        #expect(scope.matches(window("chromium", "Chromium", "Inbox (3)")))
        #expect(!scope.matches(window("chromium", "Chromium", "News")))
        #expect(!scope.matches(window("gedit", "Gedit", "Docs")))
    }

    @Test func anEmptyOrMistypedClassListIsAnError() {
        expectSchemaDiagnostics(
            """
            [[app]]
            class = 1️⃣[]
            [[app]]
            class = ["ok", 2️⃣3, 3️⃣"[a"]
            """,
            """
            test.toml:2:9: error: class needs at least one pattern
            class = []
                    ^~
            test.toml:4:16: error: expected class to hold strings, found an integer
            class = ["ok", 3, "[a"]
                           ^
            test.toml:4:19: error: invalid class pattern "[a": unterminated [...] set (write \\[ for a literal bracket)
            class = ["ok", 3, "[a"]
                              ^~~~
            """)
    }
}
