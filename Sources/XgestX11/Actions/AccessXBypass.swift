import CXgest

/// Lets one batch of xgest's XTest key events past the core keyboard's AccessX filters,
/// and leaves the user's AccessX state (controls, latched modifiers) as it was.
///
/// Synthesized keys are not typed by the user's hands, and the filters are for those.
/// Why not per device: Xorg keeps controls per device, but it runs the master keyboard's
/// filters on every event it copies from a slave, so turning them off for the XTest
/// keyboard alone changed nothing the applications saw (Xorg 21.1, measured). Instead,
/// the batch is wrapped in requests on the core keyboard, which Xorg applies to its
/// slaves too: XTest's events are processed inside the request that fakes them, so the
/// filters are off for exactly the batch's keys, and a user's key is unfiltered only if
/// it arrives in those microseconds.
///
/// - SlowKeys and BounceKeys are turned off for the batch (XkbChangeEnabledControls,
///   which touches only those bits) and on again.
/// - StickyKeys stays on: turning it off clears every latch and lock (Caps Lock, Num Lock,
///   the layout group). Its "two keys pressed together turn it off" option is turned off
///   for the batch. The user's latched modifiers are cleared before the keys, so that a
///   latched Shift does not join `ctrl+t`, and the batch ends with exactly those latched:
///   the latch a lone modifier press and release causes (`key-down ctrl` then `key-up`,
///   or the user's Shift let go for a combo by ``HeldModifiers``) is gone.
///
/// Costs one round trip per batch (XkbGetControls), one more when a filter is on.
///
/// Every batch of xgest's key presses goes through it: combos and held keys
/// (``KeyComboSender``), and the modifiers around a replayed press (``PressReplayer``).
/// The releases of what an earlier run or a cut connection left down need none: SlowKeys
/// and BounceKeys hold back presses only, and a modifier pressed inside a batch does not
/// latch at a later lone release (measured: the batch's latch requests end StickyKeys'
/// watch of it), where one pressed and released bare latches even with a click between.
struct AccessXBypass {
    private let display: XDisplay
    let filters: AccessXFilters
    /// The core keyboard's controls, to put the StickyKeys options back; nil unless changed.
    private var desc: XkbDescPtr?
    private let enabledSuspended: UInt32
    private let latchedModifiers: UInt32

    /// Reads the filters and the latched modifiers; changes nothing yet.
    init?(display: XDisplay) {
        guard let desc = XkbAllocKeyboard() else { return nil }
        desc.pointee.device_spec = UInt16(XkbUseCoreKbd)
        guard XkbGetControls(display.handle, UInt(XkbAllControlsMask), desc) == Success,
            let controls = desc.pointee.ctrls?.pointee
        else {
            XkbFreeKeyboard(desc, 0, True)
            return nil
        }
        self.display = display
        filters = AccessXFilters(controls)
        enabledSuspended = controls.enabled_ctrls & UInt32(XkbSlowKeysMask | XkbBounceKeysMask)
        var state = XkbStateRec()
        if filters.stickyKeys, XkbGetState(display.handle, UInt32(XkbUseCoreKbd), &state) == Success {
            latchedModifiers = UInt32(state.latched_mods)
        } else {
            latchedModifiers = 0
        }
        if filters.twoKeysTurnStickyKeysOff {
            self.desc = desc
        } else {
            XkbFreeKeyboard(desc, 0, True)
            self.desc = nil
        }
    }

    /// Queues the requests that turn the filters off for the batch.
    func suspend() {
        if enabledSuspended != 0 {
            _ = XkbChangeEnabledControls(display.handle, UInt32(XkbUseCoreKbd), enabledSuspended, 0)
        }
        if let desc, let controls = desc.pointee.ctrls {
            let saved = controls.pointee.ax_options
            controls.pointee.ax_options &= ~UInt16(XkbAX_TwoKeysMask)
            _ = XkbSetControls(display.handle, UInt(XkbStickyKeysMask), desc)
            controls.pointee.ax_options = saved
        }
        clearLatches()
    }

    /// Queues a request clearing every latched modifier: the user's, so that it does not
    /// join the combo, and any a lone modifier release just caused.
    func clearLatches() {
        guard filters.stickyKeys else { return }
        _ = XkbLatchModifiers(display.handle, UInt32(XkbUseCoreKbd), 0xFF, 0)
    }

    /// Queues the requests that put the filters and the user's latches back; frees what
    /// `init` allocated. Call once, after the batch's last key event.
    mutating func end() {
        if let desc {
            _ = XkbSetControls(display.handle, UInt(XkbStickyKeysMask), desc)
            XkbFreeKeyboard(desc, 0, True)
            self.desc = nil
        }
        if enabledSuspended != 0 {
            _ = XkbChangeEnabledControls(display.handle, UInt32(XkbUseCoreKbd), enabledSuspended, enabledSuspended)
        }
        if filters.stickyKeys {
            _ = XkbLatchModifiers(display.handle, UInt32(XkbUseCoreKbd), 0xFF, latchedModifiers)
        }
    }
}
