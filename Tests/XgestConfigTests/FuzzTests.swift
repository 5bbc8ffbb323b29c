import SeededRandom
import Testing

@testable import XgestConfig

/// Random corruption of a valid config must never crash the parser, and whatever it
/// reports must point inside the text.
@Suite struct FuzzTests {
    /// Bytes that matter to the grammar, so mutations hit interesting paths more often
    /// than uniformly random bytes would.
    private static let interesting: [UInt8] =
        Array("[]{}=,.\"'#\\\n\r\t _-+0123456789exuUbfnr:".utf8) + [0, 0x7F, 0xC3, 0xA9, 0xFF]

    @Test func mutatedConfigsNeverCrash() {
        var generator = SplitMix64(seed: 0x5EED_C0DE)
        let original = Array(realisticConfig.utf8)
        var withErrors = 0
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                mutate(&bytes, using: &generator)
            }
            // Invalid UTF-8 becomes U+FFFD, as it would when a file is read as text.
            let source = String(decoding: bytes, as: UTF8.self)
            let result = parse(source)
            let lines = splitLines(source).map(\.count)
            for diagnostic in result.diagnostics {
                expectValid(diagnostic.range, lines: lines, source: source)
                for note in diagnostic.notes {
                    expectValid(note.range, lines: lines, source: source)
                }
                #expect(!diagnostic.message.isEmpty)
            }
            _ = result.renderedDiagnostics()
            checkLocations(in: result.document.root, lines: lines, source: source)
            if !result.diagnostics.isEmpty {
                withErrors += 1
            }
        }
        // The mutations must actually break things, or this test proves nothing.
        #expect(withErrors > 1000)
    }

    private func mutate(_ bytes: inout [UInt8], using generator: inout SplitMix64) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
        let byte =
            Bool.random(using: &generator)
            ? (Self.interesting.randomElement(using: &generator) ?? 0) : UInt8.random(in: 0...255, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0 where !bytes.isEmpty:
            bytes[position] = byte
        case 1:
            bytes.insert(byte, at: position)
        case 2 where !bytes.isEmpty:
            bytes.remove(at: position)
        default:
            // Duplicate a short chunk elsewhere: repeats keys and headers.
            let length = min(Int.random(in: 1...40, using: &generator), bytes.count - position)
            let chunk = bytes[position..<(position + length)]
            bytes.insert(contentsOf: chunk, at: Int.random(in: 0...bytes.count, using: &generator))
        }
    }

    private func checkLocations(in table: ConfigTable, lines: [Int], source: String) {
        expectValid(table.range, lines: lines, source: source)
        for entry in table.entries {
            expectValid(entry.keyRange, lines: lines, source: source)
            checkLocations(in: entry.value, lines: lines, source: source)
        }
    }

    private func checkLocations(in value: ConfigValue, lines: [Int], source: String) {
        expectValid(value.range, lines: lines, source: source)
        switch value.kind {
        case .string, .integer, .float, .boolean:
            break
        case .array(let values):
            values.forEach { checkLocations(in: $0, lines: lines, source: source) }
        case .table(let table):
            checkLocations(in: table, lines: lines, source: source)
        case .tableArray(let tables):
            tables.forEach { checkLocations(in: $0, lines: lines, source: source) }
        }
    }

    /// A location is valid on an existing line, at most one column past its end (the
    /// end of line itself), and a range does not end before it starts.
    private func expectValid(_ range: SourceRange, lines: [Int], source: String) {
        for location in [range.start, range.end] {
            let valid =
                location.line >= 1 && location.line <= lines.count && location.column >= 1
                && location.column <= lines[location.line - 1] + 1
            #expect(valid, "\(location) out of bounds in:\n\(source)")
        }
        #expect(range.start <= range.end, "\(range) reversed in:\n\(source)")
    }
}
