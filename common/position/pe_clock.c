// pe_clock.c: see pe_clock.h.
#include "position/pe_clock.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>

#include "position/pe_table.h"

double pe_clock_angle(const gsl_vector *P, size_t i) {
    size_t d = P->size;
    if (d < 2 || d % 2 != 0 || i >= d / 2) return NAN;
    double theta = atan2(gsl_vector_get(P, 2 * i), gsl_vector_get(P, 2 * i + 1));
    return theta < 0.0 ? theta + 2.0 * M_PI : theta;
}

int pe_clock_decode(const gsl_vector *P, double *k_out) {
    size_t d = P->size;
    if (d < 2 || d % 2 != 0) GSL_ERROR("encoding width d must be even and >= 2", GSL_EINVAL);
    size_t last = d / 2 - 1;
    double reading = pe_denominator(last, d) * pe_clock_angle(P, last);
    for (size_t n = last; n-- > 0;) {
        double Z = pe_denominator(n, d);
        double within_turn = Z * pe_clock_angle(P, n);      // position modulo this hand's period
        double period = 2.0 * M_PI * Z;
        double turns = round((reading - within_turn) / period);
        reading = within_turn + turns * period;
    }
    *k_out = reading;
    return GSL_SUCCESS;
}
