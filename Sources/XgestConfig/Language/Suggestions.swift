/// "Did you mean" for unknown keys and values.
public enum Suggestions {
    /// The optimal-string-alignment form of Damerau-Levenshtein distance: insertions,
    /// deletions, substitutions and swaps of two neighbours each cost 1 (a swap is the
    /// commonest typo, `fignres`, and plain Levenshtein would charge it 2). Compared
    /// scalar by scalar, ignoring case.
    public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.lowercased().unicodeScalars)
        let b = Array(rhs.lowercased().unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows suffice: the current one, the previous, and the one before for swaps.
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = min(best, previous2[j - 2] + 1)
                }
                row[j] = best
            }
            (previous2, previous, row) = (previous, row, previous2)
        }
        return previous[b.count]
    }

    /// The candidate closest to `word`, if it is close enough to be a plausible typo:
    /// at most one edit for words of up to four characters, two up to eight, three
    /// beyond. Ties go to the earliest candidate, so callers list the likelier first.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let length = word.unicodeScalars.count
        let limit = length <= 4 ? 1 : length <= 8 ? 2 : 3
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            if distance <= limit && distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// ` (did you mean "fingers"?)`, or an empty string when nothing is close: ready to
    /// append to a message.
    public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { " (did you mean \(quoteBasic($0))?)" } ?? ""
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
