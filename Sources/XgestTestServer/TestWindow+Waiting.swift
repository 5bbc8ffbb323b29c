import CXgest
import Glibc

extension TestWindow {
    /// Collects events until `isComplete` holds for everything collected so far, blocking
    /// on the connection in between, for events caused by another process (xgest's
    /// actions) whose timing no driver sync can pin down. Returns what was collected,
    /// complete or not once `timeoutMilliseconds` pass.
    public func collectEvents(
        timeoutMilliseconds: Int = 5_000, until isComplete: ([TestWindowEvent]) -> Bool
    ) throws -> [TestWindowEvent] {
        guard let display else { throw TestServerError.serverNotRunning }
        let deadline = Deadline(millisecondsFromNow: timeoutMilliseconds)
        var events = try receivedEvents()
        while !isComplete(events), !deadline.hasPassed {
            _ = try waitForEvents(fd: XConnectionNumber(display), events: Int16(POLLIN), until: deadline)
            events += try receivedEvents()
        }
        return events
    }
}

extension TestWindow {
    /// Waits until the window is viewable: mapped with every ancestor, the frame a
    /// reparenting window manager put it in included. `init` waits only for the window's
    /// own MapNotify, which such a window manager (i3) may grant before it maps the frame.
    /// VisibilityNotify, selected on a connection of its own before the check, says when;
    /// this window's events stay in its queue.
    public func waitUntilViewable(timeoutMilliseconds: Int = 5_000) throws {
        let watcher = try XlibSupport.openDisplay(server.displayName)
        defer { XCloseDisplay(watcher) }
        XSelectInput(watcher, window, VisibilityChangeMask)
        try XlibSupport.syncAndCheck(watcher, request: "XSelectInput")
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(watcher, window, &attributes) != 0 else {
            throw TestServerError.xError(request: "XGetWindowAttributes", errorCode: 0)
        }
        if attributes.map_state == IsViewable { return }
        let deadline = Deadline(millisecondsFromNow: timeoutMilliseconds)
        var event = XEvent()
        while XCheckTypedWindowEvent(watcher, window, VisibilityNotify, &event) == 0 {
            let ready = try waitForEvents(fd: XConnectionNumber(watcher), events: Int16(POLLIN), until: deadline)
            if ready == 0 {
                throw TestServerError.eventTimedOut(what: "VisibilityNotify", milliseconds: timeoutMilliseconds)
            }
            _ = XEventsQueued(watcher, QueuedAfterReading)
        }
    }
}
