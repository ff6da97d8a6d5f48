// pe_offset.h: what the sinusoidal table looks like as a function of the
// offset R between two positions (Doc D §1, conditions 1 and 2).
//
// Because every pair i of P_k is a point on a circle at angle k/Z_i
// (common/position/pe_table.h), the dot product of two rows depends on their offset
// only:
//   P_a . P_b = sum_i [sin(a/Z_i) sin(b/Z_i) + cos(a/Z_i) cos(b/Z_i)]
//             = sum_i cos((a-b)/Z_i)
// and so does their distance:
//   ||P_a - P_b||^2 = d - 2 sum_i cos((a-b)/Z_i) = 4 sum_i sin^2((a-b)/(2 Z_i)).
// The last form is the one computed here: it has no cancellation when the
// two rows are close (d - 2*sum would lose every digit for tiny R).
//
// The single-offset functions return NAN for an odd or zero width d; the
// curve functions return GSL_EINVAL.
#ifndef WORKBOOK_PE_OFFSET_H
#define WORKBOOK_PE_OFFSET_H

#include <gsl/gsl_vector.h>
#include <stddef.h>

// P_k . P_{k+R} = sum_{i<d/2} cos(R / Z_i), for any k.
double pe_offset_dot(double R, size_t d);

// s(R) = P_k . P_{k+R} / (d/2): 1 at R = 0, the cosine similarity of two rows
// (every row has ||P_k||^2 = d/2).
double pe_offset_similarity(double R, size_t d);

// ||P_k - P_{k+R}||^2 = 4 sum_i sin^2(R / (2 Z_i)), for any k.
double pe_offset_distance2(double R, size_t d);

// Whole curves at once (the denominators are computed once, not per offset):
// out[r] = s(R_first + r), or ||P_k - P_{k+R_first+r}||^2, for r < out->size.
int pe_offset_similarity_curve(double R_first, size_t d, gsl_vector *out);
int pe_offset_distance2_curve(double R_first, size_t d, gsl_vector *out);

#endif
