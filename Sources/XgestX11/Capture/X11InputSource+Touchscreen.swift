import CXgest
import XgestCore

/// Touchscreen touches: the root touch grab, each touch's begin, updates and end, and
/// touches handed back or shared (followed on through their raw events).
extension X11InputSource {
    func handleTouch(_ t: XIEventDecoding.Touch, _ handle: (CapturedEvent) -> Void) {
        let key = t.key
        let time = clock.unwrap(t.serverTime)
        noteModifiers(t.modifiers, time: time, handle)
        guard usedDevice(Int32(key.device), as: .touchscreen) != nil else {
            // A touch from a device xgest does not use (disabled meanwhile): never hold it.
            if t.phase == .begin {
                ownership.began(key, master: t.master)
                ownership.decide(.reject, key)
                display.flush()
            }
            return
        }
        guard touches.admits(key, phase: t.phase, at: t.location) else { return }
        var target: HitTarget?
        switch t.phase {
        case .begin:
            // The engine gets a touch's begin once xgest owns it (``TouchOwnerWait``).
            ownership.began(key, master: t.master, emulatesPointer: t.emulatesPointer, serial: t.serial, owned: true)
            if touches.isIdle(device: key.device) { target = startTarget(device: key.device, at: t.location, handle) }
            touches.began(key)
        case .update:
            touches.moved(key)
        case .end:
            ownership.ended(key)
            if touches.ended(key, at: time), vanished(device: key.device, handle) { return }
        }
        let sample = TouchSample(id: key.touch, phase: t.phase, location: t.location)
        handle(
            .input(
                InputEvent(time: time, device: key.device, deviceKind: .touchscreen, payload: .touch(sample)),
                startTarget: target))
    }

    /// The window under a touchscreen sequence's first touch, found where the engine takes
    /// the touch (``ScreenLayout/touchStart(device:at:)``), on the layout as changed by the
    /// events read before it: the rim of a calibrated glass lands on the monitor beside the
    /// panel, and the window there (its `[[app]]` rules, the action's target) was the other
    /// monitor's.
    private func startTarget(device: Int, at p: Point, _ handle: (CapturedEvent) -> Void) -> HitTarget {
        updateLayoutIfReported(handle)
        return hitTester.hitTest(layout.touchStart(device: device, at: p))
    }

    /// At a touch's begin as received, before it waits for its owner: behind a locker no
    /// gesture starts, and the touch goes on to the locker, whole (whether the locker's
    /// grab or xgest owns it). Returns whether it was handed back so.
    func handedBackWhileLocked(_ t: XIEventDecoding.Touch, _ handle: (CapturedEvent) -> Void) -> Bool {
        let key = t.key
        guard t.phase == .begin, usedDevice(Int32(key.device), as: .touchscreen) != nil,
            touches.isIdle(device: key.device), !ownerWait.isHolding(device: key.device),
            lockedAtGestureStart(handle)
        else { return false }
        let time = clock.unwrap(t.serverTime)
        noteModifiers(t.modifiers, time: time, handle)
        ownership.decide(.reject, key)
        display.flush()
        touches.handedBackAtBegin(key)
        handle(.handedBackWhileLocked("touch \(key.touch) of device \(key.device)", time: time))
        return true
    }

    /// Takes or releases the root touch grab. With no touchscreen binding nothing needs
    /// the touches: released, every touch goes straight to the application, with no
    /// round trip through xgest. Undecided touches are handed back first. Throws when
    /// another client took the touch grab meanwhile: it is then taken once that client
    /// lets go (``retakeGrabs(at:_:)``).
    public func setTouchGrab(_ wanted: Bool) throws(X11Error) {
        guard grabbed else { return }
        wantsTouches = wanted
        defer { selectRawTouches() }
        guard wanted != grabsTouches else { return }
        if wanted {
            try display.grabTouches()
        } else {
            ownership.rejectAllPending()
            display.ungrabTouches()
        }
        grabsTouches = wanted
        display.flush()
    }

    /// Rejects touches of a sequence, handing them back to applications. The engine has
    /// already ended them for xgest (a rejected sequence is over for it); what the server
    /// still sends of them, events queued before it read the reject and at best a
    /// TouchEnd, is dropped here.
    public func handBack(device: Int, touches ids: [UInt32]) {
        ownership.decide(.reject, device: device, touches: ids)
        touches.handedBack(device: device, touches: ids)
    }

    /// Rejects touches that a binding sharing them still watches (`cancels-touches =
    /// false`): the application gets them whole, and their raw events go on feeding the
    /// engine, which has not ended them. Needs ``setTouchSharing(_:)`` on.
    public func share(device: Int, touches ids: [UInt32]) {
        ownership.decide(.reject, device: device, touches: ids)
        touches.shared(device: device, touches: ids, fallback: pointer.position)
    }

    /// Selects raw touch events on the root, which only bindings sharing their touches need:
    /// every touch then also arrives as a raw event.
    public func setTouchSharing(_ on: Bool) throws(X11Error) {
        guard on != followsSharedTouches else { return }
        let raw = rawTouchesWanted(sharing: on)
        try display.selectRootEvents(rawTouches: raw)
        selectsRawTouches = raw
        followsSharedTouches = on
    }

    /// A raw update or end of a shared touch, as the touch event the engine expects; the
    /// lift of a handed-back finger, as its end.
    func handleRawTouch(_ evtype: Int32, _ e: XIRawEvent, _ handle: (CapturedEvent) -> Void) {
        if evtype == XI_RawTouchBegin, wantsTouches, !grabsTouches, usedDevice(e.sourceid, as: .touchscreen) != nil {
            // A touch the missing grab let reach the application whole: the next one may be xgest's.
            retakeGrabs(at: clock.unwrap(UInt32(truncatingIfNeeded: e.time)), handle)
        }
        if evtype == XI_RawTouchEnd, let device = usedDevice(e.sourceid, as: .touchscreen),
            let p = touches.liftAfterHandBack(TouchKey(device: device.id, touch: UInt32(truncatingIfNeeded: e.detail)))
        {
            let lift = TouchSample(id: UInt32(truncatingIfNeeded: e.detail), phase: .end, location: p)
            let time = clock.unwrap(UInt32(truncatingIfNeeded: e.time))
            handle(
                .input(
                    InputEvent(time: time, device: device.id, deviceKind: .touchscreen, payload: .touch(lift)),
                    startTarget: nil))
            return
        }
        guard !touches.shared.isEmpty, let device = usedDevice(e.sourceid, as: .touchscreen) else { return }
        let key = TouchKey(device: device.id, touch: UInt32(truncatingIfNeeded: e.detail))
        guard touches.shared.contains(key) else { return }
        let (x, y) = XIEventDecoding.rawAxes(e)
        let phase = XIEventDecoding.rawTouchPhase(evtype)
        guard let sample = touches.sharedSample(key, phase: phase, x: x, y: y, mapping: rawMapping(device)) else {
            return
        }
        let time = clock.unwrap(UInt32(truncatingIfNeeded: e.time))
        handle(
            .input(
                InputEvent(time: time, device: device.id, deviceKind: .touchscreen, payload: .touch(sample)),
                startTarget: nil))
    }

    private func rawMapping(_ device: XIDevice) -> RawTouchMapping? {
        guard let range = device.absoluteRange else { return nil }
        if matrices[device.id] == nil {
            matrices[device.id] = display.coordinateTransformationMatrix(device: device.id)
        }
        return RawTouchMapping(
            rangeX: range.x, rangeY: range.y, matrix: matrices[device.id] ?? nil, rootWidth: Double(screen.width),
            rootHeight: Double(screen.height))
    }
}
