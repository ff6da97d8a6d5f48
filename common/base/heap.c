// heap.c: see heap.h.
#include "base/heap.h"

#include <stdlib.h>   // (defines __GLIBC__ with glibc)
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void heap_keep_freed_memory(void) {
#if defined(__GLIBC__)
    // 32 MiB is the largest mmap threshold glibc accepts on a 64-bit system
    // (setting it also stops glibc from moving the threshold on its own).
    (void)mallopt(M_MMAP_THRESHOLD, 32 << 20);
    (void)mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}
