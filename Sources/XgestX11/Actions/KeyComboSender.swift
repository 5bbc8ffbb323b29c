import CXgest
import XgestCore

/// Types a key combo through XTest: keysym names to keycodes, keys pressed in order and
/// released in reverse, with modifiers the user holds let go for the duration.
struct KeyComboSender {
    let display: XDisplay
    var restore: KeymapRestore
    /// Keysyms mapped onto spare keycodes and not restored yet (with ``KeymapRestore/whenAsked``).
    private(set) var temporary = TemporaryKeymap()
    /// Combos `key-down` pressed and no `key-up` released yet, with the keycodes each put
    /// down and those of its keys it found down already (the user's Alt, say): the combo
    /// holds those too, though their release is not its own.
    private(set) var held: [(combo: KeyCombo, keycodes: [UInt8], foundDown: [UInt8])] = []
    /// The AccessX filters found on the core keyboard at the last batch of keys (see ``AccessXBypass``).
    var accessXFilters = AccessXFilters()

    /// An outcome standing for a combo that cannot be typed, as a `Result` failure.
    private struct FailedCombo: Error {
        var outcome: ActionOutcome
        init(_ outcome: ActionOutcome) { self.outcome = outcome }
    }

    init(display: XDisplay, restore: KeymapRestore) {
        self.display = display
        self.restore = restore
    }

    var hasTemporaryKeymap: Bool { !temporary.isEmpty }

    /// How many keycodes combos have mapped so far; grows with every keysym newly mapped.
    var keycodesMapped: Int { temporary.boundCount }

    mutating func send(_ combo: KeyCombo) -> ActionOutcome {
        let keysyms: [KeySym]
        switch resolve(combo) {
        case .success(let k): keysyms = k
        case .failure(let f): return f.outcome
        }
        do {
            return try display.checked { sendRequests(keysyms, of: combo) }
        } catch {
            // The releases were queued before the error came back (see sendRequests), so no key is left down.
            return .failed(reason: "key \(combo): \(error)")
        }
    }

    /// `key-down`: presses the combo's keys in order and leaves them down (the user's own
    /// modifiers stay as they are: the held keys are meant to combine with what follows).
    mutating func press(_ combo: KeyCombo) -> ActionOutcome {
        guard !held.contains(where: { $0.combo == combo }) else {
            return .skipped(reason: "key-down \(combo): already down")
        }
        let keysyms: [KeySym]
        switch resolve(combo) {
        case .success(let k): keysyms = k
        case .failure(let f): return f.outcome
        }
        var pressed: [UInt8] = []
        var foundDown: [UInt8] = []
        do {
            let outcome = try display.checked { () -> ActionOutcome in
                let keysDown = keycodesDown(display)
                let steps: [KeyStep]
                switch self.steps(for: keysyms, keysDown: keysDown) {
                case .success(let s): steps = s
                case .failure(let f): return .failed(reason: Self.noSpareKeycode(for: f.keysym, in: combo))
                }
                var accessX = self.accessXBypass()
                accessX?.suspend()
                defer { accessX?.end() }
                // A key already down (held by another combo, or by the user) is not pressed
                // again: its release belongs to whoever pressed it.
                for step in steps {
                    switch step {
                    case .press(let keycode) where keysDown.contains(keycode):
                        foundDown.append(keycode)
                    case .press(let keycode):
                        XTestFakeKeyEvent(display.handle, UInt32(keycode), True, 0)
                        pressed.append(keycode)
                    case .release(let keycode):
                        guard let i = pressed.firstIndex(of: keycode) else { continue }
                        XTestFakeKeyEvent(display.handle, UInt32(keycode), False, 0)
                        pressed.remove(at: i)
                    }
                }
                return .done
            }
            if outcome == .done { held.append((combo, pressed, foundDown)) }
            return outcome
        } catch {
            // A press the server refused holds nothing; release what did go down.
            for keycode in pressed.reversed() { XTestFakeKeyEvent(display.handle, UInt32(keycode), False, 0) }
            display.sync()
            return .failed(reason: "key-down \(combo): \(error)")
        }
    }

    /// `key-up`: releases, in reverse, the keys `press` put down for this combo.
    mutating func release(_ combo: KeyCombo) -> ActionOutcome {
        guard let i = held.firstIndex(where: { $0.combo == combo }) else {
            return .skipped(reason: "key-up \(combo): not held")
        }
        let keycodes = held.remove(at: i).keycodes
        do {
            try display.checked {
                var accessX = accessXBypass()
                accessX?.suspend()
                for keycode in keycodes.reversed() { XTestFakeKeyEvent(display.handle, UInt32(keycode), False, 0) }
                accessX?.end()
                restoreIfDue()
            }
            return .done
        } catch {
            return .failed(reason: "key-up \(combo): \(error)")
        }
    }

    /// Releases every key held by `press`, newest first, and waits for the server.
    mutating func releaseAll() {
        guard !held.isEmpty else { return }
        var accessX = accessXBypass()
        accessX?.suspend()
        for (_, keycodes, _) in held.reversed() {
            for keycode in keycodes.reversed() { XTestFakeKeyEvent(display.handle, UInt32(keycode), False, 0) }
        }
        accessX?.end()
        held.removeAll()
        restoreIfDue()
        display.sync()
    }

    /// The combo's keysyms, or the outcome that says why it cannot be typed.
    private func resolve(_ combo: KeyCombo) -> Result<[KeySym], FailedCombo> {
        guard !combo.keysyms.isEmpty else { return .failure(FailedCombo(.failed(reason: "empty key combo"))) }
        var keysyms: [KeySym] = []
        for name in combo.keysyms {
            guard let value = keysym(named: name) else {
                return .failure(FailedCombo(.failed(reason: "unknown keysym \"\(name)\"")))
            }
            keysyms.append(value)
        }
        return .success(keysyms)
    }

    /// Queues the whole combo; `checked` syncs once at the end. Everything that can fail
    /// before a key goes down is decided first; once keys are down, their releases and the
    /// re-press of held modifiers are in `defer`s, so every exit path queues them.
    private mutating func sendRequests(_ keysyms: [KeySym], of combo: KeyCombo) -> ActionOutcome {
        // Keys xgest holds (`key-down`) are neither let go for the combo nor pressed and
        // released in it: Tab sent while xgest holds Alt must arrive as Alt+Tab. So are the
        // keys a `key-down` found down already: the user's Alt, which `key-down alt` did not
        // press again, was let go and pressed again around every Tab.
        let holding = Set(held.flatMap { $0.keycodes + $0.foundDown })
        let keysDown = keycodesDown(display).subtracting(holding)
        let all: [KeyStep]
        switch steps(for: keysyms, keysDown: keysDown) {
        case .success(let s): all = s
        case .failure(let f): return .failed(reason: Self.noSpareKeycode(for: f.keysym, in: combo))
        }
        let steps = all.filter { !holding.contains($0.keycode) }
        defer { restoreIfDue() }

        let comboKeys = Set(
            steps.compactMap { step -> UInt8? in
                if case .press(let keycode) = step { return keycode }
                return nil
            })
        var heldModifiers = HeldModifiers(display: display, keysDown: keysDown, comboKeys: comboKeys)
        defer { heldModifiers.close() }
        // Everything that asks the server is done: from here the batch is only queued.
        var accessX = accessXBypass()
        accessX?.suspend()
        defer { accessX?.end() }
        heldModifiers.release()
        // Under StickyKeys, the user's modifier let go alone has just latched.
        accessX?.clearLatches()
        defer { heldModifiers.pressAgain() }

        var pressed: [UInt8] = []
        defer {
            for keycode in pressed.reversed() { XTestFakeKeyEvent(display.handle, UInt32(keycode), False, 0) }
        }
        for step in steps {
            switch step {
            case .press(let keycode):
                XTestFakeKeyEvent(display.handle, UInt32(keycode), True, 0)
                pressed.append(keycode)
            case .release(let keycode):
                XTestFakeKeyEvent(display.handle, UInt32(keycode), False, 0)
                pressed.removeAll { $0 == keycode }
            }
        }
        return .done
    }

    /// One key event of a combo, in order; what is still down at the end is released in reverse.
    private enum KeyStep {
        case press(UInt8)
        case release(UInt8)

        var keycode: UInt8 {
            switch self {
            case .press(let k), .release(let k): return k
            }
        }
    }

    /// The key events that type `keysyms` in order, Shift added before a keysym that is
    /// typed with it; keysyms the keyboard lacks are mapped onto spare keycodes that are not
    /// down. Fails with the keysym no spare keycode is left for.
    ///
    /// In a shortcut (a combo with Control, Alt, Super, Hyper or Meta, its own or held by a
    /// `key-down`), a keysym the active group lacks is pressed on the key that has it in
    /// another group, as the user's finger would press it: `ctrl+c` with `us,ru` switched to
    /// Russian arrived on a spare keycode, which applications matching the physical key
    /// (a web page's `code`, a game) took for no key at all, where a real keyboard's Ctrl+C
    /// is keycode 54 (Cyrillic_es), which GTK, Qt and Chromium match as Ctrl+C.
    private mutating func steps(for keysyms: [KeySym], keysDown: Set<UInt8>) -> Result<[KeyStep], NoSpareKeycode> {
        guard var mapping = KeyboardMapping(display: display) else { return .failure(NoSpareKeycode(keysym: nil)) }
        temporary.forgetReplaced(in: mapping)
        var steps: [KeyStep] = []
        var down: [UInt8] = []
        func press(_ keycode: UInt8) {
            guard !down.contains(keycode) else { return }
            steps.append(.press(keycode))
            down.append(keycode)
        }
        let shiftKeycode = mapping.location(of: KeySym(XK_Shift_L))?.keycode
        let shortcut = !Self.shortcutModifiers.isDisjoint(
            with: keysyms + held.flatMap { $0.combo.keysyms.compactMap(keysym(named:)) })
        for keysym in keysyms {
            if let location = mapping.location(of: keysym)
                ?? (shortcut ? mapping.locationInAnotherGroup(of: keysym) : nil)
            {
                guard location.shifted, let shift = shiftKeycode, !down.contains(shift) else {
                    press(location.keycode)
                    continue
                }
                // A keysym typed with Shift (`plus`, `A`) is typed with Shift, as a user would.
                press(shift)
                press(location.keycode)
                // A modifier key sets its modifier from the level it was pressed at until it is
                // released, and a spare keycode would set none (the modifier map does not hold
                // it): Shift is let go at once, so that `Hyper_L+x`, with Hyper_L on its key's
                // second level, arrives as Hyper+x, not Shift+Hyper+X.
                if xgest_is_modifier_keysym(keysym) != 0 {
                    steps.append(.release(shift))
                    down.removeAll { $0 == shift }
                }
            } else if let bound = temporary.keycode(for: keysym) {
                press(bound)
            } else if let bound = temporary.bind(
                keysym, mapping: &mapping, keysDown: keysDown, avoiding: Set(steps.map(\.keycode)), display: display)
            {
                press(bound)
            } else {
                restoreIfDue()
                return .failure(NoSpareKeycode(keysym: keysym))
            }
        }
        return .success(steps)
    }

    /// A keysym the keymap lacks, with every spare keycode taken; nil: the keymap could not be read.
    private struct NoSpareKeycode: Error {
        var keysym: KeySym?
    }

    /// "no spare keycode to map EuroSign onto": the keysym named as the combo spells it, since
    /// in `ctrl+EuroSign`, or a combo of several keysyms the keymap lacks, the user could not
    /// tell which one found none.
    private static func noSpareKeycode(for keysym: KeySym?, in combo: KeyCombo) -> String {
        guard let keysym else { return "the keymap could not be read" }
        let name = combo.keysyms.first { XgestX11.keysym(named: $0) == keysym } ?? "0x" + String(keysym, radix: 16)
        return "no spare keycode to map \(name) onto"
    }

    /// The modifiers that make a combo a shortcut, looked up in every group.
    private static let shortcutModifiers: Set<KeySym> = Set(
        [
            XK_Control_L, XK_Control_R, XK_Alt_L, XK_Alt_R, XK_Meta_L, XK_Meta_R, XK_Super_L, XK_Super_R, XK_Hyper_L,
            XK_Hyper_R,
        ].map { KeySym($0) })

    /// Reads the AccessX filters for a batch of keys about to be queued, and notes them.
    private mutating func accessXBypass() -> AccessXBypass? {
        let bypass = AccessXBypass(display: display)
        if let bypass { accessXFilters = bypass.filters }
        return bypass
    }

    /// A key held down keeps the keysym it was pressed as: nothing is restored while any is.
    private mutating func restoreIfDue() {
        if restore == .afterCombo, held.isEmpty { temporary.restore(display: display) }
    }

    /// Restores every temporarily mapped keycode and waits for the server to apply it.
    mutating func restoreKeymap() {
        guard !temporary.isEmpty, held.isEmpty else { return }
        temporary.restore(display: display)
        display.sync()
    }
}
