import Glibc

/// A read lease on an open file (`fcntl(F_SETLEASE, F_RDLCK)`): the kernel refuses it
/// while any process has the file open for writing, which is how a config still being
/// written in place is told from a finished one, whatever its length. Held while the file
/// is read, it makes a writer's open wait until the read is done, so the bytes read are one
/// save's.
///
/// Leases need the file to be the process's own and a file system that has them; where one
/// cannot be had the file is read without it, as before.
enum ReadLease {
    /// F_SETLEASE and F_SETSIG, which Glibc's module leaves out (`_GNU_SOURCE`).
    private static let setLease: Int32 = 1024
    private static let setSignal: Int32 = 10

    enum Outcome {
        case taken
        /// Some process has the file open for writing.
        case openForWriting
        /// No lease can be had here (not the file's owner, no leases on this file system).
        case unavailable
    }

    /// Tries to take it on `fd`, opened read-only. A writer opening the file while it is
    /// held is announced with SIGURG, ignored unless handled, and not SIGIO, which ends the
    /// process.
    static func take(_ fd: Int32) -> Outcome {
        guard fcntl(fd, setSignal, SIGURG) == 0 else { return .unavailable }
        if fcntl(fd, setLease, Int32(F_RDLCK)) == 0 { return .taken }
        return errno == EAGAIN ? .openForWriting : .unavailable
    }

    static func end(_ fd: Int32) {
        _ = fcntl(fd, setLease, Int32(F_UNLCK))
    }
}
