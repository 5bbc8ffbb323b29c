import Testing

@testable import XgestConfig

/// One test per kind of schema error, each with its exact rendering.
@Suite struct SchemaErrorTests {
    @Test func unknownTopLevelKey() {
        expectSchemaDiagnostics(
            """
            [[1️⃣gestures]]
            kind = "tap"
            """,
            """
            test.toml:1:3: error: unknown key "gestures" (did you mean "gesture"?)
            [[gestures]]
              ^~~~~~~~
            """)
    }

    @Test func tableWrittenForArrayOfTables() {
        expectSchemaDiagnostics(
            """
            [1️⃣gesture]
            kind = "tap"
            action = "click 1"
            """,
            """
            test.toml:1:2: error: gesture is a list: write [[gesture]] for each one, not [gesture]
            [gesture]
             ^~~~~~~
            """)
    }

    /// A dotted key where a list of tables belongs (`gesture.shape = "check"`) got the
    /// message meant for a `[gesture]` header, which the file does not hold.
    @Test func dottedKeyWrittenForArrayOfTables() {
        expectSchemaDiagnostics(
            """
            1️⃣gesture.kind = "stroke"
            gesture.shape = "check"
            """,
            """
            test.toml:1:1: error: gesture.kind is a dotted key, which makes gesture one table, but gesture is a list of tables: write [[gesture]] on a line of its own, then kind = …, shape = … under it (a dotted key suits a table written once, as settings.swipe-distance = … does for [settings])
            gesture.kind = "stroke"
            ^~~~~~~
            """)
        expectSchemaDiagnostics(
            """
            \t1️⃣app . class = "café"
            """,
            """
            test.toml:1:2: error: app.class is a dotted key, which makes app one table, but app is a list of tables: write [[app]] on a line of its own, then class = … under it (a dotted key suits a table written once, as settings.swipe-distance = … does for [settings])
            \tapp . class = "café"
            \t^~~
            """)
        // In an [[app]], for its [[app.gesture]].
        expectSchemaDiagnostics(
            """
            [[app]]
            class = "Firefox"
            1️⃣gesture.kind = "tap"
            """,
            """
            test.toml:3:1: error: gesture.kind is a dotted key, which makes app.gesture one table, but app.gesture is a list of tables: write [[app.gesture]] on a line of its own, then kind = … under it
            gesture.kind = "tap"
            ^~~~~~~
            """)
    }

    @Test func inlineTableWrittenForArrayOfTables() {
        expectSchemaDiagnostics(
            """
            1️⃣gesture = { kind = "tap", action = "click 1" }
            """,
            """
            test.toml:1:1: error: gesture is a list: write [[gesture]] for each one, not one inline table gesture = { … }
            gesture = { kind = "tap", action = "click 1" }
            ^~~~~~~
            """)
    }

    /// `[[app.gesture]]` with no `[[app]]` before it was told to write `[[app]]`, not `[app]`,
    /// which it never wrote.
    @Test func appGestureWithoutAnAppSection() {
        expectSchemaDiagnostics(
            """
            [[1️⃣app.gesture]]
            kind = "tap"
            action = "click 1"
            """,
            """
            test.toml:1:3: error: [[app.gesture]] needs an [[app]] (with class or title) above it: it belongs to the [[app]] just before
            [[app.gesture]]
              ^~~
            """)
        expectSchemaDiagnostics(
            """
            [1️⃣app.gesture]
            kind = "tap"
            action = "click 1"
            """,
            """
            test.toml:1:2: error: [app.gesture] needs an [[app]] (with class or title) above it, and is written [[app.gesture]]
            [app.gesture]
             ^~~
            """)
    }

    /// `wm_class`, as xprop names the property, got no suggestion in [[app]].
    @Test func wmClassSuggestsClass() {
        expectSchemaDiagnostics(
            """
            1️⃣[[app]]
            2️⃣wm_class = "gapp"
            [[app.gesture]]
            kind = "tap"
            action = "click 1"
            """,
            """
            test.toml:1:1: error: [[app]] needs class (a WM_CLASS glob) or title (a window title glob)
            [[app]]
            ^~~~~~~
            test.toml:2:1: error: unknown key "wm_class" in [[app]] (did you mean "class"?)
            wm_class = "gapp"
            ^~~~~~~~
            """)
    }

    @Test func unknownBindingKey() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            1️⃣fingrs = 2
            action = "click 1"
            """,
            """
            test.toml:3:1: error: unknown key "fingrs" in [[gesture]] (did you mean "fingers"?)
            fingrs = 2
            ^~~~~~
            """)
    }

    @Test func missingKindAndAction() {
        expectSchemaDiagnostics(
            """
            1️⃣[[gesture]]
            action = "click 1"
            2️⃣[[gesture]]
            kind = "tap"
            """,
            """
            test.toml:1:1: error: [[gesture]] needs a kind (one of: tap, long-press, pan, swipe, pinch, rotate, edge, stroke, pattern, scrub)
            [[gesture]]
            ^~~~~~~~~~~
            test.toml:3:1: error: [[gesture]] needs an action
            [[gesture]]
            ^~~~~~~~~~~
            """)
    }

    @Test func unknownKind() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = 1️⃣"swpie"
            action = "click 1"
            """,
            """
            test.toml:2:8: error: unknown kind "swpie" (did you mean "swipe"?); expected one of: tap, long-press, pan, swipe, pinch, rotate, edge, stroke, pattern, scrub
            kind = "swpie"
                   ^~~~~~~
            """)
    }

    @Test func wrongType() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            fingers = 1️⃣"two"
            action = "click 1"
            """,
            """
            test.toml:3:11: error: expected fingers as an integer, found a string
            fingers = "two"
                      ^~~~~
            """)
    }

    @Test func touchpadSwipeFingersOutOfRange() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "swipe"
            device = "touchpad"
            fingers = 1️⃣2
            action = "desktop next"
            """,
            """
            test.toml:4:11: error: a touchpad swipe takes 3 to 5 fingers, found 2: one finger on a touchpad moves the pointer and two scroll, which X does not report as gestures
            fingers = 2
                      ^
            """)
    }

    /// No count below one is a gesture: the touchpad swipe's own reason (its fewer fingers
    /// move the pointer and scroll) was given for 0 and -3 too.
    @Test(arguments: ["0", "-3", "-9223372036854775808"])
    func fingersBelowOneSayNoGestureHasNone(count: String) {
        let result = load(
            """
            [[gesture]]
            kind = "swipe"
            device = "touchpad"
            fingers = \(count)
            action = "desktop next"
            """)
        #expect(
            result.diagnostics.map(\.message) == [
                "a touchpad swipe takes 3 to 5 fingers, found \(count): a gesture needs at least one finger"
            ])
    }

    @Test func tapOnTouchpad() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            device = 1️⃣"touchpad"
            action = "click 2"
            """,
            """
            test.toml:3:10: error: kind "tap" is not available on a touchpad: X does not expose touchpad taps (the touchpad driver turns them into button clicks)
            device = "touchpad"
                     ^~~~~~~~~~
            """)
    }

    @Test func directionNotApplicableAndUnknown() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            direction = 1️⃣"left"
            action = "click 1"
            [[gesture]]
            kind = "pinch"
            direction = 2️⃣"inn"
            action = "key ctrl+minus"
            """,
            """
            test.toml:3:13: error: kind "tap" takes no direction
            direction = "left"
                        ^~~~~~
            test.toml:7:13: error: unknown direction "inn" for kind "pinch" (did you mean "in"?); expected one of: in, out
            direction = "inn"
                        ^~~~~
            """)
    }

    @Test func keysThatApplyToOtherKinds() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "swipe"
            taps = 1️⃣2
            button = 2️⃣3
            fingers = 1
            action = "click 1"
            [[gesture]]
            kind = "stroke"
            button = 3️⃣5
            direction = "left"
            action = "click 1"
            [[gesture]]
            kind = "edge"
            edge = 4️⃣"left"
            action = "click 1"
            """,
            """
            test.toml:3:8: error: taps applies to kinds tap and long-press only
            taps = 2
                   ^
            test.toml:4:10: error: button applies to kinds stroke, pattern and scrub only
            button = 3
                     ^
            test.toml:9:10: error: buttons 4 to 7 are the scroll wheel and cannot draw a stroke
            button = 5
                     ^
            test.toml:14:8: error: an edge gesture names its edge with direction, not edge
            edge = "left"
                   ^~~~~~
            """)
    }

    @Test func strokeTakesNoFingers() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "stroke"
            fingers = 1️⃣1
            action = "click 1"
            direction = "left"
            """,
            """
            test.toml:3:11: error: fingers does not apply to a stroke (a stroke is drawn with one finger or a pointer button)
            fingers = 1
                      ^
            """)
    }

    @Test func unknownAndAmbiguousModifiers() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "stroke"
            modifiers = [1️⃣"supr", 2️⃣"meta"]
            action = "click 1"
            direction = "left"
            """,
            """
            test.toml:3:14: error: unknown modifier "supr" (did you mean "super"?); expected one of: ctrl, control, alt, shift, super, win
            modifiers = ["supr", "meta"]
                         ^~~~~~
            test.toml:3:22: error: "meta" is ambiguous (Alt on some systems, Super on others): write "alt" or "super"
            modifiers = ["supr", "meta"]
                                 ^~~~~~
            """)
    }

    @Test func badRegion() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            region = { x = 0, y = 0, width = 1️⃣"150%", height = 2️⃣"half" }
            action = "click 1"
            [[gesture]]
            kind = "tap"
            region = 3️⃣{ x = 0, y = 0, width = 10 }
            action = "click 1"
            """,
            """
            test.toml:3:34: error: region width must be above 0% and at most 100%, found "150%"
            region = { x = 0, y = 0, width = "150%", height = "half" }
                                             ^~~~~~
            test.toml:3:51: error: expected region height as pixels (a number or "40px"), millimetres ("10mm") or a percentage ("50%"), found "half"
            region = { x = 0, y = 0, width = "150%", height = "half" }
                                                              ^~~~~~
            test.toml:7:10: error: region needs height
            region = { x = 0, y = 0, width = 10 }
                     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~
            """)
    }

    @Test func unknownActionVerb() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            action = 1️⃣"keys ctrl+c"
            """,
            """
            test.toml:3:10: error: unknown action "keys" (did you mean "key"?); expected one of: key, key-down, key-up, exec, window, desktop, show-desktop, click, scroll, drag
            action = "keys ctrl+c"
                     ^~~~~~~~~~~~~
            """)
    }

    @Test func unknownKeysym() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            action = 1️⃣"key ctrl+alt+right"
            [[gesture]]
            kind = "tap"
            fingers = 2
            action = 2️⃣"key crtl+Rigth"
            """,
            """
            test.toml:3:10: error: unknown key "right" in "ctrl+alt+right" (did you mean "Right"?)
            action = "key ctrl+alt+right"
                     ^~~~~~~~~~~~~~~~~~~~
            test.toml:7:10: error: unknown keys "crtl" (did you mean "ctrl"?) and "Rigth" in "crtl+Rigth" (key names are X keysym names, such as Right, Page_Down, a, F5, plus)
            action = "key crtl+Rigth"
                     ^~~~~~~~~~~~~~~~
            """)
    }

    @Test func execQuoting() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            action = 1️⃣'exec notify-send "unterminated'
            [[gesture]]
            kind = "tap"
            fingers = 2
            action = 2️⃣'exec ls | wc -l'
            """,
            """
            test.toml:3:10: error: unterminated " quote in the exec command
            action = 'exec notify-send "unterminated'
                     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            test.toml:7:10: warning: exec runs no shell: "|" is passed to the program as an argument; for a shell command line write exec sh -c '…'
            action = 'exec ls | wc -l'
                     ^~~~~~~~~~~~~~~~~
            """)
    }

    /// `exec xdg-open $HOME/notes.txt` passed check and xdg-open got `$HOME/notes.txt`: an
    /// unquoted variable draws a warning, as a shell operator does; quoted, it is meant.
    @Test func execVariableIsAWarning() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            action = 1️⃣'exec xdg-open $HOME/notes.txt'
            [[gesture]]
            kind = "tap"
            fingers = 2
            action = 2️⃣'''exec printf %s --dir=${XDG_DATA_HOME} '$HOME' $5 a$ "$x" \\$y'''
            """,
            """
            test.toml:3:10: warning: exec runs no shell: no variable is put in "$HOME/notes.txt", which reaches the program as written; write ~/ for the home directory, or exec sh -c '…' for a shell (quote the word, '…', to mean its $ as written)
            action = 'exec xdg-open $HOME/notes.txt'
                     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            test.toml:7:10: warning: exec runs no shell: no variable is put in "--dir=${XDG_DATA_HOME}", which reaches the program as written; write ~/ for the home directory, or exec sh -c '…' for a shell (quote the word, '…', to mean its $ as written)
            action = '''exec printf %s --dir=${XDG_DATA_HOME} '$HOME' $5 a$ "$x" \\$y'''
                     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            """)
    }

    @Test func badDesktopWindowClickScroll() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            action = 1️⃣"desktop nxt"
            [[gesture]]
            kind = "tap"
            fingers = 2
            action = 2️⃣"window maximise"
            [[gesture]]
            kind = "tap"
            fingers = 3
            action = 3️⃣"scroll down 0"
            [[gesture]]
            kind = "tap"
            fingers = 4
            action = 4️⃣"desktop 0"
            [[gesture]]
            kind = "tap"
            fingers = 5
            action = 5️⃣"desktop 99999999999999999999"
            """,
            """
            test.toml:3:10: error: unknown desktop operation "nxt" (did you mean "next"?); desktop takes next, previous (each optionally followed by wrap) or a desktop number
            action = "desktop nxt"
                     ^~~~~~~~~~~~~
            test.toml:7:10: error: unknown window operation "maximise" (did you mean "maximize"?); expected one of: maximize, minimize, close, fullscreen, raise, activate
            action = "window maximise"
                     ^~~~~~~~~~~~~~~~~
            test.toml:11:10: error: scroll takes 1 to 100 steps, found "0"
            action = "scroll down 0"
                     ^~~~~~~~~~~~~~~
            test.toml:15:10: error: desktops are numbered from 1, found 0
            action = "desktop 0"
                     ^~~~~~~~~~~
            test.toml:19:10: error: desktop 99999999999999999999 is out of range: desktops are numbered from 1 to 999999999
            action = "desktop 99999999999999999999"
                     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            """)
    }

    /// A negative desktop is a number out of range, as 0 is, not an unknown operation.
    @Test(arguments: ["-3", "-99999999999999999999"])
    func aNegativeDesktopIsOutOfRange(number: String) {
        let result = load("[[gesture]]\nkind = \"tap\"\naction = \"desktop \(number)\"\n")
        #expect(result.diagnostics.map(\.message) == ["desktops are numbered from 1, found \(number)"])
    }

    @Test func repeatAndTriggerMisuse() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            action = "click 1"
            repeat = 1️⃣true
            [[gesture]]
            kind = "pinch"
            action = "key ctrl+plus"
            2️⃣reverse-action = "key ctrl+minus"
            [[gesture]]
            kind = "rotate"
            action = "key ctrl+plus"
            repeat = true
            on = 3️⃣"end"
            [[gesture]]
            kind = "tap"
            fingers = 2
            action = "click 1"
            on = 4️⃣"begin"
            [[gesture]]
            kind = "long-press"
            action = "click 3"
            repeat = 5️⃣true
            """,
            """
            test.toml:4:10: error: repeat needs a continuous gesture (pan, pinch, rotate, edge, or a touchpad swipe); kind "tap" on a touchscreen is recognized once
            repeat = true
                     ^~~~
            test.toml:8:1: error: reverse-action needs repeat = true
            reverse-action = "key ctrl+minus"
            ^~~~~~~~~~~~~~
            test.toml:13:6: error: on does not apply with repeat = true: a repeating action runs at every step
            on = "end"
                 ^~~~~
            test.toml:18:6: error: on applies to continuous gestures; kind "tap" acts once, when recognized
            on = "begin"
                 ^~~~~~~
            test.toml:22:10: error: repeat does not apply to a long press: it has no amount to step through
            repeat = true
                     ^~~~
            """)
    }

    @Test func unknownAndSelfRelations() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            name = "ws-next"
            kind = "swipe"
            device = "touchpad"
            direction = "left"
            action = "desktop next"
            requires-failure-of = [1️⃣"ws-nxt", 2️⃣"ws-next"]
            """,
            """
            test.toml:7:24: error: no binding is named "ws-nxt" (did you mean "ws-next"?)
            requires-failure-of = ["ws-nxt", "ws-next"]
                                   ^~~~~~~~
            test.toml:7:34: error: a binding cannot be related to itself ("ws-next")
            requires-failure-of = ["ws-nxt", "ws-next"]
                                             ^~~~~~~~~
            """)
    }

    @Test func requirementCycleThroughTheTapDefault() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            name = "single"
            kind = "tap"
            action = "click 1"
            [[gesture]]
            name = "double"
            kind = "tap"
            taps = 2
            action = "click 2"
            requires-failure-of = 1️⃣"single"
            """,
            """
            test.toml:10:23: error: bindings wait for each other to fail in a cycle, so none could ever be recognized: "double" → "single" → "double" (a tap waits for a tap with more taps of the same fingers by default)
            requires-failure-of = "single"
                                  ^~~~~~~~
            """)
    }

    @Test func duplicateName() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            name = 2️⃣"zoom"
            kind = "pinch"
            action = "key ctrl+plus"
            [[app]]
            class = "firefox"
            [[app.gesture]]
            name = 1️⃣"zoom"
            kind = "pinch"
            action = "key ctrl+minus"
            """,
            """
            test.toml:8:8: error: duplicate binding name "zoom"
            name = "zoom"
                   ^~~~~~
            test.toml:2:8: note: "zoom" first used here
            name = "zoom"
                   ^~~~~~
            """)
    }

    @Test func appSectionErrors() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            name = "ws-next"
            kind = "swipe"
            action = "desktop next"
            1️⃣[[app]]
            disable = [2️⃣"ws-nxt", 3️⃣"zoom-*"]
            [[app]]
            title = 4️⃣"[Terminal"
            """,
            """
            test.toml:5:1: error: [[app]] needs class (a WM_CLASS glob) or title (a window title glob)
            [[app]]
            ^~~~~~~
            test.toml:6:12: error: disable: no global binding is named "ws-nxt" (did you mean "ws-next"?)
            disable = ["ws-nxt", "zoom-*"]
                       ^~~~~~~~
            test.toml:6:22: error: disable pattern "zoom-*" matches no global binding
            disable = ["ws-nxt", "zoom-*"]
                                 ^~~~~~~~
            test.toml:8:9: error: invalid title pattern "[Terminal": unterminated [...] set (write \\[ for a literal bracket)
            title = "[Terminal"
                    ^~~~~~~~~~~
            """)
    }

    /// `[[app]]` followed by `[[gesture]]` (for `[[app.gesture]]`) passed check and the
    /// gesture applied in every application. A section with no bindings and no `disable`
    /// is a warning, with a note at each global gesture written under it.
    @Test func anAppSectionWithoutBindingsIsAWarning() {
        expectSchemaDiagnostics(
            """
            1️⃣[[app]]
            class = "gapp"
            2️⃣[[gesture]]
            kind = "swipe"
            device = "touchpad"
            fingers = 3
            action = "key alt+Left"
            [[app]]
            class = "xterm"
            disable = ["gesture-1"]
            3️⃣[[app]]
            title = "*Mail*"
            disable = []
            [[app]]
            class = "firefox"
            [[app.gesture]]
            kind = "tap"
            action = "click 2"
            [[gesture]]
            kind = "tap"
            fingers = 2
            action = "click 3"
            """,
            """
            test.toml:1:1: warning: [[app]] has no bindings and disables nothing: its gestures are written [[app.gesture]]
            [[app]]
            ^~~~~~~
            test.toml:3:1: note: this [[gesture]] is global: it applies in every application, not only in the [[app]] above
            [[gesture]]
            ^~~~~~~~~~~
            test.toml:11:1: warning: [[app]] has no bindings and disables nothing: its gestures are written [[app.gesture]]
            [[app]]
            ^~~~~~~
            """)
    }

    @Test func settingsErrors() {
        expectSchemaDiagnostics(
            """
            [settings]
            1️⃣long-pres-duration = "500ms"
            tap-interval = 2️⃣"5s"
            touchpad-swipe-distance = 3️⃣"10mm"
            long-press-duration = 4️⃣300
            swipe-angle = 5️⃣60
            swipe-speed = 6️⃣"150px"
            swipe-distance = "100px"
            swipe-fast-distance = 7️⃣"80px"
            """,
            """
            test.toml:2:1: error: unknown key "long-pres-duration" in [settings] (did you mean "long-press-duration"?)
            long-pres-duration = "500ms"
            ^~~~~~~~~~~~~~~~~~
            test.toml:3:16: error: tap-interval must be between 50ms and 2s, found "5s"
            tap-interval = "5s"
                           ^~~~
            test.toml:4:27: error: touchpad-swipe-distance is in pixels: X does not report a touchpad's size, so millimetres cannot be converted; write a number of pixels
            touchpad-swipe-distance = "10mm"
                                      ^~~~~~
            test.toml:5:23: error: a duration needs a unit: write "300ms" or "300s"
            long-press-duration = 300
                                  ^~~
            test.toml:6:15: error: swipe-angle must be between 1 and 45, found 60
            swipe-angle = 60
                          ^~
            test.toml:7:15: error: expected a speed such as "150px/s" or "40mm/s", found "150px"
            swipe-speed = "150px"
                          ^~~~~~~
            test.toml:9:23: error: swipe-fast-distance ("80px") must be at least swipe-distance ("100px")
            swipe-fast-distance = "80px"
                                  ^~~~~~
            """)
    }

    /// A default in the message is as the table writes it ("21mm"), not the pixels it
    /// comes to at 96 dpi (79.37007874015748).
    @Test func aPairOutOfOrderWithTheDefaultNamesTheDefaultAsWritten() {
        expectSchemaDiagnostics(
            """
            [settings]
            swipe-distance = 1️⃣2000
            swipe-speed = 2️⃣"2000px/s"
            """,
            """
            test.toml:2:18: error: swipe-fast-distance ("21mm", its default) must be at least swipe-distance (2000)
            swipe-distance = 2000
                             ^~~~
            test.toml:3:15: error: swipe-fast-speed ("265mm/s", its default) must be more than swipe-speed ("2000px/s")
            swipe-speed = "2000px/s"
                          ^~~~~~~~~~
            """)
    }

    /// A binding's own swipe thresholds are held to the order `[settings]` is, with the
    /// value it leaves out taken from `[settings]` or the default: a typo of a fast speed
    /// in a binding was raised without a word (100 px/s acted as 501).
    @Test func aBindingsOwnPairOutOfOrderIsAnError() {
        expectSchemaDiagnostics(
            """
            [settings]
            swipe-fast-distance = "400px"

            [[gesture]]
            name = "s"
            kind = "swipe"
            device = "touchscreen"
            fingers = 3
            swipe-speed = "500px/s"
            swipe-fast-speed = 1️⃣"100px/s"
            action = "key a"

            [[gesture]]
            name = "t"
            kind = "swipe"
            device = "touchscreen"
            fingers = 4
            swipe-distance = 2️⃣"500px"
            action = "key a"

            [[gesture]]
            name = "u"
            kind = "swipe"
            device = "touchscreen"
            fingers = 5
            swipe-distance = "300px"
            action = "key a"
            """,
            """
            test.toml:10:20: error: swipe-fast-speed ("100px/s") must be more than swipe-speed ("500px/s")
            swipe-fast-speed = "100px/s"
                               ^~~~~~~~~
            test.toml:18:18: error: swipe-fast-distance ("400px", from [settings]) must be at least swipe-distance ("500px")
            swipe-distance = "500px"
                             ^~~~~~~
            """)
    }

    @Test func settingsOutOfRangeInMillimetres() {
        expectSchemaDiagnostics(
            """
            [settings]
            tap-movement = 1️⃣"80mm"
            """,
            """
            test.toml:2:16: error: tap-movement must be between 0.25mm and 50mm, found "80mm"
            tap-movement = "80mm"
                           ^~~~~~
            """)
    }

    @Test func languageErrorsHideCompletenessErrors() {
        // The kind line does not parse, so "needs a kind" would only repeat the problem.
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = 1️⃣swipe
            action = "desktop next"
            """,
            """
            test.toml:2:8: error: expected a value, found "swipe" (strings must be quoted: "swipe")
            kind = swipe
                   ^~~~~
            """)
    }

    /// A device's name where its kind belongs got "did you mean touchpad" for `Touch A`,
    /// which sent people to the wrong setting: a name says what `device` takes and what
    /// tells touchscreens apart. A misspelt kind still gets its suggestion.
    @Test func aDevicesNameWhereItsKindBelongs() {
        let told =
            "`device` takes a kind of device, not a device's name; expected one of: touchscreen, touchpad,"
            + " pointer, any. To bind one touchscreen of several, use monitor = \"NAME\" with the monitor it is"
            + " mapped to (`xgest devices` shows it)"
        for name in ["Touch A", "ELAN9008:00", "wacom"] {
            expectSchemaDiagnostics(
                """
                [[gesture]]
                kind = "tap"
                device = 1️⃣"\(name)"
                action = "click 1"
                """,
                """
                test.toml:3:10: error: unknown device "\(name)": \(told)
                device = "\(name)"
                         ^\(String(repeating: "~", count: name.count + 1))
                """)
        }
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "tap"
            device = 1️⃣"touchscren"
            action = "click 1"
            """,
            """
            test.toml:3:10: error: unknown device "touchscren" (did you mean "touchscreen"?); expected one of: touchscreen, touchpad, pointer, any
            device = "touchscren"
                     ^~~~~~~~~~~~
            """)
    }
}
