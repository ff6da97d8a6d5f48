// random.h: every random choice in the workbook comes from gsl_rng
// (Mersenne Twister mt19937) with a seed the run prints.
#ifndef WORKBOOK_RANDOM_H
#define WORKBOOK_RANDOM_H

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_vector.h>

gsl_rng *random_new(unsigned long seed);   // aborts with a message if out of memory
void random_free(gsl_rng *r);

// Entries i.i.d. N(0, sigma^2).
void random_gaussian_matrix(gsl_matrix *m, const gsl_rng *r, double sigma);
void random_gaussian_vector(gsl_vector *v, const gsl_rng *r, double sigma);

// Entries i.i.d. uniform in [-a, a).
void random_uniform_matrix(gsl_matrix *m, const gsl_rng *r, double a);
void random_uniform_vector(gsl_vector *v, const gsl_rng *r, double a);

#endif
