import CXgest
import Glibc

/// Watches the config file's directory with inotify, so that saving the file in any
/// editor (written in place, or written beside it and renamed over it) is seen, with no
/// polling. The directory, not the file, is watched: a rename replaces the file's inode.
///
/// Only a file closed after writing (IN_CLOSE_WRITE) or renamed into place (IN_MOVED_TO)
/// is read. IN_CREATE is not: a file is created empty and written afterwards, so reading
/// it then adopts a half-written config. Whatever appears at the path is read with
/// ``RegularFile``, which refuses anything but a bounded regular file without blocking.
public final class ConfigWatcher {
    public let fileDescriptor: Int32
    public let path: String
    private let name: String

    public init?(path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        self.path = path
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            close(fd)
            return nil
        }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Reads the pending notifications; true when one concerned the config file.
    func configChanged() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let nameBytes = buffer[(offset + header)..<min(n, offset + header + length)]
                let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if eventName == name { changed = true }
                offset += header + length
            }
        }
        return changed
    }
}
