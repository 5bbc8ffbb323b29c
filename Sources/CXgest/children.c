#define _GNU_SOURCE
#include "CXgestChildren.h"
#include <sys/epoll.h>

short xgest_spawn_flag_setsid(void) { return POSIX_SPAWN_SETSID; }

int xgest_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int xgest_epoll_add(int epoll_fd, int fd, uint64_t tag) {
    struct epoll_event event = {.events = EPOLLIN, .data.u64 = tag};
    return epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event);
}

int xgest_epoll_remove(int epoll_fd, int fd) { return epoll_ctl(epoll_fd, EPOLL_CTL_DEL, fd, NULL); }

int xgest_epoll_ready(int epoll_fd, uint64_t *tags, int capacity) {
    struct epoll_event events[64];
    if (capacity > 64) capacity = 64;
    int n = epoll_wait(epoll_fd, events, capacity, 0);
    for (int i = 0; i < n; i++) tags[i] = events[i].data.u64;
    return n;
}
