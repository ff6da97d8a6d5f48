// embedding.c: see embedding.h.
#include "words/embedding.h"

#include <gsl/gsl_blas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

Embedding *embedding_new(const float *raw, size_t V, size_t d) {
    Embedding *e = malloc(sizeof *e);
    float *unit = malloc(V * d * sizeof *unit + 1);
    if (e == NULL || unit == NULL) {
        free(e);
        free(unit);
        return NULL;
    }
    for (size_t w = 0; w < V; w++) {
        double s = 0.0;
        for (size_t i = 0; i < d; i++) s += (double)raw[w * d + i] * raw[w * d + i];
        double inv = s > 0 ? 1.0 / sqrt(s) : 0.0;
        for (size_t i = 0; i < d; i++) unit[w * d + i] = (float)(raw[w * d + i] * inv);
    }
    *e = (Embedding){V, d, unit};
    return e;
}

void embedding_free(Embedding *e) {
    if (e == NULL) return;
    free(e->unit);
    free(e);
}

double embedding_cosine(const Embedding *e, size_t a, size_t b) {
    double s = 0.0;
    for (size_t i = 0; i < e->d; i++) s += (double)e->unit[a * e->d + i] * e->unit[b * e->d + i];
    return s;
}

double vector_cosine(const float *x, const float *y, size_t d) {
    double xy = 0.0, xx = 0.0, yy = 0.0;
    for (size_t i = 0; i < d; i++) {
        xy += (double)x[i] * y[i];
        xx += (double)x[i] * x[i];
        yy += (double)y[i] * y[i];
    }
    return xx > 0 && yy > 0 ? xy / sqrt(xx * yy) : 0.0;
}

static int skipped(long id, const long *skip, size_t n_skip) {
    for (size_t i = 0; i < n_skip; i++)
        if (skip[i] == id) return 1;
    return 0;
}

size_t embedding_nearest(const Embedding *e, const float *q, size_t limit, const long *skip, size_t n_skip,
                         size_t k, long *ids, double *sims) {
    if (limit > e->V) limit = e->V;
    if (limit == 0 || k == 0) return 0;
    float *scores = malloc(limit * sizeof *scores);
    if (scores == NULL) return 0;
    gsl_matrix_float_const_view E = gsl_matrix_float_const_view_array(e->unit, limit, e->d);
    gsl_vector_float_const_view qv = gsl_vector_float_const_view_array(q, e->d);
    gsl_vector_float_view sv = gsl_vector_float_view_array(scores, limit);
    gsl_blas_sgemv(CblasNoTrans, 1.0f, &E.matrix, &qv.vector, 0.0f, &sv.vector);
    // q need not be a unit vector: divide by its length so the scores are cosines
    double qq = 0.0;
    for (size_t i = 0; i < e->d; i++) qq += (double)q[i] * q[i];
    double inv = qq > 0 ? 1.0 / sqrt(qq) : 0.0;
    size_t found = 0;
    for (size_t w = 0; w < limit; w++) {
        if (skipped((long)w, skip, n_skip)) continue;
        double s = scores[w] * inv;
        // insertion into the sorted top-k (ties: the lower id first)
        if (found == k && s <= sims[k - 1]) continue;
        size_t at = found < k ? found++ : k - 1;
        while (at > 0 && sims[at - 1] < s) {
            sims[at] = sims[at - 1];
            ids[at] = ids[at - 1];
            at--;
        }
        sims[at] = s;
        ids[at] = (long)w;
    }
    free(scores);
    return found;
}

long embedding_analogy(const Embedding *e, long a, long b, long c, long d, size_t limit, long *rank_of_d) {
    if (limit > e->V) limit = e->V;
    size_t D = e->d;
    float *q = malloc(D * sizeof *q), *scores = malloc((limit + 1) * sizeof *scores);
    if (q == NULL || scores == NULL) {
        free(q);
        free(scores);
        return -1;
    }
    for (size_t i = 0; i < D; i++) q[i] = e->unit[b * D + i] - e->unit[a * D + i] + e->unit[c * D + i];
    gsl_matrix_float_const_view E = gsl_matrix_float_const_view_array(e->unit, limit, D);
    gsl_vector_float_const_view qv = gsl_vector_float_const_view_array(q, D);
    gsl_vector_float_view sv = gsl_vector_float_view_array(scores, limit);
    gsl_blas_sgemv(CblasNoTrans, 1.0f, &E.matrix, &qv.vector, 0.0f, &sv.vector);
    long best = -1;
    for (size_t w = 0; w < limit; w++) {
        if ((long)w == a || (long)w == b || (long)w == c) continue;
        if (best < 0 || scores[w] > scores[best]) best = (long)w;
    }
    if (rank_of_d) {
        *rank_of_d = -1;
        if (d >= 0 && (size_t)d < limit && d != a && d != b && d != c) {
            long rank = 1;
            for (size_t w = 0; w < limit; w++) {
                if ((long)w == a || (long)w == b || (long)w == c || (long)w == d) continue;
                if (scores[w] > scores[d] || (scores[w] == scores[d] && (long)w < d)) rank++;
            }
            *rank_of_d = rank;
        }
    }
    free(q);
    free(scores);
    return best;
}
