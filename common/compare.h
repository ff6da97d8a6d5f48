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

#endif
