import CXgest
import XgestCore

/// Captures input from the X server as platform-free events: touches through a passive
/// touch grab on the root window, touchpad gestures through synchronous passive gesture
/// grabs there (only of the types some binding uses, each gesture kept or handed back at
/// its begin), raw pointer events selected on the root window, modifier changes from XKB,
/// and device hotplug.
///
/// Single-threaded: call `drain` from the thread that polls `display.fileDescriptor`.
public final class X11InputSource {
    public let display: XDisplay
    public let ownership: TouchOwnership
    public let locator: WindowLocator
    public private(set) var devices: [Int: XIDevice] = [:]
    public private(set) var modifiers = Modifiers()

    private var clock = ServerTimeUnwrapper()
    private var pointer: PointerTracker
    private var xkbEventBase: Int32?
    private var randrEventBase: Int32?
    private let matrixAtom: Atom
    /// Which touches are xgest's, handed back or shared.
    private var touches = TouchLedger()
    /// Whether raw touch events are selected (a binding shares its touches).
    public private(set) var followsSharedTouches = false
    /// Touchscreens' coordinate transformation matrices, read once and forgotten when one changes.
    private var matrices: [Int: [Double]?] = [:]
    private var grabbed = false
    /// Whether the root touch grab is held (see ``setTouchGrab(_:)``).
    public private(set) var grabsTouches = false
    private var screen: (width: Int, height: Int)
    /// The monitors and mapped touchscreens: the caller keeps it current (it reads it
    /// again on `.layoutMayHaveChanged`); a touchpad gesture's conditions are checked on
    /// the monitor under the pointer.
    public var layout: ScreenLayout
    private let pointerGrabs: PointerGrabs
    private let gestureGrabs: TouchpadGestureGrabs
    private var touchpadClaims: TouchpadClaims
    /// Gesture types whose current gesture was handed back at its begin: what xgest still
    /// gets of it (the end the server sends the former grabber) is dropped.
    private var handedBackGestures: Set<TouchpadClaims.GestureType> = []
    /// Buttons pressed while one of xgest's button grabs was active: their raw events
    /// duplicate the grabbed ones and are dropped.
    private var grabbedButtonsDown: Set<Int> = []
    /// Presses stroke grabs took, by button, until they are kept or handed back.
    private var heldPresses: [Int: HeldPress] = [:]
    /// Buttons pressed while the screen was locked: none of their events is xgest's.
    private var buttonsPressedWhileLocked: Set<Int> = []
    /// The root window's children, kept from its SubstructureNotify events.
    let topLevels: TopLevelWindows
    private let screenLock: ScreenLockMonitor
    /// Where each sequence starts, found with no round trip.
    private let hitTester: StackHitTester

    /// Grabs and selects everything, the touchpad gestures `touchpadClaims` can take
    /// included; throws when another client already holds the touch grab or a gesture grab.
    public init(display: XDisplay, touchpadClaims: TouchpadClaims = .everything) throws(X11Error) {
        self.display = display
        ownership = TouchOwnership(display: display)
        locator = WindowLocator(display: display)
        pointerGrabs = PointerGrabs(display: display)
        gestureGrabs = TouchpadGestureGrabs(display: display)
        self.touchpadClaims = touchpadClaims
        matrixAtom = display.atom(TouchscreenArea.matrixProperty)
        let size = display.screenSize
        pointer = PointerTracker(screenWidth: Double(size.width), screenHeight: Double(size.height))
        for d in display.queryDevices() { devices[d.id] = d }
        layout = display.screenLayout(touchscreens: devices.values.filter { $0.kind == .touchscreen }.map(\.id))
        try display.selectRootEvents()
        try display.grabTouches()
        grabbed = true
        grabsTouches = true
        do {
            try gestureGrabs.set(Self.grabbedTypes(touchpadClaims))
        } catch {
            display.ungrabTouches()
            grabbed = false
            grabsTouches = false
            throw error
        }
        xkbEventBase = display.selectModifierChanges()
        // The root window's size (RandR resizes it when the resolution changes or a monitor
        // comes or goes); its children coming, going, moving and restacking (the window stack
        // hit-tests and the lock check read); its properties (xscreensaver's status); and
        // focus changes, which tell when a client grabs or lets go of the keyboard.
        XSelectInput(
            display.handle, display.root,
            Int(StructureNotifyMask | SubstructureNotifyMask | PropertyChangeMask | FocusChangeMask))
        randrEventBase = display.selectScreenChanges()
        // Read after selecting: a change in between is then both read and reported.
        topLevels = TopLevelWindows(display: display)
        screenLock = ScreenLockMonitor(display: display)
        hitTester = StackHitTester(locator: locator, topLevels: topLevels)
        screen = (size.width, size.height)
        _ = screenLock.windowsChanged(topLevels, screen: screen)
        pointer.position = display.pointerPosition() ?? .zero
        display.flush()
    }

    deinit { close() }

    /// The devices xgest captures from, for a trace header.
    public var usedDevices: [DeviceInfo] {
        devices.values.compactMap(\.info).sorted { $0.id < $1.id }
    }

    /// Hands every undecided touch back and releases the grab. Safe to call twice.
    public func close() {
        guard grabbed else { return }
        grabbed = false
        ownership.rejectAllPending()
        pointerGrabs.releaseAll()
        if grabsTouches { display.ungrabTouches() }
        grabsTouches = false
        gestureGrabs.releaseAll()
        display.sync()
    }

    /// Leaves one of xgest's own top-level windows out of hit-tests and screen-lock
    /// detection; call it right after creating the window, before its CreateNotify is read.
    public func ignoreOwnWindow(_ w: Window) { topLevels.ignored.insert(w) }

    /// The window (or desktop) under a root point, from the window stack xgest keeps: no round trip.
    public func hitTest(_ p: Point) -> HitTarget { hitTester.hitTest(p) }

    /// Whether a screen locker is up (see ``ScreenLockMonitor``): while it is, every touch is
    /// handed back at its begin, every touchpad gesture at its begin, every press at once,
    /// and nothing reaches the caller of them.
    public var isScreenLocked: Bool { screenLock.isLocked }

    /// Whether Xlib holds events already read from the server. Any request that writes to
    /// the connection (even a flush) may read incoming events into Xlib's queue, where
    /// poll() on the socket cannot see them: check this before waiting.
    public var hasQueuedEvents: Bool { XEventsQueued(display.handle, QueuedAlready) > 0 }

    /// Processes every event Xlib has read or can read without blocking.
    public func drain(_ handle: (CapturedEvent) -> Void) {
        drain(while: { true }, handle)
    }

    /// Processes the events Xlib has read or can read without blocking, one at a time while
    /// `more()` is true: the caller's budget for one pass of its loop. What is left stays
    /// queued for the next pass.
    public func drain(while more: () -> Bool, _ handle: (CapturedEvent) -> Void) {
        let dpy = display.handle
        while more(), XPending(dpy) > 0 {
            var event = XEvent()
            XNextEvent(dpy, &event)
            process(&event, handle)
        }
    }

    private func process(_ event: inout XEvent, _ handle: (CapturedEvent) -> Void) {
        if let base = xkbEventBase, event.type == base + Int32(XkbEventCode) {
            handleXkb(&event, handle)
            return
        }
        if let base = randrEventBase, let what = ScreenChangeEvent.describe(&event, base: base) {
            // Keeps Xlib's idea of the root's size current.
            XRRUpdateConfiguration(&event)
            handle(.layoutMayHaveChanged(reason: what))
            return
        }
        if event.type == ConfigureNotify, event.xconfigure.window == display.root {
            let size = (Int(event.xconfigure.width), Int(event.xconfigure.height))
            guard size != screen else { return }
            screen = size
            pointer.screenWidth = Double(size.0)
            pointer.screenHeight = Double(size.1)
            handle(.screenChanged(width: size.0, height: size.1))
            lockStateChanged(screenLock.windowsChanged(topLevels, screen: screen), handle)
            return
        }
        if event.type != GenericEvent {
            processCore(&event, handle)
            return
        }
        guard event.type == GenericEvent, event.xcookie.extension == display.xiOpcode,
            XGetEventData(display.handle, &event.xcookie) != 0
        else { return }
        defer { XFreeEventData(display.handle, &event.xcookie) }
        guard let data = event.xcookie.data else { return }
        switch event.xcookie.evtype {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            handleTouch(XIEventDecoding.touch(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee), handle)
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            handleGesture(
                XIEventDecoding.gesture(data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee), handle)
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            handleGesture(
                XIEventDecoding.gesture(data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee), handle)
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            handleGrabbedPointer(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, handle)
        case XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease:
            handleRaw(event.xcookie.evtype, data.assumingMemoryBound(to: XIRawEvent.self).pointee, handle)
        case XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd:
            handleRawTouch(event.xcookie.evtype, data.assumingMemoryBound(to: XIRawEvent.self).pointee, handle)
        case XI_PropertyEvent:
            let e = data.assumingMemoryBound(to: XIPropertyEvent.self).pointee
            guard e.property == matrixAtom else { return }
            matrices[Int(e.deviceid)] = nil
            let name = devices[Int(e.deviceid)]?.name ?? "device \(e.deviceid)"
            handle(.layoutMayHaveChanged(reason: "coordinate transformation matrix of \(name) changed"))
        case XI_HierarchyChanged:
            handleHierarchy(data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee, handle)
        default:
            // XI_TouchOwnership: xgest is the only grabber on root, so it owns touches from
            // their begin; nothing to do when the server confirms it.
            break
        }
    }

    /// The core events of the root window's selection: the window stack, its properties, focus.
    private func processCore(_ event: inout XEvent, _ handle: (CapturedEvent) -> Void) {
        switch event.type {
        case PropertyNotify:
            let e = event.xproperty
            guard e.window == display.root else {
                hitTester.propertyChanged(window: e.window, atom: e.atom)
                return
            }
            lockStateChanged(screenLock.rootPropertyChanged(e.atom), handle)
        case FocusIn, FocusOut:
            // A keyboard grab taken or let go moves the focus with mode NotifyGrab / NotifyUngrab.
            let mode = event.xfocus.mode
            guard mode == NotifyGrab || mode == NotifyUngrab else { return }
            lockStateChanged(screenLock.recheck(), handle)
        default:
            guard case .changed(let window) = topLevels.apply(&event) else { return }
            hitTester.topLevelChanged(window)
            lockStateChanged(screenLock.windowsChanged(topLevels, screen: screen), handle)
        }
    }

    private func lockStateChanged(_ locked: Bool?, _ handle: (CapturedEvent) -> Void) {
        guard let locked else { return }
        handle(.screenLockChanged(locked: locked))
    }

    /// At a gesture's start: whether the screen is locked, probed again when a locker could be up.
    private func lockedAtGestureStart(_ handle: (CapturedEvent) -> Void) -> Bool {
        lockStateChanged(screenLock.recheck(), handle)
        return screenLock.isLocked
    }

    private func usedDevice(_ id: Int32, as kind: DeviceKind) -> XIDevice? {
        guard let d = devices[Int(id)], d.isUsed, d.kind == kind else { return nil }
        return d
    }

    private func handleTouch(_ t: XIEventDecoding.Touch, _ handle: (CapturedEvent) -> Void) {
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
        if t.phase == .begin, touches.isIdle(device: key.device), lockedAtGestureStart(handle) {
            // Behind a locker no gesture starts: the touch goes on to the locker, whole.
            ownership.began(key, master: t.master)
            ownership.decide(.reject, key)
            display.flush()
            touches.handedBackAtBegin(key)
            handle(.handedBackWhileLocked("touch \(key.touch) of device \(key.device)", time: time))
            return
        }
        var target: HitTarget?
        switch t.phase {
        case .begin:
            ownership.began(key, master: t.master)
            if touches.isIdle(device: key.device) { target = hitTester.hitTest(t.location) }
            touches.began(key)
        case .update:
            break
        case .end:
            ownership.ended(key)
            touches.ended(key)
        }
        let sample = TouchSample(id: key.touch, phase: t.phase, location: t.location)
        handle(
            .input(
                InputEvent(time: time, device: key.device, deviceKind: .touchscreen, payload: .touch(sample)),
                startTarget: target))
    }

    private func handleGesture(_ g: XIEventDecoding.Gesture, _ handle: (CapturedEvent) -> Void) {
        let time = clock.unwrap(g.serverTime)
        guard
            case .xgest(let target) = gestureStart(
                g.type, phase: g.phase, master: g.master, source: g.source, fingers: g.fingers,
                modifiers: g.modifiers, at: g.location, time: time, handle)
        else { return }
        pointer.position = g.location
        handle(
            .input(
                InputEvent(time: time, device: Int(g.source), deviceKind: .touchpad, payload: g.payload),
                startTarget: target))
    }

    /// Whose a touchpad gesture event is.
    private enum GestureOwner {
        /// xgest's; the start target (the window under the pointer) is set on the begin.
        case xgest(startTarget: HitTarget?)
        /// The application's, or a device xgest does not use: dropped.
        case other
    }

    /// Whose this gesture event is. A begin froze the master pointer (the grab is
    /// synchronous): it is answered here, at once, kept when a binding could take the
    /// gesture and handed back whole to the application under the pointer when none can.
    private func gestureStart(
        _ type: TouchpadClaims.GestureType, phase: GesturePhase, master: Int32, source: Int32, fingers: Int,
        modifiers xState: UInt32, at location: Point, time: EventTime, _ handle: (CapturedEvent) -> Void
    ) -> GestureOwner {
        guard phase == .begin else {
            if handedBackGestures.contains(type) {
                if phase == .end { handedBackGestures.remove(type) }
                return .other
            }
            guard usedDevice(source, as: .touchpad) != nil else { return .other }
            noteModifiers(xState, time: time, handle)
            return .xgest(startTarget: nil)
        }
        handedBackGestures.remove(type)
        if lockedAtGestureStart(handle) {
            gestureGrabs.handBack(master: master)
            handedBackGestures.insert(type)
            handle(.handedBackWhileLocked("touchpad \(type.rawValue) (\(fingers) fingers)", time: time))
            return .other
        }
        guard usedDevice(source, as: .touchpad) != nil else {
            // A touchpad xgest does not use (disabled meanwhile): never hold its gestures.
            gestureGrabs.handBack(master: master)
            handedBackGestures.insert(type)
            return .other
        }
        noteModifiers(xState, time: time, handle)
        let target = hitTester.hitTest(location)
        let area = layout.area(device: Int(source), kind: .touchpad, at: location)
        let start = TouchpadClaims.Start(
            type: type, fingers: fingers, target: target, location: location, modifiers: modifiers,
            screen: area.rect, monitor: area.monitor, monitorIsPrimary: area.isPrimary)
        guard touchpadClaims.claimant(start) != nil else {
            gestureGrabs.handBack(master: master)
            handedBackGestures.insert(type)
            handle(.touchpadGestureHandedBack(start, time: time))
            return .other
        }
        gestureGrabs.keep(master: master)
        return .xgest(startTarget: target)
    }

    /// Grabs the touchpad gesture types `claims` can take and releases the others; later
    /// gestures are kept or handed back by these claims. Throws when another client holds
    /// a gesture grab xgest now needs (the claims are then applied to the grabs held).
    public func setTouchpadClaims(_ claims: TouchpadClaims) throws(X11Error) {
        touchpadClaims = claims
        try gestureGrabs.set(Self.grabbedTypes(claims))
    }

    /// Takes or releases the root touch grab. With no touchscreen binding nothing needs
    /// the touches: released, every touch goes straight to the application, with no
    /// round trip through xgest. Undecided touches are handed back first. Throws when
    /// another client took the touch grab meanwhile.
    public func setTouchGrab(_ wanted: Bool) throws(X11Error) {
        guard grabbed, wanted != grabsTouches else { return }
        if wanted {
            try display.grabTouches()
        } else {
            ownership.rejectAllPending()
            display.ungrabTouches()
        }
        grabsTouches = wanted
        display.flush()
    }

    /// The gesture types grabbed now.
    public var grabbedTouchpadGestures: Set<TouchpadClaims.GestureType> { gestureGrabs.grabbed }

    static func grabbedTypes(_ claims: TouchpadClaims) -> Set<TouchpadClaims.GestureType> {
        Set(TouchpadClaims.GestureType.allCases.filter(claims.grabs))
    }

    private func handleRaw(_ evtype: Int32, _ e: XIRawEvent, _ handle: (CapturedEvent) -> Void) {
        // Pointer events a touchscreen emulates are the touches xgest already has.
        guard e.flags & Int32(XIPointerEmulated) == 0, let device = usedDevice(e.sourceid, as: .pointer) else { return }
        let time = clock.unwrap(UInt32(truncatingIfNeeded: e.time))
        let (x, y) = XIEventDecoding.rawAxes(e)
        if let range = device.absoluteRange {
            pointer.absolute(x: x, y: y, range: range)
        } else {
            pointer.relative(dx: x ?? 0, dy: y ?? 0)
        }
        // While a stroke button is held, the grab's own events carry exact positions; a press
        // the grab takes arrives through it too.
        if !grabbedButtonsDown.isEmpty { return }
        if evtype == XI_RawButtonPress, pointerGrabs.grabs(button: Int(e.detail), with: modifiers) { return }
        let payload: InputEvent.Payload
        var target: HitTarget?
        switch evtype {
        case XI_RawMotion:
            guard x != nil || y != nil else { return }
            payload = .pointerMotion(pointer.position)
        default:
            let press = evtype == XI_RawButtonPress
            let button = Int(e.detail)
            if press, lockedAtGestureStart(handle) {
                buttonsPressedWhileLocked.insert(button)
                return
            }
            if !press, buttonsPressedWhileLocked.remove(button) != nil { return }
            payload = .button(ButtonSample(button: button, isPress: press, location: pointer.position))
            if press { target = hitTester.hitTest(pointer.position) }
        }
        handle(
            .input(
                InputEvent(time: time, device: device.id, deviceKind: .pointer, payload: payload), startTarget: target))
    }

    /// Events of an active stroke-button grab: the press, motion with root positions, the release.
    private func handleGrabbedPointer(_ e: XIDeviceEvent, _ handle: (CapturedEvent) -> Void) {
        guard e.flags & Int32(XIPointerEmulated) == 0, let device = usedDevice(e.sourceid, as: .pointer) else { return }
        let time = clock.unwrap(UInt32(truncatingIfNeeded: e.time))
        noteModifiers(UInt32(bitPattern: e.mods.effective), time: time, handle)
        let location = Point(x: e.root_x, y: e.root_y)
        pointer.position = location
        let payload: InputEvent.Payload
        var target: HitTarget?
        switch e.evtype {
        case XI_ButtonPress:
            grabbedButtonsDown.insert(Int(e.detail))
            heldPresses[Int(e.detail)] = HeldPress(at: location)
            if lockedAtGestureStart(handle) {
                // Not a stroke behind a locker: the press goes back, replayed at its release.
                heldPresses[Int(e.detail)]?.handBackAtRelease = true
                buttonsPressedWhileLocked.insert(Int(e.detail))
                handle(.handedBackWhileLocked("press of button \(e.detail)", time: time))
                return
            }
            payload = .button(ButtonSample(button: Int(e.detail), isPress: true, location: location))
            target = hitTester.hitTest(location)
        case XI_ButtonRelease:
            let button = Int(e.detail)
            grabbedButtonsDown.remove(button)
            heldPresses[button]?.released(at: location)
            if let held = heldPresses[button], held.handBackAtRelease {
                heldPresses[button] = nil
                replay(button: button, path: held.path)
            }
            if buttonsPressedWhileLocked.remove(button) != nil { return }
            payload = .button(ButtonSample(button: button, isPress: false, location: location))
        default:
            for button in heldPresses.keys { heldPresses[button]?.moved(to: location) }
            payload = .pointerMotion(location)
        }
        handle(
            .input(
                InputEvent(time: time, device: device.id, deviceKind: .pointer, payload: payload), startTarget: target))
    }

    /// Grabs exactly these stroke triggers (button and modifiers), releasing the others.
    public func setStrokeTriggers(_ triggers: Set<StrokeTrigger>) { pointerGrabs.set(triggers) }

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
        try display.selectRootEvents(rawTouches: on)
        followsSharedTouches = on
        touches.tracksLocations = on
    }

    /// A raw update or end of a shared touch, as the touch event the engine expects.
    private func handleRawTouch(_ evtype: Int32, _ e: XIRawEvent, _ handle: (CapturedEvent) -> Void) {
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

    /// Keeps the held press of `button`: it was a stroke, the application never sees it.
    public func keep(pressOf button: Int) {
        heldPresses[button] = nil
    }

    /// Hands the held press of `button` back to the application under it, replayed as the
    /// user made it (a click as a click, a drag as a drag). While the button is still down
    /// the replay waits for its release.
    public func handBack(pressOf button: Int) -> PressHandBack {
        guard var held = heldPresses[button], let first = held.path.first, let last = held.path.last else {
            return .nothingHeld
        }
        guard held.isReleased else {
            held.handBackAtRelease = true
            heldPresses[button] = held
            return .atRelease
        }
        heldPresses[button] = nil
        replay(button: button, path: held.path)
        return .replayed(from: first, to: last)
    }

    private func replay(button: Int, path: [Point]) {
        PressReplayer(display: display, grabs: pointerGrabs).replay(
            button: button, path: path, returnTo: pointer.position)
    }

    private func handleXkb(_ event: inout XEvent, _ handle: (CapturedEvent) -> Void) {
        let state = withUnsafeBytes(of: &event) { raw -> XkbStateNotifyEvent? in
            let any = raw.load(as: XkbAnyEvent.self)
            guard any.xkb_type == XkbStateNotify else { return nil }
            return raw.load(as: XkbStateNotifyEvent.self)
        }
        guard let state else { return }
        let time = clock.unwrap(UInt32(truncatingIfNeeded: state.time))
        noteModifiers(UInt32(state.mods), time: time, handle)
    }

    private func noteModifiers(_ xState: UInt32, time: EventTime, _ handle: (CapturedEvent) -> Void) {
        let m = XgestX11.modifiers(fromX: xState)
        guard m != modifiers else { return }
        modifiers = m
        handle(
            .input(InputEvent(time: time, device: 0, deviceKind: .keyboard, payload: .modifiers(m)), startTarget: nil))
    }

    private func handleHierarchy(_ e: XIHierarchyEvent, _ handle: (CapturedEvent) -> Void) {
        guard let info = e.info else { return }
        for i in 0..<Int(e.num_info) {
            let h = info[i]
            let id = Int(h.deviceid)
            let gone = h.flags & (XISlaveRemoved | XIDeviceDisabled | XIMasterRemoved) != 0
            let came = h.flags & (XISlaveAdded | XIDeviceEnabled | XIMasterAdded) != 0
            if gone, let old = devices.removeValue(forKey: id) {
                touches.forget(device: id)
                ownership.forgetDevice(id)
                handle(.deviceRemoved(id: id, name: old.name))
            } else if came, h.enabled != 0, let d = display.queryDevice(id: id) {
                devices[id] = d
                handle(.deviceAdded(d))
            }
        }
    }
}

extension XDisplay {
    /// The master pointer's position: one round trip, at start-up.
    func pointerPosition() -> Point? {
        var rootReturn: Window = 0
        var child: Window = 0
        var rx = 0.0
        var ry = 0.0
        var wx = 0.0
        var wy = 0.0
        var buttons = XIButtonState()
        var mods = XIModifierState()
        var group = XIGroupState()
        var masters: Int32 = 0
        guard let list = XIQueryDevice(handle, XIAllMasterDevices, &masters) else { return nil }
        defer { XIFreeDeviceInfo(list) }
        for i in 0..<Int(masters) where list[i].use == XIMasterPointer {
            let ok = XIQueryPointer(
                handle, list[i].deviceid, root, &rootReturn, &child, &rx, &ry, &wx, &wy, &buttons, &mods, &group)
            if let m = buttons.mask { XFree(m) }
            if ok != 0 { return Point(x: rx, y: ry) }
        }
        return nil
    }
}

extension X11InputSource {
    /// The server's time now, on the same unwrapped clock as the events (one round trip).
    public func now() -> EventTime {
        clock.unwrap(display.serverTime())
    }
}
