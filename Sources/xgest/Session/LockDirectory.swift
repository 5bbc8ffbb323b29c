import Glibc
import SystemPackage
import XgestDaemon

/// The private directory the instance lock lives in, opened and checked.
///
/// `$XDG_RUNTIME_DIR` when the session has one (it must be owned by the user and
/// writable by nobody else); otherwise `${TMPDIR:-/tmp}/xgest-UID/`, created 0700 and
/// then checked to be a real directory owned by the user with no access for anyone else.
///
/// Never a file directly in /tmp: any local user can create `/tmp/xgest-UID-DISPLAY.lock`
/// first and hold its lock, keeping the daemon from ever starting (silently under
/// --autostart), or put a link there that the daemon then truncates. In a directory only
/// the user can write, nobody else can do either; a directory someone else made at that
/// path is refused with the reason instead of being used.
///
/// (Owning an X selection per screen, as compositors do with `_NET_WM_CM_Sn`, would tie the
/// lock to the display itself, but any client of the display can take a selection, the
/// replaced owner has to watch for SelectionClear in the capture loop, and the holder's pid
/// is no longer at hand for the "already running" message; a file lock in a private
/// directory gives all three for free and needs nothing from the X server.)
struct LockDirectory {
    let path: String
    let fd: FileDescriptor

    struct Refused: Error {
        var path: String
        var reason: String
    }

    static func open() throws(Refused) -> LockDirectory {
        if let runtime = environment("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") {
            return try naming("XDG_RUNTIME_DIR", runtime) { () throws(Refused) in
                try checked(runtime, privateOnly: false, create: false)
            }
        }
        guard let tmp = environment("TMPDIR"), tmp.hasPrefix("/") else {
            return try checked("/tmp/xgest-\(getuid())", privateOnly: true, create: true)
        }
        return try naming("TMPDIR", tmp) { () throws(Refused) in
            try checked(tmp + "/xgest-\(getuid())", privateOnly: true, create: true)
        }
    }

    /// A refusal says which variable the directory comes from: the user sees a path and
    /// a reason, and would not know where to change it.
    private static func naming(
        _ variable: String, _ value: String, _ open: () throws(Refused) -> LockDirectory
    ) throws(Refused) -> LockDirectory {
        do {
            return try open()
        } catch {
            throw Refused(path: error.path, reason: error.reason + " (\(variable) is \(value))")
        }
    }

    /// Opens `path` as a directory (not through a symlink at its end, for the one xgest
    /// creates) and checks owner and mode on the open descriptor. `privateOnly`: no access
    /// at all for others (0700); else only no write access for others (a runtime
    /// directory a session made 0711 is still safe).
    private static func checked(_ path: String, privateOnly: Bool, create: Bool) throws(Refused) -> LockDirectory {
        if create, mkdir(path, 0o700) != 0, errno != EEXIST {
            throw Refused(path: path, reason: Errno(rawValue: errno).reason)
        }
        var options: FileDescriptor.OpenOptions = [.directory, .closeOnExec]
        if create { options.insert(.noFollow) }
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(FilePath(path), .readOnly, options: options)
        } catch let error as Errno {
            let reason =
                error == .tooManySymbolicLinkLevels || error == .notDirectory
                ? "not a directory (a symbolic link or a file was put there)" : error.reason
            throw Refused(path: path, reason: reason)
        } catch {
            throw Refused(path: path, reason: "\(error)")
        }
        do {
            let status = try fd.stat()
            let mode = status.permissions.rawValue
            if status.userID.rawValue != getuid() {
                throw Refused(
                    path: path, reason: "owned by uid \(status.userID.rawValue), not by you (uid \(getuid()))")
            }
            if privateOnly ? mode & 0o077 != 0 : mode & 0o022 != 0 {
                throw Refused(
                    path: path,
                    reason: "mode \(octal(mode)) lets other users "
                        + (mode & 0o022 != 0 ? "write in it" : "into it")
                        + (privateOnly ? " (it must be 0700)" : " (no one else may write in it)"))
            }
        } catch let refused as Refused {
            try? fd.close()
            throw refused
        } catch {
            try? fd.close()
            throw Refused(path: path, reason: (error as? Errno)?.reason ?? "\(error)")
        }
        return LockDirectory(path: path, fd: fd)
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// `0755` for messages.
func octal(_ mode: UInt32) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
