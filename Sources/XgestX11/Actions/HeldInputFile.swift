import Glibc
import Synchronization

/// What xgest's actions hold down through XTest (the keys of a `key-down`, the button of a
/// `drag`), in a small file beside the instance lock while they are held, and only then.
///
/// A run killed in the middle (SIGKILL, the OOM killer, a crash) leaves them down: the
/// server keeps an XTest device's state after its client is gone. The next run releases
/// what this file lists, if it is still down (``LeftoverXTestInput``), and nothing else:
/// the XTest devices are every client's, and a key down there may be a VNC user's Shift
/// or an on-screen keyboard's, held on purpose.
public enum HeldInputFile {
    /// The file, beside the instance lock: set once at start-up by the command that holds
    /// the lock; nil: nothing is kept, and nothing is released at start.
    nonisolated(unsafe) public static var path: String?

    /// What the file says now, as this process wrote it; nil when it wrote none (or removed it).
    private static let written = Mutex<String?>(nil)

    /// Records what is held: written when it changes, removed once nothing is.
    static func record(keycodes: [UInt8], button: Int?) {
        guard let path else { return }
        let text = keycodes.map { "key \($0)\n" }.joined() + (button.map { "button \($0)\n" } ?? "")
        written.withLock { last in
            guard text != (last ?? "") else { return }
            if text.isEmpty {
                unlink(path)
                last = nil
            } else if write(text, to: path) {
                last = text
            }
        }
    }

    /// What an earlier run left listed, and forgets it (the file is removed).
    static func takeLeftover() -> (keycodes: [UInt8], buttons: [Int]) {
        guard let path else { return ([], []) }
        defer {
            unlink(path)
            written.withLock { $0 = nil }
        }
        guard let text = read(path) else { return ([], []) }
        var keycodes: [UInt8] = []
        var buttons: [Int] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count == 2 else { continue }
            if words[0] == "key", let k = UInt8(words[1]) { keycodes.append(k) }
            if words[0] == "button", let b = Int(words[1]), b > 0 { buttons.append(b) }
        }
        return (keycodes, buttons)
    }

    /// Forgets the record once what it lists was released (on a new connection, as the
    /// connection is lost). Called from Xlib's I/O error handler: no lock is taken.
    static func releasedElsewhere() {
        guard let path else { return }
        unlink(path)
    }

    /// The largest file read back: a few lines; anything longer is not xgest's.
    private static let maximumBytes = 4096

    private static func write(_ text: String, to path: String) -> Bool {
        // The directory is the lock's, private to the user; a link put at the name is refused.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count
    }

    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: maximumBytes)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }
}
