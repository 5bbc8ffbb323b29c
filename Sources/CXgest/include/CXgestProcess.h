// Process helpers for the test server that Swift's Glibc module does not expose
// (pidfd_open needs a raw syscall on older glibc; closefrom, pipe2 and environ need _GNU_SOURCE).
#ifndef CXGEST_PROCESS_H
#define CXGEST_PROCESS_H

#include <spawn.h>
#include <sys/types.h>

// A file descriptor that becomes readable when `pid` exits, or -1 with errno set
// (ENOSYS on kernels before 5.3).
int xgest_pidfd_open(pid_t pid);

// posix_spawn_file_actions_addclosefrom_np when the C library has it; ENOSYS otherwise.
int xgest_spawn_add_closefrom(posix_spawn_file_actions_t *actions, int lowest_fd);

// pipe2(fds, O_CLOEXEC): both ends close on exec, so no other child inherits them.
int xgest_pipe_cloexec(int fds[2]);

// malloc_trim(0): hands the free pages of every malloc arena back to the system. glibc
// keeps the peak of each thread's arena otherwise, and a config reload's thread peaks once
// per reload. The top of a thread's arena is not among them (only the main arena's top is
// trimmed): see xgest_fix_malloc_thresholds. Nor is a free block that this call joins to
// a thread arena's top (it first merges the small blocks freed since, such as those a thread
// frees as it exits): a reload's thread calls it itself once its load is freed.
void xgest_release_free_memory(void);

// Fixes glibc's mmap and trim thresholds at `bytes` (mallopt; 1 on success). A block that
// large is then mapped on its own and unmapped when freed, and a thread arena's free top
// that large is given back as it is freed. glibc otherwise raises both each time a mapped
// block is freed (up to 32 and 64 MiB), so that a later reload's large blocks come from its
// thread's arena and stay at its top, which malloc_trim does not reach: a second 4 MiB
// config refused kept 21 MB where the first kept none.
int xgest_fix_malloc_thresholds(int bytes);

// The process environment (`environ`).
char **xgest_environ(void);

// fflush(stdout), then 0 when standard output took everything written through stdio, or
// why not (an errno; EIO when an earlier flush failed). Swift 6 cannot name `stdout`.
int xgest_flush_standard_output(void);

#endif
