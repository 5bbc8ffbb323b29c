import XgestCore

/// The verbs an action starts with.
enum ActionVerb: String, CaseIterable {
    case key
    case keyDown = "key-down"
    case keyUp = "key-up"
    case exec, window, desktop
    case showDesktop = "show-desktop"
    case click, scroll, drag
}

/// Parses an action string (`key ctrl+alt+Right`, `exec notify-send "hi there"`,
/// `window maximize`, `desktop next wrap`, `desktop 2`, `show-desktop`, `click 2`,
/// `scroll down 3`) into an ``Action``. Errors are one message; warnings (an `exec`
/// argument a shell would have taken for an operator or a variable, a capital letter typed
/// with Shift in a shortcut) come alongside a result.
enum ActionParser {
    struct Parsed {
        var action: Action
        var warnings: [String]
    }

    static func parse(
        _ text: String, isKnownKeysym: (String) -> Bool, keysymIgnoringCase: (String) -> String? = { _ in nil }
    ) -> Result<Parsed, ArgumentSplitter.Failure> {
        let (verbText, rest) = splitVerb(text)
        let verbs = ActionVerb.allCases.map(\.rawValue)
        guard !verbText.isEmpty else {
            return fail("empty action; expected one of: \(verbs.joined(separator: ", "))")
        }
        guard let verb = ActionVerb(rawValue: verbText) else {
            return fail(
                "unknown action \(quoteBasic(verbText))\(Suggestions.didYouMean(verbText, in: verbs));"
                    + " expected one of: \(verbs.joined(separator: ", "))")
        }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        switch verb {
        case .key, .keyDown, .keyUp:
            let name = verb.rawValue
            guard words.count == 1 else {
                if words.isEmpty { return fail("\(name) needs a key combination, such as \"\(name) ctrl+alt+Right\"") }
                return fail("\(name) takes one combination (keys joined by +), found \(words.count) words")
            }
            return KeyComboParser.parse(words[0], isKnownKeysym: isKnownKeysym, keysymIgnoringCase: keysymIgnoringCase)
                .map {
                    let shifted = ShiftedLetterWarning.warning(words[0], isKnownKeysym: isKnownKeysym)
                    return Parsed(action: keyAction(verb, $0), warnings: shifted.map { [$0] } ?? [])
                }
        case .exec:
            switch ArgumentSplitter.splitWords(rest) {
            case .failure(let f):
                return fail("\(f.message) in the exec command")
            case .success(let words):
                let argv = words.map(\.text)
                guard let program = argv.first else {
                    return fail("exec needs a command, such as \"exec xdg-open https://example.org\"")
                }
                // Quoted empty ('') it splits into a word, but names no program to run.
                guard !program.isEmpty else { return fail("exec needs a program name, found an empty one ('')") }
                // A program's arguments are C strings: one ends at its first NUL, and the
                // program got less than the config says.
                guard !argv.contains(where: { $0.unicodeScalars.contains("\0") }) else {
                    return fail(
                        "an exec argument cannot hold a NUL character (\\u0000): it would end the argument there")
                }
                let operators = argv.filter(ArgumentSplitter.shellOperators.contains).map {
                    "exec runs no shell: \(quoteBasic($0)) is passed to the program as an argument;"
                        + " for a shell command line write exec sh -c '…'"
                }
                let variables = words.filter(\.namesAVariable).map {
                    "exec runs no shell: no variable is put in \(quoteBasic($0.text)), which reaches the program"
                        + " as written; write ~/ for the home directory, or exec sh -c '…' for a shell"
                        + " (quote the word, '…', to mean its $ as written)"
                }
                let homeRelative = Set(words.indices.filter { words[$0].isHomeRelative })
                return .success(
                    Parsed(
                        action: .exec(arguments: argv, homeRelative: homeRelative), warnings: operators + variables))
            }
        case .window:
            let names = WindowOperation.allCases.map(\.rawValue)
            guard words.count == 1 else {
                return fail("window takes one of: \(names.joined(separator: ", "))")
            }
            guard let op = WindowOperation(rawValue: words[0]) else {
                return fail(
                    "unknown window operation \(quoteBasic(words[0]))\(Suggestions.didYouMean(words[0], in: names));"
                        + " expected one of: \(names.joined(separator: ", "))")
            }
            return ok(.window(op))
        case .desktop:
            return desktop(words)
        case .showDesktop:
            guard words.isEmpty else { return fail("show-desktop takes no arguments") }
            return ok(.desktop(.showDesktop))
        case .click, .drag:
            let name = verb.rawValue
            guard words.count <= 1 else { return fail("\(name) takes one button number, such as \"\(name) 2\"") }
            let button = words.isEmpty ? 1 : number(words[0])
            guard let button, (1...32).contains(button) else {
                return fail("\(name) takes a button number from 1 to 32, found \(quoteBasic(words[0]))")
            }
            return ok(verb == .click ? .click(button: button) : .drag(button: button))
        case .scroll:
            let names = ScrollDirection.allCases.map(\.rawValue)
            guard (1...2).contains(words.count) else {
                return fail("scroll takes a direction (\(names.joined(separator: ", "))) and a number of steps")
            }
            guard let direction = ScrollDirection(rawValue: words[0]) else {
                return fail(
                    "unknown scroll direction \(quoteBasic(words[0]))\(Suggestions.didYouMean(words[0], in: names));"
                        + " expected one of: \(names.joined(separator: ", "))")
            }
            let steps = words.count == 2 ? number(words[1]) : 1
            guard let steps, (1...100).contains(steps) else {
                return fail("scroll takes 1 to 100 steps, found \(quoteBasic(words[1]))")
            }
            return ok(.scroll(direction, steps: steps))
        }
    }

    /// `key`, `key-down` or `key-up` of a combo.
    private static func keyAction(_ verb: ActionVerb, _ combo: KeyCombo) -> Action {
        switch verb {
        case .keyDown: return .keyDown(combo)
        case .keyUp: return .keyUp(combo)
        case .key, .exec, .window, .desktop, .showDesktop, .click, .scroll, .drag: return .key(combo)
        }
    }

    private static func desktop(_ words: [String]) -> Result<Parsed, ArgumentSplitter.Failure> {
        let usage = "desktop takes next, previous (each optionally followed by wrap) or a desktop number"
        guard let first = words.first, words.count <= 2 else { return fail(usage) }
        if let n = number(first) {
            guard words.count == 1 else { return fail(usage) }
            guard n >= 1 else { return fail("desktops are numbered from 1, found \(n)") }
            return ok(.desktop(.number(n)))
        }
        // A number too long to be read is still a number, not an unknown operation.
        let isDigit = { (c: Unicode.Scalar) in ("0"..."9").contains(c) }
        if first.unicodeScalars.allSatisfy(isDigit) {
            return fail("desktop \(first) is out of range: desktops are numbered from 1 to \(Self.largestNumber)")
        }
        // So is a negative one, as `desktop 0` is (it was "unknown desktop operation").
        if first.hasPrefix("-"), first.count > 1, first.unicodeScalars.dropFirst().allSatisfy(isDigit) {
            return fail("desktops are numbered from 1, found \(first)")
        }
        let wrap: Bool
        if words.count == 2 {
            guard words[1] == "wrap" else {
                return fail("unknown word \(quoteBasic(words[1])) after desktop \(first); expected wrap")
            }
            wrap = true
        } else {
            wrap = false
        }
        switch first {
        case "next": return ok(.desktop(.next(wrap: wrap)))
        case "previous", "prev": return ok(.desktop(.previous(wrap: wrap)))
        default:
            return fail(
                "unknown desktop operation \(quoteBasic(first))"
                    + "\(Suggestions.didYouMean(first, in: ["next", "previous"])); \(usage)")
        }
    }

    /// The first word, and the text after it (blanks after the verb dropped).
    private static func splitVerb(_ text: String) -> (String, String) {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
        let start = i
        while i < scalars.count, scalars[i] != " " && scalars[i] != "\t" { i += 1 }
        var verb = ""
        verb.unicodeScalars.append(contentsOf: scalars[start..<i])
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
        var rest = ""
        rest.unicodeScalars.append(contentsOf: scalars[i...])
        return (verb, rest)
    }

    /// The largest number an action takes as written: nine digits.
    static let largestNumber = 999_999_999

    private static func number(_ word: String) -> Int? {
        guard !word.isEmpty, word.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), word.count <= 9 else {
            return nil
        }
        return Int(word)
    }

    private static func ok(_ action: Action) -> Result<Parsed, ArgumentSplitter.Failure> {
        .success(Parsed(action: action, warnings: []))
    }

    private static func fail(_ message: String) -> Result<Parsed, ArgumentSplitter.Failure> {
        .failure(ArgumentSplitter.Failure(message: message))
    }
}
