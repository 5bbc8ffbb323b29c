import CXgest
import Glibc
import XgestCore

/// Carries out actions on an X display: key combos, clicks and scrolling through XTest,
/// window and desktop operations as EWMH requests to the window manager, and commands
/// spawned with posix_spawnp.
///
/// It uses the daemon's display from the daemon's thread. Each action costs a few round
/// trips (reading the keymap, checking that a window still exists, one final sync that
/// surfaces protocol errors), well under a millisecond on a local server.
///
/// The daemon polls `childExitFileDescriptor` with its X connection and calls
/// `reapChildren()` when it is readable; with ``KeymapRestore/whenAsked`` it calls
/// `restoreKeymap()` a little after a combo while `hasTemporaryKeymap` is true.
public final class X11ActionExecutor: ActionExecutor {
    public struct Options: Sendable {
        public var keymapRestore: KeymapRestore = .afterCombo

        public init() {}
    }

    /// Commands started by `exec` actions within ``childFloodWindow`` and still running, at
    /// most. A gesture flood bound to `exec` would otherwise fill the process table; past
    /// this, an `exec` is not started (its outcome says why) until one of them exits or has
    /// run for longer. A command that has run longer no longer counts: the applications a
    /// session's gestures open (a terminal, a browser) run for hours, and counting them all
    /// stopped every `exec` binding once 32 had been opened.
    public static let maximumRunningChildren = 32
    public static let childFloodWindow = EventDuration.seconds(10)
    /// When each running command was started, on the gestures' clock.
    private var startTimes: [Int32: EventTime] = [:]

    public let display: XDisplay
    public let children = ChildReaper()
    private var keys: KeyComboSender
    private var drag: PointerDrag
    private let hasXTest: Bool
    /// Made at the first `[[app]]` key action unless given.
    private var keyboardGrabProbe: KeyboardGrabProbe?

    /// `keyboardGrabProbe`: the daemon's own (``X11InputSource/keyboardGrabProbe``), so that
    /// it keeps one probe window.
    public init(display: XDisplay, options: Options = Options(), keyboardGrabProbe: KeyboardGrabProbe? = nil) {
        self.display = display
        self.keyboardGrabProbe = keyboardGrabProbe
        keys = KeyComboSender(display: display, restore: options.keymapRestore)
        drag = PointerDrag(display: display)
        hasXTest = display.hasXTest
    }

    deinit {
        releaseAll()
        restoreKeymap()
    }

    public func execute(_ invocation: ActionInvocation) -> ActionOutcome {
        defer { recordHeld() }
        let ewmh = EWMHClient(display: display)
        switch invocation.action {
        case .key(let combo):
            guard hasXTest else { return .failed(reason: "key \(combo): the X server has no XTEST extension") }
            if let refusal = focusTarget(invocation, for: "key \(combo)", ewmh: ewmh) { return refusal }
            return keys.send(combo)
        case .keyDown(let combo):
            guard hasXTest else { return .failed(reason: "key-down \(combo): the X server has no XTEST extension") }
            if let refusal = focusTarget(invocation, for: "key-down \(combo)", ewmh: ewmh) { return refusal }
            return keys.press(combo)
        case .keyUp(let combo):
            guard hasXTest else { return .failed(reason: "key-up \(combo): the X server has no XTEST extension") }
            return keys.release(combo)
        case .exec(let arguments, let homeRelative):
            return spawn(arguments, homeRelative: homeRelative, for: invocation)
        case .window(let operation):
            return WindowOperations(ewmh: ewmh).perform(operation, on: invocation.target, time: invocation.time)
        case .desktop(let operation):
            return DesktopOperations(ewmh: ewmh).perform(operation, time: invocation.time)
        case .click(let button):
            guard hasXTest else { return .failed(reason: "click: the X server has no XTEST extension") }
            return pointerActions(for: invocation).click(button: button, at: invocation.location)
        case .scroll(let direction, let steps):
            guard hasXTest else { return .failed(reason: "scroll: the X server has no XTEST extension") }
            return pointerActions(for: invocation).scroll(direction, steps: steps, at: invocation.location)
        case .drag(let button):
            guard hasXTest else { return .failed(reason: "drag: the X server has no XTEST extension") }
            return drag.follow(button: button, state: invocation.state, at: invocation.location)
        }
    }

    /// Whether a `key-down` or a `drag` has something pressed now.
    public var holdsInput: Bool { !keys.held.isEmpty || drag.heldButton != nil }

    /// Releases every key `key-down` holds and the button a `drag` holds: the daemon calls
    /// it before a reload and when it stops, so nothing stays pressed whatever ends a
    /// gesture. Does nothing when nothing is held.
    public func releaseAll() {
        guard hasXTest else { return }
        keys.releaseAll()
        _ = drag.releaseHeld()
        recordHeld()
    }

    /// Releases the keys and buttons an earlier run left down on the XTest devices and
    /// listed as held (see ``LeftoverXTestInput``); the daemon calls it once, at its start. A line saying what
    /// was released, or nil when nothing was down.
    public func releaseLeftoverInput() -> String? {
        guard hasXTest else { return nil }
        return LeftoverXTestInput.release(display)
    }

    /// Tells ``XTestHeldInput`` what is held now, for the I/O error handler to let go of
    /// if the connection is cut.
    private func recordHeld() {
        let keycodes = keys.held.flatMap(\.keycodes)
        XTestHeldInput.record(
            display: display.name, keycodes: keycodes, button: drag.heldButton,
            keymapRows: keys.temporary.bindings.map { ($0.keycode, $0.original) })
        HeldInputFile.record(keycodes: keycodes, button: drag.heldButton, mappedRows: keys.temporary.mappedRows)
    }

    /// A touchscreen gesture's clicks leave the pointer where they were (``PointerActions``);
    /// the keys a `key-down` holds stay down for them.
    private func pointerActions(for invocation: ActionInvocation) -> PointerActions {
        PointerActions(
            display: display, putsBack: invocation.deviceKind != .touchscreen,
            keptKeys: Set(keys.held.flatMap { $0.keycodes + $0.foundDown }))
    }

    /// For an `[[app]]` binding, the window the gesture was on gets the keyboard first; the
    /// gesture's later keys only need it still there.
    private func focusTarget(_ invocation: ActionInvocation, for what: String, ewmh: EWMHClient) -> ActionOutcome? {
        guard invocation.keysToTarget else {
            guard invocation.keysForTarget else { return nil }
            return KeyboardFocus.stillThere(invocation.target, for: what, ewmh: ewmh)
        }
        let probe = keyboardGrabProbe ?? KeyboardGrabProbe(display: display)
        keyboardGrabProbe = probe
        return KeyboardFocus(ewmh: ewmh, grabProbe: probe).give(to: invocation.target, for: what, time: invocation.time)
    }

    /// The outcome's reason when an `exec` is dropped because of ``maximumRunningChildren``.
    public static let tooManyChildrenReason =
        "exec: not started: \(maximumRunningChildren) commands started by xgest in the last "
        + "\(Int(childFloodWindow.seconds)) s are still running (the most at once)"

    /// Readable when a spawned command has exited; see ``ChildReaper``.
    public var childExitFileDescriptor: Int32 { children.fileDescriptor }

    /// Reaps the commands that have exited, without blocking.
    public func reapChildren() -> [ChildReaper.ExitedChild] {
        let exited = children.reapChildren()
        for child in exited { startTimes[child.pid] = nil }
        return exited
    }

    /// The AccessX filters the last `--debug` line about them described.
    private var describedAccessX = AccessXFilters()

    /// The `--debug` line saying which AccessX key filters are on and what xgest's keys do
    /// about them (``AccessXFilters/notice``), when they differ from those it said last
    /// (none at first); nil otherwise. `reading`: asks the server (the daemon's start);
    /// otherwise uses those the last combo found, which costs nothing.
    public func accessXNotice(reading: Bool = false) -> String? {
        if reading, let filters = AccessXFilters.read(display) { keys.accessXFilters = filters }
        guard keys.accessXFilters != describedAccessX else { return nil }
        describedAccessX = keys.accessXFilters
        return describedAccessX.notice
    }

    /// Whether a combo left keysyms mapped onto spare keycodes (only with ``KeymapRestore/whenAsked``).
    public var hasTemporaryKeymap: Bool { keys.hasTemporaryKeymap }

    /// How many keycodes combos have mapped onto spare keycodes since the executor was made:
    /// a change says a combo mapped a keysym anew.
    public var keycodesMapped: Int { keys.keycodesMapped }

    /// Puts back the keycodes combos mapped temporarily.
    public func restoreKeymap() {
        keys.restoreKeymap()
        recordHeld()
    }

    private func spawn(_ arguments: [String], homeRelative: Set<Int>, for invocation: ActionInvocation)
        -> ActionOutcome
    {
        // The daemon reaps at every pass of its loop, so exited children leave the count promptly.
        let now = invocation.time
        let recent = startTimes.values.filter { now - $0 < Self.childFloodWindow }.count
        if recent >= Self.maximumRunningChildren {
            return .failed(reason: Self.tooManyChildrenReason)
        }
        let environment = CommandEnvironment.entries(for: invocation)
        let home = HomeDirectory.path(in: environment)
        let argv = HomeDirectory.expand(arguments, homeRelative: homeRelative, home: home)
        switch CommandSpawner.spawn(argv, environment: environment) {
        case .success(let pid):
            children.watch(
                pid, program: arguments.first ?? "",
                origin: ChildReaper.Origin(
                    binding: invocation.binding, command: CommandText.exec(arguments, homeRelative: homeRelative)))
            startTimes[pid] = now
            return .done
        case .failure(var failure):
            // The program as the config wrote it, with what its ~ was.
            if homeRelative.contains(0), let home, let written = arguments.first {
                failure.program = written
                failure.home = home
            }
            return .failed(reason: "exec: \(failure)")
        }
    }
}
