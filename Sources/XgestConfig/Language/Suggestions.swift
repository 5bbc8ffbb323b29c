/// "Did you mean" for unknown keys and values.
public enum Suggestions {
    /// The optimal-string-alignment form of Damerau-Levenshtein distance: insertions,
    /// deletions, substitutions and swaps of two neighbours each cost 1 (a swap is the
    /// commonest typo, `fignres`, and plain Levenshtein would charge it 2). Compared
    /// scalar by scalar, ignoring case.
    public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = scalars(lhs)
        let b = scalars(rhs)
        var cells = 0
        return distance(a, b, atMost: max(a.count, b.count), cells: &cells) ?? max(a.count, b.count)
    }

    /// The candidate closest to `word`, if it is close enough to be a plausible typo:
    /// at most one edit for words of up to four characters, two up to eight, three
    /// beyond. Ties go to the earliest candidate, so callers list the likelier first.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        var cells = 0
        return closest(to: word, in: candidates, cells: &cells)
    }

    /// As ``closest(to:in:)``, counting in `cells` the cells of the distance tables it
    /// computed: a long unknown key (a whole line of junk, megabytes long) costs nothing
    /// against short candidates, since no candidate can be within the limit of it.
    static func closest(to word: String, in candidates: some Sequence<String>, cells: inout Int) -> String? {
        let length = word.unicodeScalars.count
        let limit = length <= 4 ? 1 : length <= 8 ? 2 : 3
        let a = scalars(word)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            // Nothing beyond the best so far is of use: ties go to the earlier.
            let bound = min(limit, (best?.distance ?? Int.max) - 1)
            guard bound >= 0 else { break }
            if let distance = distance(a, scalars(candidate), atMost: bound, cells: &cells) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    private static func scalars(_ text: String) -> [Unicode.Scalar] {
        Array(text.lowercased().unicodeScalars)
    }

    /// The distance between `a` and `b` when it is at most `limit`, else nil. Only the
    /// cells within `limit` of the diagonal are computed (a path through any other costs
    /// more than `limit`), none at all when the lengths differ by more, and it stops at the
    /// first row with no cell within `limit`: the full table of a 4 MiB unknown key against
    /// each of the dozens of known keys took a minute and a half to check in a debug build.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int, cells: inout Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Any cell beyond `limit` is as good as `limit + 1`, which also keeps the sums
        // from overflowing.
        let over = limit + 1
        // Three rows suffice: the current one, the previous, and the one before for swaps.
        var previous2 = [Int](repeating: over, count: b.count + 1)
        var previous = (0...b.count).map { min($0, over) }
        var row = [Int](repeating: over, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - limit)
            let high = min(b.count, i + limit)
            row[0] = min(i, over)
            // The cells beside the band, read by the next rows, may hold a row of long ago.
            if low > 1 { row[low - 1] = over }
            if high < b.count { row[high + 1] = over }
            var smallest = row[0]
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = min(best, previous2[j - 2] + 1)
                }
                row[j] = min(best, over)
                smallest = min(smallest, row[j])
            }
            cells += high - low + 1
            guard smallest <= limit else { return nil }
            (previous2, previous, row) = (previous, row, previous2)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// ` (did you mean "fingers"?)`, or an empty string when nothing is close: ready to
    /// append to a message. A candidate the word starts or ends with is offered too when no
    /// typo is close: `checkmark` is `check`, `wm_class` is `class`.
    public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        let found = closest(to: word, in: candidates) ?? containedName(word, in: candidates)
        return found.map { " (did you mean \(quoteBasic($0))?)" } ?? ""
    }

    /// Candidates shorter than this are not offered for a word that merely starts or ends
    /// with them: `tap` in every word ending in "tap" says nothing.
    static let shortestContainedNameCharacters = 4

    /// The longest candidate that `word` starts or ends with (ignoring case), when it is at
    /// least half the word: the rest is a decoration (`mark`, `wm_`), not another word.
    static func containedName(_ word: String, in candidates: some Sequence<String>) -> String? {
        let lower = word.lowercased()
        return candidates.filter { candidate in
            let c = candidate.lowercased()
            return c.count >= shortestContainedNameCharacters && c.count < lower.count && c.count * 2 >= lower.count
                && (lower.hasPrefix(c) || lower.hasSuffix(c))
        }.max { $0.count < $1.count }
    }
}

extension ConfigTable {
    /// An error for each entry whose key is not in `known`, with a suggestion when one
    /// is close: `unknown key "fingrs" in [[gesture]] (did you mean "fingers"?)`.
    public func unknownKeys(known: [String]) -> [Diagnostic] {
        let place: String
        switch origin {
        case .root: place = ""
        case .arrayElement: place = " in [[\(dottedPath)]]"
        case .header, .implicit, .dotted, .inline: place = " in [\(dottedPath)]"
        }
        return entries.filter { !known.contains($0.key) }.map { entry in
            .error(
                "unknown key \(quoteBasic(entry.key))\(place)\(Suggestions.didYouMean(entry.key, in: known))",
                at: entry.keyRange)
        }
    }
}
