// unit_pe_clock.c: the code read as clock hands (common/position/pe_clock.h).
//
// Tolerances: an angle from atan2 of one sin/cos pair is good to a few ulp
// of the angle itself, so 16*DBL_EPSILON*(angle) ("a few ulp, with room");
// a decoded position carries the rounding of k/Z_i (k ulp) times a few
// steps, so 16*DBL_EPSILON*k.
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_test.h>
#include <math.h>

#include "position/pe_clock.h"
#include "position/pe_table.h"

static const double ANGLE_TOL = 16 * DBL_EPSILON;

int main(void) {
    gsl_set_error_handler_off();

    // Angles: hand i of P_k is at k/Z_i mod 2 pi. High-entropy k = 2.385.
    gsl_vector *P = gsl_vector_alloc(16);
    gsl_test(pe_encode(2.385, P), "pe_encode d=16");
    gsl_test_rel(pe_clock_angle(P, 0), 2.385, ANGLE_TOL, "hand 0 of P_2.385 at 2.385 rad");
    gsl_test_rel(pe_clock_angle(P, 3), 2.385 / pe_denominator(3, 16), ANGLE_TOL, "hand 3 of P_2.385 at 2.385/Z_3");
    // Past half a turn the angle stays in [0, 2 pi): k = 5.0 is 5 rad, not 5 - 2 pi.
    gsl_test(pe_encode(5.0, P), "pe_encode k=5");
    gsl_test_rel(pe_clock_angle(P, 0), 5.0, ANGLE_TOL, "hand 0 of P_5 at 5 rad (not negative)");
    // A whole turn later the hand is back: P_{k + 2 pi Z_0}.
    gsl_test(pe_encode(2.385 + 2.0 * M_PI, P), "pe_encode one turn later");
    gsl_test_rel(pe_clock_angle(P, 0), 2.385, 2.385 * ANGLE_TOL * 4, "hand 0 one turn later, same angle");

    // Decoding: every k below the slowest hand's period comes back, integers and not.
    static const size_t WIDTHS[] = {4, 16, 128, 512};
    static const double KS[] = {0.0, 2.385, 17.0, 238.5, 2385.0, 23850.5};
    for (size_t w = 0; w < 4; w++) {
        size_t d = WIDTHS[w];
        gsl_vector *Q = gsl_vector_alloc(d);
        double T_last = pe_period(d / 2 - 1, d);
        for (size_t n = 0; n < sizeof KS / sizeof KS[0]; n++) {
            double k = KS[n], reading = -1.0;
            if (k >= T_last) continue;
            gsl_test(pe_encode(k, Q), "pe_encode");
            gsl_test(pe_clock_decode(Q, &reading), "pe_clock_decode d=%zu", d);
            gsl_test_abs(reading, k, 16 * DBL_EPSILON * GSL_MAX(k, 1.0) * 64, "decode P_%g, d=%zu", k, d);
        }
        // Just past the slowest hand's period the coarse reading restarts near 0
        // and the faster hands cannot repair it: the reading is wrong.
        double past = ceil(T_last) + 0.5;
        gsl_test(pe_encode(past, Q), "pe_encode past T_last");
        double reading = -1.0;
        gsl_test(pe_clock_decode(Q, &reading), "pe_clock_decode past T_last");
        gsl_test(!(fabs(reading - past) > 0.5), "past T_last (d=%zu) the reading is wrong (%g for %g)", d, reading,
                 past);
        gsl_vector_free(Q);
    }

    // Error returns instead of crashes.
    gsl_vector *odd = gsl_vector_alloc(5);
    double out = 0.0;
    gsl_test(pe_clock_decode(odd, &out) != GSL_EINVAL, "odd width gives GSL_EINVAL");
    gsl_test(!isnan(pe_clock_angle(odd, 0)), "odd width gives a NAN angle");
    gsl_test(!isnan(pe_clock_angle(P, 8)), "pair index d/2 gives a NAN angle");
    gsl_vector_free(odd);
    gsl_vector_free(P);
    return gsl_test_summary();
}
