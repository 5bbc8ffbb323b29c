import Testing
import XgestCore

/// Terminal columns, for `xgest devices`' table and the caret under a config error.
@Suite struct DisplayWidthTests {
    @Test func wideCharactersTakeTwoColumnsAndMarksNone() {
        #expect(DisplayWidth.of("Größe") == 5)
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("ｆｕｌｌ") == 8)
        #expect(DisplayWidth.of("🙂") == 2)
    }

    /// A row with wide characters stayed three columns right of the others (padded by
    /// characters), and a name longer than its column pushed the rest of its row right.
    @Test func tableColumnsLineUpByDisplayWidth() {
        let rows = [
            ["ID", "DEVICE", "USE"], ["2", "Größe日本語", "master pointer"], ["3", "plain", "slave pointer"],
            ["4", String(repeating: "n", count: 40), "slave keyboard"],
        ]
        let lines = DisplayWidth.table(rows, minimumWidths: [4, 34])
        #expect(lines[0] == "ID  DEVICE" + String(repeating: " ", count: 35) + "USE")
        // Where the last column starts, in terminal columns, on every line.
        let starts = zip(lines, rows).map { line, row in DisplayWidth.of(line) - DisplayWidth.of(row[2]) }
        #expect(starts == [45, 45, 45, 45])
    }
}
