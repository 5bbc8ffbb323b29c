import CXgest
import Glibc
import Synchronization
import SystemPackage
import XgestSystem

/// What xgest's actions hold through XTest and the keymap (the keys of a `key-down`, the
/// button of a `drag`, the keymap rows a combo mapped a keysym onto), in a small file beside
/// the instance lock while they are held, and only then.
///
/// A run killed in the middle (SIGKILL, the OOM killer, a crash) leaves them: the server
/// keeps an XTest device's state and the keymap after its client is gone. The next run
/// releases what this file lists, if it is still down (``LeftoverXTestInput``), and clears
/// the rows it lists that still carry what was recorded (``LeftoverKeymapRows``), and
/// nothing else: the XTest devices and the keymap are every client's, and a key down there
/// may be a VNC user's Shift or an on-screen keyboard's, held on purpose.
public enum HeldInputFile {
    /// The file, beside the instance lock: set once at start-up by the command that holds
    /// the lock; nil: nothing is kept, and nothing is released at start.
    nonisolated(unsafe) public static var path: String?

    /// Says, once a run, that the file cannot be kept (standard error unless replaced).
    nonisolated(unsafe) static var report: (String) -> Void = {
        writeStandardError("xgest: " + $0 + "\n", priority: .warning)
    }

    /// A spare keycode's row a combo mapped a keysym onto: the keycode and the keysyms xgest
    /// wrote there (the row was empty before, as every spare keycode's is).
    struct MappedRow: Equatable, Sendable {
        var keycode: UInt8
        var keysyms: [KeySym]
    }

    /// What the file lists, and what it says now as this process wrote it (nil when it
    /// wrote none, or removed it).
    private struct State {
        var keycodes: [UInt8] = []
        var button: Int?
        var rows: [MappedRow] = []
        var written: String?
        /// Whether a file that could not be written was said.
        var reported = false

        var text: String {
            keycodes.map { "key \($0)\n" }.joined() + (button.map { "button \($0)\n" } ?? "")
                + rows.map { row in
                    "keymap \(row.keycode)" + row.keysyms.map { " " + String($0, radix: 16) }.joined() + "\n"
                }.joined()
        }
    }

    private static let state = Mutex(State())

    /// What the last run left listed.
    struct Leftover {
        var keycodes: [UInt8] = []
        var buttons: [Int] = []
        var rows: [MappedRow] = []
    }

    /// Records what is held: written when it changes, removed once nothing is.
    static func record(keycodes: [UInt8], button: Int?, mappedRows: [MappedRow]) {
        update {
            $0.keycodes = keycodes
            $0.button = button
            $0.rows = mappedRows
        }
    }

    /// Records the rows mapped now, before the request that maps the newest reaches the
    /// server: a run killed between the two leaves a row listed that does not carry its
    /// keysyms, which the next run leaves alone, where the other order could leave a row
    /// mapped and not listed. A combo whose keysyms are all on the keymap comes nowhere near.
    static func recordMapped(_ rows: [MappedRow]) {
        update { $0.rows = rows }
    }

    private static func update(_ change: (inout State) -> Void) {
        guard let path else { return }
        state.withLock { state in
            change(&state)
            let text = state.text
            guard text != (state.written ?? "") else { return }
            if text.isEmpty {
                unlink(path)
                state.written = nil
            } else if let problem = write(text, to: path) {
                guard !state.reported else { return }
                state.reported = true
                report(
                    "cannot keep \(path), the list of what xgest holds: \(problem); a key or button it holds"
                        + " stays down if xgest is killed, the next run cannot release it")
            } else {
                state.written = text
            }
        }
    }

    /// What an earlier run left listed, and forgets it (the file is removed).
    static func takeLeftover() -> Leftover {
        guard let path else { return Leftover() }
        defer {
            unlink(path)
            state.withLock { $0 = State() }
        }
        guard let text = read(path) else { return Leftover() }
        var leftover = Leftover()
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2, words[0] == "key", let k = UInt8(words[1]) { leftover.keycodes.append(k) }
            if words.count == 2, words[0] == "button", let b = Int(words[1]), b > 0 { leftover.buttons.append(b) }
            if words.count > 2, words[0] == "keymap", let k = UInt8(words[1]) {
                let keysyms = words.dropFirst(2).compactMap { KeySym($0, radix: 16) }
                if keysyms.count == words.count - 2 { leftover.rows.append(MappedRow(keycode: k, keysyms: keysyms)) }
            }
        }
        return leftover
    }

    /// Forgets the record once what it lists was released (on a new connection, as the
    /// connection is lost). Called from Xlib's I/O error handler: no lock is taken.
    static func releasedElsewhere() {
        guard let path else { return }
        unlink(path)
    }

    /// The largest file read back: a line for each key held and each keycode mapped (at most
    /// 248 of them, some 70 bytes each); anything longer is not xgest's.
    private static let maximumBytes = 32768

    /// Writes `text` as the whole file; nil when it did, else why not.
    private static func write(_ text: String, to path: String) -> String? {
        // The directory is the lock's, private to the user; a link put at the name is
        // refused, and so is anything but a regular file: a FIFO would hold the open (the
        // daemon frozen with a key down) until something read it, so it is opened without
        // waiting, and refused once open.
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        if let kind = notRegular(fd) { return "it is \(kind), not a regular file" }
        guard ftruncate(fd, 0) == 0 else { return String(cString: strerror(errno)) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if written < 0 { return String(cString: strerror(errno)) }
        return written == bytes.count
            ? nil : "only \(written) of \(bytes.count) bytes written (is its file system full?)"
    }

    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard notRegular(fd) == nil else { return nil }
        var buffer = [UInt8](repeating: 0, count: maximumBytes)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }

    /// What the open file is when it is not a regular file ("a FIFO"), else nil.
    private static func notRegular(_ fd: Int32) -> String? {
        guard let type = try? FileDescriptor(rawValue: fd).stat().type else { return "of a kind it cannot tell" }
        return type == .regular ? nil : type.described
    }
}
