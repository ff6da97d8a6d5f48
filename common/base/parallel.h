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
// calling thread. Returns 0 (GSL_SUCCESS). A thread that cannot be started
// is no failure: the threads that did start, and the calling thread, run its
// jobs, with the same results.
int parallel_for(size_t n_jobs, size_t n_threads, ParallelJob job, void *context);

// The number of online processors (at least 1).
size_t parallel_cpu_count(void);

// The CBLAS behind gsl_blas_* is chosen when building (CMakeLists.txt): BLIS,
// OpenBLAS or GSL's reference CBLAS. BLIS and OpenBLAS choose their kernels
// as they load; results do not depend on the kernels beyond the last bits
// (summation order).
//
// OpenBLAS 0.3.21 does not recognise some recent Xeons under a hypervisor
// (e.g. family 6 model 207) and falls back to its generic "Prescott"
// kernels. Its kernel choice can be forced from the environment
// (OPENBLAS_CORETYPE), which the workbook does not do behind the user's
// back: on some processors a forced kernel family computes wrong results.
// This returns a one-line hint when OpenBLAS runs its generic kernels on a CPU
// with AVX2 (BLIS would use it), or NULL.
const char *parallel_blas_hint(void);

// The kernels in use: OpenBLAS's core name ("Prescott", "SkylakeX", ...),
// BLIS's configuration ("haswell", "skx", ...), or "-" with GSL's CBLAS.
const char *parallel_blas_core(void);

// BLIS picks its kernels from the processor as it first runs, and Debian's
// BLIS 0.9.0 does not know AMD's processors after family 0x19 (Zen 5, family
// 0x1A): it runs its generic C kernels there, and chapter 6's training step
// takes ~1.7x as long. On such a processor, with BLIS 0.9.0, this asks BLIS
// for its zen3 kernels (AVX2 and FMA, checked here; the fastest of zen3,
// haswell and skx on a Zen 5, measured) through BLIS's own BLIS_ARCH_TYPE;
// anywhere else, or when BLIS_ARCH_TYPE is set already, it does nothing.
// parallel_blas_core names what was chosen (the run cache's key holds it).
// The programs that train the model call it (chapters 6 and 9, bench_ch06)
// before their first BLAS call. It changes the last bits of the products, not
// what the chapters find (docs/ENGINEERING.md, "Speed").
void parallel_blas_choose_kernels(void);

// Keep the BLAS library to one thread per call (a threaded BLAS would
// otherwise start its own threads inside every product and fight ours for
// the cores). A no-op with GSL's reference CBLAS. Call before the first BLAS call.
void parallel_blas_single_thread(void);

#endif
