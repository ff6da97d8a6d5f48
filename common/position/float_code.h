// float_code.h: the sinusoidal code computed entirely in single precision,
// and an exhaustive scan of where its error first passes a bound and where
// it is first misread (chapter 8, claim 8.2).
//
// The float code of position k, pair i (d even, i = 0 .. d/2-1):
//   z_i = powf(10000, 2i/d)      (float; Z_i = 10000^(2i/d) rounded)
//   a_i = (float)k / z_i         (float division)
//   F_k[2i] = sinf(a_i), F_k[2i+1] = cosf(a_i)
// Its error is e_k = ||F_k - P_k|| against the exact code P_k
// (pe_recurrence_exact). For integer k < 2^24, (float)k is exact and the
// angle's error Delta_i = a_i - k/Z_i comes from rounding z_i and the
// division only: |Delta_i| <= k w_i delta_i with w_i = 1/Z_i and
//   delta_i = (2^-24 + |rho_i|) / (1 - |rho_i|),   rho_i = z_i / Z_i - 1.
// The float pair is then within one float ulp per entry of the point at
// angle a_i on the unit circle (glibc's sinf/cosf are accurate to < 1 ulp),
// so
//   e_k <= sqrt(sum_i Delta_i^2) + gamma,   gamma = sqrt(d) (2^-24 + 2^-52),
// and e_k <= k beta + gamma with beta = sqrt(sum_i (w_i delta_i)^2).
//
// The scan (float_code_scan), for a bound c (the chapter's: half the
// distance between neighbouring codes) and every integer k < k_end <= 2^24:
//   below K0 = (c - gamma) / beta the error cannot reach c (no work);
//   for every k in [K0, k_end) the head pairs i < FLOAT_SCAN_HEAD get their
//   Delta_i computed, the others their bound, giving an upper bound on e_k;
//   where that bound reaches c, the error is computed in full (float code
//   against the exact code) until the first k with e_k > c is found.
// Misreading: nearest-code decoding among positions 0 .. k_end-1 reads k
// wrongly only if some exact code P_j, j != k, is nearer to F_k than P_k is.
//   j = k +- 1: ruled out per k from the Delta_i (a lower bound on
//     ||F_k - P_{k+-1}||^2 - ||F_k - P_k||^2, see float_code.c), or checked
//     directly where the bound does not decide;
//   |j - k| >= 2: ruled out for all k at once if every such pair of codes is
//     farther apart than twice the largest error bound (triangle
//     inequality); the distance ||P_0 - P_R|| for R = 2 .. k_end-1 is bounded
//     below from the fastest FLOAT_SCAN_FAR pairs (dropping pairs only
//     lowers it), and computed in full where that bound does not decide.
// From 2^24 on float cannot hold k itself: (float)(2^24 + 1) = 2^24, so two
// positions share one float code. The scan checks k = 2^24, 2^24 + 1, ...
// (up to FLOAT_SCAN_PAST positions, below k_last) directly against the
// neighbours' exact codes.
#ifndef WORKBOOK_FLOAT_CODE_H
#define WORKBOOK_FLOAT_CODE_H

#include <gsl/gsl_vector.h>
#include <stdbool.h>
#include <stddef.h>

#include "position/pe_recurrence.h"

#define FLOAT_CODE_EXACT_INTEGERS 16777216L   // 2^24: every integer below it is exact in float

enum {
    FLOAT_SCAN_HEAD = 96,    // pairs whose angle error is computed per k (w_96 = 10000^(-192/d))
    FLOAT_SCAN_FAR = 32,     // pairs used for the lower bound on far distances
    FLOAT_SCAN_PAST = 64     // positions from 2^24 on checked directly for a misread
};

typedef struct {
    size_t d;
    float *z;         // (d/2,) z_i = powf(10000, 2i/d)
    double *w;        // (d/2,) w_i = 1/Z_i (from long double)
    double *delta;    // (d/2,) bound on the relative error of a_i for integer k < 2^24
    double beta;      // sqrt(sum_i (w_i delta_i)^2): e_k <= k beta + gamma
    double gamma;     // sqrt(d) (2^-24 + 2^-52): the float rounding of sinf, cosf (and the exact row's)
    PeRecurrence *exact;   // the exact codes P_k, built once (its d/2 powl calls cost as much as
                           // ten thousand rows: chapter 8 asks float_code_error for 2000 positions)
} FloatCode;

// NULL for an odd or zero d, or no memory (reported through gsl_error).
FloatCode *float_code_new(size_t d);
void float_code_free(FloatCode *fc);

// F_k into out (d,).
int float_code_row(const FloatCode *fc, double k, gsl_vector *out);

// e_k = ||F_k - P_k|| in full (float code against pe_recurrence_exact).
double float_code_error(const FloatCode *fc, double k);

typedef struct {
    double criterion;         // the bound c
    long k_end;               // positions 0 .. k_end-1 were decided (k_end <= 2^24)
    long scan_first;          // K0 rounded up: every k in [scan_first, k_end) was scanned
    long full_evaluations;    // positions whose error was computed in full
    long first_crossing;      // the first k with e_k > c, or -1 if none below k_end
    double crossing_error;    // e_k there
    double error_bound_max;   // the largest upper bound on e_k over k < k_end
    long error_bound_max_k;
    long neighbour_direct;    // positions whose neighbour test needed the direct check
    double far_distance_min;  // a lower bound on min ||P_0 - P_R|| over 2 <= R < k_end
    long far_distance_R;
    long far_direct;          // offsets whose distance was computed in full
    bool misread_decided;     // the far bound beat twice the error bound (else misreads are unknown)
    long first_misread;       // the first misread position (also past 2^24), or -1 if none found
    long past_checked_to;     // the last position checked from 2^24 on, or -1
} FloatScan;

// The scan for the bound 'criterion' over positions 0 .. k_last (k_last >= 1;
// positions from 2^24 on are only checked for a misread, see above).
int float_code_scan(const FloatCode *fc, double criterion, long k_last, FloatScan *out);

#endif
