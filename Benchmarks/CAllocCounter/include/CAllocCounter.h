#ifndef XGEST_CALLOCCOUNTER_H
#define XGEST_CALLOCCOUNTER_H

#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign)
/// made by the whole process since it started. Linking this target into an executable
/// replaces those functions process-wide with counting wrappers around glibc's own.
uint64_t xgest_allocation_count(void);

/// Calls to free with a non-null pointer since the process started.
uint64_t xgest_free_count(void);

#endif
