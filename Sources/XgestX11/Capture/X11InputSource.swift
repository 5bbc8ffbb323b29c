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
    public internal(set) var modifiers = Modifiers()
    /// The modifiers held when the capture opened, read then, and not reported yet: they
    /// go before the first input event (``X11InputSource/reportingStartModifiers(_:)``).
    var startModifiersUnreported = false
    /// The X modifier state `modifiers` was read from: read again with a new modifier map.
    var modifierState: UInt32 = 0

    // The state below is internal rather than private for the class's extensions, one per
    // kind of input (X11InputSource+Touchscreen, +Touchpad, +Pointer); nothing else in
    // the module touches it.

    /// Whether the pointer's motion outside a stroke is reported (`xgest record`), each
    /// batch of raw motion at the position read from the server, one round trip a batch.
    /// Off (the daemon), raw motion costs nothing: no recognizer takes motion with no
    /// stroke button down, and a stroke's own motion comes through its grab.
    public var reportsPointerMotion = false {
        didSet { if !reportsPointerMotion { pointer.pendingMotion = nil } }
    }

    var clock = ServerTimeUnwrapper()
    var pointer: PointerTracker
    private var xkbEventBase: Int32?
    private var randrEventBase: Int32?
    private let matrixAtom: Atom
    /// Which touches are xgest's, handed back or shared.
    var touches = TouchLedger()
    /// Touch events held until xgest owns their touches.
    var ownerWait = TouchOwnerWait()
    /// Whether raw touch events are selected (a binding shares its touches).
    public internal(set) var followsSharedTouches = false
    /// Touchscreens' coordinate transformation matrices, read at the start and when one
    /// is added or enabled (its matrix may have been written while xgest was not
    /// following it), and again when one is written.
    var matrices: [Int: [Double]?] = [:]
    var grabbed = false
    /// Whether the root touch grab is held (see ``setTouchGrab(_:)``).
    public internal(set) var grabsTouches = false
    /// Whether the bindings want the touch grab: not held while another client holds it.
    public internal(set) var wantsTouches = false
    /// Which raw touch events are selected on the root (``selectRawTouches()``).
    var selectsRawTouches = RawTouchSelection.none
    /// The event time input last had xgest ask for a grab another client held.
    var lastGrabRetry: EventTime?
    var screen: (width: Int, height: Int)
    /// The monitors and mapped touchscreens: the caller keeps it current (it reads it
    /// again after `.layoutMayHaveChanged`, at the latest on `.layoutNeeded`); a touchpad gesture's conditions are checked on
    /// the monitor under the pointer, and a screen locker covers the monitors.
    public var layout: ScreenLayout {
        didSet { if layout.monitors != oldValue.monitors { monitorsChanged = true } }
    }
    /// The monitors changed since the lock was last judged on them.
    private var monitorsChanged = false
    /// Events read before the probe that found the keyboard free, still to be processed
    /// while the screen is held locked (``recheckLock(_:)``).
    var eventsBeforeUnlock = 0
    /// A change of the layout was reported (`.layoutMayHaveChanged`, `.screenChanged`, a
    /// touchscreen added) and the caller has not been asked for the new one since
    /// (`.layoutNeeded`).
    var layoutChangeReported = false
    let pointerGrabs: PointerGrabs
    /// The stroke triggers left ungrabbed on a server without XTEST: their presses start no stroke.
    var ungrabbedTriggers: Set<StrokeTrigger> = []
    /// Raw presses' buttons as X maps them.
    let buttonMapping: ButtonMapping
    let gestureGrabs: TouchpadGestureGrabs
    var touchpadClaims: TouchpadClaims
    /// Gesture types whose current gesture was handed back at its begin: what xgest still
    /// gets of it (the end the server sends the former grabber) is dropped.
    var handedBackGestures: Set<TouchpadClaims.GestureType> = []
    /// Buttons pressed while one of xgest's button grabs was active, by master pointer:
    /// their raw events duplicate the grabbed ones and are dropped.
    var grabbedButtonsDown: [Int32: Set<Int>] = [:]
    /// Buttons of other devices (a touchpad's, XTest's, a touch's emulated) pressed into a
    /// held press, by master pointer: the grab lasts until they are up too.
    var otherButtonsDown: [Int32: Set<DeviceButton>] = [:]
    /// Presses stroke grabs took, by the device that made them, until they are kept or
    /// handed back.
    var heldPresses: [Int: HeldPress] = [:]
    /// What becomes of a press handed back after it was drawn into a stroke: the daemon
    /// sets it from `replay-unrecognized-strokes`; `record-stroke` replays every press.
    public var drawnPresses = DrawnPressFate.replayed
    /// Presses handed back while a grab was under way, which would take their replay:
    /// replayed in order once no grab is.
    var waitingReplays: [HeldPress] = []
    /// Stroke buttons whose raw press came, by master pointer, and whose press through the
    /// stroke grab has not: the raw event comes first. A release with the grab's press
    /// still awaited means another client's grab took the press.
    var strokePressesAwaited: [Int32: Set<Int>] = [:]
    /// Of those, the ones made while another button of the master was down (a rocker
    /// click, a chord): that button's grab takes them, which is no other client's grab on
    /// the stroke button.
    var strokePressesInChord: [Int32: Set<Int>] = [:]
    /// The buttons down on each master pointer, by the device holding them, from the raw
    /// events: a press made while one is down goes to that button's grab.
    var rawButtonsDown: [Int32: Set<DeviceButton>] = [:]
    /// Stroke buttons whose presses another client's grab took, with how many in a row:
    /// since the last press that came through xgest's grab. An open menu or a button
    /// already held takes one now and then; a hotkey program's grab takes every one.
    var strokePressesTakenInARow: [Int: Int] = [:]
    /// Master pointers whose stroke went onto another X screen, until its buttons are up.
    var strokesLeftScreen: Set<Int32> = []
    /// RESOURCE_MANAGER's changes on the root this pass, reported once at its end.
    var resourceChangesUnread = 0
    /// Buttons pressed while the screen was locked: none of their events is xgest's.
    var buttonsPressedWhileLocked: Set<Int> = []
    /// The root window's children, kept from its SubstructureNotify events.
    let topLevels: TopLevelWindows
    let screenLock: ScreenLockMonitor
    /// The window manager's own windows: no locker's cover, no pop-up.
    let windowManager: WindowManagerWindows
    /// Where each sequence starts, found with no round trip.
    let hitTester: StackHitTester
    /// Whether the server has XTest, which lets go of the button 1 a touch decided after
    /// its end leaves down (X11InputSource+EmulatedButton).
    let hasXTest: Bool
    /// Told of each child of the root destroyed (the feedback overlay follows the
    /// compositing manager's selection window).
    public var topLevelDestroyed: ((Window) -> Void)?
    /// Told once the touch verdicts held behind a press or gesture begin not answered yet
    /// are sent (or dropped with their device): the actions that wait for them may run.
    public var touchVerdictsSent: (() -> Void)?
    /// `_NET_ACTIVE_WINDOW`, whose changes on the root are counted while ``followsActiveWindow``.
    let activeWindowAtom: Atom
    /// Changes of `_NET_ACTIVE_WINDOW` since it was last read: read once at the end of a pass.
    var activeWindowChangesUnread = 0
    /// Whether ``activeWindow`` is kept (the trace names the window a global binding's keys
    /// went to); off, no change costs a request.
    public var followsActiveWindow = false {
        didSet { if followsActiveWindow, !oldValue { activeWindowChangesUnread += 1 } }
    }
    /// The window the window manager names active (`_NET_ACTIVE_WINDOW`), which has the
    /// keyboard focus, as last read (``activeWindowNow()``); nil when none is named, or
    /// not followed.
    var activeWindow: WindowInfo?
    /// The compositing manager's selection followed with XFixes; nil on a server without it.
    let compositorSelection: CompositorSelectionWatch?
    /// Told of each change of the compositing manager's selection: its new owner, or nil
    /// when none has it (the feedback overlay's alpha needs a compositor).
    public var compositorChanged: ((Window?) -> Void)?
    /// Whether ``compositorChanged`` is told: the server has XFixes.
    public var followsCompositor: Bool { compositorSelection != nil }
    /// Told of each press handed back that was not replayed at its release, or once the
    /// grab it waited for ended, because the window it was made over went meanwhile
    /// (``PressHandBack/windowGone(_:)`` says so for one handed back already released).
    public var pressNotReplayed: ((_ button: Int, _ gone: PressWindowGone) -> Void)?

    /// Selects everything and grabs the touchpad gestures `touchpadClaims` can take and,
    /// with `grabsTouches`, the touches; throws when another client already holds the touch
    /// grab or a gesture grab asked for. Without `grabsTouches` ``setTouchGrab(_:)`` takes
    /// the touches once something needs them.
    public init(
        display: XDisplay, touchpadClaims: TouchpadClaims = .everything, grabsTouches: Bool = true
    ) throws(X11Error) {
        self.display = display
        ownership = TouchOwnership(display: display)
        locator = WindowLocator(display: display)
        pointerGrabs = PointerGrabs(display: display)
        buttonMapping = ButtonMapping(display: display)
        gestureGrabs = TouchpadGestureGrabs(display: display)
        self.touchpadClaims = touchpadClaims
        matrixAtom = display.atom(TouchscreenArea.matrixProperty)
        let size = display.screenSize
        pointer = PointerTracker(screenWidth: Double(size.width), screenHeight: Double(size.height))
        for d in display.queryDevices() { devices[d.id] = d }
        for d in devices.values where d.kind == .touchscreen {
            matrices[d.id] = display.coordinateTransformationMatrix(device: d.id)
        }
        layout = display.screenLayout(touchscreens: devices.values.filter { $0.kind == .touchscreen }.map(\.id))
        try display.selectRootEvents()
        if grabsTouches { try display.grabTouches() }
        grabbed = true
        self.grabsTouches = grabsTouches
        wantsTouches = grabsTouches
        do {
            try gestureGrabs.set(Self.grabbedTypes(touchpadClaims))
        } catch {
            gestureGrabs.releaseAll()
            if grabsTouches { display.ungrabTouches() }
            grabbed = false
            self.grabsTouches = false
            throw error
        }
        xkbEventBase = display.selectModifierChanges()
        // Read after selecting its changes: a change in between is then both read and reported.
        pointerGrabs.setModifierMap(display.modifierMap())
        // The root window's size (RandR resizes it when the resolution changes or a monitor
        // comes or goes); its children coming, going, moving and restacking (the window stack
        // hit-tests and the lock check read); its properties (xscreensaver's status); and
        // focus changes, which tell when a client grabs or lets go of the keyboard.
        XSelectInput(
            display.handle, display.root,
            Int(StructureNotifyMask | SubstructureNotifyMask | PropertyChangeMask | FocusChangeMask))
        randrEventBase = display.selectScreenChanges()
        compositorSelection = CompositorSelectionWatch(display: display)
        activeWindowAtom = display.atom("_NET_ACTIVE_WINDOW")
        // Read after selecting: a change in between is then both read and reported.
        topLevels = TopLevelWindows(display: display)
        windowManager = WindowManagerWindows(display: display, locator: locator)
        screenLock = ScreenLockMonitor(display: display, windowManager: windowManager)
        hitTester = StackHitTester(locator: locator, topLevels: topLevels, windowManager: windowManager)
        screen = (size.width, size.height)
        var xtest: (event: Int32, error: Int32, major: Int32, minor: Int32) = (0, 0, 0, 0)
        hasXTest = XTestQueryExtension(display.handle, &xtest.event, &xtest.error, &xtest.major, &xtest.minor) != 0
        _ = screenLock.windowsChanged(topLevels, areas: lockAreas)
        pointer.position = display.pointerPosition() ?? .zero
        ownership.decidedAfterItsEnd = { [unowned self] key, master in
            clearEmulatedButton(touchscreen: key.device, master: master)
        }
        ownership.heldVerdictsGone = { [unowned self] in touchVerdictsSent?() }
        ownership.deviceName = { [unowned self] in devices[Int($0)]?.name }
        ownership.grabsSynchronously = { [unowned self] in
            !pointerGrabs.triggers.isEmpty || !gestureGrabs.grabbed.isEmpty
        }
        if xkbEventBase != nil { readStartModifiers() }
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
        letGoOfButtonsOfEndsNotRead()
    }

    /// After the last verdicts: the ends of touches emulating the pointer that the server
    /// took before their verdict, which xgest, stopping behind unread input, never read.
    /// The server left button 1 down on the master for each, and the window that had the
    /// touch's emulated press kept the pointer grabbed, every motion its own, until that
    /// application quit. The sync above read every event sent before the verdicts into
    /// Xlib's queue: their ends are read from it, and the button let go of as at any
    /// verdict the server took after the end (``TouchOwnership/endRead(_:serial:)``). The
    /// other events go unread: xgest is stopping.
    private func letGoOfButtonsOfEndsNotRead() {
        guard ownership.awaitsEnds else { return }
        let dpy = display.handle
        var event = XEvent()
        while XEventsQueued(dpy, QueuedAlready) > 0 {
            XNextEvent(dpy, &event)
            guard event.type == GenericEvent, event.xcookie.extension == display.xiOpcode,
                event.xcookie.evtype == XI_TouchEnd, XGetEventData(dpy, &event.xcookie) != 0
            else { continue }
            if let data = event.xcookie.data {
                let t = XIEventDecoding.touch(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee)
                ownership.endRead(t.key, serial: t.serial)
            }
            XFreeEventData(dpy, &event.xcookie)
        }
        // The motions that let go of the buttons go out before the connection closes.
        display.sync()
    }

    /// Leaves one of xgest's own top-level windows out of hit-tests and screen-lock
    /// detection, its place in the window stack kept (windows restacked above it name it);
    /// call it right after creating the window, before its CreateNotify is read.
    public func ignoreOwnWindow(_ w: Window) { topLevels.ignored.insert(w) }

    /// Asks the caller for the layout (`.layoutNeeded`) when a change of it was reported
    /// since: what is judged now by its monitor comes after the change.
    func updateLayoutIfReported(_ handle: (CapturedEvent) -> Void) {
        guard layoutChangeReported else { return }
        layoutChangeReported = false
        handle(.layoutNeeded)
    }

    /// The window (or desktop) under a root point, from the window stack xgest keeps: no round trip.
    public func hitTest(_ p: Point) -> HitTarget { hitTester.hitTest(p) }

    /// Whether a screen locker is up (see ``ScreenLockMonitor``): while it is, every touch is
    /// handed back at its begin, every touchpad gesture at its begin, every press at once,
    /// and nothing reaches the caller of them.
    public var isScreenLocked: Bool { screenLock.isLocked }

    /// The screen-lock check's keyboard grab probe, for the actions to use too: one probe
    /// window for the daemon.
    public var keyboardGrabProbe: KeyboardGrabProbe { screenLock.keyboardProbe }

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
        guard startModifiersUnreported else { return drainQueued(while: more, handle) }
        drainQueued(while: more) { reportingStartModifiers($0, handle) }
    }

    private func drainQueued(while more: () -> Bool, _ handle: (CapturedEvent) -> Void) {
        if monitorsChanged {
            monitorsChanged = false
            coverChanged({ screenLock.windowsChanged(topLevels, areas: lockAreas) }, handle)
        }
        let dpy = display.handle
        repeat {
            while true {
                while more(), XPending(dpy) > 0 {
                    var event = XEvent()
                    XNextEvent(dpy, &event)
                    // Raw motion is reported before whatever follows it.
                    if pointer.pendingMotion != nil, !isRawMotion(event) { flushPendingMotion(handle) }
                    process(&event, handle)
                    countEventTowardsUnlock(handle)
                }
                // Raw motion read together is reported once the queue is read or the budget
                // spent (one round trip), and touch verdicts held for a grabbed press or a
                // gesture's begin go once it is answered (TouchOwnership). Their round trips
                // read events into Xlib's queue, where poll() cannot see them: they are
                // processed in this pass, not left for input that may never come.
                let queried = flushPendingMotion(handle)
                let sent = ownership.sendHeldVerdicts()
                guard queried || sent, more(), XPending(dpy) > 0 else { break }
            }
            readChangedRootProperties(handle)
            reportRequestsToGoneDevices(handle)
            // Its reads (the screen saver's status, the window manager's check window, the
            // windows of a cover) are round trips too: a stroke's motion read meanwhile sat
            // in Xlib's queue while the loop waited in poll(), and `record-stroke` lost the
            // rest of a drawing made right after it started.
        } while more() && XEventsQueued(dpy, QueuedAlready) > 0
    }

    private func isRawMotion(_ event: XEvent) -> Bool {
        event.type == GenericEvent && event.xcookie.extension == display.xiOpcode
            && event.xcookie.evtype == XI_RawMotion
    }

    private func process(_ event: inout XEvent, _ handle: (CapturedEvent) -> Void) {
        if let base = xkbEventBase, event.type == base + Int32(XkbEventCode) {
            handleXkb(&event, handle)
            return
        }
        if let owner = compositorSelection?.newOwner(&event) {
            compositorChanged?(owner)
            return
        }
        if let base = randrEventBase, let what = ScreenChangeEvent.describe(&event, base: base) {
            // Keeps Xlib's idea of the root's size current.
            XRRUpdateConfiguration(&event)
            layoutChangeReported = true
            handle(.layoutMayHaveChanged(reason: what))
            return
        }
        if event.type == ConfigureNotify, event.xconfigure.window == display.root {
            let size = (Int(event.xconfigure.width), Int(event.xconfigure.height))
            guard size != screen else { return }
            screen = size
            pointer.screenWidth = Double(size.0)
            pointer.screenHeight = Double(size.1)
            layoutChangeReported = true
            handle(.screenChanged(width: size.0, height: size.1))
            coverChanged({ screenLock.windowsChanged(topLevels, areas: lockAreas) }, handle)
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
            receiveTouch(XIEventDecoding.touch(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee), handle)
        case XI_FocusIn, XI_FocusOut:
            // Only covering windows select it (``ScreenLockMonitor``): a keyboard grab moved the focus.
            let mode = data.assumingMemoryBound(to: XIFocusInEvent.self).pointee.mode
            if mode == XINotifyGrab || mode == XINotifyUngrab { recheckLock(handle) }
        case XI_TouchOwnership:
            touchOwned(data.assumingMemoryBound(to: XITouchOwnershipEvent.self).pointee, handle)
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            handleGesture(
                XIEventDecoding.gesture(data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee), handle)
            // A begin is answered there: touch verdicts held for it may go.
            if event.xcookie.evtype == XI_GestureSwipeBegin { ownership.sendHeldVerdicts() }
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            handleGesture(
                XIEventDecoding.gesture(data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee), handle)
            if event.xcookie.evtype == XI_GesturePinchBegin { ownership.sendHeldVerdicts() }
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            handleGrabbedPointer(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, handle)
            // Every grabbed press is answered there: touch verdicts held for it may go.
            if event.xcookie.evtype == XI_ButtonPress { ownership.sendHeldVerdicts() }
        case XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease:
            handleRaw(event.xcookie.evtype, data.assumingMemoryBound(to: XIRawEvent.self).pointee, handle)
        case XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd:
            handleRawTouch(event.xcookie.evtype, data.assumingMemoryBound(to: XIRawEvent.self).pointee, handle)
        case XI_PropertyEvent:
            let e = data.assumingMemoryBound(to: XIPropertyEvent.self).pointee
            // A device going away deletes its properties: no mapping changed.
            guard e.property == matrixAtom, e.what != XIPropertyDeleted, devices[Int(e.deviceid)] != nil else { return }
            let id = Int(e.deviceid)
            let before = matrices[id]
            let after = display.coordinateTransformationMatrix(device: id)
            matrices[id] = after
            // Desktops write every touchscreen's mapping again at each monitor change
            // (mutter, KDE, `xinput map-to-output` in hotplug scripts), mostly the value it
            // had: touches move only with a new value, and the gesture under the finger
            // goes on.
            if let before, before == after { return }
            let name = devices[id]?.name ?? "device \(e.deviceid)"
            layoutChangeReported = true
            handle(.layoutMayHaveChanged(reason: "coordinate transformation matrix of \(name) changed"))
            if devices[Int(e.deviceid)]?.info?.kind == .touchscreen {
                handle(.touchscreenRemapped(id: Int(e.deviceid)))
            }
        case XI_HierarchyChanged:
            handleHierarchy(data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee, handle)
            retakeGrabs(at: nil, handle)
        default:
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
            // Counted only: read once at the end of the pass (``readChangedRootProperties(_:)``).
            if e.atom == XA_RESOURCE_MANAGER { resourceChangesUnread += 1 }
            if e.atom == activeWindowAtom { activeWindowChangesUnread += 1 }
            screenLock.rootPropertyChanged(e.atom)
            windowManager.rootPropertyChanged(e.atom)
        case FocusIn, FocusOut:
            // A keyboard grab taken or let go moves the focus with mode NotifyGrab / NotifyUngrab.
            let mode = event.xfocus.mode
            guard mode == NotifyGrab || mode == NotifyUngrab else { return }
            recheckLock(handle)
        default:
            if let client = Self.clientLeft(event, root: display.root) {
                hitTester.clientLeft(client)
                return
            }
            if event.type == DestroyNotify, event.xdestroywindow.event == display.root {
                // Before anything else can hand them back (docs/x11-notes.md, "A touch
                // must not be handed back over a destroyed window").
                reportKept(
                    ownership.acceptTouches(over: event.xdestroywindow.window),
                    because: "the window they began over was destroyed (handed back there, they crash the X server)",
                    handle)
                topLevelDestroyed?(event.xdestroywindow.window)
                windowManager.topLevelDestroyed(event.xdestroywindow.window)
                heldPressWindowWent(event.xdestroywindow.window, .destroyed)
                // A client quitting may have let go of a grab xgest wants.
                retakeGrabs(at: nil, handle)
            }
            if event.type == UnmapNotify, event.xunmap.event == display.root {
                heldPressWindowWent(event.xunmap.window, .unmapped)
            }
            if event.type == MapNotify, event.xmap.event == display.root { heldPressWindowCameBack(event.xmap.window) }
            guard case .changed(let window) = topLevels.apply(&event) else { return }
            hitTester.topLevelChanged(window)
            coverChanged({ screenLock.windowChanged(window, in: topLevels, areas: lockAreas) }, handle)
        }
    }

    /// The window an event of a client's own StructureNotify selection says is gone from
    /// its frame (destroyed, unmapped or reparented); nil for any other event.
    private static func clientLeft(_ event: XEvent, root: Window) -> Window? {
        switch event.type {
        case DestroyNotify where event.xdestroywindow.event != root: return event.xdestroywindow.window
        case UnmapNotify where event.xunmap.event != root: return event.xunmap.window
        case ReparentNotify where event.xreparent.event != root: return event.xreparent.window
        default: return nil
        }
    }

    /// What a screen locker covers: each monitor, as far as it is within the root (the
    /// monitors are read again after the root changes size), else the root.
    var lockAreas: [Rect] {
        let root = Rect(x: 0, y: 0, width: Double(screen.width), height: Double(screen.height))
        let monitors = layout.monitors.compactMap { $0.rect.intersection(root) }
        return monitors.isEmpty ? [root] : monitors
    }

    /// A change of the windows or the monitors: says the new lock state, and that the
    /// monitors have just come to be covered with no lock, when they have.
    func coverChanged(_ change: () -> Bool?, _ handle: (CapturedEvent) -> Void) {
        let wasCovered = screenLock.covered
        lockStateChanged(change(), handle)
        // Locked at once too (the locker's window and keyboard grab read in one pass, or
        // xscreensaver's status set as its windows map): the keys and buttons actions hold
        // are let go all the same, or Alt would stay down behind the lock screen.
        if !wasCovered, screenLock.covered { handle(.screenCovered) }
    }

    func lockStateChanged(_ locked: Bool?, _ handle: (CapturedEvent) -> Void) {
        guard let locked else { return }
        handle(.screenLockChanged(locked: locked))
    }

    /// At a gesture's start: whether the screen is locked, probed again when a locker could be up.
    func lockedAtGestureStart(_ handle: (CapturedEvent) -> Void) -> Bool {
        recheckLock(handle)
        return screenLock.isLocked
    }

    /// Probes the keyboard grab again while a locker may be up. The probe answers for the
    /// server as it is now: an unlock it finds is taken once the events read before its
    /// answer are processed, which were made before (a daemon behind its input read a tap
    /// made on the lock screen after the locker went, and ran its action).
    ///
    /// Once they are (`holding` false), the unlock is taken at once: what came since was
    /// made after the probe found the screen unlocked.
    private func recheckLock(holding: Bool = true, _ handle: (CapturedEvent) -> Void) {
        guard let locked = screenLock.recheck() else { return }
        let unread = holding ? Int(XEventsQueued(display.handle, QueuedAlready)) : 0
        if !locked, unread > 0 {
            screenLock.holdLocked()
            eventsBeforeUnlock = max(eventsBeforeUnlock, unread)
            return
        }
        eventsBeforeUnlock = 0
        lockStateChanged(locked, handle)
    }

    /// One event processed: the unlock held for the events read before it is looked at
    /// again once they all are.
    func countEventTowardsUnlock(_ handle: (CapturedEvent) -> Void) {
        guard eventsBeforeUnlock > 0 else { return }
        eventsBeforeUnlock -= 1
        if eventsBeforeUnlock == 0 { recheckLock(holding: false, handle) }
    }

    func usedDevice(_ id: Int32, as kind: DeviceKind) -> XIDevice? {
        guard let d = devices[Int(id)], d.isUsed, d.kind == kind else { return nil }
        return d
    }

    private func handleXkb(_ event: inout XEvent, _ handle: (CapturedEvent) -> Void) {
        let any = withUnsafeBytes(of: &event) { $0.load(as: XkbAnyEvent.self) }
        if any.xkb_type == XkbMapNotify || any.xkb_type == XkbNewKeyboardNotify {
            modifierMapMayHaveChanged(time: clock.unwrap(UInt32(truncatingIfNeeded: any.time)), handle)
            return
        }
        let state = withUnsafeBytes(of: &event) { raw -> XkbStateNotifyEvent? in
            guard any.xkb_type == XkbStateNotify else { return nil }
            return raw.load(as: XkbStateNotifyEvent.self)
        }
        guard let state else { return }
        let time = clock.unwrap(UInt32(truncatingIfNeeded: state.time))
        noteModifiers(UInt32(state.mods), time: time, handle)
    }

    func noteModifiers(_ xState: UInt32, time: EventTime, _ handle: (CapturedEvent) -> Void) {
        modifierState = xState
        let m = pointerGrabs.modifierMap.modifiers(fromX: xState)
        guard m != modifiers else { return }
        modifiers = m
        handle(
            .input(InputEvent(time: time, device: 0, deviceKind: .keyboard, payload: .modifiers(m)), startTarget: nil))
    }

    private func handleHierarchy(_ e: XIHierarchyEvent, _ handle: (CapturedEvent) -> Void) {
        guard let info = e.info else { return }
        let removedMasters = Set(
            (0..<Int(e.num_info)).filter { info[$0].flags & XIMasterRemoved != 0 }.map { info[$0].deviceid })
        for i in 0..<Int(e.num_info) {
            let h = info[i]
            let id = Int(h.deviceid)
            let gone = h.flags & (XISlaveRemoved | XIDeviceDisabled | XIMasterRemoved) != 0
            // Floated (`xinput float`), or moved to another master: its events no longer come
            // through the master xgest grabs on, and the server ends none of its touches or
            // gestures. A sequence of it left running would take every later touch. The
            // server flags only a float: a move to another master (`xinput reattach`,
            // `xinput remove-master … AttachToMaster`) comes flagged as an attach, and the
            // slaves of a master removed with Floating come with no flag at all, so the
            // master each slave is on now is compared with the one recorded.
            let moved = devices[id].map { leftItsMaster($0, now: h) } ?? false
            let detached = h.flags & XISlaveDetached != 0 || moved
            let attachedElsewhere = moved && h.use != XIFloatingSlave
            let came =
                h.flags & (XISlaveAdded | XIDeviceEnabled | XIMasterAdded | XISlaveAttached) != 0 || attachedElsewhere
            if gone || detached {
                let newMaster = h.use == XIFloatingSlave ? nil : h.attachment
                forget(device: id, detached: !gone, removedMasters: removedMasters, newMaster: newMaster, handle)
            }
            // A slave floating when the capture opened is recorded as such, unused: attached,
            // it is read again, or every touch of it would be handed back, no binding seeing it.
            let attachedFromFloating = devices[id]?.use == .floating && h.use != XIFloatingSlave
            if came, !gone, devices[id] == nil || attachedFromFloating, h.enabled != 0,
                let d = display.queryDevice(id: id)
            {
                devices[id] = d
                if d.kind == .touchscreen {
                    matrices[id] = display.coordinateTransformationMatrix(device: id)
                    layoutChangeReported = true
                }
                handle(.deviceAdded(d))
            }
        }
    }

    /// Touches xgest accepted on its own, one event per device, for the trace.
    private func reportKept(_ keys: [TouchKey], because reason: String, _ handle: (CapturedEvent) -> Void) {
        for device in Set(keys.map(\.device)).sorted() {
            let touches = keys.filter { $0.device == device }.map(\.touch)
            handle(.touchesKept(device: device, touches: touches, reason: reason))
        }
    }

    /// Stops using device `id`, gone (unplugged, disabled) or `detached` from the master
    /// xgest grabs on: its touches, ownership records and button map are forgotten, and
    /// the daemon told, which cancels its sequence. Its undecided touches are accepted
    /// first, except on the `removedMasters` (see
    /// ``TouchOwnership/acceptTouchesLeftOnTheirMaster(device:removedMasters:)`` and
    /// ``TouchOwnership/acceptTouchesOfAGoneDevice(_:removedMasters:)``).
    func forget(
        device id: Int, detached: Bool, removedMasters: Set<Int32> = [], newMaster: Int32? = nil,
        _ handle: (CapturedEvent) -> Void
    ) {
        buttonMapping.forget(device: id)
        guard devices[id] != nil else { return }
        if detached {
            let accepted = ownership.acceptTouchesLeftOnTheirMaster(device: id, removedMasters: removedMasters)
            // Ending the accepted touches' other listeners, the server sends a device-changed
            // event from the device through its new master, after which that master passed
            // none of the device's touches on, xgest's grab included, until another of its
            // slaves sent an event (docs/x11-notes.md, "Several master pointers (MPX)").
            if !accepted.isEmpty, let newMaster { makeLastSlave(id, of: newMaster) }
            reportKept(
                accepted, because: "the device left its master mid-gesture (handed back, they would never end)", handle)
        } else {
            let accepted = ownership.acceptTouchesOfAGoneDevice(id, removedMasters: removedMasters)
            reportKept(
                accepted,
                because:
                    "the device was disabled or unplugged mid-gesture (left undecided, they held up every later touch)",
                handle)
        }
        guard let old = devices.removeValue(forKey: id) else { return }
        touches.forget(device: id)
        ownerWait.forget(device: id)
        handle(.deviceRemoved(id: id, name: old.name, detached: detached))
    }

    /// Whether device `id`, one of whose touches or touchpad gestures just ended, is now
    /// disabled or unplugged; if so it is forgotten, which cancels its sequence before that
    /// end is fed. The server ends the touches and the gesture of a device it disables
    /// (`xinput disable`, an unplug) as if lifted (touches all with one time, the gesture
    /// not flagged cancelled), and sends the hierarchy change that says why only after
    /// them: taken as lifts, they completed a tap the user never made, or ended a pan or a
    /// swipe as released and ran its end action. The query (one round trip at each lift,
    /// ends in a row with one time being one lift, and at the end of each touchpad gesture
    /// xgest kept) is answered once the request that ended them is done.
    func vanished(device id: Int, _ handle: (CapturedEvent) -> Void) -> Bool {
        if let device = display.queryDevice(id: id), device.enabled { return false }
        forget(device: id, detached: false, handle)
        return true
    }

    /// Whether an attached slave, as recorded, is now floating or on another master.
    private func leftItsMaster(_ recorded: XIDevice, now h: XIHierarchyInfo) -> Bool {
        guard recorded.use == .slavePointer || recorded.use == .slaveKeyboard else { return false }
        return h.use == XIFloatingSlave || Int(h.attachment) != recorded.attachment
    }
}

extension X11InputSource {
    /// The server's time now, on the same unwrapped clock as the events (one round trip).
    public func now() -> EventTime {
        clock.unwrap(display.serverTime())
    }
}
