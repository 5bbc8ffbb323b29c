import CXgest

/// Whether `name` is a keysym X knows, as `xmodmap` and `xdotool` spell them: `Right`,
/// `Page_Down`, `XF86AudioMute`, `a`, Unicode as `U20AC`, or a number such as
/// `0x1008ff13`. Case matters (`a` and `A` are different keysyms).
///
/// Needs no display: XStringToKeysym reads Xlib's built-in table. Whether the current
/// keyboard has the key does not matter; a combo maps missing keysyms temporarily.
public func isKnownKeysym(_ name: String) -> Bool {
    keysym(named: name) != nil
}

/// The keysym with this name, or nil when X knows none.
func keysym(named name: String) -> KeySym? {
    guard !name.isEmpty else { return nil }
    let value = XStringToKeysym(name)
    return value == KeySym(NoSymbol) ? nil : value
}

/// The keysym name that differs from `name` only in case (`page_down` → `Page_Down`,
/// `XF86audioplay` → `XF86AudioPlay`), or nil, for an error message. Xlib looks names up
/// only as spelled, so each `_`-separated word is tried in lower, capitalized and upper
/// case first (which finds aliases such as Page_Down, which the table below calls Next),
/// then every name in Xlib's table is compared: some 70,000 look-ups, a few milliseconds.
public func keysymName(ignoringCase name: String) -> String? {
    let words = name.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
    if words.count <= maximumWordsToRecase {
        var candidates = [""]
        for (i, word) in words.enumerated() {
            let spellings = Set([
                word.lowercased(), word.prefix(1).uppercased() + word.dropFirst().lowercased(), word.uppercased(),
            ])
            candidates = candidates.flatMap { prefix in spellings.map { prefix + (i > 0 ? "_" : "") + $0 } }
        }
        if let known = candidates.sorted().first(where: { $0 != name && isKnownKeysym($0) }) { return known }
    }
    let lowered = name.lowercased()
    for range in keysymTableRanges {
        for value in range {
            guard let cName = XKeysymToString(KeySym(value)) else { continue }
            let known = String(cString: cName)
            if known != name, known.lowercased() == lowered { return known }
        }
    }
    return nil
}

/// Above this many words, the 3ⁿ spellings are not tried (a name that long is no keysym's).
private let maximumWordsToRecase = 6

/// The keysym values that have names of their own: the core range, and the vendor ranges
/// (XF86's media and launcher keys among them). Unicode keysyms are named `U` and hex
/// digits, which the caller's upper-case guess finds.
private let keysymTableRanges: [ClosedRange<UInt>] =
    [0...0xffff] + (UInt(0x1000)...0x100f).map { ($0 << 16 | 0xff00)...($0 << 16 | 0xffff) } + [
        0x1008_1000...0x1008_12ff
    ]
