import Glibc

/// The private directories of demos that were killed (SIGKILL, a crash, the machine
/// going down), which no signal handler could remove: each demo holds a lock on
/// ``lockName`` in its directory while it runs, and a directory whose lock can be taken is
/// a demo's that no longer runs.
///
/// Only what is surely a demo's is touched: a directory `/tmp/xgest-demo-*`, not a
/// symbolic link, owned by this user, holding a regular file ``lockName`` owned by this
/// user; in it only the files a demo makes are removed (``DemoConfig/files``), and the
/// directory only once it is empty. A directory with no lock (a demo of an older xgest,
/// or one between making its directory and its lock) is left alone.
enum DemoLeftovers {
    static let parent = "/tmp"
    static let prefix = "xgest-demo-"
    static let lockName = "demo.lock"

    /// Removes the directories of demos that no longer run; their paths.
    static func removeAll() -> [String] {
        let parentDescriptor = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parentDescriptor >= 0 else { return [] }
        defer { close(parentDescriptor) }
        return names(in: parentDescriptor).filter { $0.hasPrefix(prefix) && removeIfLeft($0, in: parentDescriptor) }
            .map { parent + "/" + $0 }.sorted()
    }

    /// The entries of the directory, but `.` and `..`.
    private static func names(in directory: Int32) -> [String] {
        let copy = dup(directory)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether `name` was a demo's directory that no longer runs, now removed.
    private static func removeIfLeft(_ name: String, in parent: Int32) -> Bool {
        let uid = getuid()
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFDIR,
            info.st_uid == uid
        else { return false }
        let directory = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else { return false }
        defer { close(directory) }
        // The directory opened is the one looked at, not one put in its place meanwhile.
        var opened = stat()
        guard fstat(directory, &opened) == 0, opened.st_ino == info.st_ino, opened.st_dev == info.st_dev else {
            return false
        }
        let lock = openat(directory, lockName, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard lock >= 0 else { return false }
        // Held until the files are gone: another demo cleaning up at once skips it.
        defer { close(lock) }
        var lockInfo = stat()
        guard fstat(lock, &lockInfo) == 0, lockInfo.st_mode & S_IFMT == S_IFREG, lockInfo.st_uid == uid,
            flock(lock, LOCK_EX | LOCK_NB) == 0
        else { return false }
        // Only a directory holding what a demo makes, and nothing else, is a demo's.
        guard Set(names(in: directory)).isSubset(of: DemoConfig.files.filter { !$0.contains("/") }) else {
            return false
        }
        let bin = openat(directory, "bin", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if bin >= 0 {
            defer { close(bin) }
            let made = DemoConfig.files.filter { $0.hasPrefix("bin/") }.map { String($0.dropFirst(4)) }
            guard Set(names(in: bin)).isSubset(of: made) else { return false }
        }
        for file in DemoConfig.files {
            let parts = file.split(separator: "/").map(String.init)
            if parts.count == 2 {
                // bin/x-terminal-emulator, opened without following a link at bin.
                let sub = openat(directory, parts[0], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if sub >= 0 {
                    unlinkat(sub, parts[1], 0)
                    close(sub)
                }
            } else if unlinkat(directory, file, 0) != 0 {
                unlinkat(directory, file, AT_REMOVEDIR)
            }
        }
        return unlinkat(parent, name, AT_REMOVEDIR) == 0
    }

    /// The line that says what was removed, nil for nothing.
    static func line(_ removed: [String]) -> String? {
        guard let first = removed.first else { return nil }
        if removed.count == 1 { return "xgest demo: removed \(first), left by a demo that no longer runs" }
        return "xgest demo: removed \(removed.count) directories left by demos that no longer run: "
            + removed.joined(separator: ", ")
    }
}
