// compare.h: measuring how far apart two results are, and the tolerance
// ladder every claim uses (GSL style: multiples of DBL_EPSILON with a reason).
#ifndef WORKBOOK_COMPARE_H
#define WORKBOOK_COMPARE_H

#include <float.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>

// "Equal up to rounding": two computations of the same quantity that differ
// only in the order of a few dozen floating-point operations agree to a few
// units in the last place. 64 ulp of the quantities' scale leaves room for
// sums over up to a few hundred terms without hiding a real difference
// (every real difference in the workbook is above 1e-6).
#define ROUNDING_ULPS 64.0
#define ROUNDING_TOLERANCE(scale) (ROUNDING_ULPS * DBL_EPSILON * ((scale) > 1.0 ? (scale) : 1.0))

// "Far above rounding": a difference a million times the rounding tolerance
// cannot be an artefact of summation order.
#define FAR_ABOVE_ROUNDING 1e6

// max_ij |a_ij - b_ij|; the shapes must match (returns NAN otherwise).
double max_abs_diff_matrix(const gsl_matrix *a, const gsl_matrix *b);
double max_abs_diff_vector(const gsl_vector *a, const gsl_vector *b);

// max_ij |a_ij|
double max_abs_matrix(const gsl_matrix *a);

// Does a curve s(R), R = 0..size-1, fall steadily with R? first_turn: the
// first R with s(R+1) > s(R) (size-1 if there is none); rise: the largest
// s(R) - s(R') over R' < R (0 for a curve that never rises), at R = rise_at
// above R' = low_at. (Claims about attention falling with distance.)
typedef struct {
    size_t first_turn, rise_at, low_at;
    double rise;
} DistanceDecay;
DistanceDecay distance_decay(const gsl_vector *s);

#endif
