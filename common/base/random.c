// random.c: see random.h.
#include "base/random.h"

#include <gsl/gsl_randist.h>
#include <stdio.h>
#include <stdlib.h>

gsl_rng *random_new(unsigned long seed) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    if (r == NULL) {
        fprintf(stderr, "random_new: out of memory\n");
        exit(1);
    }
    gsl_rng_set(r, seed);
    return r;
}

void random_free(gsl_rng *r) {
    if (r) gsl_rng_free(r);
}

void random_gaussian_matrix(gsl_matrix *m, const gsl_rng *r, double sigma) {
    for (size_t i = 0; i < m->size1; i++)
        for (size_t j = 0; j < m->size2; j++) gsl_matrix_set(m, i, j, gsl_ran_gaussian(r, sigma));
}

void random_gaussian_vector(gsl_vector *v, const gsl_rng *r, double sigma) {
    for (size_t i = 0; i < v->size; i++) gsl_vector_set(v, i, gsl_ran_gaussian(r, sigma));
}

void random_uniform_matrix(gsl_matrix *m, const gsl_rng *r, double a) {
    for (size_t i = 0; i < m->size1; i++)
        for (size_t j = 0; j < m->size2; j++) gsl_matrix_set(m, i, j, gsl_ran_flat(r, -a, a));
}

void random_uniform_vector(gsl_vector *v, const gsl_rng *r, double a) {
    for (size_t i = 0; i < v->size; i++) gsl_vector_set(v, i, gsl_ran_flat(r, -a, a));
}
