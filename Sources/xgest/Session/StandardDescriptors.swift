import Glibc

/// Standard input, output and error opened on /dev/null when the process was started
/// with them closed (`xgest run <&- >&- 2>&-`, or a launcher that closes them). Left
/// closed, the next files opened take their numbers: the X connection became standard
/// input and the instance lock file standard error, and every line xgest says was
/// written into the lock file over its process id.
enum StandardDescriptors {
    static func openClosedOnDevNull() {
        for fd: Int32 in 0...2 where isClosed(fd) {
            // A closed standard output is opened for reading only: what a command prints
            // there fails (EBADF) as it would closed, so `xgest check c.toml >&-` ends
            // with the standard output error (74) instead of printing into nothing and
            // exiting 0 (`echo hi >&-` fails too). The daemon writes nothing there and
            // makes it writable (``keepClosedOutputQuiet()``).
            let opened = open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY)
            // open() takes the lowest free number: this one, the lower ones being open.
            if opened != fd, opened >= 0 { close(opened) }
        }
    }

    /// For the daemon, which prints nothing on standard output: a closed one is not an
    /// error, and the commands its `exec` actions start keep a standard output they can
    /// write to, as before.
    static func keepClosedOutputQuiet() {
        guard fcntl(1, F_GETFL) & O_ACCMODE == O_RDONLY else { return }
        let writable = open("/dev/null", O_WRONLY)
        guard writable >= 0 else { return }
        dup2(writable, 1)
        close(writable)
    }

    private static func isClosed(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) == -1 && errno == EBADF }
}
