import Foundation
import Testing
import XgestCore

@testable import XgestConfig

/// `SettingKey.allCases` is the one table of settings: it must reach every tunable, and the
/// docs must list what it lists.
@Suite struct SettingTableTests {
    @Test func everyTunableHasExactlyOneKey() throws {
        var marked = RecognizerTunables()
        for (i, key) in SettingKey.allCases.enumerated() { key.apply(-1 - Double(i), to: &marked) }
        let fields = Mirror(reflecting: marked).children.compactMap { child -> (String, Double)? in
            guard let label = child.label, let value = child.value as? Double else { return nil }
            return (label, value)
        }
        #expect(fields.count == SettingKey.allCases.count)
        for (label, value) in fields { #expect(value < 0, "\(label) has no key in SettingKey.allCases") }
        #expect(Set(fields.map(\.1)).count == fields.count, "two keys set one tunable")
    }

    @Test func namesAreUniqueAndFindTheirKey() {
        #expect(Set(SettingKey.allCases.map(\.rawValue)).count == SettingKey.allCases.count)
        for key in SettingKey.allCases { #expect(SettingKey(rawValue: key.rawValue) == key) }
        #expect(SettingKey(rawValue: "tap-intervals") == nil)
    }

    @Test func docsListEveryKeyWithItsSummaryInOrder() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/config.md")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        var rows: [(name: String, summary: String)] = []
        for line in lines where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 6, let key = SettingKey(rawValue: cells[1].trimmingCharacters(in: ["`"])) else {
                continue
            }
            rows.append((key.rawValue, cells[4]))
        }
        #expect(rows.map(\.name) == SettingKey.allCases.map(\.rawValue))
        for (row, key) in zip(rows, SettingKey.allCases) { #expect(row.summary == key.summary, "\(key)") }
    }
}
