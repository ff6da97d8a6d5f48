// pe_relative.h: how much of a position-position score depends on the offset
// m - n alone (chapter 5, claim 5.5; chapter 7, claim 7.2).
//
// Term 4 of the attention score is a bilinear form of two sinusoidal codes,
//   s(n, m) = P_n^T A P_m,   A = W_Q^T W_K (d,d), d even, interleaved layout.
// Substituting P_m = M_{m-n} P_n does not make it relative: A sits between
// P_n and the rotation. The part that is a function of m - n whatever n is
// comes from the matrices that commute with every M_R: block-diagonal, each
// 2x2 block of the form [[a, b], [-b, a]] (the pairs turn at different
// speeds, so any block coupling two pairs would have to vanish). For such a C,
//   P_n^T C P_m = sum_i a_i cos((m-n)/Z_i) - b_i sin((m-n)/Z_i).
// pe_relative_part gives the orthogonal (Frobenius) projection C of A onto
// them; the remainder A - C contributes terms in (m+n)/Z_i and in mixtures of
// two pairs' angles, which no function of m - n can match over long ranges.
// For A with i.i.d. entries, E|C|^2 / E|A|^2 = 2 (d/2) / d^2 = 1/d.
//
// The grid measures below take any (N,N) map F[n][m] (row n, column m):
//   offset_share          the variance of the diagonal means over the total
//                         variance (eta^2 of the diagonals). On a square grid
//                         m - n is correlated with m and n, so a function of
//                         absolute position scores high too (F = m: about 1/2).
//   offset_share_interaction
//                         the same after removing every row and column mean
//                         (double centring): any g(n) + h(m), F = m included,
//                         scores 0; what is left is the part no sum of absolute
//                         effects explains, and the share of it the offset
//                         explains. NAN when nothing is left (F additive).
//                         A lower bound: the interaction of a pure function of
//                         m - n need not be one ((m-n)^2 scores 0.73 at N = 64).
//   variance_share        |part - mean(part)|^2 / |whole - mean(whole)|^2.
#ifndef WORKBOOK_PE_RELATIVE_H
#define WORKBOOK_PE_RELATIVE_H

#include <gsl/gsl_matrix.h>

// C (d,d) = the projection of A (d,d) onto the matrices commuting with every
// M_R. GSL_EBADLEN unless A and C are square, of one even size >= 2. C may be A.
int pe_relative_part(const gsl_matrix *A, gsl_matrix *C);

double offset_share(const gsl_matrix *F);
double offset_share_interaction(const gsl_matrix *F);
double variance_share(const gsl_matrix *part, const gsl_matrix *whole);

#endif
