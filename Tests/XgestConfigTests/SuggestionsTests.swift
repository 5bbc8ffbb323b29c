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
}
