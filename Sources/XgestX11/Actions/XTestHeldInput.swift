import CXgest
import Glibc
import Synchronization

/// What xgest holds on the server through XTest (keys a `key-down` pressed, the button
/// of a `drag`, keysyms mapped onto spare keycodes), kept where Xlib's I/O error handler
/// can reach it.
///
/// The server keeps the XTest devices' key and button state, and the keymap, after the
/// client that changed them is gone. A daemon whose connection is cut while the server
/// lives on (`xkill`, XKillClient, a proxy or an SSH tunnel dropping) would otherwise
/// leave Alt down on the whole desktop in the middle of a window switcher. The handler
/// cannot use the dead connection: ``letGo()`` opens a fresh one to the same display,
/// releases everything recorded here, puts the original keymap rows back, and closes it.
/// When the server itself is gone, there is nothing left to release.
enum XTestHeldInput {
    struct Snapshot: Sendable {
        var display = ""
        var keycodes: [UInt8] = []
        var button: Int?
        var keymapRows: [(keycode: UInt8, row: [KeySym])] = []

        var isEmpty: Bool { keycodes.isEmpty && button == nil && keymapRows.isEmpty }
    }

    private static let current = Mutex(Snapshot())

    /// Replaces the record: the action executor calls it after every change of what it holds.
    /// `keycodes` in the order they went down; `keymapRows` are the original rows of the
    /// keycodes mapped for the moment, in the order they were mapped.
    static func record(
        display: String, keycodes: [UInt8], button: Int?, keymapRows: [(keycode: UInt8, row: [KeySym])]
    ) {
        let snapshot = Snapshot(display: display, keycodes: keycodes, button: button, keymapRows: keymapRows)
        current.withLock { $0 = snapshot }
    }

    /// Releases what is recorded on a new connection and forgets it. Returns a line for the
    /// log, or nil when nothing was held. The record is taken out first, so a connection
    /// lost again during the release (its I/O error handler calls this too) finds nothing
    /// and cannot loop.
    static func letGo() -> String? {
        let held = current.withLock { state -> Snapshot in
            let taken = state
            state = Snapshot()
            return taken
        }
        guard !held.isEmpty else { return nil }
        let dpy: OpaquePointer
        switch reconnect(held.display) {
        case .connected(let connection): dpy = connection
        case .serverGone:
            // A server that stopped took what it held with it: the line saying the
            // connection was lost is the whole story, and the record is void.
            HeldInputFile.releasedElsewhere()
            return nil
        case .unanswered:
            return "could not reach the X server again to release what xgest held"
        }
        for keycode in held.keycodes.reversed() { XTestFakeKeyEvent(dpy, UInt32(keycode), False, 0) }
        if let button = held.button { XTestFakeButtonEvent(dpy, UInt32(button), False, 0) }
        for entry in held.keymapRows.reversed() {
            var row = entry.row
            XChangeKeyboardMapping(dpy, Int32(entry.keycode), Int32(row.count), &row, 1)
        }
        XSync(dpy, False)
        XCloseDisplay(dpy)
        HeldInputFile.releasedElsewhere()
        var parts: [String] = []
        if !held.keycodes.isEmpty { parts.append("\(held.keycodes.count) held key(s)") }
        if let button = held.button { parts.append("button \(button)") }
        if !held.keymapRows.isEmpty { parts.append("\(held.keymapRows.count) temporarily mapped keycode(s)") }
        return "released " + parts.joined(separator: ", ") + " on a new connection"
    }

    private enum Reconnection {
        case connected(OpaquePointer)
        case serverGone
        case unanswered
    }

    /// How long a refused connection is tried again while the server's socket stays open.
    private static let reconnectWindowMilliseconds = 1000
    private static let reconnectIntervalMilliseconds = 20

    /// A new connection to `display`. A server stopping closes its clients before its
    /// listening socket, so a connection refused while the socket still takes one is tried
    /// again until the socket goes (the server is gone) or the window ends (RescueDeadline
    /// bounds the whole rescue).
    private static func reconnect(_ display: String) -> Reconnection {
        var waited = 0
        while true {
            if let dpy = XOpenDisplay(display) { return .connected(dpy) }
            // Nothing listening where the server was: its socket, or its port on
            // `localhost` or a numeric address. Nil (cannot be told) counts as listening.
            if (LocalServerSocket.listens(display) ?? TCPServerSocket.listens(display)) == false {
                return .serverGone
            }
            guard waited < reconnectWindowMilliseconds else { return .unanswered }
            var pause = timespec(tv_sec: 0, tv_nsec: reconnectIntervalMilliseconds * 1_000_000)
            nanosleep(&pause, nil)
            waited += reconnectIntervalMilliseconds
        }
    }
}
