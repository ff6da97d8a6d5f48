// pe_table.h: the sinusoidal positional encoding of "Attention Is All You Need".
//
// Symbols (used the same way in every chapter):
//   d     encoding width, even
//   i     pair index, 0 .. d/2-1; pair i is dimensions 2i (sin) and 2i+1 (cos)
//   k     position (any real number; the table rows are integers)
//   Z_i   = 10000^(2i/d), the denominator of pair i
//   P_k   the encoding of position k, a vector of d numbers:
//           P_k[2i]   = sin(k / Z_i)
//           P_k[2i+1] = cos(k / Z_i)
//   R     an offset between positions; M_R is the (d,d) block-diagonal matrix
//         with blocks [[cos(R/Z_i), sin(R/Z_i)], [-sin(R/Z_i), cos(R/Z_i)]],
//         so that P_{k+R} = M_R P_k (Doc A §核心性質).
//
// Functions return GSL status codes (GSL_EINVAL for an odd or zero width,
// GSL_EBADLEN for mismatched shapes) rather than crashing.
#ifndef WORKBOOK_PE_TABLE_H
#define WORKBOOK_PE_TABLE_H

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <stddef.h>

#define PE_BASE 10000.0

// Z_i = 10000^(2i/d). Returns NAN for an odd d or i >= d/2.
double pe_denominator(size_t i, size_t d);

// The number of positions pair i needs for one full turn: 2*pi*Z_i.
double pe_period(size_t i, size_t d);

// P_k into P (d,), d = P->size.
int pe_encode(double k, gsl_vector *P);

// Table rows: P (N,d), row r = P_{first_k + r}.
int pe_table_fill(gsl_matrix *P, double first_k);

// The 2x2 block of pair i of M_R (block is (2,2)).
int pe_rotation_block(double R, size_t i, size_t d, gsl_matrix *block);

// The full M_R (d,d), block-diagonal, d = M->size1 = M->size2.
int pe_rotation_matrix(double R, gsl_matrix *M);

#endif
