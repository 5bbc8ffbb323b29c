import CXgest

/// RandR's change notifications on the root: resolution, rotation, outputs plugged or
/// unplugged, CRTCs switched on or off. Monitors set with `xrandr --setmonitor` send
/// no RandR event of their own: `xrandr` follows them with a screen change only when it
/// also resizes the root; xgest re-reads the monitors on each of these events and on the
/// root's ConfigureNotify.
extension XDisplay {
    /// Selects the notifications; returns RandR's event base, or nil without RandR.
    func selectScreenChanges() -> Int32? {
        var eventBase: Int32 = 0
        var errorBase: Int32 = 0
        guard XRRQueryExtension(handle, &eventBase, &errorBase) != 0 else { return nil }
        let mask =
            RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask
            | RROutputPropertyNotifyMask
        XRRSelectInput(handle, root, Int32(mask))
        return eventBase
    }
}

/// What a RandR event says changed, for the debug trace.
enum ScreenChangeEvent {
    /// Nil when `event` is not RandR's.
    static func describe(_ event: inout XEvent, base: Int32) -> String? {
        switch event.type - base {
        case RRScreenChangeNotify: return "RandR screen change"
        case RRNotify:
            let subtype = withUnsafeMutablePointer(to: &event) {
                UnsafeMutableRawPointer($0).assumingMemoryBound(to: XRRNotifyEvent.self).pointee.subtype
            }
            switch subtype {
            case RRNotify_CrtcChange: return "RandR CRTC change"
            case RRNotify_OutputChange: return "RandR output change"
            case RRNotify_OutputProperty: return "RandR output property change"
            default: return "RandR notify \(subtype)"
            }
        default: return nil
        }
    }
}
