import CXgest
import XgestCore

/// Touches xgest does not own: each touch event waits in ``TouchOwnerWait`` until the
/// server says xgest owns the touch (XI_TouchOwnership), and a touch another client owned
/// and accepted cancels the sequence of its device (docs/x11-notes.md, "Xgest acts only on
/// touches it owns").
extension X11InputSource {
    /// A touch event as the server sent it.
    func receiveTouch(_ t: XIEventDecoding.Touch, _ handle: (CapturedEvent) -> Void) {
        switch t.phase {
        case .begin:
            // Recorded at once, so that a touch waiting for its owner still gets a verdict on
            // shutdown: rejected by a listener that is not its owner, it is only struck off
            // the touch's listeners.
            ownership.began(
                t.key, master: t.master, emulatesPointer: t.emulatesPointer, serial: t.serial,
                over: topLevel(at: t.location))
        case .update:
            break
        case .end:
            // Before the engine sees the end: a click the gesture's end sends must not find
            // a button 1 the server left down (a long press fired as its finger lifted).
            ownership.endRead(t.key, serial: t.serial)
        }
        if handedBackWhileLocked(t, handle) { return }
        switch ownerWait.receive(t) {
        case .handle:
            handleTouch(t, handle)
        case .held:
            break
        case .taken(let dropped):
            taken(dropped, handle)
        }
    }

    /// The child of the root a touch or press at `p` begins over: the top of the stack
    /// there that takes input, as the server finds the windows under it.
    func topLevel(at p: Point) -> Window? {
        for top in topLevels.takingInput(at: Point(x: p.x.rounded(.down), y: p.y.rounded(.down))) { return top.id }
        return nil
    }

    /// The server's TouchOwnership: xgest owns the touch now, and what waited for it goes on.
    ///
    /// Unless the touch had ended before: another client's grab owned it first (a game's or
    /// a dialog's seat grab, GDK's `gdk_seat_grab`), had all of it, and passed it on. It is
    /// accepted at once and its sequence cancelled, as for a touch that grab accepted
    /// (``taken(_:_:passedOn:)``): handed on, the touch went to the listener after that grab,
    /// and Xorg 21.1.7 crashed (SIGSEGV in `IsParent`) when the grab's client quit,
    /// taking the session with it (docs/x11-notes.md, "A touch a grab passed on is kept").
    func touchOwned(_ e: XITouchOwnershipEvent, _ handle: (CapturedEvent) -> Void) {
        let key = TouchKey(device: Int(e.sourceid), touch: UInt32(truncatingIfNeeded: e.touchid))
        if let dropped = ownerWait.ownedAfterItsEnd(key) {
            ownership.decide(.accept, key)
            taken(dropped, handle, passedOn: true)
            return
        }
        for t in ownerWait.owned(key) { handleTouch(t, handle) }
    }

    /// A touch another client owned ended for xgest: that client accepted it. The server
    /// has ended it for xgest, which owes it no verdict. With `passedOn`, that client passed
    /// it on at its end instead, and xgest has accepted it. The events held behind it go
    /// back to the applications: their touches are rejected here, the engine never saw
    /// them; the daemon cancels the device's sequence, which hands back the touches it had.
    private func taken(
        _ dropped: [XIEventDecoding.Touch], _ handle: (CapturedEvent) -> Void, passedOn: Bool = false
    ) {
        guard let first = dropped.first else { return }
        ownership.forget(first.key)
        // Its TouchEnd, which the server sends xgest as the touch's owner now, is dropped.
        if passedOn { touches.handedBackAtBegin(first.key) }
        let ended = Set(dropped.filter { $0.phase == .end }.map(\.key))
        for t in dropped.dropFirst() where t.phase == .begin && t.key != first.key {
            ownership.decide(.reject, t.key)
            if !ended.contains(t.key) { touches.handedBackAtBegin(t.key) }
        }
        display.flush()
        handle(
            .touchTaken(
                device: first.key.device, touch: first.key.touch, time: clock.unwrap(first.serverTime),
                passedOn: passedOn))
    }
}
