// pe_recurrence.c: see pe_recurrence.h.
#include "position/pe_recurrence.h"

#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>

#include "base/hot_loop.h"
#include "position/pe_table.h"

static int width_ok(size_t d) { return d >= 2 && d % 2 == 0; }

PeRecurrence *pe_recurrence_new(size_t d) {
    if (!width_ok(d)) GSL_ERROR_NULL("encoding width d must be even and >= 2", GSL_EINVAL);
    PeRecurrence *rec = malloc(sizeof *rec);
    if (!rec) GSL_ERROR_NULL("no memory for the recurrence", GSL_ENOMEM);
    rec->d = d;
    rec->freq = malloc(d / 2 * sizeof *rec->freq);
    rec->step_cos = malloc(d / 2 * sizeof *rec->step_cos);
    rec->step_sin = malloc(d / 2 * sizeof *rec->step_sin);
    if (!rec->freq || !rec->step_cos || !rec->step_sin) {
        pe_recurrence_free(rec);
        GSL_ERROR_NULL("no memory for the recurrence coefficients", GSL_ENOMEM);
    }
    double storage[4];
    gsl_matrix_view block = gsl_matrix_view_array(storage, 2, 2);
    for (size_t i = 0; i < d / 2; i++) {
        // w_i = 10000^(-2i/d), all in long double.
        rec->freq[i] = powl(10000.0L, -(2.0L * (long double)i) / (long double)d);
        pe_rotation_block(1.0, i, d, &block.matrix);   // [[c, s], [-s, c]]; i < d/2 cannot fail
        rec->step_cos[i] = storage[0];
        rec->step_sin[i] = storage[1];
    }
    return rec;
}

void pe_recurrence_free(PeRecurrence *rec) {
    if (!rec) return;
    free(rec->freq);
    free(rec->step_cos);
    free(rec->step_sin);
    free(rec);
}

// Reduction modulo 2 pi in two parts (Cody and Waite): 2 pi = TWO_PI_HI +
// TWO_PI_LO, where TWO_PI_HI has only 32 significant bits, so n * TWO_PI_HI
// is exact in long double for any whole number of turns n < 2^32, and the
// rounding left is that of n * TWO_PI_LO, about n * 2^-96: negligible. A
// single long double 2 pi would add n * 2^-64 * 2 pi, i.e. 5e-13 at k = 10^7.
static const long double TWO_PI_HI = 6.2831853069365024566650390625L;          // 0x1.921fb544p+2
static const long double TWO_PI_LO = 2.43084020260247704059005768394e-10L;     // 2 pi - TWO_PI_HI
static const long double INV_TWO_PI = 0.159154943091895335768883763372514362L;
static const long double TURNS_LIMIT = 4294967296.0L;                           // 2^32

// The nearest whole number of turns (|turns| <= 2^32 here); a cast instead of
// roundl, which is a slow library call on x87.
static long double nearest_turn(long double turns) {
    return (long double)(long long)(turns + (turns >= 0 ? 0.5L : -0.5L));
}

// Also compiled for AVX2 (common/base/hot_loop.h), for its SSE3 part: there the
// cast of nearest_turn is one fisttp, where the baseline copy switches the x87
// rounding mode to truncation and back for every pair (a third of this
// function's time in chapter 8, which calls it 2^24 times). The same
// truncation either way, so the same bits.
WORKBOOK_HOT_LOOP
int pe_recurrence_exact(const PeRecurrence *rec, double k, gsl_vector *P) {
    if (P->size != rec->d) GSL_ERROR("row width differs from the recurrence's d", GSL_EBADLEN);
    const long double kl = k;
    for (size_t i = 0; i < rec->d / 2; i++) {
        // The angle k w_i and its reduction to [-pi, pi] in long double; then
        // the reduced angle a = hi + lo with hi = (double)a, and
        //   sin a = sin hi + lo cos hi,  cos a = cos hi - lo sin hi
        // (the next terms are lo^2 ~ 1e-32). As accurate as sinl/cosl to a
        // fraction of an ulp of double, and about ten times faster for large k.
        long double angle = kl * rec->freq[i];
        if (!(fabsl(angle) < TURNS_LIMIT * TWO_PI_HI)) {   // beyond the two-part reduction (or NaN): sinl, cosl
            gsl_vector_set(P, 2 * i, (double)sinl(angle));
            gsl_vector_set(P, 2 * i + 1, (double)cosl(angle));
            continue;
        }
        long double turns = nearest_turn(angle * INV_TWO_PI);
        long double reduced = (angle - turns * TWO_PI_HI) - turns * TWO_PI_LO;
        double hi = (double)reduced, lo = (double)(reduced - (long double)hi);
        double s = sin(hi), c = cos(hi);
        gsl_vector_set(P, 2 * i, s + lo * c);
        gsl_vector_set(P, 2 * i + 1, c - lo * s);
    }
    return GSL_SUCCESS;
}

int pe_encode_reference(double k, gsl_vector *P) {
    if (!width_ok(P->size)) GSL_ERROR("encoding width d must be even and >= 2", GSL_EINVAL);
    PeRecurrence *rec = pe_recurrence_new(P->size);
    if (!rec) return GSL_ENOMEM;
    int status = pe_recurrence_exact(rec, k, P);
    pe_recurrence_free(rec);
    return status;
}

int pe_recurrence_step(const PeRecurrence *rec, const gsl_vector *current, gsl_vector *next) {
    if (current->size != rec->d || next->size != rec->d)
        GSL_ERROR("row width differs from the recurrence's d", GSL_EBADLEN);
    // Through the data pointers (the widths are checked above), so that the
    // loop has no range check per entry and runs a vector at a time.
    const double *cur = current->data;
    double *nxt = next->data;
    const size_t cs = current->stride, ns = next->stride;
    for (size_t i = 0; i < rec->d / 2; i++) {
        double c = rec->step_cos[i], s = rec->step_sin[i];
        double sin_k = cur[2 * i * cs], cos_k = cur[(2 * i + 1) * cs];
        nxt[2 * i * ns] = c * sin_k + s * cos_k;
        nxt[(2 * i + 1) * ns] = c * cos_k + (-s) * sin_k;   // the hot loop's order
    }
    return GSL_SUCCESS;
}

// The hot loop: one row from the row above, both contiguous (d,). The step
// is spread over d entries so that every output entry has the same shape,
//   cur[j] = diag[j] * prev[j] + cross[j] * prev[j ^ 1]
// with diag = (c_0, c_0, c_1, c_1, ...) and cross = (s_0, -s_0, s_1, -s_1, ...),
// which the compiler turns into vector multiplies, adds and a pair swap.
// Same operations in the same order as pe_recurrence_step, so the same bits.
static void recurrence_row(size_t d, const double *restrict diag, const double *restrict cross,
                           const double *restrict prev, double *restrict cur) {
    for (size_t j = 0; j < d; j += 2) {
        cur[j] = diag[j] * prev[j] + cross[j] * prev[j + 1];
        cur[j + 1] = diag[j + 1] * prev[j + 1] + cross[j + 1] * prev[j];
    }
}

int pe_recurrence_fill(gsl_matrix *P, double first_k, size_t anchor_every) {
    size_t n = P->size1, d = P->size2;
    if (!width_ok(d)) GSL_ERROR("encoding width d must be even and >= 2", GSL_EINVAL);
    if (anchor_every == 0) GSL_ERROR("anchor_every (B) must be at least 1", GSL_EINVAL);
    PeRecurrence *rec = pe_recurrence_new(d);
    double *diag = malloc(d * sizeof *diag), *cross = malloc(d * sizeof *cross);
    int status = GSL_SUCCESS;
    if (!rec || !diag || !cross) {
        status = GSL_ENOMEM;
        gsl_error("no memory for the step coefficients", __FILE__, __LINE__, status);
        goto done;
    }
    for (size_t i = 0; i < d / 2; i++) {
        diag[2 * i] = diag[2 * i + 1] = rec->step_cos[i];
        cross[2 * i] = rec->step_sin[i];
        cross[2 * i + 1] = -rec->step_sin[i];
    }
    for (size_t r = 0; r < n; r++) {
        double *row = P->data + r * P->tda;
        if (r % anchor_every == 0) {
            gsl_vector_view anchor = gsl_vector_view_array(row, d);
            status = pe_recurrence_exact(rec, first_k + (double)r, &anchor.vector);
            if (status) goto done;
        } else {
            recurrence_row(d, diag, cross, row - P->tda, row);
        }
    }
done:
    pe_recurrence_free(rec);
    free(diag);
    free(cross);
    return status;
}
