#define _GNU_SOURCE
#include "CXgestProcess.h"
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/syscall.h>

extern char **environ;

int xgest_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int xgest_spawn_add_closefrom(posix_spawn_file_actions_t *actions, int lowest_fd) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest_fd);
#else
    (void)actions;
    (void)lowest_fd;
    return ENOSYS;
#endif
}

int xgest_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

void xgest_release_free_memory(void) { (void)malloc_trim(0); }

int xgest_fix_malloc_thresholds(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes) && mallopt(M_TRIM_THRESHOLD, bytes);
}

char **xgest_environ(void) { return environ; }

int xgest_flush_standard_output(void) {
    errno = 0;
    if (fflush(stdout) != 0) return errno != 0 ? errno : EIO;
    return ferror(stdout) ? EIO : 0;
}
