import Testing

@testable import XgestConfig

@Suite struct TableTests {
    private func loc(_ line: Int, _ column: Int) -> XgestConfig.SourceLocation {
        XgestConfig.SourceLocation(line: line, column: column)
    }

    @Test func arraysOfTablesNest() {
        let result = parse(
            """
            [[app]]
            class = "firefox"
            [[app.gesture]]
            kind = "pinch"
            [[app.gesture]]
            kind = "swipe"
            [app.settings]
            speed = 2
            [[app]]
            class = "kitty"
            [[app.gesture]]
            kind = "tap"
            [[app.gesture.step]]
            n = 1
            """)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        let apps = result.document.root["app"]?.value.asTableArray() ?? []
        #expect(apps.map { $0["class"]?.value.asString() } == ["firefox", "kitty"])
        #expect(apps.map(\.location) == [loc(1, 1), loc(9, 1)])
        #expect(apps.allSatisfy { $0.origin == .arrayElement && $0.path == ["app"] })
        let firefox = apps.first?["gesture"]?.value.asTableArray() ?? []
        #expect(firefox.map { $0["kind"]?.value.asString() } == ["pinch", "swipe"])
        #expect(firefox.map(\.location) == [loc(3, 1), loc(5, 1)])
        #expect(firefox.first?.path == ["app", "gesture"])
        #expect(firefox.first?.dottedPath == "app.gesture")
        #expect(apps.first?["settings"]?.value.asTable()?["speed"]?.value.asInteger() == 2)
        let kitty = apps.last?["gesture"]?.value.asTableArray() ?? []
        #expect(kitty.count == 1)
        #expect(kitty.first?["step"]?.value.asTableArray()?.first?["n"]?.value.asInteger() == 1)
        // Entries keep file order: "class" before "gesture" before "settings".
        #expect(apps.first?.entries.map(\.key) == ["class", "gesture", "settings"])
    }

    @Test func implicitTableCanBeDefinedLater() {
        let result = parse(
            """
            [a.b]
            x = 1
            [a]
            y = 2
            """)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        let a = result.document.root["a"]
        #expect(a?.value.asTable()?.origin == .header)
        // The table and its key now point at its own header, not the [a.b] that
        // first named it.
        #expect(a?.value.range == SourceRange(start: loc(3, 1), end: loc(3, 4)))
        #expect(a?.keyRange.start == loc(3, 2))
        #expect(a?.value.asTable()?.entries.map(\.key) == ["b", "y"])
    }

    @Test func dottedKeysBuildTables() {
        let result = parse(
            """
            [settings]
            debug.level = "info"
            debug.trace = true
            [settings.debug.sub]
            z = 1
            """)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        let debug = value(result, "settings", "debug")?.asTable()
        #expect(debug?.origin == .dotted)
        #expect(debug?.location == loc(2, 1))
        #expect(debug?.path == ["settings", "debug"])
        #expect(debug?.entries.map(\.key) == ["level", "trace", "sub"])
        #expect(debug?["sub"]?.value.asTable()?["z"]?.value.asInteger() == 1)
    }

    @Test func headersWithQuotedAndSpacedKeys() {
        let result = parse(
            """
            [ app . "my app" ]
            x = 1
            """)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        let table = value(result, "app", "my app")?.asTable()
        #expect(table?.dottedPath == #"app."my app""#)
        #expect(table?["x"]?.value.asInteger() == 1)
    }

    @Test func realisticConfigParsesCleanly() {
        let result = parse(realisticConfig)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        let root = result.document.root
        #expect(root.entries.map(\.key) == ["settings", "gesture", "app"])
        let settings = root["settings"]?.value.asTable()
        #expect(settings?["long-press-duration"]?.value.asDuration() == .success(.milliseconds(500)))
        #expect(settings?["swipe-min-distance"]?.value.asDistance() == .success(Distance(12, .millimeters)))
        #expect(settings?["edge-width"]?.value.asDistance() == .success(Distance(8, .pixels)))
        #expect(settings?["debug"]?.value.asTable()?["log-level"]?.value.asString() == "info")
        let gestures = root["gesture"]?.value.asTableArray() ?? []
        #expect(gestures.count == 3)
        #expect(gestures.first?["action"]?.value.asString() == "key ctrl+alt+Right")
        #expect(gestures.first?["fingers"]?.keyRange.start == loc(15, 1))
        #expect(gestures[1]["require-to-fail"]?.value.configText == #"["ws-next"]"#)
        #expect(gestures[2]["template"]?.value.asString() == "L-shape: down, then right")
        #expect(gestures[2]["action"]?.value.asString() == "exec xdg-open https://example.org/?q=a&b")
        let apps = root["app"]?.value.asTableArray() ?? []
        #expect(apps.count == 2)
        #expect(apps[0]["gesture"]?.value.asTableArray()?.count == 2)
        #expect(apps[1]["title"]?.value.asString() == "*Terminal*")
        let region = apps[1]["gesture"]?.value.asTableArray()?.first?["region"]?.value.asTable()
        #expect(region?["width"]?.value.asDouble() == 0.25)
    }

    @Test func emptyAndCommentOnlyFiles() {
        for source in [
            "", "\n\n", "# only a comment", "  \t# indented comment\r\n", "\u{FEFF}# after a byte-order mark\n",
        ] {
            let result = parse(source)
            #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
            #expect(result.document.root.entries.isEmpty)
        }
        // A byte-order mark is not a column.
        #expect(parse("\u{FEFF}a = 1").document.root["a"]?.keyRange.start == loc(1, 1))
    }

    @Test func unknownKeysWithSuggestions() {
        let result = parse(
            """
            [[gesture]]
            kind = "swipe"
            fingrs = 3
            colour = "red"
            """)
        let gesture = result.document.root["gesture"]?.value.asTableArray()?.first
        let diagnostics =
            gesture?.unknownKeys(known: ["name", "kind", "device", "fingers", "direction", "action"]) ?? []
        #expect(
            DiagnosticRenderer(file: "xgest.toml", source: result.source).render(diagnostics) == """
                xgest.toml:3:1: error: unknown key "fingrs" in [[gesture]] (did you mean "fingers"?)
                fingrs = 3
                ^~~~~~
                xgest.toml:4:1: error: unknown key "colour" in [[gesture]]
                colour = "red"
                ^~~~~~
                """)
    }

    @Test func errorsAreCollectedAcrossTheFile() {
        let source = """
            [settings]
            long-press = "500ms
            tap-slop = 1__0
            ok-one = 1

            [[gesture]]
            kind = swipe
            fingers 3
            ok-two = "yes"
            [settings]
            ok-three = true
            """
        let result = parse(source)
        let summary = result.diagnostics.map { "\($0.location) \($0.message)" }
        #expect(
            summary == [
                #"2:14 unterminated string (missing closing '"')"#,
                #"3:12 invalid number "1__0": "_" is only allowed between two digits"#,
                #"7:8 expected a value, found "swipe" (strings must be quoted: "swipe")"#,
                #"8:9 expected "=" after key "fingers", found "3""#,
                "10:1 table [settings] is defined more than once",
            ])
        // Every line without an error still made it into the document.
        #expect(value(result, "settings", "ok-one")?.asInteger() == 1)
        #expect(result.document.root["gesture"]?.value.asTableArray()?.first?["ok-two"]?.value.asString() == "yes")
        #expect(!result.isValid)
    }
}
