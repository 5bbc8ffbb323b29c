import CXgest

extension XDisplay {
    /// The touch grab on the root window: every touch sequence on every touchscreen comes
    /// to xgest first, whatever modifiers are held, and is held until accepted or rejected.
    /// The mask must hold Begin, Update and End (docs/x11-notes.md, "A touch grab needs
    /// Begin, Update and End, and every touch needs a verdict"); Ownership tells when xgest
    /// becomes the owner if another grab sits above it.
    func grabTouches() throws(X11Error) {
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: UInt32(XIAnyModifier)), status: 0)
        let status = try checked {
            withEventMask(device: XIAllMasterDevices, [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership]) {
                XIGrabTouchBegin(handle, XIAllMasterDevices, root, False, &$0, 1, &modifiers)
            }
        }
        guard status == 0, modifiers.status == 0 else {
            // Another client holds a touch grab on the root window with the same modifiers.
            throw .grabTaken(.touches)
        }
    }

    func ungrabTouches() {
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: UInt32(XIAnyModifier)), status: 0)
        XIUngrabTouchBegin(handle, XIAllMasterDevices, root, 1, &modifiers)
        XFlush(handle)
    }

    /// Raw pointer events on the root window, in ONE mask for the master devices (a second
    /// mask for the same device id replaces the first: docs/x11-notes.md, "One event mask
    /// per device id and window"), and device hierarchy changes and property changes (a
    /// touchscreen's matrix) for all devices.
    /// With `rawTouches`, raw touch events too: all of them for touches a binding shares
    /// with applications, their ends for the lifts of touches handed back.
    /// Without `pointer`, no raw event at all (a suspended daemon: what it would be sent while
    /// stopped would pile up in the server, one event per mouse motion).
    func selectRootEvents(rawTouches: RawTouchSelection = .none, pointer: Bool = true) throws(X11Error) {
        let touch: [Int32]
        switch rawTouches {
        case .none: touch = []
        case .ends: touch = [XI_RawTouchEnd]
        case .all: touch = [XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd]
        }
        let raw: [Int32] = pointer ? [XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease] : []
        let master: [Int32] = raw + touch
        try checked {
            withEventMask(device: XIAllMasterDevices, master) { m in
                withEventMask(device: XIAllDevices, [XI_HierarchyChanged, XI_PropertyEvent]) { h in
                    var masks = [m, h]
                    _ = XISelectEvents(handle, root, &masks, 2)
                }
            }
        }
    }

    /// The master keyboards' focus entering or leaving `window` (another client's): a
    /// keyboard grab taken or let go on it moves the focus with mode XINotifyGrab /
    /// XINotifyUngrab. XI 2, so that the core event mask xgest may hold on the window (its
    /// properties, ``StackHitTester``) is left as it is. A window gone meanwhile is no error
    /// worth a word: there is nothing to watch.
    func selectFocusChanges(on window: Window) {
        withEventMask(device: XIAllMasterDevices, [XI_FocusIn, XI_FocusOut]) {
            _ = XISelectEvents(handle, window, &$0, 1)
        }
    }

    /// Modifier changes from XKB: one small event per change, no polling and no key
    /// events; and changes of the keymap, which may move a modifier to another bit. Returns the XKB event base, or nil when the server has no XKB.
    func selectModifierChanges() -> Int32? {
        var opcode: Int32 = 0
        var eventBase: Int32 = 0
        var errorBase: Int32 = 0
        var major = Int32(XkbMajorVersion)
        var minor = Int32(XkbMinorVersion)
        guard XkbQueryExtension(handle, &opcode, &eventBase, &errorBase, &major, &minor) != 0 else { return nil }
        let mask = UInt(XkbModifierStateMask)
        XkbSelectEventDetails(handle, UInt32(XkbUseCoreKbd), UInt32(XkbStateNotify), mask, mask)
        // Changes of which key is on which modifier bit (xmodmap, setxkbmap, a new keyboard's
        // keymap): the modifier map is read again (``ModifierMap``).
        let map = UInt(XkbModifierMapMask | XkbKeySymsMask)
        XkbSelectEventDetails(handle, UInt32(XkbUseCoreKbd), UInt32(XkbMapNotify), map, map)
        let keyboard = UInt(XkbNKN_KeycodesMask)
        XkbSelectEventDetails(handle, UInt32(XkbUseCoreKbd), UInt32(XkbNewKeyboardNotify), keyboard, keyboard)
        return eventBase
    }
}

/// Which raw touch events xgest reads on the root.
enum RawTouchSelection {
    case none
    /// Their ends: a handed-back touch's lift, which no touch event tells xgest.
    case ends
    /// Every one: touches a binding shares, or begins while another client holds the touch grab.
    case all
}
