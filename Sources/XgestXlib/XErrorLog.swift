import CXgest
import Synchronization

/// One protocol error the X server sent back, copied out of Xlib's XErrorEvent.
public struct XErrorRecord: Hashable, Sendable {
    public var serial: UInt
    public var resource: UInt
    public var errorCode: UInt8
    public var requestCode: UInt8
    public var minorCode: UInt8
}

/// Xlib's error handling for every connection the process opens: protocol errors are kept
/// per display until a checked call takes them, instead of Xlib's print-and-exit, and a
/// lost connection calls the process's own handler.
///
/// Xlib calls the error handler synchronously, from the thread that made the request that
/// failed, while that thread is inside Xlib; callers take the errors after their request
/// returns (after an XSync when they need them all). Tests open connections on several
/// threads, so the log is behind a mutex. It keeps the newest ``capacity`` errors: a
/// caller that never takes its errors cannot grow it.
public enum XErrorLog {
    /// Errors kept at most, across displays.
    public static let capacity = 32

    private struct Entry: Sendable {
        /// The Display's address: a pointer is not Sendable, an address is.
        var display: UInt
        var error: XErrorRecord
    }

    private static let entries = Mutex<[Entry]>([])
    private static let ioErrorHandler = Mutex<(@convention(c) (OpaquePointer?) -> Void)?>(nil)

    /// Installs the handlers (again is harmless). `onIOError` runs when a connection is
    /// lost and must not return: Xlib exits the process if it does.
    public static func install(onIOError: @escaping @convention(c) (OpaquePointer?) -> Void) {
        ioErrorHandler.withLock { $0 = onIOError }
        XSetErrorHandler(recordError)
        XSetIOErrorHandler(ioError)
        // libXext prints "Xlib:  extension "XTEST" missing on display" raw on stderr at each
        // call into an extension the server lacks; xgest checks for the extensions it uses
        // and says in its own words what goes without one.
        XSetExtensionErrorHandler(ignoreMissingExtension)
    }

    /// Removes and returns the oldest error recorded for `display`.
    public static func take(for display: OpaquePointer) -> XErrorRecord? {
        let address = UInt(bitPattern: display)
        return entries.withLock { list in
            guard let i = list.firstIndex(where: { $0.display == address }) else { return nil }
            return list.remove(at: i).error
        }
    }

    /// Removes and returns the oldest error recorded for `display` whose serial is in
    /// `serials`: one of the requests sent there. Errors of other requests stay, so a
    /// caller never takes another request's error as its own (a BadDevice to a touch
    /// verdict read during its round trip, where its own BadWindow came after).
    public static func take(for display: OpaquePointer, in serials: Range<UInt>) -> XErrorRecord? {
        let address = UInt(bitPattern: display)
        return entries.withLock { list in
            guard let i = list.firstIndex(where: { $0.display == address && serials.contains($0.error.serial) })
            else { return nil }
            return list.remove(at: i).error
        }
    }

    /// Drops everything kept for `display`, which is closing: another opened later may get
    /// its address.
    public static func forget(_ display: OpaquePointer) {
        let address = UInt(bitPattern: display)
        clear(for: display)
        forgetDeviceRequests(address)
    }

    /// Drops every error recorded for `display`.
    public static func clear(for display: OpaquePointer) {
        let address = UInt(bitPattern: display)
        entries.withLock { list in list.removeAll { $0.display == address } }
    }

    fileprivate static func record(_ display: OpaquePointer?, _ e: XErrorEvent) {
        let entry = Entry(
            display: UInt(bitPattern: display),
            error: XErrorRecord(
                serial: e.serial, resource: e.resourceid, errorCode: e.error_code, requestCode: e.request_code,
                minorCode: e.minor_code))
        if fileDeviceError(entry.display, entry.error) { return }
        entries.withLock { list in
            if list.count == capacity { list.removeFirst() }  // keep the newest
            list.append(entry)
        }
    }

    fileprivate static func connectionLost(_ display: OpaquePointer?) {
        ioErrorHandler.withLock { $0 }?(display)
    }
}

private let recordError: @convention(c) (OpaquePointer?, UnsafeMutablePointer<XErrorEvent>?) -> Int32 = {
    display, event in
    if let event { XErrorLog.record(display, event.pointee) }
    return 0
}

private let ignoreMissingExtension:
    @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?)
        -> Int32 = { _, _, _ in 0 }

private let ioError: @convention(c) (OpaquePointer?) -> Int32 = { display in
    XErrorLog.connectionLost(display)
    return 0  // Xlib exits after this returns; the handler is expected not to.
}
