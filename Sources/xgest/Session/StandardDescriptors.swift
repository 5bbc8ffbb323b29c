import Glibc

/// Standard input, output and error opened on /dev/null when the process was started
/// with them closed (`xgest run <&- >&- 2>&-`, or a launcher that closes them). Left
/// closed, the next files opened take their numbers: the X connection became standard
/// input and the instance lock file standard error, and every line xgest says was
/// written into the lock file over its process id.
enum StandardDescriptors {
    static func openClosedOnDevNull() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // open() takes the lowest free number: this one, the lower ones being open.
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened != fd, opened >= 0 { close(opened) }
        }
    }
}
