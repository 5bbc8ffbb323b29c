#define _GNU_SOURCE
#include "CXgestSignals.h"
#include <unistd.h>
#include <sys/syscall.h>

int xgest_sigtimedwait(const sigset_t *set, siginfo_t *info, const struct timespec *timeout) {
    // The kernel's sigset is _NSIG bits, not glibc's 1024.
    return (int)syscall(SYS_rt_sigtimedwait, set, info, timeout, _NSIG / 8);
}
