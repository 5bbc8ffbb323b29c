/// A request xgest sends naming a device by its id, not waited for, which the server
/// answers with BadDevice when the device went before it took the request (see
/// ``XErrorLog/naming(_:badDevice:on:_:)``): what it was, to say so in `--debug`.
/// Plain values, so that filing one costs no allocation.
public struct DeviceRequest: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// XIAllowTouchEvents on `touch` of `slave`, naming its master.
        case touchVerdict(accept: Bool, touch: UInt32, slave: Int)
        /// An XTest motion of no distance from the device, which makes the server copy
        /// `slave`'s state to its master (X11InputSource+EmulatedButton).
        case stateCopyMotion(slave: Int)
    }

    /// The device the request names.
    public var device: Int
    /// Its name when the request was sent: gone by the time the error is read.
    public var deviceName: String?
    public var kind: Kind

    public init(device: Int, deviceName: String?, kind: Kind) {
        self.device = device
        self.deviceName = deviceName
        self.kind = kind
    }
}

/// A BadDevice the server sent for a ``DeviceRequest``: the device was gone.
public struct DeviceRequestError: Hashable, Sendable {
    public var request: DeviceRequest
    public var error: XErrorRecord
}
