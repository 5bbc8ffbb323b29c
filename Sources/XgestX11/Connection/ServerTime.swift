import CXgest

extension XDisplay {
    /// The server's current time: a property change on a private window comes back as a
    /// PropertyNotify carrying it. Costs one round trip; used once, when a recording starts.
    public func serverTime() -> UInt32 {
        let dpy = handle
        var attributes = XSetWindowAttributes()
        attributes.event_mask = Int(PropertyChangeMask)
        let w = XCreateWindow(
            dpy, root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil, UInt(CWEventMask), &attributes)
        defer { XDestroyWindow(dpy, w) }
        let property = atom("_XGEST_TIMESTAMP")
        var byte: UInt8 = 0
        XChangeProperty(dpy, w, property, Atom(XA_STRING), 8, PropModeReplace, &byte, 0)
        var event = XEvent()
        // Waits for that one event only; everything else stays queued for the input source.
        XWindowEvent(dpy, w, Int(PropertyChangeMask), &event)
        return UInt32(truncatingIfNeeded: event.xproperty.time)
    }
}
