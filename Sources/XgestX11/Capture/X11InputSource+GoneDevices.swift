import XgestCore
import XgestXlib

extension X11InputSource {
    /// Says each BadDevice read this pass to a request that named a device by its id
    /// without waiting (``XDisplay/naming(_:_:)``): the device went before the server took
    /// it. The error is dropped; a later check never takes it as its own. No round trip.
    func reportRequestsToGoneDevices(_ handle: (CapturedEvent) -> Void) {
        for dropped in display.takeDroppedDeviceErrors() { handle(.requestToGoneDevice(line: dropped.line)) }
    }
}

extension DeviceRequestError {
    /// `request to a gone device dropped: accept of touch 1 of device 6 sent to its master,
    /// device 10 "second pointer": the device went before the server took it (BadDevice)`.
    var line: String {
        let device = "device \(request.device)" + (request.deviceName.map { " \"\(DisplayText.quotable($0))\"" } ?? "")
        let what: String
        switch request.kind {
        case .touchVerdict(let accept, let touch, let slave):
            what = "\(accept ? "accept" : "reject") of touch \(touch) of device \(slave) sent to its master, \(device)"
        case .stateCopyMotion(let slave):
            what = "XTest motion of \(device) (copying device \(slave)'s state to its master)"
        }
        return "request to a gone device dropped: \(what): the device went before the server took it (BadDevice)"
    }
}
