// parallel.c: see parallel.h.
//
// parallel_cpu_count asks sysconf for _SC_NPROCESSORS_ONLN, a name POSIX does
// not define: glibc declares it in every mode, macOS only outside strict POSIX
// (the _POSIX_C_SOURCE that CMakeLists.txt sets for every file hides it there),
// so this file asks for macOS's own extensions too. A system that still hides
// it (the BSDs under _POSIX_C_SOURCE) counts one processor: the jobs then run
// on one thread, with the same results.
#define _DARWIN_C_SOURCE
#include "base/parallel.h"

#include <gsl/gsl_errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

typedef struct {
    pthread_mutex_t lock;
    size_t next, n_jobs;
    ParallelJob job;
    void *context;
} Queue;

static void *worker(void *arg) {
    Queue *q = arg;
    for (;;) {
        pthread_mutex_lock(&q->lock);
        size_t i = q->next < q->n_jobs ? q->next++ : q->n_jobs;
        pthread_mutex_unlock(&q->lock);
        if (i == q->n_jobs) return NULL;
        q->job(i, q->context);
    }
}

int parallel_for(size_t n_jobs, size_t n_threads, ParallelJob job, void *context) {
    Queue q = {.next = 0, .n_jobs = n_jobs, .job = job, .context = context};
    pthread_mutex_init(&q.lock, NULL);
    if (n_threads > n_jobs) n_threads = n_jobs;
    size_t extra = n_threads > 1 ? n_threads - 1 : 0, started = 0;
    // A thread that cannot be started (no memory for its stack, a process
    // limit) is not an error: the jobs are shared out dynamically and their
    // results do not depend on which thread ran them, so fewer threads only
    // take longer.
    pthread_t *threads = extra ? calloc(extra, sizeof *threads) : NULL;
    for (size_t t = 0; t < extra && threads; t++) {
        if (pthread_create(&threads[t], NULL, worker, &q) != 0) break;
        started++;
    }
    worker(&q);   // the calling thread works too
    for (size_t t = 0; t < started; t++) pthread_join(threads[t], NULL);
    free(threads);
    pthread_mutex_destroy(&q.lock);
    return GSL_SUCCESS;
}

size_t parallel_cpu_count(void) {
#ifdef _SC_NPROCESSORS_ONLN
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (size_t)n : 1;
#else
    return 1;
#endif
}

// Declared weak: each pair is present when its library is linked, NULL otherwise.
extern void openblas_set_num_threads(int n) __attribute__((weak));
extern char *openblas_get_corename(void) __attribute__((weak));
extern int bli_arch_query_id(void) __attribute__((weak));      // arch_t, an enum, in blis.h
extern char *bli_arch_string(int id) __attribute__((weak));
extern void bli_thread_set_num_threads(long n) __attribute__((weak));   // dim_t in blis.h
extern char *bli_info_get_version_str(void) __attribute__((weak));

const char *parallel_blas_core(void) {
    if (openblas_get_corename) return openblas_get_corename();
    if (bli_arch_query_id && bli_arch_string) return bli_arch_string(bli_arch_query_id());
    return "-";
}

const char *parallel_blas_hint(void) {
    if (openblas_get_corename == NULL || strcmp(parallel_blas_core(), "Prescott") != 0) return NULL;
    if (getenv("OPENBLAS_CORETYPE") != NULL) return NULL;   // chosen by whoever runs us
#if defined(__x86_64__) || defined(__i386__)
    // (GCC's and clang's CPU-feature builtins are x86's; Prescott is an x86 core anyway)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        return "OpenBLAS did not recognise this CPU and uses its generic kernels; "
               "BLIS (-DWORKBOOK_BLAS=BLIS, Debian's libblis-serial-dev) picks AVX2 kernels and trains faster";
#endif
    return NULL;
}

void parallel_blas_single_thread(void) {
    if (openblas_set_num_threads) openblas_set_num_threads(1);
    if (bli_thread_set_num_threads) bli_thread_set_num_threads(1);
}

// BLIS 0.9.0's configuration ids (its arch_t in blis.h; another version may
// number them differently, so only 0.9.0 is given one).
enum { BLIS_0_9_ARCH_ZEN3 = 6 };

// Whether this is an AMD x86-64 processor of a family newer than BLIS 0.9.0
// knows (it names AMD's by family, up to 0x19, Zen 3 and 4) that runs AVX2
// and FMA, the instructions of BLIS's zen3 kernels.
static bool amd_newer_than_blis_knows(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return false;
    char vendor[13];
    memcpy(vendor, &ebx, 4), memcpy(vendor + 4, &edx, 4), memcpy(vendor + 8, &ecx, 4), vendor[12] = '\0';
    if (strcmp(vendor, "AuthenticAMD") != 0 || !__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
    unsigned family = (eax >> 8) & 0xF;
    if (family == 0xF) family += (eax >> 20) & 0xFF;   // the extended family
    __builtin_cpu_init();
    return family > 0x19 && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return false;
#endif
}

void parallel_blas_choose_kernels(void) {
    if (bli_info_get_version_str == NULL || getenv("BLIS_ARCH_TYPE") != NULL) return;   // not BLIS, or chosen already
    if (strcmp(bli_info_get_version_str(), "0.9.0") != 0 || !amd_newer_than_blis_knows()) return;
    char id[8];
    snprintf(id, sizeof id, "%d", BLIS_0_9_ARCH_ZEN3);
    setenv("BLIS_ARCH_TYPE", id, 0);   // read once, when BLIS first runs
}
