import Testing
import XgestCore

@testable import XgestConfig

@Suite struct ActionParsingTests {
    func parse(_ text: String) -> Action? {
        if case .success(let p) = ActionParser.parse(text, isKnownKeysym: isTestKeysym) { return p.action }
        return nil
    }

    func argv(_ text: String) -> [String]? {
        if case .success(let a) = ArgumentSplitter.split(text) { return a }
        return nil
    }

    @Test func keyCombosResolveModifierAliases() {
        #expect(parse("key ctrl+alt+Right") == .key(KeyCombo(keysyms: ["Control_L", "Alt_L", "Right"])))
        #expect(parse("key Control+Shift+t") == .key(KeyCombo(keysyms: ["Control_L", "Shift_L", "t"])))
        #expect(parse("key super") == .key(KeyCombo(keysyms: ["Super_L"])))
        #expect(parse("key win+Tab") == .key(KeyCombo(keysyms: ["Super_L", "Tab"])))
        #expect(parse("key ctrl+plus") == .key(KeyCombo(keysyms: ["Control_L", "plus"])))
        #expect(parse("  key   XF86AudioRaiseVolume ") == .key(KeyCombo(keysyms: ["XF86AudioRaiseVolume"])))
        #expect(parse("key ctrl++") == nil)
        #expect(parse("key ctrl+c ctrl+v") == nil)
        #expect(parse("key") == nil)
    }

    @Test func otherVerbs() {
        #expect(parse("window maximize") == .window(.maximize))
        #expect(parse("window close") == .window(.close))
        #expect(parse("desktop next") == .desktop(.next(wrap: false)))
        #expect(parse("desktop previous wrap") == .desktop(.previous(wrap: true)))
        #expect(parse("desktop 3") == .desktop(.number(3)))
        #expect(parse("show-desktop") == .desktop(.showDesktop))
        #expect(parse("click 2") == .click(button: 2))
        #expect(parse("click") == .click(button: 1))
        #expect(parse("scroll down 3") == .scroll(.down, steps: 3))
        #expect(parse("scroll left") == .scroll(.left, steps: 1))
        #expect(parse("show-desktop now") == nil)
        #expect(parse("desktop next please") == nil)
        #expect(parse("click 33") == nil)
        #expect(parse("") == nil)
    }

    @Test func execSplitsWithTheConfigsQuotingRules() {
        #expect(parse("exec xdg-open https://example.org") == .exec(arguments: ["xdg-open", "https://example.org"]))
        #expect(argv(#"notify-send "hi there" 'it''s'"#) == ["notify-send", "hi there", "its"])
        #expect(argv(#"a "b \"c\" \\ \n" d"#) == ["a", #"b "c" \ \n"#, "d"])
        #expect(argv(#"--title="My Term" x"#) == ["--title=My Term", "x"])
        #expect(argv(#"'' "" x"#) == ["", "", "x"])
        #expect(argv(#"a\ b c\'d"#) == ["a b", "c'd"])
        #expect(argv("sh -c 'echo $HOME | wc -c'") == ["sh", "-c", "echo $HOME | wc -c"])
        #expect(argv("~/bin/run *.txt") == ["~/bin/run", "*.txt"])
        #expect(argv("  a\t b  ") == ["a", "b"])
        #expect(argv("") == [])
        #expect(argv("'open") == nil)
        #expect(argv("\"open") == nil)
        #expect(argv("\"open\\\"") == nil)
        #expect(argv("trailing\\") == nil)
        #expect(parse("exec") == nil)
        #expect(parse("exec   ") == nil)
        // An empty word names no program; as an argument it is one.
        if case .failure(let f) = ActionParser.parse("exec '' x", isKnownKeysym: isTestKeysym) {
            #expect(f.message == "exec needs a program name, found an empty one ('')")
        } else {
            Issue.record("exec '' x was taken")
        }
        #expect(parse(#"exec x "" ''"#) == .exec(arguments: ["x", "", ""]))
    }

    /// `exec xdg-open ~/notes.txt` passed `~/notes.txt` to xdg-open as written: an unquoted
    /// leading `~` (the whole word, or before a `/`) now stands for the home directory, which
    /// the daemon puts in when the command runs; quoted, escaped or `~user`, it stays as written.
    @Test func aLeadingTildeIsMarkedForTheHomeDirectory() {
        #expect(
            parse("exec xdg-open ~/notes.txt") == .exec(arguments: ["xdg-open", "~/notes.txt"], homeRelative: [1]))
        #expect(
            parse("exec ~/bin/run.sh ~ x~/y") == .exec(arguments: ["~/bin/run.sh", "~", "x~/y"], homeRelative: [0, 1]))
        #expect(
            parse(#"exec ls ~/"my dir" ~/'a b'"#)
                == .exec(arguments: ["ls", "~/my dir", "~/a b"], homeRelative: [1, 2]))
        for text in [#"exec ls '~/x'"#, #"exec ls "~/x""#, #"exec ls \~/x"#, #"exec ls ~'/x'"#, #"exec ls ~\/x"#] {
            #expect(parse(text) == .exec(arguments: ["ls", "~/x"]), "\(text)")
        }
        #expect(parse("exec ls ~root ~x/y ''~/x ~''") == .exec(arguments: ["ls", "~root", "~x/y", "~/x", "~"]))
    }

    /// A NUL ends a C string: `exec echo a\u0000b` passed check and echo got `a`.
    @Test func aNulInAnExecArgumentIsAnError() {
        for text in ["exec echo a\u{0}b", "exec ech\u{0}o", "exec echo 'a\u{0}'"] {
            if case .failure(let f) = ActionParser.parse(text, isKnownKeysym: isTestKeysym) {
                #expect(
                    f.message
                        == #"an exec argument cannot hold a NUL character (\u0000): it would end the argument there"#)
            } else {
                Issue.record("\(text.debugDescription) was taken")
            }
        }
    }

    /// A combo presses each key once: a second spelling of one (an alias of it included)
    /// would type nothing more, so it is an error naming both.
    @Test func aKeyTwiceInACombinationIsAnError() {
        func failure(_ text: String) -> String? {
            if case .failure(let f) = ActionParser.parse(text, isKnownKeysym: isTestKeysym) { return f.message }
            return nil
        }
        #expect(
            failure("key super+super") == #""super" twice in "super+super": a key combination presses each key once"#)
        #expect(
            failure("key ctrl+Control+a")
                == #""Control" and "ctrl", the same key, in "ctrl+Control+a": a key combination presses each key once"#)
        #expect(failure("key a+b+a") == #""a" twice in "a+b+a": a key combination presses each key once"#)
        #expect(failure("key-down Control_L+ctrl")?.contains("the same key") == true)
        // Keys next to each other are not the same key.
        #expect(parse("key super+Alt_L+Tab") == .key(KeyCombo(keysyms: ["Super_L", "Alt_L", "Tab"])))
    }

    @Test func unknownKeysymsAreRejected() {
        #expect(parse("key ctrl+Rigth") == nil)
        #expect(parse("key meta+a") == nil)
    }
}
