// wallclock.c: see wallclock.h.
#include "base/wallclock.h"

#include <time.h>

double wallclock_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
