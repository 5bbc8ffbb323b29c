import CXgest
import XgestCore
import XgestXlib

/// What happens to a grabbed touch sequence: kept from applications, or handed back.
public enum TouchDecision: String, Hashable, Sendable {
    /// A gesture claimed the touches: applications never see them.
    case accept
    /// Nobody claimed them: the server replays the whole sequence to the application.
    case reject
}

/// A touch as XI names it: the touch id is unique among the device's active touches.
public struct TouchKey: Hashable, Sendable {
    public var device: Int
    public var touch: UInt32

    public init(device: Int, touch: UInt32) {
        self.device = device
        self.touch = touch
    }
}

/// Accepts and rejects grabbed touches, and remembers which are still undecided so that
/// none is ever left pending: a pending touch holds up every other client
/// (docs/x11-notes.md, "A touch grab needs Begin, Update and End, and every touch needs
/// a verdict").
///
/// A reject of a touch that emulates the pointer waits while the emulated press of the last
/// one rejected may be held in a window manager's grab (``EmulatedPressWait``), and while an
/// older touch emulating the pointer through the same master is undecided
/// (``OlderEmulationWait``).
///
/// A verdict decided while a press a stroke grab took, or a touchpad gesture's begin, waits
/// unanswered in the queue is held until that event is answered: it froze the pointer, and
/// a touch the server handed back to a window manager's click grab meanwhile would leave
/// that grab frozen for good (docs/x11-notes.md, "A touch handed back while a stroke grab
/// holds the pointer").
public final class TouchOwnership {
    let display: XDisplay
    /// Undecided touches, with the master device the grab delivered them through (the
    /// device `XIAllowTouchEvents` must name).
    public private(set) var pending: [TouchKey: Int32] = [:]
    /// Undecided touches that have ended: their verdict comes after their end.
    private var ended: Set<TouchKey> = []
    /// Verdicts decided but not sent yet, in the order decided (see ``sendHeldVerdicts()``).
    private var held: [Verdict] = [] {
        didSet { if held.isEmpty, !oldValue.isEmpty { heldVerdictsGone?() } }
    }
    /// Whether verdicts wait behind a press or gesture begin xgest has not answered yet.
    public var holdsVerdicts: Bool { !held.isEmpty }
    /// Called once no verdict is held any more (sent, or dropped with their device): a
    /// touchscreen gesture's actions, which wait for its accepts, may run.
    var heldVerdictsGone: (() -> Void)?
    /// A device's name as last read, for the `--debug` line of a verdict whose master went
    /// before the server took it.
    var deviceName: (Int32) -> String? = { _ in nil }
    /// Rejects decided but not sent yet while an older touch emulating the pointer is undecided.
    private var olderEmulationWait = OlderEmulationWait()

    struct Verdict {
        var key: TouchKey
        /// The master the grab delivered the touch through, which `XIAllowTouchEvents` names.
        var master: Int32
        var mode: Int32
        /// The touch is the one the server emulates the pointer with: what xgest read of it.
        var emulation: EmulatingTouch?
        var emulatesPointer: Bool { emulation != nil }
        /// The touch ended before its verdict.
        var endedFirst: Bool
        /// The child of the root the touch began over, if known.
        var topLevel: Window?

        /// Once sent, ``decidedAfterItsEnd`` lets go of the button the server left down.
        var releasesEmulatedButton: Bool { emulatesPointer && endedFirst }
        /// A reject of a touch emulating the pointer that xgest owns: the server replays it
        /// to the next listener, a window manager's grab through the emulated pointer.
        var rejectsOwnedEmulation: Bool { mode == TouchOwnership.mode(.reject) && emulation?.owned == true }
    }

    /// A verdict sent on a touch the server emulates the pointer with, before xgest read
    /// the touch's end.
    private struct SentBeforeEnd {
        var master: Int32
        /// The serial of the verdict's request.
        var serial: UInt
    }

    /// Whether a reject of a touch emulating the pointer waits for the last one's.
    private var emulatedPressWait = EmulatedPressWait()
    /// Asks whether another client holds a master pointer grabbed; made at its first question.
    private lazy var pointerGrabProbe = PointerGrabProbe(display: display)

    /// Touches the server emulates the pointer with, decided before xgest read their end:
    /// the end's serial, once read, tells whether the server took it before the verdict
    /// (``endRead(_:serial:)``).
    private var sentBeforeEnd: [TouchKey: SentBeforeEnd] = [:]

    /// A touch the server emulates the pointer with, as xgest read it.
    struct EmulatingTouch {
        /// The serial of its begin: whether the server took it before a reject xgest sent.
        var beganSerial: UInt
        /// Whether the server said xgest owns it: only the owner's reject replays the touch
        /// to the next listener, a window manager's grab.
        var owned: Bool
    }

    /// Undecided touches the server emulates the pointer with.
    private var emulating: [TouchKey: EmulatingTouch] = [:]
    /// The child of the root each undecided touch began over, as far as known.
    private var topLevels: [TouchKey: Window] = [:]
    /// Called once the server has taken the verdict on a touch that emulated the pointer
    /// after taking the touch's end, with the master the verdict named: the server then
    /// leaves button 1 down on that master (docs/x11-notes.md, "Button bits can stay in
    /// the core state after touches"). For a touch whose end xgest read first, at the
    /// verdict; for one decided before xgest read its end (a long press fired as the finger
    /// lifted), when the end is read.
    var decidedAfterItsEnd: ((TouchKey, Int32) -> Void)?

    init(display: XDisplay) { self.display = display }

    /// A touch's begin as the server sent it (`serial`), read again once xgest `owned` it.
    func began(
        _ key: TouchKey, master: Int32, emulatesPointer: Bool = false, serial: UInt = 0, owned: Bool = false,
        over topLevel: Window? = nil
    ) {
        pending[key] = master
        // A touch id used again: the last one's end never came (handed back first).
        sentBeforeEnd[key] = nil
        if emulatesPointer { emulating[key] = EmulatingTouch(beganSerial: serial, owned: owned) }
        if let topLevel { topLevels[key] = topLevel }
    }

    /// Accepts every undecided touch that began over `topLevel`, a child of the root just
    /// destroyed, and turns a reject held for one of them behind a grabbed press into an
    /// accept. The server keeps the windows a touch began over, and the grabs on them, in
    /// its listeners for the touch after the windows are freed: handed back, the touch went
    /// to a freed window manager's frame, and the server crashed at its next event
    /// (docs/x11-notes.md, "A touch must not be handed back over a destroyed window").
    /// Accepted, it stays xgest's to its end.
    /// Returns the touches accepted, a reject held for them turned included.
    @discardableResult
    func acceptTouches(over topLevel: Window) -> [TouchKey] {
        let kept = acceptHeldRejects { $0.topLevel == topLevel }
        let keys = topLevels.filter { $0.value == topLevel && pending[$0.key] != nil }.map(\.key)
            .sorted { $0.touch < $1.touch }
        for key in keys { decide(.accept, key) }
        if !keys.isEmpty { display.flush() }
        return kept + keys
    }

    /// Turns the rejects held behind a grabbed press or waiting behind an older touch for the
    /// verdicts `matching` into accepts, which go at once; returns their touches.
    private func acceptHeldRejects(_ matching: (Verdict) -> Bool) -> [TouchKey] {
        let reject = Self.mode(.reject)
        var kept: [TouchKey] = []
        for i in held.indices where matching(held[i]) && held[i].mode == reject {
            held[i].mode = Self.mode(.accept)
            kept.append(held[i].key)
        }
        for var v in olderEmulationWait.take(matching) {
            v.mode = Self.mode(.accept)
            kept.append(v.key)
            send(v)
        }
        return kept
    }

    private static func mode(_ decision: TouchDecision) -> Int32 {
        decision == .accept ? Int32(XIAcceptTouch) : Int32(XIRejectTouch)
    }

    /// A touch that ended undecided stays pending until decided; a decided one is done.
    func ended(_ key: TouchKey) {
        if pending[key] != nil { ended.insert(key) }
    }

    /// Whether a verdict on a touch emulating the pointer went before its end was read.
    var awaitsEnds: Bool { !sentBeforeEnd.isEmpty }

    /// A touch's end was read, which the server sent with `serial` (the last request it
    /// had processed then). For a touch emulating the pointer that xgest decided before
    /// reading this, a serial below the verdict's says the server took the end first: the
    /// finger lifted while the verdict was on its way, and the server left button 1 down
    /// as for a touch decided after its end. One comparison, no round trip. A reject still
    /// waiting for an older touch now comes after the end.
    func endRead(_ key: TouchKey, serial: UInt) {
        olderEmulationWait.ended(key)
        guard let sent = sentBeforeEnd.removeValue(forKey: key), serial < sent.serial else { return }
        decidedAfterItsEnd?(key, sent.master)
    }

    /// A touch the server ended for xgest without its verdict (another client owned and
    /// accepted it): nothing is owed for it.
    func forget(_ key: TouchKey) {
        pending[key] = nil
        ended.remove(key)
        emulating[key] = nil
        topLevels[key] = nil
        sentBeforeEnd[key] = nil
        sendRejectsFreed()
    }

    /// A device gone (unplugged, disabled) with touches undecided: accepts them, on the
    /// master they began on, and turns a reject held for one of them into an accept, as
    /// for a device that left its master. Returns the touches accepted, a reject held for
    /// them turned included. The server ended them as the device went, but the end of a
    /// touch whose owner has not answered only marks its record on the master pending
    /// (xserver 21.1: `TouchEndPhysicallyActiveTouches` in `DisableDevice`, then
    /// `DeliverTouchEndEvent`). Left undecided, the record stayed, and under a window
    /// manager whose click grab takes the emulated pointer every later touch on that master
    /// waited behind it (`TouchPuntToNextOwner` gives a pointer listener no touch while an
    /// older one emulating the pointer is unseen): no touch of any touchscreen reached an
    /// application until xgest's connection closed. Handed back, the touch would replay as
    /// a click the user never made; accepted, it ends.
    func acceptTouchesOfAGoneDevice(_ device: Int, removedMasters: Set<Int32>) -> [TouchKey] {
        // Decided after the ends the server made, the touch emulating the pointer leaves
        // button 1 down on the master, as a tap decided at its lift does; the repair
        // (``decidedAfterItsEnd``) has the server copy the touchscreen's state, which it
        // copies only from a device with touches, and this one is gone. The bit stays until
        // a touchscreen's next event on that master.
        for key in pending.keys where key.device == device { ended.remove(key) }
        return acceptEveryTouch(of: device, removedMasters: removedMasters)
    }

    /// A device moved off its master (floated, or attached to another master) with touches
    /// undecided: accepts them, on the master they began on, and turns a reject held for one
    /// of them into an accept. The server ends none of them: their records stay on that
    /// master while the rest of the touch goes to the device's new master, so none ever
    /// ends there. Handed back, a record's next listener (a window manager's click grab
    /// through the emulated pointer, an application) got a touch that never ends, and with
    /// Openbox and a GTK window the server crashed replaying it (docs/x11-notes.md,
    /// "Several master pointers (MPX)"); left undecided, that came when xgest closed its
    /// connection, which hands back what it still holds. Accepted, the records are xgest's
    /// alone, and end when its connection closes. Returns the touches accepted, a reject
    /// held for them turned included.
    func acceptTouchesLeftOnTheirMaster(device: Int, removedMasters: Set<Int32>) -> [TouchKey] {
        acceptEveryTouch(of: device, removedMasters: removedMasters)
    }

    /// Accepts every undecided touch of `device` and turns a reject held for one of them
    /// into an accept, then forgets the device's touches. A master in `removedMasters` took
    /// its touch records with it: nothing is owed there.
    private func acceptEveryTouch(of device: Int, removedMasters: Set<Int32>) -> [TouchKey] {
        held.removeAll { $0.key.device == device && removedMasters.contains($0.master) }
        _ = olderEmulationWait.take { $0.key.device == device && removedMasters.contains($0.master) }
        let kept = acceptHeldRejects { $0.key.device == device }
        let keys = pending.filter { $0.key.device == device && !removedMasters.contains($0.value) }.map(\.key)
        for key in keys.sorted(by: { $0.touch < $1.touch }) { decide(.accept, key) }
        if !keys.isEmpty { display.flush() }
        for key in pending.keys where key.device == device {
            pending[key] = nil
            ended.remove(key)
            emulating[key] = nil
            topLevels[key] = nil
        }
        // Their ends went before (a device gone) or go to another master (a device moved),
        // where xgest does not follow them.
        sentBeforeEnd = sentBeforeEnd.filter { $0.key.device != device }
        sendRejectsFreed()
        return kept + keys.sorted { $0.touch < $1.touch }
    }

    /// Decides for one touch at any point of its life (after its end too). Deciding a
    /// touch that is not pending (already decided, or never grabbed) does nothing.
    public func decide(_ decision: TouchDecision, _ key: TouchKey) {
        guard let master = pending.removeValue(forKey: key) else { return }
        let v = Verdict(
            key: key, master: master, mode: Self.mode(decision), emulation: emulating.removeValue(forKey: key),
            endedFirst: ended.remove(key) != nil, topLevel: topLevels.removeValue(forKey: key))
        if OlderEmulationWait.mustWait(v, undecided: undecidedEmulating) {
            olderEmulationWait.add(v)
        } else {
            send(v)
        }
        sendRejectsFreed()
    }

    /// The undecided touches emulating the pointer, with the master of each.
    private var undecidedEmulating: [TouchKey: Int32] { pending.filter { emulating[$0.key] != nil } }

    /// Sends, after the verdicts before them, the rejects no older touch emulating the
    /// pointer holds up any more.
    private func sendRejectsFreed() {
        guard !olderEmulationWait.isEmpty else { return }
        let freed = olderEmulationWait.takeFreed(undecided: undecidedEmulating)
        for v in freed { send(v) }
        if !freed.isEmpty { display.flush() }
    }

    /// The events that freeze the master pointer until xgest answers them, the answer
    /// sent as each is read: on the root window only a stroke grab sends xgest an
    /// XI_ButtonPress, and only its synchronous gesture grabs a gesture's begin.
    private static let freezingEvents = [XI_ButtonPress, XI_GestureSwipeBegin, XI_GesturePinchBegin]

    /// Whether an event that froze the pointer waits unanswered in Xlib's queue.
    private var pointerFrozenByXgest: Bool { display.queuedCount(of: Self.freezingEvents) > 0 }

    /// Whether xgest holds a synchronous grab (a stroke button's, a touchpad gesture's),
    /// whose activation freezes the master pointer until xgest answers it.
    var grabsSynchronously: () -> Bool = { false }

    /// Sends a verdict, or holds it behind a freezing event waiting in the queue (and behind
    /// verdicts held already, so that they go in the order decided).
    private func send(_ v: Verdict) {
        if held.isEmpty, v.emulatesPointer, v.mode == Self.mode(.reject), grabsSynchronously() {
            // A reject replays the touch's emulated press into a window manager's click
            // grab. A press or gesture begin the server froze the pointer with after the
            // events xgest has read would queue that replay behind it, still unanswered: a
            // round trip first brings in what it froze with, and the reject waits for it.
            display.sync()
        }
        if !held.isEmpty || pointerFrozenByXgest {
            held.append(v)
        } else {
            allow(v)
        }
    }

    /// Sends the verdicts held for a grabbed press or a gesture's begin once none waits in
    /// the queue any more: its answer is sent, so the server takes them with the pointer
    /// let go. Returns whether it sent any (after a round trip).
    @discardableResult
    func sendHeldVerdicts() -> Bool {
        guard !held.isEmpty, !pointerFrozenByXgest else { return false }
        // The answer let the server play what it queued behind the press. Another press
        // among it (a click made while xgest was late) may have activated another client's
        // grab, a window manager's click-to-focus, at that press's time: a touch rejected
        // now would replay its emulated press into that grab with an earlier time, and the
        // window manager's answer to it would be ignored, the pointer frozen for good. One
        // round trip brings in the raw events of what was played; with a press among them,
        // the pointer's touch is accepted instead: the tap is lost, nothing is frozen.
        display.sync()
        if display.holdsQueued(XI_RawButtonPress) {
            let reject = Int32(XIRejectTouch)
            for i in held.indices where held[i].emulatesPointer && held[i].mode == reject {
                held[i].mode = Int32(XIAcceptTouch)
            }
        }
        sendHeld()
        display.flush()
        return true
    }

    private func sendHeld() {
        for v in held { allow(v) }
        held.removeAll()
    }

    private func allow(_ v: Verdict) {
        var v = v
        let rejectsOwnedEmulation = v.rejectsOwnedEmulation
        if rejectsOwnedEmulation, let touch = v.emulation {
            // The emulated press of the last touch rejected may still be held in a window
            // manager's grab: this one waits for its answer (``EmulatedPressWait``).
            let mayGo = emulatedPressWait.mayReject(
                master: v.master, beganSerial: touch.beganSerial,
                anotherClientGrabs: pointerGrabProbe.anotherClientGrabs)
            if !mayGo { v.mode = Self.mode(.accept) }
        }
        let serial = XNextRequest(display.handle)
        // The master may be removed before the server takes this (the hierarchy event not
        // read yet): its BadDevice is filed apart, for `--debug`, not taken by a later check.
        let request = DeviceRequest(
            device: Int(v.master), deviceName: deviceName(v.master),
            kind: .touchVerdict(accept: v.mode == Self.mode(.accept), touch: v.key.touch, slave: v.key.device))
        display.naming(request) { XIAllowTouchEvents(display.handle, v.master, v.key.touch, display.root, v.mode) }
        if rejectsOwnedEmulation, v.mode == Self.mode(.reject) { emulatedPressWait.rejectSent(serial: serial) }
        if v.releasesEmulatedButton {
            decidedAfterItsEnd?(v.key, v.master)
        } else if v.emulatesPointer {
            sentBeforeEnd[v.key] = SentBeforeEnd(master: v.master, serial: serial)
        }
    }

    /// Decides for every touch of a sequence.
    public func decide(_ decision: TouchDecision, device: Int, touches: [UInt32]) {
        for t in touches { decide(decision, TouchKey(device: device, touch: t)) }
        display.flush()
    }

    /// Hands every undecided touch back to applications (on shutdown or error paths).
    public func rejectAllPending() {
        for key in Array(pending.keys) { decide(.reject, key) }
        // Nothing is answered any more: held or not, every verdict goes now (none waits for
        // an older touch: every touch is decided).
        sendHeld()
        display.flush()
    }
}
