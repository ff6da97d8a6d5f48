// parallel.h: independent jobs on a few threads, with results that do not
// depend on the number of threads.
//
// Each job writes only its own result slot and draws only from its own
// random streams, so running jobs 0..n-1 on one thread or on two gives
// bit-identical results; only the wall time changes.
#ifndef WORKBOOK_PARALLEL_H
#define WORKBOOK_PARALLEL_H

#include <stddef.h>

typedef void (*ParallelJob)(size_t job, void *context);

// Run job(i, context) for i = 0..n_jobs-1 on up to n_threads threads (jobs are
// handed out in order as threads become free). n_threads = 1 runs them in the
// calling thread. Returns 0, or GSL_EFAILED if a thread could not be started
// (the jobs it would have run are then run by the calling thread).
int parallel_for(size_t n_jobs, size_t n_threads, ParallelJob job, void *context);

// The number of online processors (at least 1).
size_t parallel_cpu_count(void);

// Make OpenBLAS use the kernels this CPU can run, on one thread per call.
// Two settings only take effect when read from the environment as the library
// loads: OPENBLAS_CORETYPE (OpenBLAS 0.3.21 does not recognise some recent
// Xeons under a hypervisor, e.g. family 6 model 207, and falls back to its
// "Prescott" kernels, about half as fast here) and OPENBLAS_NUM_THREADS (with
// it unset OpenBLAS starts a helper thread per core that spins, waiting for
// work, and takes CPU from our own threads). When either is unset this sets
// them (SkylakeX or Haswell kernels if the CPU has AVX-512 or AVX2, 1 thread)
// and re-executes the program once with the same argv. Results do not change:
// only which machine code multiplies. Call it first thing in main, before
// anything is printed or written. A no-op with GSL's reference CBLAS.
void parallel_blas_prepare(char **argv);

// The kernel family OpenBLAS uses ("SkylakeX", ...), or "-" without OpenBLAS.
const char *parallel_blas_core(void);

// Keep the BLAS library to one thread per call (OpenBLAS would otherwise
// start its own threads inside every product and fight ours for the cores).
// A no-op with GSL's reference CBLAS. Call before the first BLAS call.
void parallel_blas_single_thread(void);

#endif
