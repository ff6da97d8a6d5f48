// wallclock.h: elapsed wall time, for the seconds the workbook prints
// (chapter timings, training throughput, benchmarks). Never used in a verdict.
#ifndef WORKBOOK_WALLCLOCK_H
#define WORKBOOK_WALLCLOCK_H

// Seconds on the monotonic clock (only differences mean anything).
double wallclock_seconds(void);

#endif
