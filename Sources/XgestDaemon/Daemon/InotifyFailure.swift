import Glibc
import SystemPackage

/// What an inotify failure means to the user. The system's own words mislead here: a watch
/// limit reached is ENOSPC, "no space left on device", which sends one to look at the disk,
/// and an instance limit reached is EMFILE, "too many open files". Each limit is named with
/// its sysctl and its value now.
enum InotifyFailure {
    /// `inotify_add_watch` failed with `failure`.
    static func watching(_ failure: Int32) -> String {
        guard failure == ENOSPC else { return Errno(rawValue: failure).reason }
        return "no inotify watch left: the user's limit, fs.inotify.max_user_watches\(value("max_user_watches")), "
            + "is reached (raise it with sysctl, or end programs that watch many files)"
    }

    /// `inotify_init1` failed with `failure`.
    static func starting(_ failure: Int32) -> String {
        guard failure == EMFILE else { return "no inotify instance: \(Errno(rawValue: failure).reason)" }
        return
            "no inotify instance left: the user's limit, fs.inotify.max_user_instances\(value("max_user_instances")), "
            + "or the open-file limit is reached (raise it with sysctl, or end programs that hold many)"
    }

    /// " (128)": the limit's value now, or nothing when it cannot be read.
    private static func value(_ name: String) -> String {
        guard let bytes = try? RegularFile.read("/proc/sys/fs/inotify/" + name, limit: .config),
            let number = Int(String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace })
        else { return "" }
        return " (\(number))"
    }
}
