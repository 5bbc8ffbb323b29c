// What the action executor needs to spawn and reap commands that Swift's Glibc module
// does not expose: POSIX_SPAWN_SETSID needs _GNU_SOURCE, and struct epoll_event is
// packed on x86-64, which Swift does not import.
#ifndef CXGEST_CHILDREN_H
#define CXGEST_CHILDREN_H

#include <spawn.h>
#include <stdint.h>

// POSIX_SPAWN_SETSID (glibc 2.26 and later): the child starts a new session.
short xgest_spawn_flag_setsid(void);

// epoll_create1(EPOLL_CLOEXEC).
int xgest_epoll_create(void);

// Watches `fd` for readability, reporting `tag` when it is; 0 or -1 with errno set.
int xgest_epoll_add(int epoll_fd, int fd, uint64_t tag);

// Stops watching `fd`; 0 or -1 with errno set.
int xgest_epoll_remove(int epoll_fd, int fd);

// Without waiting, stores the tags of up to `capacity` ready descriptors in `tags`;
// returns how many, or -1 with errno set.
int xgest_epoll_ready(int epoll_fd, uint64_t *tags, int capacity);

#endif
