import Testing

@testable import XgestConfig

/// `[feedback]`: defaults, every key read, and each kind of mistake reported at its value.
@Suite struct FeedbackSettingsTests {
    @Test func absentMeansTrailsAndLabelsOn() throws {
        let f = try loadValid("").feedback
        #expect(f == FeedbackSettings())
        #expect(f.enabled && f.strokes && !f.touches && !f.gestures)
        #expect(f.label == .all)
        #expect(f.trailWidthPixels == 4)
        #expect(f.labelDurationSeconds == 0.8)
        #expect(f.drawsAnything)
    }

    @Test func everyKeyIsRead() throws {
        let f = try loadValid(
            """
            [feedback]
            enabled = true
            trail-color = "#FF8000c0"
            trail-width = 7
            label = "recognized"
            label-duration = "1.5s"
            strokes = false
            touches = true
            gestures = true
            """
        ).feedback
        #expect(f.trailColor == FeedbackSettings.Color(red: 0xff, green: 0x80, blue: 0x00, alpha: 0xc0))
        #expect(f.trailWidthPixels == 7)
        #expect(f.label == .recognized)
        #expect(f.labelDurationSeconds == 1.5)
        #expect(!f.strokes && f.touches && f.gestures)
    }

    @Test func offDrawsNothing() throws {
        #expect(try !loadValid("[feedback]\nenabled = false").feedback.drawsAnything)
        #expect(try !loadValid("[feedback]\nstrokes = false").feedback.drawsAnything)
    }

    @Test func colorsAreHexOnly() {
        #expect(FeedbackSettings.Color(hex: "#3584e4") == FeedbackSettings.defaultTrailColor)
        for bad in ["3584e4", "#3584e", "#3584e4f", "#35 84e4", "#gg84e4", "blue", ""] {
            #expect(FeedbackSettings.Color(hex: bad) == nil, "\(bad)")
        }
    }

    @Test func mistakesAreReportedAtTheirValues() {
        expectSchemaDiagnostics(
            """
            [feedback]
            trail-color = 1️⃣"blue"
            trail-width = 2️⃣0
            label = 3️⃣"names"
            label-duration = 4️⃣"20s"
            5️⃣colour = "#ffffff"
            enabled = 6️⃣"yes"
            """,
            """
            test.toml:2:15: error: expected trail-color as "#rrggbb" or "#rrggbbaa" (hexadecimal), found "blue"
            trail-color = "blue"
                          ^~~~~~
            test.toml:3:15: error: trail-width must be between 1 and 64, found 0
            trail-width = 0
                          ^
            test.toml:4:9: error: unknown label "names"; expected one of: all, recognized, none
            label = "names"
                    ^~~~~~~
            test.toml:5:18: error: label-duration must be between 100ms and 10s, found "20s"
            label-duration = "20s"
                             ^~~~~
            test.toml:6:1: error: unknown key "colour" in [feedback]
            colour = "#ffffff"
            ^~~~~~
            test.toml:7:11: error: expected enabled as a boolean (true or false), found a string
            enabled = "yes"
                      ^~~~~
            """)
    }

    @Test func anArrayOfTablesIsNoFeedbackSection() {
        expectSchemaDiagnostics(
            """
            [[1️⃣feedback]]
            enabled = false
            """,
            """
            test.toml:1:3: error: expected feedback as a table, found an array of tables: write [feedback], not [[feedback]]
            [[feedback]]
              ^~~~~~~~
            """)
    }
}
