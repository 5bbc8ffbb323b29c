import CXgest
import XgestCore

/// Whether a screen locker is up, as the X server shows it, so that no gesture acts
/// behind it (a bound tap typing into the locker's password field, or running a command).
///
/// X has no "locked" state. Nearly every X locker maps override-redirect windows over every
/// monitor: one over the whole root (i3lock, xsecurelock, slock) or one per monitor
/// (xscreensaver); a frame of a few pixels left around a monitor's edge counts as covered
/// (``uncoveredEdgePixels``). With every monitor covered by them, the screen counts as locked when
/// - xscreensaver's `_SCREENSAVER_STATUS` on the root window starts with the atom `LOCK` or
///   `BLANK` (locked, or blanked: then input only wakes it), or
/// - another client holds the keyboard grab, as every locker does.
/// Windows with an empty input shape do not count: input passes through them (a
/// compositor's overlay window is one, full-screen and override-redirect all the time).
/// Nor do the window manager's (``WindowManagerWindows``): i3's frames and Fluxbox's with
/// its toolbar are override-redirect and cover the screen whenever the windows are tiled or
/// one is maximized, and a password prompt's or a VM viewer's keyboard grab paused every
/// gesture; maximizing a window let go of the keys a gesture held.
/// A full-screen override-redirect window alone is not enough, nor a keyboard grab alone
/// (what every open menu holds), nor the status alone (a killed xscreensaver leaves it
/// saying LOCK). A locker that covers nothing (xtrlock grabs the keyboard and the pointer,
/// as a menu or a drag does, with a 1×1 input-only window) is not seen.
///
/// Only the windows the cover needs count (``windowsCovering(_:in:)``). Once locked, the
/// screen stays locked while one of them is mapped, whatever the monitors do: a monitor plugged in while locked (docking) is not
/// covered by a locker that does not follow it, and the session behind is no less locked.
///
/// Nothing is polled: the window stack comes from ``TopLevelWindows``, the property from
/// PropertyNotify on the root (read once a pass however often it changed), and the
/// keyboard grab is probed only while a covering window is mapped: when one appears, when
/// the keyboard focus moves because of a grab, and at each gesture's start
/// (``KeyboardGrabProbe``, which has no side effect). The focus's moves are heard on the
/// root and on the covering windows: a locker that maps its window and grabs the keyboard
/// in a later request, while an application's window has the focus, moves the focus from
/// that window to the locker's, and the root hears nothing of it; the gesture under way
/// went on acting behind the locker, and after it.
final class ScreenLockMonitor {
    /// How wide a frame around each monitor's edge may be left uncovered, the monitor still
    /// counting as covered, in pixels. Under a compositing manager xsecurelock draws its lock
    /// screen in a child of the Composite overlay window, which input passes through, and
    /// maps on the root only a window 1 px short of every edge: a frame too thin to matter,
    /// and the locker's pointer grab takes what lands there anyway.
    static let uncoveredEdgePixels = 4.0

    let display: XDisplay
    let keyboardProbe: KeyboardGrabProbe
    let windowManager: WindowManagerWindows
    let statusAtom: Atom
    private let lockAtom: Atom
    private let blankAtom: Atom
    /// xscreensaver says it is locked or blanked.
    private var saverActive = false
    /// Mapped override-redirect windows cover every monitor.
    private(set) var covered = false
    /// The windows that covered the monitors, the last time they did.
    private var coveringWindows: Set<Window> = []
    /// Another client holds the keyboard grab (probed while `covered`).
    private var keyboardGrabbed = false

    private(set) var isLocked = false

    init(display: XDisplay, windowManager: WindowManagerWindows) {
        self.display = display
        self.windowManager = windowManager
        statusAtom = display.atom("_SCREENSAVER_STATUS")
        lockAtom = display.atom("LOCK")
        blankAtom = display.atom("BLANK")
        keyboardProbe = KeyboardGrabProbe(display: display)
        saverActive = readSaverStatus()
    }

    /// The mapped override-redirect windows of `windows` that make up a cover of `areas`
    /// (the monitors), when together they cover every one; nil when some part of one is left
    /// uncovered. Only the windows the cover needs: a small one beside the locker's (a
    /// notification, a panel, a menu) counted as one of the locker's would keep the screen
    /// covered after the locker went, and any later keyboard grab would lock it. The window
    /// manager's own windows are no part of a cover, whatever they cover.
    static func windowsCovering(
        _ areas: [Rect], in windows: TopLevelWindows, windowManager: WindowManagerWindows
    ) -> Set<Window>? {
        let areas = areas.map { $0.inset(by: uncoveredEdgePixels) }
        let over = windows.stack.overrideRedirectEntries.filter { w in
            w.mapped && areas.contains { $0.intersects(w.frame) } && !windowManager.made(w.id)
        }
        guard !over.isEmpty, RectCoverage.covers(areas, with: over.map(\.frame)) else { return nil }
        // Asked only now, when they cover the monitors (a round trip per window the first
        // time): a compositing manager's overlay window covers them all the time, but lets
        // every event through to the windows below; it hides nothing a gesture could reach.
        // A frame holding an application's window is a window manager's, whoever made it
        // (a few round trips, asked only of the windows that cover).
        let solid = over.filter { windows.takesInput($0.id) && !windowManager.holdsAClient($0.id) }
        guard let cover = RectCoverage.coveringSubset(areas, with: solid.map(\.frame)), !cover.isEmpty else {
            return nil
        }
        return Set(cover.map { solid[$0].id })
    }

    /// Top-level `w` changed (made, destroyed, mapped, unmapped, moved, restacked, its input
    /// shape): returns the new lock state when it changed. While the monitors are covered,
    /// only a window covering them can uncover them; while they are not, only a mapped
    /// override-redirect window over one of them can complete a cover. Any other change
    /// (an application's window, however many there are) costs no look at the others,
    /// where each one filtered the whole stack.
    func windowChanged(_ w: Window, in windows: TopLevelWindows, areas: [Rect]) -> Bool? {
        let mayChange: Bool
        if covered {
            mayChange = coveringWindows.contains(w)
        } else if let entry = windows.entry(w) {
            mayChange =
                entry.overrideRedirect && entry.mapped && areas.contains { $0.intersects(entry.frame) }
                && !windowManager.made(w)
        } else {
            mayChange = false
        }
        guard mayChange else { return nil }
        return windowsChanged(windows, areas: areas)
    }

    /// The window stack or the monitors (`areas`) changed: returns the new lock state when
    /// it changed.
    func windowsChanged(_ windows: TopLevelWindows, areas: [Rect]) -> Bool? {
        let nowCovered: Bool
        if isLocked, coveringWindows.contains(where: { windows.entry($0)?.mapped == true }) {
            nowCovered = true
        } else if let over = Self.windowsCovering(areas, in: windows, windowManager: windowManager) {
            nowCovered = true
            coveringWindows = over
        } else {
            nowCovered = false
            coveringWindows = []
        }
        // A covering window that was there already needs no new probe.
        guard nowCovered != covered else { return nil }
        covered = nowCovered
        // Watched before the probe: a grab taken in between is then both probed and heard.
        for w in coveringWindows { display.selectFocusChanges(on: w) }
        keyboardGrabbed = covered && keyboardProbe.anotherClientHoldsTheKeyboard()
        return settle()
    }

    /// The keyboard focus moved because of a grab, or a gesture starts: probes again
    /// while a covering window is mapped. Returns the new lock state when it changed.
    func recheck() -> Bool? {
        guard covered else { return nil }
        keyboardGrabbed = keyboardProbe.anotherClientHoldsTheKeyboard()
        return settle()
    }

    /// Keeps the screen locked after ``recheck()`` found it unlocked: the probe answers for
    /// the server as it is now, and input read before its answer, not yet processed, was
    /// made while the locker was up. The caller checks again once it has processed it.
    func holdLocked() { isLocked = true }

    /// A property of the root window changed: a change of the status is only counted, and
    /// read once at the end of the pass (``readChangedStatus()``). A client rewriting it in a
    /// loop would otherwise cost a round trip per change, and the daemon would fall seconds
    /// behind the input.
    func rootPropertyChanged(_ atom: Atom) {
        if atom == statusAtom { statusChangesUnread += 1 }
    }

    /// The status's changes since it was last read.
    private(set) var statusChangesUnread = 0

    /// At the end of a pass over the events: reads the status once if it changed. Returns the
    /// new lock state when it changed.
    func readChangedStatus() -> Bool? {
        guard statusChangesUnread > 0 else { return nil }
        return settle()
    }

    private func settle() -> Bool? {
        // Read before the lock is judged, whoever judges it: a cover completed in the pass
        // that changed the status is judged on the new status.
        if statusChangesUnread > 0 {
            statusChangesUnread = 0
            saverActive = readSaverStatus()
        }
        // The status alone is not enough: a killed xscreensaver leaves it saying LOCK; its
        // windows, though, go with it.
        let locked = covered && (saverActive || keyboardGrabbed)
        guard locked != isLocked else { return nil }
        isLocked = locked
        return locked
    }

    /// `_SCREENSAVER_STATUS`: [LOCK | BLANK | 0, time, per-screen hack…] (xscreensaver 6).
    private func readSaverStatus() -> Bool {
        guard let first = display.longs(statusAtom, of: display.root, type: Atom(AnyPropertyType), limit: 1)?.first
        else { return false }
        return first == lockAtom || first == blankAtom
    }
}
