// adam.c: see adam.h.
#include "model/adam.h"

#include <math.h>
#include <stdlib.h>

#include "base/hot_loop.h"

Adam *adam_new(size_t n, double lr, double beta1, double beta2, double eps) {
    Adam *a = calloc(1, sizeof *a);
    if (a == NULL) return NULL;
    *a = (Adam){.lr = lr, .beta1 = beta1, .beta2 = beta2, .eps = eps, .n = n};
    a->m = calloc(n > 0 ? n : 1, sizeof *a->m);
    a->v = calloc(n > 0 ? n : 1, sizeof *a->v);
    if (a->m == NULL || a->v == NULL) {
        adam_free(a);
        return NULL;
    }
    return a;
}

void adam_free(Adam *a) {
    if (a == NULL) return;
    free(a->m);
    free(a->v);
    free(a);
}

WORKBOOK_HOT_LOOP
void adam_step(Adam *a, double *params, const double *grads) {
    a->t++;
    double correction1 = 1.0 - pow(a->beta1, (double)a->t);
    double correction2 = 1.0 - pow(a->beta2, (double)a->t);
    // (distinct arrays, said with restrict, let the compiler do several numbers at once)
    double *restrict m = a->m, *restrict v = a->v, *restrict p = params;
    const double *restrict gr = grads;
    for (size_t i = 0; i < a->n; i++) {
        double g = gr[i];
        m[i] = a->beta1 * m[i] + (1.0 - a->beta1) * g;
        v[i] = a->beta2 * v[i] + (1.0 - a->beta2) * g * g;
        double m_hat = m[i] / correction1, v_hat = v[i] / correction2;
        p[i] -= a->lr * m_hat / (sqrt(v_hat) + a->eps);
    }
}
