// float_code.c: see float_code.h.
#include "position/float_code.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>

#include "base/fmax_inline.h"   // the far loop takes a maximum per offset, 2^24 of them
#include "base/hot_loop.h"       // float_code_scan's AVX2 copy
#include "position/pe_recurrence.h"

// Rotation steps between exact restarts of the far-distance walk: the walk's
// own drift over that many steps is ~1e-11 per pair, far below its slack.
enum { FAR_RESTART = 65536 };
// Sums of at most a hundred non-negative terms are within a relative
// 100 * 2^-53 < 2^-46 of exact; this factor moves each bound the safe way.
#define SUM_ROUNDING (1.0 + 0x1p-46)
// Offsets whose distance may be computed in full before the far test gives up.
enum { FAR_DIRECT_LIMIT = 1000000 };
// Slack on the far lower bound, per pair, in D^2: the angle R w_i is off by
// the rounding of w_i and of the product (R <= 2^24, w_i <= 1: at most
// 2^24 * 2^-52 = 4e-9 rad) plus the walk's drift, and 2 (1 - cos) moves by
// at most twice the angle's error.
#define FAR_SLACK_PER_PAIR 1e-8

FloatCode *float_code_new(size_t d) {
    if (d < 2 || d % 2 != 0) GSL_ERROR_NULL("encoding width d must be even and >= 2", GSL_EINVAL);
    FloatCode *fc = calloc(1, sizeof *fc);
    if (!fc) GSL_ERROR_NULL("no memory for the float code", GSL_ENOMEM);
    size_t h = d / 2;
    fc->d = d;
    fc->z = malloc(h * sizeof *fc->z);
    fc->w = malloc(h * sizeof *fc->w);
    fc->delta = malloc(h * sizeof *fc->delta);
    fc->exact = pe_recurrence_new(d);
    if (!fc->z || !fc->w || !fc->delta || !fc->exact) {
        float_code_free(fc);
        GSL_ERROR_NULL("no memory for the float code", GSL_ENOMEM);
    }
    double beta2 = 0.0;
    for (size_t i = 0; i < h; i++) {
        fc->z[i] = powf(10000.0f, (2.0f * (float)i) / (float)d);
        long double w = powl(10000.0L, -(2.0L * (long double)i) / (long double)d);
        fc->w[i] = (double)w;
        // rho = z/Z - 1 = z w - 1, in long double (w is good to ~2^-63 relative);
        // 2^-60 covers that evaluation's own rounding.
        double rho = fabs((double)((long double)fc->z[i] * w - 1.0L)) + 0x1p-60;
        fc->delta[i] = (0x1p-24 + rho) / (1.0 - rho);
        beta2 += (fc->w[i] * fc->delta[i]) * (fc->w[i] * fc->delta[i]);
    }
    fc->beta = sqrt(beta2);
    fc->gamma = sqrt((double)d) * (0x1p-24 + 0x1p-52);
    return fc;
}

void float_code_free(FloatCode *fc) {
    if (!fc) return;
    free(fc->z);
    free(fc->w);
    free(fc->delta);
    pe_recurrence_free(fc->exact);
    free(fc);
}

int float_code_row(const FloatCode *fc, double k, gsl_vector *out) {
    if (out->size != fc->d) GSL_ERROR("row width differs from the float code's d", GSL_EBADLEN);
    for (size_t i = 0; i < fc->d / 2; i++) {
        float angle = (float)k / fc->z[i];
        gsl_vector_set(out, 2 * i, sinf(angle));
        gsl_vector_set(out, 2 * i + 1, cosf(angle));
    }
    return GSL_SUCCESS;
}

// ||F_k - P_j|| for the exact codes of j = k-1, k, k+1 (dist[0..2]).
static int neighbour_distances(const FloatCode *fc, double k, gsl_vector *F, gsl_vector *P, double dist[3]) {
    int status = float_code_row(fc, k, F);
    for (int r = 0; r < 3 && !status; r++) {
        status = pe_recurrence_exact(fc->exact, k - 1.0 + (double)r, P);
        gsl_vector_sub(P, F);
        dist[r] = gsl_blas_dnrm2(P);
    }
    return status;
}

double float_code_error(const FloatCode *fc, double k) {
    gsl_vector *F = gsl_vector_alloc(fc->d), *P = gsl_vector_alloc(fc->d);
    double e = NAN;
    if (F && P && !float_code_row(fc, k, F) && !pe_recurrence_exact(fc->exact, k, P)) {
        gsl_vector_sub(P, F);
        e = gsl_blas_dnrm2(P);
    }
    gsl_vector_free(F);
    gsl_vector_free(P);
    return e;
}

WORKBOOK_HOT_LOOP
int float_code_scan(const FloatCode *fc, double criterion, long k_last, FloatScan *out) {
    if (k_last < 1 || !(criterion > 0.0)) GSL_ERROR("the scan needs k_last >= 1 and a positive criterion", GSL_EINVAL);
    // The head and far loops run over a fixed FLOAT_SCAN_HEAD / FLOAT_SCAN_FAR
    // pairs (so the compiler can vectorise them); a narrower code pads them
    // with pairs that contribute exactly 0 (z = w = 1: Delta = (float)k - k = 0;
    // a turn by angle 0: 1 - cos = 0).
    const size_t d = fc->d, h = d / 2, m = h < FLOAT_SCAN_HEAD ? h : FLOAT_SCAN_HEAD;
    const size_t mf = h < FLOAT_SCAN_FAR ? h : FLOAT_SCAN_FAR;
    float head_z[FLOAT_SCAN_HEAD];
    double head_w[FLOAT_SCAN_HEAD], head_omc[FLOAT_SCAN_HEAD], head_sin[FLOAT_SCAN_HEAD];
    double c[FLOAT_SCAN_FAR], s[FLOAT_SCAN_FAR], cw[FLOAT_SCAN_FAR], sw[FLOAT_SCAN_FAR];
    const long k_end = k_last < FLOAT_CODE_EXACT_INTEGERS ? k_last + 1 : FLOAT_CODE_EXACT_INTEGERS + 1;
    *out = (FloatScan){.criterion = criterion, .k_end = k_end, .first_crossing = -1, .first_misread = -1,
                       .past_checked_to = -1, .far_distance_min = INFINITY, .misread_decided = true};

    // Per pair: 1 - cos w_i (as 2 sin^2(w_i/2), no cancellation) and sin w_i for
    // the neighbour test; the pairs i >= m enter through their bounds only.
    double *one_minus_cos = malloc(h * sizeof(double)), *sin_w = malloc(h * sizeof(double));
    double head[FLOAT_SCAN_HEAD];                 // Delta_i as computed, for the current k
    gsl_vector *F = gsl_vector_alloc(d), *P = gsl_vector_alloc(d);
    int status = GSL_SUCCESS;
    if (!one_minus_cos || !sin_w || !F || !P) {
        status = GSL_ENOMEM;
        gsl_error("no memory for the float scan", __FILE__, __LINE__, status);
        goto done;
    }
    double tail2 = 0.0, tail_a0 = 0.0, tail_a2 = 0.0, tail_b = 0.0, D1sq = 0.0;
    for (size_t i = 0; i < h; i++) {
        double half_sin = sin(0.5 * fc->w[i]);
        one_minus_cos[i] = 2.0 * half_sin * half_sin;
        sin_w[i] = sin(fc->w[i]);
        D1sq += 2.0 * one_minus_cos[i];
        if (i >= m) {   // |Delta_i| <= k t_i, t_i = w_i delta_i
            double t = fc->w[i] * fc->delta[i];
            tail2 += t * t;
            tail_a0 += one_minus_cos[i];
            tail_a2 += 0.5 * one_minus_cos[i] * t * t;
            tail_b += sin_w[i] * t;
        }
    }
    const double D1 = sqrt(D1sq);
    for (size_t i = 0; i < FLOAT_SCAN_HEAD; i++) {
        head_z[i] = i < m ? fc->z[i] : 1.0f;
        head_w[i] = i < m ? fc->w[i] : 1.0;
        head_omc[i] = i < m ? one_minus_cos[i] : 0.0;
        head_sin[i] = i < m ? sin_w[i] : 0.0;
    }

    // Below K0 the bound k beta + gamma stays under the criterion.
    double K0 = (criterion - fc->gamma) / fc->beta;
    out->scan_first = K0 < 1.0 ? 1 : (long)ceil(K0);
    if (out->scan_first > k_end) out->scan_first = k_end;
    // Below scan_first the bound k beta + gamma covers every position.
    out->error_bound_max_k = out->scan_first - 1;
    out->error_bound_max = (double)out->error_bound_max_k * fc->beta + fc->gamma;
    for (long k = out->scan_first; k < k_end; k++) {
        const float kf = (float)k;
        const double kd = (double)k;
        // The computed Delta_i is off by at most eps: the rounding of k w_i in
        // double (k w_i < 2^24) and of w_i itself.
        const double eps = kd * 0x1p-51;
        // Four partial sums, so the additions need not wait for each other; the
        // sum's own rounding (a relative 2^-46 at most) is covered by SUM_ROUNDING.
        // First every Delta_i (independent pairs: as wide a vector as the
        // processor has), then the four sums, a vector of four at a time: GCC
        // would otherwise unroll that short loop into scalar additions.
        for (size_t i = 0; i < FLOAT_SCAN_HEAD; i++) {
            float a = kf / head_z[i];
            head[i] = (double)a - kd * head_w[i];
        }
        double e2_part[4] = {0.0, 0.0, 0.0, 0.0};
#pragma GCC unroll 1
        for (size_t i = 0; i < FLOAT_SCAN_HEAD; i += 4)
            for (size_t q = 0; q < 4; q++) e2_part[q] += head[i + q] * head[i + q];
        double e2 = ((e2_part[0] + e2_part[1]) + (e2_part[2] + e2_part[3])) * SUM_ROUNDING;
        double head_norm = sqrt(e2) + sqrt((double)FLOAT_SCAN_HEAD) * eps;
        double bound = sqrt(head_norm * head_norm + kd * kd * tail2) + fc->gamma;
        if (bound > out->error_bound_max) {
            out->error_bound_max = bound;
            out->error_bound_max_k = k;
        }
        if (bound <= criterion) continue;   // neither a crossing nor (see below) a neighbour misread
        if (out->first_crossing < 0) {
            double e = float_code_error(fc, kd);
            out->full_evaluations++;
            if (e > criterion) {
                out->first_crossing = k;
                out->crossing_error = e;
            }
        }
        // The neighbour test. With U the point at angles k w_i + Delta_i on the
        // unit circles and F = U + err (||err|| <= gamma),
        //   ||F - P_{k+-1}||^2 - ||F - P_k||^2
        //     = 2 [sum_i (1 - cos w_i) cos Delta_i -+ sum_i sin w_i sin Delta_i] + 2 err.(P_k - P_{k+-1})
        //    >= 2 (A - |S|) - 2 gamma D(1),
        // A a lower bound on the first sum, |S| an upper bound on the second's size.
        // First the cheap bounds cos x >= 1 - x^2/2 and |sin x| <= |x| for every pair.
        double A = tail_a0 - kd * kd * tail_a2, B = kd * tail_b;
        for (size_t i = 0; i < FLOAT_SCAN_HEAD; i++) {
            double D = fabs(head[i]) + eps;
            A += head_omc[i] * (1.0 - 0.5 * D * D);
            B += head_sin[i] * D;
        }
        if (A - B > fc->gamma * D1) continue;
        // Then the signed sum for the head pairs, with series that bound from
        // the right side: cos x >= 1 - x^2/2 + x^4/24 - x^6/720, and
        // sin x = x - x^3/6 + x^5/120 within |x|^7/5040 (alternating series);
        // the error eps of the computed Delta_i moves sin by at most eps.
        // Each pair's terms first, in a loop of independent pairs whose divisions
        // run a vector at a time: both cosine bounds are computed, so that no
        // division waits on a branch (GCC will not move a division out of one),
        // and the sums pick one. Then the three sums in pair order, as before.
        double ax_of[FLOAT_SCAN_HEAD], cos_series[FLOAT_SCAN_HEAD], cos_quadratic[FLOAT_SCAN_HEAD];
        double term_S[FLOAT_SCAN_HEAD], term_S_err[FLOAT_SCAN_HEAD];
        for (size_t i = 0; i < FLOAT_SCAN_HEAD; i++) {
            double x = head[i], x2 = x * x, ax = fabs(x) + eps, ax2 = ax * ax;
            ax_of[i] = ax;
            cos_series[i] = 1.0 - 0.5 * ax2 + ax2 * ax2 / 24.0 - ax2 * ax2 * ax2 / 720.0;
            cos_quadratic[i] = 1.0 - 0.5 * ax2;
            term_S[i] = head_sin[i] * x * (1.0 - x2 / 6.0 + x2 * x2 / 120.0);
            term_S_err[i] = head_sin[i] * (fabs(x) * x2 * x2 * x2 / 5040.0 + eps);
        }
        A = tail_a0 - kd * kd * tail_a2;
        double S = 0.0, S_err = kd * tail_b;
        for (size_t i = 0; i < FLOAT_SCAN_HEAD; i++) {
            A += head_omc[i] * (ax_of[i] <= 1.0 ? cos_series[i] : cos_quadratic[i]);
            S += term_S[i];
            S_err += term_S_err[i];
        }
        if (A - fabs(S) - S_err > fc->gamma * D1) continue;
        double dist[3];
        status = neighbour_distances(fc, kd, F, P, dist);
        if (status) goto done;
        out->neighbour_direct++;
        if (fmin(dist[0], dist[2]) < dist[1] && out->first_misread < 0) out->first_misread = k;
    }

    // Far codes: |j - k| >= 2 cannot win if ||P_0 - P_R|| > 2 E for every
    // 2 <= R < k_end, E the largest error (the bound; below scan_first the
    // error stays under the criterion).
    const double E = fmax(out->error_bound_max, criterion), needed = 2.0 * E;
    const double slack = FAR_SLACK_PER_PAIR * (double)mf;
    for (size_t i = 0; i < FLOAT_SCAN_FAR; i++) {
        cw[i] = i < mf ? cos(fc->w[i]) : 1.0;
        sw[i] = i < mf ? sin(fc->w[i]) : 0.0;
    }
    // Past the largest distance two codes can have (||P_a - P_b|| <= sqrt(2d))
    // nothing can be decided; and a bound that needs the full distance too
    // often gives up rather than run for minutes.
    if (needed >= sqrt(2.0 * (double)d)) out->misread_decided = false;
    for (long R = 2; R < k_end && out->misread_decided; R++) {
        if ((R - 2) % FAR_RESTART == 0) {
            for (size_t i = 0; i < FLOAT_SCAN_FAR; i++) {
                c[i] = i < mf ? cos((double)R * fc->w[i]) : 1.0;
                s[i] = i < mf ? sin((double)R * fc->w[i]) : 0.0;
            }
        } else {
            for (size_t i = 0; i < FLOAT_SCAN_FAR; i++) {   // turn by w_i: (c, s) <- angle + w_i
                double cn = c[i] * cw[i] - s[i] * sw[i];
                s[i] = s[i] * cw[i] + c[i] * sw[i];
                c[i] = cn;
            }
        }
        double D2_part[4] = {0.0, 0.0, 0.0, 0.0};
#pragma GCC unroll 1   // a vector of four sums, not 32 scalar additions (as above)
        for (size_t i = 0; i < FLOAT_SCAN_FAR; i += 4)
            for (size_t q = 0; q < 4; q++) D2_part[q] += 2.0 * (1.0 - c[i + q]);
        double D2 = ((D2_part[0] + D2_part[1]) + (D2_part[2] + D2_part[3])) / SUM_ROUNDING;
        double lower = sqrt(fmax_inline(D2 - slack, 0.0));
        if (lower <= needed) {   // the fast pairs alone do not decide: every pair
            double full = 0.0;
            for (size_t i = 0; i < h; i++) {
                double hs = sin(0.5 * (double)R * fc->w[i]);
                full += 4.0 * hs * hs;
            }
            out->far_direct++;
            lower = sqrt(fmax_inline(full - slack, 0.0));
            if (lower <= needed || out->far_direct > FAR_DIRECT_LIMIT) out->misread_decided = false;
        }
        if (lower < out->far_distance_min) {
            out->far_distance_min = lower;
            out->far_distance_R = R;
        }
    }
    if (!out->misread_decided) out->first_misread = -1;   // unknown, not "none"

    // From 2^24 + 1 on, directly against the neighbours.
    if (out->misread_decided && out->first_misread < 0) {
        for (long k = k_end; k <= k_last && k < k_end + FLOAT_SCAN_PAST; k++) {
            double dist[3];
            status = neighbour_distances(fc, (double)k, F, P, dist);
            if (status) goto done;
            out->past_checked_to = k;
            if (fmin(dist[0], dist[2]) < dist[1]) {
                out->first_misread = k;
                break;
            }
        }
    }
done:
    free(one_minus_cos);
    free(sin_w);
    if (F) gsl_vector_free(F);
    if (P) gsl_vector_free(P);
    return status;
}
