import CXgest

/// Xlib's queue of events read and not yet handled, looked into without taking anything:
/// whether a stroke grab's press or a hierarchy change is already there, how many raw
/// pointer events have come.
extension XDisplay {
    /// Whether Xlib's queue holds an XInput event of type `evtype` (on the root window
    /// only a stroke grab sends xgest an XI_ButtonPress).
    func holdsQueued(_ evtype: Int32) -> Bool { queuedCount(of: [evtype]) > 0 }

    /// How many XInput events of the types `evtypes` Xlib's queue holds.
    func queuedCount(of evtypes: [Int32]) -> Int {
        // The extension's opcode, the count so far, how many types, then the types.
        var scan: [Int32] = [xiOpcode, 0, Int32(evtypes.count)] + evtypes
        return scan.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var ignored = XEvent()
            _ = base.withMemoryRebound(to: CChar.self, capacity: buffer.count * MemoryLayout<Int32>.size) { arg in
                XCheckIfEvent(
                    handle, &ignored,
                    { _, event, arg -> Int32 in
                        guard let event, let arg else { return False }
                        let scan = UnsafeMutableRawPointer(arg).assumingMemoryBound(to: Int32.self)
                        let e = event.pointee
                        if e.type == GenericEvent, e.xcookie.extension == scan[0],
                            UnsafeBufferPointer(start: scan + 3, count: Int(scan[2])).contains(e.xcookie.evtype)
                        {
                            scan[1] += 1
                        }
                        // Never true: nothing is taken from the queue.
                        return False
                    }, arg)
            }
            return Int(buffer[1])
        }
    }
}
