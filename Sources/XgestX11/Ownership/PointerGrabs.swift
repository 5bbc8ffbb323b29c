import CXgest
import XgestCore

/// A button and the modifiers that make a press of it the start of a pointer stroke.
public struct StrokeTrigger: Hashable, Sendable {
    public var button: Int
    /// nil: any modifiers.
    public var modifiers: Modifiers?

    public init(button: Int, modifiers: Modifiers?) {
        self.button = button
        self.modifiers = modifiers
    }
}

/// Passive button grabs on the root window for the buttons pointer strokes are drawn with.
/// Only presses with the binding's modifiers are grabbed, so every other click goes to
/// applications untouched; a grabbed press that turns out not to be a stroke is replayed
/// (see `PressReplayer`). While a grab is active the pointer's motion comes with exact root
/// positions, and the grab's mask carries what xgest needs (docs/x11-notes.md, "A button
/// grab's own mask decides what the grabber gets").
///
/// The grabs are synchronous: a grab on the master pointer is activated by a press from
/// any of its devices, and xgest draws strokes with mice only. A press from the touchpad's
/// buttons, from XTest (xdotool, xgest's own `click`) or emulated from a touch is given
/// back at once with `XIAllowEvents(ReplayDevice)`, exactly as the application would have
/// had it; a mouse's press lets the device go on (`AsyncDevice`). Every grabbed press gets
/// one of the two (`allow`), or the pointer would stay frozen.
final class PointerGrabs {
    let display: XDisplay
    private(set) var triggers: Set<StrokeTrigger> = []

    init(display: XDisplay) { self.display = display }

    /// Which bits the modifiers and locks are on: the grabs are made for its masks.
    private(set) var modifierMap = ModifierMap.usual

    /// Takes a new modifier map: the grabs made for the old one's masks are made again for
    /// the new one's, or Super moved to another bit would leave its strokes ungrabbed.
    func setModifierMap(_ map: ModifierMap) {
        guard map != modifierMap else { return }
        for t in triggers { ungrab(t) }
        modifierMap = map
        for t in triggers { grab(t) }
        display.flush()
    }

    func set(_ wanted: Set<StrokeTrigger>) {
        for t in triggers.subtracting(wanted) { ungrab(t) }
        for t in wanted.subtracting(triggers) { grab(t) }
        triggers = wanted
        display.flush()
    }

    func releaseAll() { set([]) }

    /// Whether a press of `button` with `held` modifiers activates one of the grabs.
    func grabs(button: Int, with held: Modifiers) -> Bool {
        triggers.contains { $0.button == button && ($0.modifiers == nil || $0.modifiers == held) }
    }

    /// Lifts every grab for a replay, the round trip included: once it returns, no press
    /// can activate one, and any press that did is in the event queue.
    func suspend() {
        for t in triggers { ungrab(t) }
        display.sync()
    }

    /// Puts the grabs back after a replay, once the server has processed it.
    func resume() {
        for t in triggers { grab(t) }
        display.sync()
    }

    private func modifierList(_ t: StrokeTrigger) -> [XIGrabModifiers] {
        guard let m = t.modifiers else {
            return [XIGrabModifiers(modifiers: Int32(bitPattern: UInt32(XIAnyModifier)), status: 0)]
        }
        // Every combination of the lock bits: Caps Lock or Num Lock on must not stop strokes.
        let locks = modifierMap.ignoredLockMasks
        return modifierMap.xMasks(m).flatMap { base in
            locks.map { XIGrabModifiers(modifiers: Int32(bitPattern: base | $0), status: 0) }
        }
    }

    private func grab(_ t: StrokeTrigger) {
        var mods = modifierList(t)
        // A modifier on no bit can never be held: nothing to grab.
        guard !mods.isEmpty else { return }
        _ = withEventMask(device: XIAllMasterDevices, [XI_ButtonPress, XI_ButtonRelease, XI_Motion]) { mask in
            XIGrabButton(
                display.handle, XIAllMasterDevices, Int32(t.button), display.root, 0, GrabModeSync, GrabModeAsync,
                False, &mask, Int32(mods.count), &mods)
        }
    }

    /// What becomes of the press that activated a grab: the master pointer `device` is
    /// frozen until this is sent.
    enum PressFate {
        /// A stroke may start: xgest keeps the grab and the pointer moves on.
        case keep
        /// Not xgest's to take: replayed to the application as if no grab existed.
        case replay
    }

    func allow(_ fate: PressFate, device: Int32, time: Time) {
        XIAllowEvents(display.handle, device, fate == .keep ? XIAsyncDevice : XIReplayDevice, time)
        display.flush()
    }

    private func ungrab(_ t: StrokeTrigger) {
        var mods = modifierList(t)
        guard !mods.isEmpty else { return }
        XIUngrabButton(display.handle, XIAllMasterDevices, Int32(t.button), display.root, Int32(mods.count), &mods)
    }
}
