// Counting allocator for the benchmark: defining the allocation functions in the
// executable interposes them for every library in the process (the dynamic linker binds
// libswiftCore's and libc's own calls to them), and each forwards to glibc's allocator
// through its __libc_* entry points, so nothing else changes. Counts only; no logic.

#include "CAllocCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic uint64_t allocations;
static _Atomic uint64_t frees;

static void count_allocation(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

uint64_t xgest_allocation_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

uint64_t xgest_free_count(void) { return atomic_load_explicit(&frees, memory_order_relaxed); }

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer != NULL) {
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    }
    __libc_free(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // glibc's checks: a power of two, and a multiple of the size of a pointer.
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
        return EINVAL;
    }
    count_allocation();
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) {
        return ENOMEM;
    }
    *result = p;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}
