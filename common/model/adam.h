// adam.h: the Adam optimiser (Kingma & Ba 2015) over a flat parameter block.
//
//   m <- b1 m + (1-b1) g          v <- b2 v + (1-b2) g^2
//   p <- p - lr * (m / (1-b1^t)) / (sqrt(v / (1-b2^t)) + eps)
//
// No weight decay: a parameter whose gradient has always been exactly 0 keeps
// m = v = 0, so its update is 0 / (0 + eps) = 0 and it stays bit-identical to
// its initial value (chapter 6, claim 6.6 relies on this).
#ifndef WORKBOOK_ADAM_H
#define WORKBOOK_ADAM_H

#include <stddef.h>

typedef struct {
    double lr, beta1, beta2, eps;
    size_t n;                      // parameters
    double *m, *v;                 // (n,) first and second moments
    long t;                        // steps taken
} Adam;

// Returns NULL when out of memory.
Adam *adam_new(size_t n, double lr, double beta1, double beta2, double eps);
void adam_free(Adam *a);

// One step: params (n,) updated from grads (n,).
void adam_step(Adam *a, double *params, const double *grads);

#endif
