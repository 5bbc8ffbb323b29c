import CXgest
import Glibc
import SystemPackage

/// Watches the config file's directory with inotify, so that saving the file in any
/// editor (written in place, or written beside it and renamed over it) is seen, with no
/// polling. The directory, not the file, is watched: a rename replaces the file's inode.
///
/// Only a file closed after writing (IN_CLOSE_WRITE) or renamed into place (IN_MOVED_TO)
/// is read. IN_CREATE is not: a file is created empty and written afterwards, so reading
/// it then adopts a half-written config. Whatever appears at the path is read with
/// ``RegularFile``, which refuses anything but a bounded regular file without blocking.
///
/// The directory itself may go: deleted and made again, or another moved into its place
/// (a dotfile manager replacing `~/.config/xgest`). A watch follows the inode, so it then
/// watched nothing and no save was seen again, SIGHUP or not. When the watched directory
/// goes, or is missing from the start, the nearest directory above it that exists is
/// watched instead, for the next one down to appear; once the config's directory is back,
/// it is watched again and its config counts as changed, since it may have been written
/// before the watch was in place.
///
/// Dotfile managers also leave symlinks: the config a link to a file elsewhere
/// (home-manager, stow), or its directory a link to one elsewhere. A save of the linked
/// file happens in the target's directory, and re-pointing a link happens in the directory
/// holding it, neither of which the directory watch sees. So for a linked config the
/// target's directory is watched too, and for a linked directory the directory holding
/// the link; a link replaced or re-pointed arms everything afresh and counts as a change.
public final class ConfigWatcher {
    public let fileDescriptor: Int32
    public let path: String
    private let name: String
    private let directory: String
    private var watching = Watching.nothing
    /// Watches for symlinks, by descriptor: events naming `name` there count.
    private var links: [Int32: LinkWatch] = [:]

    private struct LinkWatch {
        var name: String
        /// A save of the linked config (its target's directory), or a link re-pointed (the
        /// directory holding a linked config directory): the latter arms afresh.
        var rearms: Bool
    }

    /// What the one watch is on.
    private enum Watching {
        case nothing
        /// The config's directory: saves of the config are seen.
        case directory(descriptor: Int32)
        /// The nearest existing directory above it, for `next`, the name of the directory
        /// below it on the way down, to appear.
        case ancestor(descriptor: Int32, next: String)
    }

    /// IN_CREATE counts only for a symlink, which is whole when it is made.
    private static let directoryMask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE_SELF | IN_MOVE_SELF)
    private static let linkHolderMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
    private static let ancestorMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Nil when inotify has no instance to give.
    public init?(path: String) {
        let slash = path.lastIndex(of: "/")
        directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        self.path = path
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        fileDescriptor = fd
        _ = arm()
    }

    deinit { close(fileDescriptor) }

    /// Why the config's directory cannot be watched when it is there but refused (no
    /// permission to read it, no inotify watch left): the system's reason; nil otherwise.
    public private(set) var refusal: String?

    /// Whether the config's own directory is watched, so that its saves are seen.
    public var watchesTheDirectory: Bool {
        if case .directory = watching { return true }
        return false
    }

    /// Watches the config's directory, or the nearest existing one above it; true when
    /// the config's directory is watched. Called again (SIGHUP) it starts afresh.
    @discardableResult
    public func arm() -> Bool {
        switch watching {
        case .nothing: break
        case .directory(let wd), .ancestor(let wd, _): inotify_rm_watch(fileDescriptor, wd)
        }
        for wd in links.keys { inotify_rm_watch(fileDescriptor, wd) }
        links = [:]
        watching = .nothing
        refusal = nil
        let watched = watchTheDirectory()
        watchLinks()
        return watched
    }

    /// The config's directory, or the nearest existing one above it.
    private func watchTheDirectory() -> Bool {
        var below: String?
        var candidate = directory
        while true {
            let mask = below == nil ? Self.directoryMask : Self.ancestorMask
            let wd = inotify_add_watch(fileDescriptor, candidate, mask | UInt32(IN_ONLYDIR))
            if wd >= 0 {
                watching = below.map { .ancestor(descriptor: wd, next: $0) } ?? .directory(descriptor: wd)
                return below == nil
            }
            // Only a missing directory is worth looking above; anything else (no permission,
            // no more watches) leaves nothing watched, and says why.
            guard errno == ENOENT || errno == ENOTDIR, let up = Self.parent(of: candidate) else {
                refusal = "\(candidate): \(Errno(rawValue: errno).reason)"
                return false
            }
            below = up.name
            candidate = up.path
        }
    }

    /// For a config that is a symlink, its target's directory; for a config directory that
    /// is one, the directory holding it (see the type's notes).
    private func watchLinks() {
        if Self.isSymlink(path), let target = Self.resolved(path), let up = Self.parent(of: target) {
            addLinkWatch(
                on: up.path, mask: UInt32(IN_CLOSE_WRITE | IN_MOVED_TO), LinkWatch(name: up.name, rearms: false))
        }
        if Self.isSymlink(directory), let up = Self.parent(of: directory) {
            addLinkWatch(on: up.path, mask: Self.linkHolderMask, LinkWatch(name: up.name, rearms: true))
        }
    }

    /// IN_MASK_ADD: a directory already watched (the target beside the link) keeps what
    /// it was watched for. The config's own directory sees its saves already.
    private func addLinkWatch(on directory: String, mask: UInt32, _ link: LinkWatch) {
        let wd = inotify_add_watch(fileDescriptor, directory, mask | UInt32(IN_ONLYDIR) | UInt32(IN_MASK_ADD))
        guard wd >= 0 else { return }
        if case .directory(let main) = watching, main == wd, !link.rearms { return }
        links[wd] = link
    }

    private static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The path with every symlink resolved; nil when it leads nowhere.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Reads the pending notifications; true when one concerned the config file, or the
    /// config's directory came back (see the type's notes).
    func configChanged() -> Bool {
        var changed = false
        var rearm = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes {
                    (
                        $0.load(fromByteOffset: offset, as: Int32.self),
                        $0.load(fromByteOffset: offset + 4, as: UInt32.self),
                        Int($0.load(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + header)..<min(n, offset + header + length)]
                let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Notifications were lost: the config may have been saved among them.
                    changed = true
                    continue
                }
                let gone = mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0
                if let link = links[wd], eventName == link.name {
                    changed = true
                    rearm = rearm || link.rearms
                }
                switch watching {
                case .directory(let watched) where wd == watched:
                    if gone {
                        rearm = true
                    } else if eventName == name {
                        // A file is created empty and written after; a symlink is whole.
                        let linked = Self.isSymlink(path)
                        if mask & UInt32(IN_CREATE) == 0 || linked { changed = true }
                        // Another link, or a file where a link was: follow its target.
                        if linked || !links.isEmpty { rearm = true }
                    }
                case .ancestor(let watched, let next) where wd == watched:
                    if gone || eventName == next { rearm = true }
                case .nothing, .directory, .ancestor:
                    break  // a watch already removed
                }
            }
        }
        if rearm, arm(), TextFile.exists(path) { changed = true }
        return changed
    }

    /// The directory above `path` and the name of `path` in it; nil at the root.
    private static func parent(of path: String) -> (path: String, name: String)? {
        guard path != "/", path != "." else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        return (slash == path.startIndex ? "/" : String(path[..<slash]), name)
    }
}
