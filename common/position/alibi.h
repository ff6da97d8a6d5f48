// alibi.h: attention with linear biases (ALiBi, Press, Smith & Lewis 2022).
//
// ALiBi adds no vector to the input. It adds a bias to every attention score
// that grows linearly with the distance between query t and key s:
//
//   S'[t][s] = S[t][s] + B[t][s],   B[t][s] = -m_left  (t - s)   for s <= t (keys before the query)
//                                   B[t][s] = -m_right (s - t)   for s >  t (keys after it)
//
// The ALiBi paper is causal (only s <= t matters) and uses one slope m per
// head, fixed, geometric: for H heads, head h = 1..H gets m_h = 2^(-8h/H)
// (H = 8: 1/2, 1/4, ..., 1/256). A bidirectional model can use one symmetric
// slope (m_left = m_right, bias -m|t-s|) or two, which lets it tell the key
// before the query from the key after it.
//
// Shapes: S, B, dS (T,T), row = query t, column = key s.
// Functions return GSL status codes: GSL_EINVAL for a bad head index or a
// non-finite slope, GSL_EBADLEN for a non-square matrix.
#ifndef WORKBOOK_ALIBI_H
#define WORKBOOK_ALIBI_H

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <stddef.h>

// m_h = 2^(-8h/H) for head h = 1..H; NAN when h = 0, h > H or H = 0.
double alibi_slope(size_t h, size_t H);

// slopes (H,): slopes[h-1] = alibi_slope(h, H), H = slopes->size.
int alibi_slopes_fill(gsl_vector *slopes);

// B (T,T) = the bias above (B[t][t] = 0).
int alibi_bias_fill(gsl_matrix *B, double slope_left, double slope_right);

// S (T,T) += the bias above, in place (what a forward pass does to its scores).
int alibi_bias_add(gsl_matrix *S, double slope_left, double slope_right);

// Backward for learned slopes: given dS = dL/dS' (T,T), the gradients
//   dL/dm_left  = -sum_{s<t} dS[t][s] (t - s),   dL/dm_right = -sum_{s>t} dS[t][s] (s - t).
// (dL/dS = dS itself: the bias is added.)
int alibi_slope_gradients(const gsl_matrix *dS, double *d_slope_left, double *d_slope_right);

#endif
