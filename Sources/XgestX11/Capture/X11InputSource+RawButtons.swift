import CXgest

/// The buttons down on each master pointer, whichever device holds them, from the raw
/// events: a press made while another button of the master is down goes to that button's
/// grab (an application's implicit one), not to any passive grab.
extension X11InputSource {
    /// Notes a raw press or release in ``rawButtonsDown``; returns whether, at a press,
    /// another button of the master was down already.
    func noteRawButton(_ evtype: Int32, _ e: XIRawEvent) -> Bool {
        let button = DeviceButton(source: e.sourceid, button: Int(e.detail))
        switch evtype {
        case XI_RawButtonPress:
            let others = rawButtonsDown[e.deviceid].map { !$0.subtracting([button]).isEmpty } ?? false
            rawButtonsDown[e.deviceid, default: []].insert(button)
            return others
        case XI_RawButtonRelease:
            rawButtonsDown[e.deviceid]?.remove(button)
            if rawButtonsDown[e.deviceid]?.isEmpty == true { rawButtonsDown[e.deviceid] = nil }
            return false
        default:
            return false
        }
    }
}
