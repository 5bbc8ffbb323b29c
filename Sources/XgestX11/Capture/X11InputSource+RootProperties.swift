import CXgest
import XgestCore

extension X11InputSource {
    /// At the end of a pass: the root properties that changed in it are read once each,
    /// however often they changed. A client rewriting one in a loop (a settings daemon
    /// gone wrong, or any client, since every client may write them) queued a read per
    /// change, a round trip for the screensaver's status and up to a megabyte for the
    /// resources, and the daemon fell seconds behind its input: gestures skipped as stale,
    /// grabbed touches reaching their applications late. Read after the pass's events, the
    /// change is still taken before the loop waits, and a gesture starting meanwhile judges
    /// the lock on the new status (``ScreenLockMonitor``).
    func readChangedRootProperties(_ handle: (CapturedEvent) -> Void) {
        let statusChanges = screenLock.statusChangesUnread
        if statusChanges > 0 {
            let locked = screenLock.readChangedStatus()
            handle(.saverStatusRead(changes: statusChanges))
            lockStateChanged(locked, handle)
        }
        // Another window manager, or none: its windows were no part of a cover, and may be now.
        if windowManager.takeChange() {
            coverChanged({ screenLock.windowsChanged(topLevels, areas: lockAreas) }, handle)
        }
        _ = activeWindowNow()
        if resourceChangesUnread > 0 {
            let changes = resourceChangesUnread
            resourceChangesUnread = 0
            handle(.resourcesChanged(changes: changes))
        }
    }

    /// ``activeWindow``, read first when a change of it was seen since it was last read: at
    /// the end of each pass, and for the trace line of an action run in the pass that saw
    /// the change (after the action, so not on its way).
    public func activeWindowNow() -> WindowInfo? {
        if activeWindowChangesUnread > 0 {
            activeWindowChangesUnread = 0
            if followsActiveWindow { activeWindow = readActiveWindow() }
        }
        return activeWindow
    }

    /// The window `_NET_ACTIVE_WINDOW` names, described (a few round trips, at a change of
    /// the focus, never on an action's way); nil when it names none or one that is gone.
    private func readActiveWindow() -> WindowInfo? {
        guard let id = display.longs(activeWindowAtom, of: display.root, type: Atom(XA_WINDOW), limit: 1)?.first,
            id != 0
        else { return nil }
        return locator.windowInfo(Window(id))
    }
}
