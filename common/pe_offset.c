// pe_offset.c: see pe_offset.h.
#include "pe_offset.h"

#include <math.h>

#include "pe_table.h"

static int width_ok(size_t d) { return d >= 2 && d % 2 == 0; }

double pe_offset_dot(double R, size_t d) {
    if (!width_ok(d)) return NAN;
    double sum = 0.0;
    for (size_t i = 0; i < d / 2; i++) sum += cos(R / pe_denominator(i, d));
    return sum;
}

double pe_offset_similarity(double R, size_t d) {
    if (!width_ok(d)) return NAN;
    return pe_offset_dot(R, d) / ((double)d / 2.0);
}

double pe_offset_distance2(double R, size_t d) {
    if (!width_ok(d)) return NAN;
    double sum = 0.0;
    for (size_t i = 0; i < d / 2; i++) {
        double half = sin(R / (2.0 * pe_denominator(i, d)));
        sum += half * half;
    }
    return 4.0 * sum;
}
