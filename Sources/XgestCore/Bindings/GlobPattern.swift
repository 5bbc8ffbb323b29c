/// A shell-style wildcard pattern, as `[[app]]` sections match window classes and titles.
///
/// - `*` matches any run of characters (also none), `?` exactly one;
/// - `[abc]`, `[a-z]`, `[!a-z]` (or `[^a-z]`) match one character of (or not of) the set;
///   a `]` right after the opening `[` (or `[!`) is a member, as is a `-` first or last;
/// - `\` takes the next character literally (`\*`, `\[`);
/// - anything else matches itself. Matching is case-sensitive, on Unicode scalars, and
///   covers the whole text: `fire*` matches `firefox` but `fire` does not.
public struct GlobPattern: Hashable, Sendable, CustomStringConvertible {
    enum Element: Hashable, Sendable {
        case literal(Unicode.Scalar)
        case any
        case anyRun
        case set(ranges: [ClosedRange<UInt32>], negated: Bool)
    }

    public let text: String
    let elements: [Element]

    /// Why a pattern cannot be used: an unterminated `[` or a trailing `\`.
    public struct SyntaxError: Error, Hashable, Sendable {
        public var message: String
    }

    public init(_ text: String) throws(SyntaxError) {
        self.text = text
        let scalars = Array(text.unicodeScalars)
        var elements: [Element] = []
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            switch s {
            case "*":
                if elements.last != .anyRun { elements.append(.anyRun) }
                i += 1
            case "?":
                elements.append(.any)
                i += 1
            case "\\":
                guard i + 1 < scalars.count else {
                    throw SyntaxError(message: "a pattern cannot end with a backslash (write \\\\ for one)")
                }
                elements.append(.literal(scalars[i + 1]))
                i += 2
            case "[":
                let (element, next) = try Self.parseSet(scalars, from: i)
                elements.append(element)
                i = next
            default:
                elements.append(.literal(s))
                i += 1
            }
        }
        self.elements = elements
    }

    /// `[`…`]` starting at `start`; returns the set and the index after its `]`.
    private static func parseSet(_ s: [Unicode.Scalar], from start: Int) throws(SyntaxError) -> (Element, Int) {
        var i = start + 1
        var negated = false
        if i < s.count, s[i] == "!" || s[i] == "^" {
            negated = true
            i += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while i < s.count {
            var c = s[i]
            if c == "]" && !first { return (.set(ranges: ranges, negated: negated), i + 1) }
            first = false
            if c == "\\", i + 1 < s.count {
                i += 1
                c = s[i]
            }
            if i + 2 < s.count, s[i + 1] == "-", s[i + 2] != "]" {
                let upper = s[i + 2]
                guard c.value <= upper.value else {
                    throw SyntaxError(message: "the range \(c)-\(upper) in a [...] set runs backwards")
                }
                ranges.append(c.value...upper.value)
                i += 3
            } else {
                ranges.append(c.value...c.value)
                i += 1
            }
        }
        throw SyntaxError(message: "unterminated [...] set (write \\[ for a literal bracket)")
    }

    /// Whether the whole of `candidate` matches.
    public func matches(_ candidate: String) -> Bool {
        let text = Array(candidate.unicodeScalars)
        // Iterative matching with one backtrack point for the latest `*`: linear in
        // practice, never exponential.
        var p = 0
        var t = 0
        var star: (pattern: Int, text: Int)?
        while t < text.count {
            if p < elements.count {
                switch elements[p] {
                case .anyRun:
                    star = (p, t)
                    p += 1
                    continue
                case .any:
                    p += 1
                    t += 1
                    continue
                case .literal(let l):
                    if l == text[t] {
                        p += 1
                        t += 1
                        continue
                    }
                case .set(let ranges, let negated):
                    if ranges.contains(where: { $0.contains(text[t].value) }) != negated {
                        p += 1
                        t += 1
                        continue
                    }
                }
            }
            guard let s = star else { return false }
            star = (s.pattern, s.text + 1)
            p = s.pattern + 1
            t = s.text + 1
        }
        while p < elements.count, elements[p] == .anyRun { p += 1 }
        return p == elements.count
    }

    /// Whether the pattern has any wildcard, so that "matches nothing" can be told from a typo.
    public var hasWildcards: Bool {
        elements.contains { element in
            switch element {
            case .literal: return false
            case .any, .anyRun, .set: return true
            }
        }
    }

    public var description: String { text }
}
