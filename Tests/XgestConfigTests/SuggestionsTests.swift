import SeededRandom
import Testing

@testable import XgestConfig

@Suite struct SuggestionsTests {
    @Test func editDistance() {
        #expect(Suggestions.editDistance("fingers", "fingers") == 0)
        #expect(Suggestions.editDistance("fingrs", "fingers") == 1)
        #expect(Suggestions.editDistance("fingres", "fingers") == 1)  // one swap
        #expect(Suggestions.editDistance("ab", "ba") == 1)
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
        #expect(Suggestions.editDistance("", "abc") == 3)
        #expect(Suggestions.editDistance("abc", "") == 3)
        #expect(Suggestions.editDistance("Fingers", "fingers") == 0)
        #expect(Suggestions.editDistance("ca", "abc") == 3)  // restricted form: no edit inside a swap
    }

    @Test func closestOnlyWhenPlausible() {
        let keys = ["name", "kind", "device", "fingers", "direction", "action", "repeat"]
        #expect(Suggestions.closest(to: "fingrs", in: keys) == "fingers")
        #expect(Suggestions.closest(to: "dierction", in: keys) == "direction")
        #expect(Suggestions.closest(to: "kidn", in: keys) == "kind")
        #expect(Suggestions.closest(to: "colour", in: keys) == nil)
        #expect(Suggestions.closest(to: "x", in: keys) == nil)
        // Short words allow one edit only: "tap" is not a typo of "pan".
        #expect(Suggestions.closest(to: "tap", in: ["pan", "swipe"]) == nil)
        // Ties go to the earlier candidate.
        #expect(Suggestions.closest(to: "ab", in: ["aa", "bb"]) == "aa")
    }

    @Test func didYouMeanPhrase() {
        #expect(Suggestions.didYouMean("swpie", in: ["swipe", "pinch"]) == #" (did you mean "swipe"?)"#)
        #expect(Suggestions.didYouMean("zzz", in: ["swipe", "pinch"]) == "")
    }

    /// `shape = "checkmark"` and `wm_class` got no suggestion: too far for a typo, they
    /// start or end with the name meant.
    @Test func aNameTheWordStartsOrEndsWithIsOffered() {
        #expect(Suggestions.didYouMean("checkmark", in: ["x", "check", "circle"]) == #" (did you mean "check"?)"#)
        #expect(Suggestions.didYouMean("wm_class", in: ["class", "title", "disable"]) == #" (did you mean "class"?)"#)
        #expect(
            Suggestions.didYouMean("left-bracket-2", in: ["left", "left-bracket"])
                == #" (did you mean "left-bracket"?)"#)
        // A typo still comes first, and a short or small part of the word is no guess.
        #expect(Suggestions.didYouMean("checks", in: ["check", "checksum"]) == #" (did you mean "check"?)"#)
        #expect(Suggestions.didYouMean("tapping", in: ["tap"]) == "")
        #expect(Suggestions.didYouMean("leftmost-corner", in: ["left"]) == "")
    }

    /// A whole line of junk read as a key, megabytes long, against the keys of
    /// `[[gesture]]`: every full table took a minute and a half in a debug build, for a
    /// suggestion no candidate could be (none is within three edits of it).
    @Test func aHugeUnknownWordComputesNoTable() {
        let huge = String(repeating: "k", count: 4 * 1024 * 1024)
        var cells = 0
        #expect(Suggestions.closest(to: huge, in: BindingKey.allCases.map(\.rawValue), cells: &cells) == nil)
        #expect(cells == 0)
        // Within the limit of a candidate's length, only the band along the diagonal.
        let long = String(repeating: "ab", count: 50_000)
        cells = 0
        #expect(Suggestions.closest(to: long + "x", in: ["zz", long], cells: &cells) == long)
        #expect(cells <= long.count * 7)
        // Nothing alike: the first rows settle it.
        cells = 0
        #expect(Suggestions.closest(to: long, in: [String(repeating: "c", count: long.count)], cells: &cells) == nil)
        #expect(cells <= 7 * 4)
    }

    /// Bounded, the distance is the full table's wherever it is within the bound.
    @Test func theBoundedDistanceIsTheFullOneWithinItsBound() {
        var rng = SplitMix64(seed: 0x5EED_D157)
        let alphabet: [Unicode.Scalar] = ["a", "b", "c"]
        for _ in 0..<3000 {
            let a = (0..<rng.nextInt(in: 0...7)).map { _ in alphabet[rng.nextInt(in: 0...2)] }
            let b = (0..<rng.nextInt(in: 0...7)).map { _ in alphabet[rng.nextInt(in: 0...2)] }
            let full = Self.fullTable(a, b)
            for limit in 0...4 {
                var cells = 0
                let bounded = Suggestions.distance(a, b, atMost: limit, cells: &cells)
                #expect(bounded == (full <= limit ? full : nil), "\(a) \(b) limit \(limit)")
            }
        }
    }

    /// The optimal-string-alignment distance, every cell of the table.
    static func fullTable(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var d = (0...a.count).map { i in (0...b.count).map { j in i == 0 ? j : j == 0 ? i : 0 } }
        for i in a.indices.map({ $0 + 1 }) {
            for j in b.indices.map({ $0 + 1 }) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
