import CXgest
import Synchronization

/// Requests naming one device by its id with no round trip, by their serials: the device
/// may be gone by the time the server takes them (unplugged, disabled, a master removed,
/// the hierarchy event not read yet), and their BadDevice is filed apart with the request,
/// never in the log another request's check or ``XErrorLog/take(for:in:)`` reads
/// (docs/x11-notes.md, "A request can outlive the device it names").
extension XErrorLog {
    private struct DeviceGroup: Sendable {
        var display: UInt
        var serials: Range<UInt>
        var request: DeviceRequest
        var badDevice: UInt8
    }

    /// Device groups kept at most: each stands for a request or two whose errors come back
    /// within a round trip, and those the server is known to have taken go first; past
    /// this, the oldest go.
    public static let deviceGroupCapacity = 64

    private struct DeviceRequests: Sendable {
        var groups: [DeviceGroup] = []
        var dropped: [(display: UInt, error: DeviceRequestError)] = []
    }

    private static let deviceRequests = Mutex(DeviceRequests())

    /// Sends `body`'s requests, which name `request.device` by its id and are not waited
    /// for: a BadDevice to one of them (`badDevice`, the XInput extension's code, which
    /// XTEST answers too) means the device was gone when the server took it, and is filed
    /// for ``takeDropped(for:)`` instead of the log. No round trip, and nothing read.
    public static func naming(
        _ request: DeviceRequest, badDevice: UInt8, on display: OpaquePointer, _ body: () -> Void
    ) {
        let address = UInt(bitPattern: display)
        let first = UInt(XNextRequest(display))
        // Every error to a request before the last one the server is known to have taken
        // has been read: those groups are spent.
        let processed = UInt(XLastKnownRequestProcessed(display))
        // Open-ended while `body` runs: a full buffer may send its requests, and read an
        // error to them, before it returns.
        let open = DeviceGroup(display: address, serials: first..<UInt.max, request: request, badDevice: badDevice)
        deviceRequests.withLock { state in
            state.groups.removeAll { $0.display == address && $0.serials.upperBound <= processed }
            if state.groups.count == deviceGroupCapacity { state.groups.removeFirst() }
            state.groups.append(open)
        }
        body()
        let end = UInt(XNextRequest(display))
        deviceRequests.withLock { state in
            guard let i = state.groups.lastIndex(where: { $0.display == address && $0.serials == open.serials })
            else { return }
            if end > first {
                state.groups[i].serials = first..<end
            } else {
                state.groups.remove(at: i)
            }
        }
    }

    /// Removes and returns the BadDevice errors to requests sent by
    /// ``naming(_:badDevice:on:_:)`` on `display`, oldest first.
    public static func takeDropped(for display: OpaquePointer) -> [DeviceRequestError] {
        let address = UInt(bitPattern: display)
        return deviceRequests.withLock { state in
            guard !state.dropped.isEmpty else { return [] }
            let mine = state.dropped.filter { $0.display == address }.map(\.error)
            state.dropped.removeAll { $0.display == address }
            return mine
        }
    }

    /// Files `error` with the device request it answers, when it is that request's
    /// BadDevice; false for any other error, which goes to the log.
    static func fileDeviceError(_ display: UInt, _ error: XErrorRecord) -> Bool {
        deviceRequests.withLock { state in
            guard
                let group = state.groups.last(where: { $0.display == display && $0.serials.contains(error.serial) }),
                group.badDevice == error.errorCode
            else { return false }
            if state.dropped.count == capacity { state.dropped.removeFirst() }
            state.dropped.append((display, DeviceRequestError(request: group.request, error: error)))
            return true
        }
    }

    static func forgetDeviceRequests(_ display: UInt) {
        deviceRequests.withLock { state in
            state.groups.removeAll { $0.display == display }
            state.dropped.removeAll { $0.display == display }
        }
    }
}
