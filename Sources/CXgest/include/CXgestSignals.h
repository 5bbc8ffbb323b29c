// What the signal thread needs that glibc does not give as the kernel does.
#ifndef CXGEST_SIGNALS_H
#define CXGEST_SIGNALS_H

#include <signal.h>
#include <time.h>

// sigtimedwait(2) as the kernel answers it (a null `timeout` waits as sigwaitinfo does):
// the signal's number, or -1 with errno set. glibc's own rewrites the si_code of a signal
// sent to one thread with tgkill (SI_TKILL) as SI_USER, that of a kill(2) from anywhere,
// and the signal thread must tell a thread of its own process pausing it (the Swift
// runtime's crash handler) from another process asking for a stop.
int xgest_sigtimedwait(const sigset_t *set, siginfo_t *info, const struct timespec *timeout);

#endif
