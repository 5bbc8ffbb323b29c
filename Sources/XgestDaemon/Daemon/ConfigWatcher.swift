import CXgest
import Glibc
import SystemPackage

/// Watches the config file's directory with inotify, so that saving the file in any
/// editor (written in place, or written beside it and renamed over it) is seen, with no
/// polling. The directory, not the file, is watched: a rename replaces the file's inode.
///
/// Only a file closed after writing (IN_CLOSE_WRITE after an IN_MODIFY) or renamed into
/// place (IN_MOVED_TO) is read. IN_CREATE is not: a file is created empty and written
/// afterwards, so reading it then adopts a half-written config. Nor is a file closed with
/// nothing written: GLib's editors (gedit, GNOME Text Editor, mousepad) open the old file
/// for writing, close it unwritten, and then rename the new one over it, so the old config
/// was read first and its errors said again for the save that fixed them; `touch` too. Whatever appears at the path is read with
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
/// holding it, neither of which the directory watch sees. So the directory holding each
/// link the path leads through is watched too, whatever name of the path it is (`~/.config`
/// itself, `dotfiles/current` inside a link's target, the config's directory, a link of a
/// chain to the config), and for a linked config the final target's directory; a link
/// replaced or re-pointed arms everything afresh and counts as a change. The chain is followed link
/// by link, not resolved at once, so that a link to nothing (the target not checked out
/// yet) still has its target's directory watched, or the nearest one above it that exists,
/// as a missing config directory is: the config is read once the target is written.
public final class ConfigWatcher {
    public let fileDescriptor: Int32
    public let path: String
    private let name: String
    private let directory: String
    private var watching = Watching.nothing
    /// Watches for symlinks, by descriptor; one directory may hold several of the names.
    private var links: [Int32: [LinkWatch]] = [:]

    /// A name, in a watched directory, that a symlink leads through.
    private struct LinkWatch {
        var name: String
        /// The name's path, to see whether it is a symlink now.
        var path: String
        var role: Role
        /// The events that concern it; a directory watched for several names is told of
        /// every event any of them wants.
        var events: UInt32
    }

    private enum Role {
        /// The linked config itself, at the end of the chain: its saves count.
        case target
        /// A link further along the chain, or a linked config directory: a new one there
        /// (re-pointed) arms afresh.
        case link
        /// The nearest existing directory above a missing one on the way to the target:
        /// the next one down appearing arms afresh.
        case ancestor
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

    /// IN_CREATE counts only for a symlink, which is whole when it is made; IN_MODIFY only
    /// makes the next IN_CLOSE_WRITE count; IN_DELETE and IN_MOVED_FROM only note that the
    /// config went (``sawRemoval``).
    private static let directoryMask = UInt32(
        IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_DELETE_SELF | IN_MOVE_SELF | IN_DELETE
            | IN_MOVED_FROM)
    private static let removedMask = UInt32(IN_DELETE | IN_MOVED_FROM)
    private static let selfMask = UInt32(IN_DELETE_SELF | IN_MOVE_SELF)
    private static let savedMask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE)
    /// The config (or its link's target) was written, or renamed into place, since it was
    /// last closed: its next close is a save.
    private var writtenSinceClose = false
    /// A link made, or renamed into place (`ln -sf` does either).
    private static let madeMask = UInt32(IN_CREATE | IN_MOVED_TO)
    /// A linked config directory's link: removed counts too, so that the nearest existing
    /// directory above is watched for the next one.
    private static let linkHolderMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE)
    private static let ancestorMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
    /// Links followed at most, as the kernel does (its ELOOP limit): a loop ends there.
    private static let maximumLinksFollowed = 40

    /// Why no watcher can be made: inotify has no instance to give.
    public struct Unavailable: Error {
        public let reason: String
    }

    public init(path: String) throws(Unavailable) {
        let slash = path.lastIndex(of: "/")
        directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        self.path = path
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw Unavailable(reason: InotifyFailure.starting(errno)) }
        fileDescriptor = fd
        _ = arm()
    }

    deinit { close(fileDescriptor) }

    /// Why a directory that saves of the config happen in cannot be watched when it is there
    /// but refused (no permission to read it, no inotify watch left): the config's own, or
    /// for a linked config the directory of a link or of its target. The directory and the
    /// reason; nil when every one is watched.
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
        // The old watches go only once the new ones are in place: a directory watched
        // before and after keeps its watch, so that a save closed meanwhile is not lost.
        var old = Set(links.keys)
        switch watching {
        case .nothing: break
        case .directory(let wd), .ancestor(let wd, _): old.insert(wd)
        }
        links = [:]
        watching = .nothing
        refusal = nil
        let watched = watchTheDirectory()
        watchLinks()
        configIsALink = Self.isSymlink(path)
        switch watching {
        case .nothing: break
        case .directory(let wd), .ancestor(let wd, _): old.remove(wd)
        }
        for wd in old.subtracting(links.keys) { inotify_rm_watch(fileDescriptor, wd) }
        return watched
    }

    /// Whether the config was a symlink when armed: a file made in its place ends the
    /// chain there, and the link's watches are armed afresh.
    private var configIsALink = false

    /// The config's directory, or the nearest existing one above it.
    private func watchTheDirectory() -> Bool {
        switch watchNearest(directory, mask: Self.directoryMask, flags: 0) {
        case .watched(let wd, nil):
            watching = .directory(descriptor: wd)
            return true
        case .watched(let wd, let next?):
            watching = .ancestor(descriptor: wd, next: next)
        case .refused(let reason):
            refusal = reason
        }
        return false
    }

    private enum NearestWatch {
        /// `next`: nil when the directory itself is watched, else the name below the
        /// watched one on the way to it.
        case watched(descriptor: Int32, next: String?)
        case refused(String)
    }

    /// Watches `start` with `mask`, or when it is missing the nearest existing directory
    /// above it with ``ancestorMask``. A link to nothing on the way is followed to where it
    /// points: that is where the directory will appear.
    private func watchNearest(_ start: String, mask: UInt32, flags: UInt32) -> NearestWatch {
        var below: String?
        var candidate = start
        var linksFollowed = 0
        while true {
            let wanted = below == nil ? mask : Self.ancestorMask
            let wd = inotify_add_watch(fileDescriptor, candidate, wanted | flags | UInt32(IN_ONLYDIR))
            if wd >= 0 { return .watched(descriptor: wd, next: below) }
            let failure = errno
            if failure == ENOENT, linksFollowed < Self.maximumLinksFollowed, let target = Self.linkTarget(candidate) {
                linksFollowed += 1
                candidate = target
                continue
            }
            // Only a missing directory is worth looking above; anything else (no permission,
            // no more watches) leaves nothing watched, and says why.
            guard failure == ENOENT || failure == ENOTDIR, let up = Self.parent(of: candidate) else {
                return .refused("\(candidate): \(InotifyFailure.watching(failure))")
            }
            below = up.name
            candidate = up.path
        }
    }

    /// For a config that is a symlink, the directory of each further link and of its
    /// final target; for a config directory that is one, the directory holding it (see the
    /// type's notes).
    private func watchLinks() {
        watchEveryLinkOnTheWay()
        var link = path
        for _ in 0..<Self.maximumLinksFollowed {
            guard Self.isSymlink(link), let target = Self.linkTarget(link) else { break }
            link = target
        }
        if link != path, let up = Self.parent(of: link) {
            switch watchNearest(up.path, mask: Self.savedMask | Self.selfMask, flags: UInt32(IN_MASK_ADD)) {
            case .watched(let wd, nil):
                links[wd, default: []].append(
                    LinkWatch(name: up.name, path: link, role: .target, events: Self.savedMask))
            case .watched(let wd, let next?):
                links[wd, default: []].append(LinkWatch(name: next, path: "", role: .ancestor, events: Self.madeMask))
            case .refused(let reason):
                // Saves of the target go unseen; SIGHUP still reloads.
                if refusal == nil { refusal = reason }
            }
        }
    }

    /// Every symlink the config's path leads through, in any of its names (`~/.config`
    /// itself, `dotfiles/current` inside a link's target, the config's directory, each
    /// link of a chain to the config), found as the kernel resolves the path, name by name:
    /// the directory holding each is watched for it being re-pointed or removed. Bounded by
    /// the kernel's own limit on links followed; the walk stops at a name that is missing.
    private func watchEveryLinkOnTheWay() {
        var pending = Self.names(path)
        var resolved = path.hasPrefix("/") ? "/" : "."
        var followed = 0
        while !pending.isEmpty {
            let name = pending.removeFirst()
            if name == "." { continue }
            if name == ".." {
                resolved = Self.parent(of: resolved)?.path ?? resolved
                continue
            }
            let candidate = resolved == "/" ? "/" + name : resolved + "/" + name
            guard Self.isSymlink(candidate) else {
                resolved = candidate
                continue
            }
            guard followed < Self.maximumLinksFollowed, let target = Self.rawLinkTarget(candidate) else { return }
            followed += 1
            addLinkWatch(
                on: resolved, LinkWatch(name: name, path: candidate, role: .link, events: Self.linkHolderMask))
            if target.hasPrefix("/") { resolved = "/" }
            pending = Self.names(target) + pending
        }
    }

    /// The names of `path`, in order, empty ones (`a//b`, a leading or trailing slash) left out.
    private static func names(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// What the symlink at `path` holds, as written; nil when `path` is no symlink.
    private static func rawLinkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// IN_MASK_ADD: a directory already watched (the target beside the link) keeps what
    /// it was watched for.
    private func addLinkWatch(on directory: String, _ link: LinkWatch) {
        let wd = inotify_add_watch(
            fileDescriptor, directory, link.events | Self.selfMask | UInt32(IN_ONLYDIR) | UInt32(IN_MASK_ADD))
        guard wd >= 0 else {
            let failure = errno
            if refusal == nil { refusal = "\(directory): \(InotifyFailure.watching(failure))" }
            return
        }
        links[wd, default: []].append(link)
    }

    private static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Where the symlink at `path` points, as a path from here (a relative target is
    /// relative to the link's directory); nil when `path` is no symlink.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        var target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // `ln -s dir/ link`: the last name is the directory's.
        while target.count > 1, target.hasSuffix("/") { target.removeLast() }
        if target.hasPrefix("/") { return target }
        return (parent(of: path)?.path ?? ".") + "/" + target
    }

    /// Whether the last ``configChanged()`` read that the config was removed from its
    /// directory or moved out of it. A save may put a new file there a moment later (vim
    /// moves the old one away first; a save renamed into place removes nothing).
    private(set) var sawRemoval = false

    /// Reads the pending notifications; true when one concerned the config file, or the
    /// config's directory came back (see the type's notes).
    func configChanged() -> Bool {
        sawRemoval = false
        var changed = false
        var rearm = false
        // Whether the config found there once armed afresh counts as changed: it does when
        // something whole took its place (a link made or re-pointed, a directory moved in or
        // made), whose config may have been written before the watch was in place; not when
        // a regular file was merely created where a link was, which is still being written
        // and is read at its close.
        var rearmReads = false
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
                for link in links[wd] ?? [] {
                    if gone {
                        // A directory on the way moved or deleted.
                        rearm = true
                        rearmReads = true
                        continue
                    }
                    guard eventName == link.name, mask & link.events != 0 else { continue }
                    switch link.role {
                    case .target:
                        // As for the config's own directory: a file is created empty and
                        // written after; a symlink is whole, and lengthens the chain.
                        if noteWrite(mask) { continue }
                        let linked = Self.isSymlink(link.path)
                        if mask & UInt32(IN_CREATE) == 0 ? isSave(mask) : linked { changed = true }
                        if linked { rearm = true }
                    case .link:
                        // Re-pointed: counts as a change once armed, if the config is there
                        // (below). A regular file created in the link's place ends the chain
                        // there and is read at its close.
                        rearm = true
                        if mask & UInt32(IN_CREATE) == 0 || !Self.isRegularFile(link.path) { rearmReads = true }
                    case .ancestor:
                        rearm = true
                        rearmReads = true
                    }
                }
                switch watching {
                case .directory(let watched) where wd == watched:
                    if gone {
                        rearm = true
                        rearmReads = true
                    } else if eventName == name, mask & Self.removedMask != 0 {
                        sawRemoval = true
                    } else if eventName == name, mask & Self.savedMask != 0, !noteWrite(mask) {
                        // A file is created empty and written after; a symlink is whole.
                        let linked = Self.isSymlink(path)
                        if mask & UInt32(IN_CREATE) == 0 ? isSave(mask) : linked { changed = true }
                        // Another link, or a file where a link was: follow its target. The
                        // change, if any, is the event's own (a file created is read at its
                        // close).
                        if linked || configIsALink { rearm = true }
                    }
                case .ancestor(let watched, let next) where wd == watched:
                    if gone || (eventName == next && mask & Self.ancestorMask != 0) {
                        rearm = true
                        rearmReads = true
                    }
                case .nothing, .directory, .ancestor:
                    break  // a watch already removed
                }
            }
        }
        if rearm, arm(), rearmReads, TextFile.exists(path) { changed = true }
        return changed
    }

    /// Notes a write of the config: true for an IN_MODIFY, which is no save by itself.
    private func noteWrite(_ mask: UInt32) -> Bool {
        guard mask & UInt32(IN_MODIFY) != 0 else { return false }
        writtenSinceClose = true
        return true
    }

    /// The next close of the config is a save, written or not: a load found the file open
    /// for writing and did not read it, and the process holding it (one that keeps it open,
    /// or a second writer) may close it after the one that wrote, having written nothing.
    public func readAtNextClose() {
        readsNextClose = true
    }

    /// Set by ``readAtNextClose()``.
    private var readsNextClose = false

    /// Whether an IN_CLOSE_WRITE or IN_MOVED_TO of the config is a save: a file renamed
    /// into place is, a file closed is when it was written since, or renamed into place
    /// since (see the type's notes), or when a load found it open for writing
    /// (``readAtNextClose()``). A writer that renames its file into place before it
    /// closes it (Foundation's atomic write) may still hold it open when the rename's
    /// load reads it, which then waits for the close.
    private func isSave(_ mask: UInt32) -> Bool {
        let renamed = mask & UInt32(IN_MOVED_TO) != 0
        let written = writtenSinceClose || readsNextClose
        writtenSinceClose = renamed
        readsNextClose = false
        return renamed || written
    }

    /// A regular file at `path`, not a link: one created is written after.
    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The directory above `path` and the name of `path` in it; nil at the root.
    private static func parent(of path: String) -> (path: String, name: String)? {
        guard path != "/", path != "." else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        return (slash == path.startIndex ? "/" : String(path[..<slash]), name)
    }
}
