// pe_layout.h: the two column orders in which sinusoidal tables are shipped.
//
// The formula (Vaswani et al.; common/position/pe_table.h) interleaves the pairs:
//   interleaved:  column 2i = sin(k/Z_i), column 2i+1 = cos(k/Z_i)
// Several libraries concatenate two halves instead (every sine, then every cosine):
//   halves:       column i = sin(k/Z_i), column d/2 + i = cos(k/Z_i),   i = 0 .. d/2-1
//
// The halves table is the interleaved table with its columns reordered by a
// fixed permutation p of 0..d-1 (halves column j = interleaved column p[j]):
//   p[j] = 2j (j < d/2),   p[d/2 + i] = 2i + 1
// which is what gsl_permute_matrix(p, P) does to a (N,d) table P in place.
//
// Functions return GSL status codes (GSL_EINVAL for an odd or zero width).
#ifndef WORKBOOK_PE_LAYOUT_H
#define WORKBOOK_PE_LAYOUT_H

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_permutation.h>

// p (d,) = the interleaved -> halves column permutation above, d = p->size.
int pe_layout_halves_permutation(gsl_permutation *p);

// The halves table straight from the formula: P (N,d), row r = position first_k + r.
int pe_table_fill_halves(gsl_matrix *P, double first_k);

// tensor2tensor's timing signal (get_timing_signal_1d, min_timescale 1, max
// 10^4): also all sines, then all cosines, but with inverse timescales
// 10^4^(-i/(d/2-1)), i = 0..d/2-1, from 1 down to 10^-4 inclusive, where the
// formula has 1/Z_i = 10^4^(-2i/d) (chapter 7, claim 7.5).
// The inverse timescale of pair i at width d_model.
double pe_t2t_frequency(size_t i, size_t d_model);
// T (N,d), row k: position k, columns as the halves table's.
int pe_table_fill_t2t(gsl_matrix *T);

#endif
