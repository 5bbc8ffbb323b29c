import CXgest

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
        if resourceChangesUnread > 0 {
            let changes = resourceChangesUnread
            resourceChangesUnread = 0
            handle(.resourcesChanged(changes: changes))
        }
    }
}
