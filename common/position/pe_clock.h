// pe_clock.h: the sinusoidal code read as a clock with d/2 hands (Doc A §時鐘指針的比喻).
//
// Pair i of P_k, (P_k[2i], P_k[2i+1]) = (sin(k/Z_i), cos(k/Z_i)), is a unit
// vector: a clock hand that starts at 12 o'clock for k = 0 and turns
// clockwise by 1/Z_i radians per position (x = sin, y = cos). Hand 0 is the
// fastest (one turn in 2*pi positions), hand d/2-1 the slowest.
//
// Symbols as in pe_table.h: d width (even), i pair index, k position,
// Z_i = 10000^(2i/d), theta_i the hand's angle in [0, 2*pi).
//
// Functions return GSL status codes (GSL_EINVAL for an odd or zero width or
// a pair index past d/2 - 1) rather than crashing.
#ifndef WORKBOOK_PE_CLOCK_H
#define WORKBOOK_PE_CLOCK_H

#include <gsl/gsl_vector.h>
#include <stddef.h>

// The angle of hand i in the code P (d,), in [0, 2*pi): atan2(sin, cos).
// Returns NAN for a bad width or pair index.
double pe_clock_angle(const gsl_vector *P, size_t i);

// Read a position back from its code P (d,), slowest hand first:
//   k = Z_last * theta_last                       (the coarse reading)
//   then for each faster hand i, keep the whole number of turns n that puts
//   Z_i * (theta_i + 2*pi*n) nearest to the reading so far.
// The reading is exact (to rounding) for 0 <= k < 2*pi*Z_last, the slowest
// hand's period; past it the coarse hand has wrapped, the coarse reading
// restarts near 0 and the result is wrong. *k_out receives the (real) reading.
int pe_clock_decode(const gsl_vector *P, double *k_out);

#endif
