// ch03_sinusoidal_table.c: Chapter 3, building the sinusoidal table.
//
// The question: what does the table of sinusoidal codes P_k look like, and
// does it have the properties the course asks of a position code: every
// position different, neighbours alike, far positions unlike? We build it,
// measure, and then check the course's worked example number by number.
//
// Claims (docs/CLAIMS.md, chapter 3), in the order the chapter teaches them
// (lessons/en/ch03.md): the table and its picture, the properties, then Doc
// B's worked example and its erratum:
//   3.5  Doc A §圖像化       low dimensions oscillate fast, high ones slowly; values in [-1, 1]
//   3.3  Doc D §1 (cond. 1)  every position gets a unique code
//   3.4  Doc D §1 (cond. 2)  neighbours are similar, and the farther apart the more different
//   3.6  Doc B §4            distant positions' patterns are completely different
//   3.1  Doc B §4-2          the d = 4 worked example, positions 0..3 (an erratum: Z_1)
//   3.2  Doc B §4-3          我 = [1, 0, 1, 0] at positions 1 and 2 becomes two different vectors
//
// Symbols (as in common/pe_table.h):
//   d     encoding width, even; i the pair index 0..d/2-1; j a dimension index 0..d-1
//   Z_i   = 10000^(2i/d);  P_k[2i] = sin(k/Z_i),  P_k[2i+1] = cos(k/Z_i)
//   R     an offset between two positions
//   s(R)  = P_k . P_{k+R} / (d/2), the cosine similarity of two rows R apart
//   N     the number of positions 0..N-1 checked for uniqueness (--n)
//
// The one identity this chapter leans on (common/pe_offset.h):
//   ||P_a - P_b||^2 = d - 2 sum_i cos((a-b)/Z_i) = 4 sum_i sin^2((a-b)/(2 Z_i)),
// which depends on a - b only: the closest pair among N positions is found
// from the N-1 offsets in O(N d) instead of the N^2/2 pairs (O(N^2 d)).
//
// Run:  ch03 [--d 128] [--n 10000] [--seed N] [--out DIR] [--claim 3.3] [--quiet]
//       ch03 --print-table [--d 4] [--positions 0:3]   print rows of the table, write nothing
//       ch03 --position K [--d 8]                      print P_K pair by pair, write nothing
// Data: heatmap.dat, heatmap_wide.dat and waves*.dat (3.5) feed
//       plots/ch03_heatmap.gp, ch03_heatmap_wide.gp, ch03_waves.gp;
//       similarity.dat, similarity_bands.dat and similarity_turns.dat (3.4) feed
//       plots/ch03_similarity.gp; far_similarity.dat (3.6) and
//       worked_example.dat (3.1) are tables of their own.
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chapter.h"
#include "i18n.h"
#include "compare.h"
#include "pe_offset.h"
#include "pe_table.h"

// ---- settings ----------------------------------------------------------------

static long d = 128;               // the course's width (Doc A §時鐘指針的比喻 uses d = 128)
static long n_positions = 10000;   // positions 0..N-1 checked for uniqueness (claim 3.3)
static bool print_table = false;   // --print-table: print rows and exit
static long position = -1;         // --position K: print P_K and exit; -1 until given
// --position accepts 0..MAX_POSITION (sin and cos of k/Z_i stay exact to rounding there).
static const double MAX_POSITION = 1e9;
// --positions FIRST:LAST for --print-table; {-1,-1} until main() learns whether it was given.
static const IntRange TABLE_ROWS_DEFAULT = {0, 3};
static IntRange table_rows = {-1, -1};

// --print-table prints at most this many numbers (a screenful is a few hundred).
static const double MAX_PRINT_ENTRIES = 1e6;

static const size_t UNIQUENESS_WIDTHS[] = {16, 128, 512};
enum { N_UNIQUENESS_WIDTHS = 3 };
enum { BRUTE_FORCE_N = 1000 };     // all pairs among 0..999 are also checked the slow way
enum { IDENTITY_SAMPLES = 2000 };  // random pairs (a, b) for the identity check

enum { LONG_RANGE = 100000 };      // claim 3.4 follows s(R) for R = 0..100000
enum { HEATMAP_POSITIONS = 100, WIDE_POSITIONS = 1000, WAVE_POSITIONS = 50 };

// ---- claim 3.5: low dimensions fast, high dimensions slow ----------------------

static void write_figures_data(Chapter *ch) {
    size_t width = (size_t)d;
    gsl_vector *P = gsl_vector_alloc(width);
    DataFile f;
    // course scale: positions 0..99, every dimension, one "k j value" line each
    chapter_data_open(ch, &f, "heatmap.dat", "position dim value");
    for (size_t k = 0; k < HEATMAP_POSITIONS; k++) {
        chapter_check(ch, pe_encode((double)k, P), "pe_encode");
        for (size_t j = 0; j < width; j++) datafile_printf(&f, "%zu %zu %.6f\n", k, j, gsl_vector_get(P, j));
        datafile_printf(&f, "\n");
    }
    chapter_data_close(ch, &f);
    // wide view: positions 0..999 as a matrix, row j = dimension j, column k = position k
    gsl_matrix *T = gsl_matrix_alloc(WIDE_POSITIONS, width);   // (1000,d)
    chapter_check(ch, pe_table_fill(T, 0.0), "pe_table_fill");
    chapter_data_open(ch, &f, "heatmap_wide.dat", "matrix: row = dimension j, column = position k");
    for (size_t j = 0; j < width; j++) {
        for (size_t k = 0; k < WIDE_POSITIONS; k++)
            datafile_printf(&f, "%s%.4f", k ? " " : "", gsl_matrix_get(T, k, j));
        datafile_printf(&f, "\n");
    }
    chapter_data_close(ch, &f);
    gsl_matrix_free(T);
    // the waves of dimensions 0, 1 and 10 (Doc A §圖像化): table rows, and the continuous curves
    size_t dim10 = width > 10 ? 10 : width - 2;
    char wave_columns[64];   // the third wave's column is named by its dimension
    snprintf(wave_columns, sizeof wave_columns, "position dim0 dim1 dim%zu", dim10);
    chapter_data_open(ch, &f, "waves.dat", wave_columns);
    for (size_t k = 0; k < WAVE_POSITIONS; k++) {
        chapter_check(ch, pe_encode((double)k, P), "pe_encode");
        datafile_printf(&f, "%zu %.9g %.9g %.9g\n", k, gsl_vector_get(P, 0), gsl_vector_get(P, 1),
                        gsl_vector_get(P, dim10));
    }
    chapter_data_close(ch, &f);
    chapter_data_open(ch, &f, "waves_continuous.dat", wave_columns);
    for (int s = 0; s <= 10 * (WAVE_POSITIONS - 1); s++) {
        double k = s / 10.0;
        chapter_check(ch, pe_encode(k, P), "pe_encode");
        datafile_printf(&f, "%.1f %.9g %.9g %.9g\n", k, gsl_vector_get(P, 0), gsl_vector_get(P, 1),
                        gsl_vector_get(P, dim10));
    }
    chapter_data_close(ch, &f);
    gsl_vector_free(P);
}

// The angle of pair i in P (d,), in [0, 2 pi): atan2(sin, cos), as a clock hand.
static double pair_angle(const gsl_vector *P, size_t i) {
    double theta = atan2(gsl_vector_get(P, 2 * i), gsl_vector_get(P, 2 * i + 1));
    return theta < 0.0 ? theta + 2.0 * M_PI : theta;
}

static void claim_fast_and_slow(Chapter *ch, ClaimResult *r) {
    size_t width = (size_t)d, half = width / 2, last = half - 1;
    // The window: one full turn of the slowest pair, positions 0..ceil(T_last).
    // A shorter window would see the slow pair's sin and cos over different
    // parts of a wave, and their mean steps would differ though they turn at
    // the same speed.
    long window = (long)ceil(pe_period(last, width));
    gsl_vector *prev = gsl_vector_alloc(width), *P = gsl_vector_alloc(width);
    gsl_vector *speed = gsl_vector_calloc(width);       // (d,) mean |P_{k+1}[j] - P_k[j]|
    gsl_vector *crossings = gsl_vector_calloc(width);   // (d,) sign changes over the positions
    double max_abs = 0.0;
    // Angular speed measured from the table: the unwrapped angle of pairs 0 and
    // d/2-1 (each step turns a pair by at most 1 rad < pi, so no turn is missed).
    double turned[2] = {0.0, 0.0};
    size_t tracked[2] = {0, last};
    chapter_check(ch, pe_encode(0.0, prev), "pe_encode");
    for (long k = 1; k <= window; k++) {
        chapter_check(ch, pe_encode((double)k, P), "pe_encode");
        for (size_t j = 0; j < width; j++) {
            double a = gsl_vector_get(prev, j), b = gsl_vector_get(P, j);
            gsl_vector_set(speed, j, gsl_vector_get(speed, j) + fabs(b - a) / (double)window);
            if ((a < 0) != (b < 0)) gsl_vector_set(crossings, j, gsl_vector_get(crossings, j) + 1);
            max_abs = fmax(max_abs, fabs(b));
        }
        for (size_t t = 0; t < 2; t++) {
            double step = pair_angle(P, tracked[t]) - pair_angle(prev, tracked[t]);
            turned[t] += step < -M_PI ? step + 2.0 * M_PI : step;
        }
        gsl_vector_swap(prev, P);
    }
    // Slower with every pair, in the sin dimensions and in the cos dimensions alike.
    long out_of_order = 0;
    for (size_t j = 2; j < width; j++)
        if (!(gsl_vector_get(speed, j) < gsl_vector_get(speed, j - 2))) out_of_order++;
    write_figures_data(ch);

    chapter_say(ch, "Positions 0..%ld of the d = %ld table (one full turn of the slowest pair,\n"
                    "period %.1f), per dimension j: the mean change from one position to the\n"
                    "next, and how often the sign flips.\n\n",
                window, d, pe_period(last, width));
    chapter_say(ch, "     j   pair i   period 2 pi Z_i   mean |P_{k+1}[j] - P_k[j]|   sign changes\n");
    size_t shown[] = {0, 1, 2, 10, 11, width / 2, width / 2 + 1, width - 2, width - 1};
    for (size_t s = 0; s < sizeof shown / sizeof shown[0]; s++) {
        size_t j = shown[s];
        if (j >= width || (s > 0 && j <= shown[s - 1])) continue;
        chapter_say(ch, "  %4zu   %6zu   %15.1f   %26.3g   %12.0f\n", j, j / 2, pe_period(j / 2, width),
                    gsl_vector_get(speed, j), gsl_vector_get(crossings, j));
    }
    // Exact: pair i turns by 1/Z_i rad per position, so pair 0 (Z_0 = 1) turns
    // Z_last times faster than the slowest pair. Measured: the ratio of the
    // unwrapped angles over the window. Their angles carry the rounding of
    // k/Z_i, sin, cos and atan2 (a few ulp of the angle), hence ROUNDING_TOLERANCE.
    double exact_ratio = pe_denominator(last, width);
    double measured_ratio = turned[0] / turned[1];
    double rel = fabs(measured_ratio - exact_ratio) / exact_ratio, tol = ROUNDING_TOLERANCE(1.0);
    // The mean step is a chord, 2 sin(w/2) |cos(phase)| on average: its ratio is
    // sin(1/2) / sin(1/(2 Z_last)), a little below Z_last because pair 0's step of
    // 1 rad is a chord shorter than its arc.
    double step_ratio = gsl_vector_get(speed, 0) / gsl_vector_get(speed, width - 2);
    double chord_ratio = sin(0.5) / sin(0.5 / exact_ratio);
    chapter_say(ch, "\n  dimensions slower than the one two below them: %ld of %ld\n", (long)width - 2 - out_of_order,
                (long)width - 2);
    chapter_say(ch, "  max |P_k[j]| over the table                  %.17g\n", max_abs);
    chapter_say(ch, "  angular speed, pair 0 / pair %zu: exact Z_%zu   %.6f\n", last, last, exact_ratio);
    chapter_say(ch, "  ... measured (unwrapped angles, 0..%ld)       %.6f  (rel. error %.2g, tolerance %.2g)\n",
                window, measured_ratio, rel, tol);
    chapter_say(ch, "  mean step, dimension 0 / dimension %zu         %.1f  (chord ratio sin(1/2)/sin(1/(2 Z_%zu)) = %.1f)\n",
                width - 2, step_ratio, last, chord_ratio);
    chapter_say(ch, "  mean step of dimensions %zu and %zu (same pair)  %.4g and %.4g\n", width - 2, width - 1,
                gsl_vector_get(speed, width - 2), gsl_vector_get(speed, width - 1));
    chapter_say(ch, "Pair 0 turns exactly %.1f times faster than pair %zu (dimensions %zu, %zu): the\n"
                    "heatmap's first rows flicker while its last rows change slowly.\n",
                exact_ratio, last, width - 2, width - 1);
    r->measured = measured_ratio;
    r->document = NAN;
    r->tolerance = tol;
    claim_key(r, "speed of pair 0 / pair %zu", last);
    r->verdict = out_of_order == 0 && max_abs <= 1.0 && rel <= tol ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "d", (double)d);
    claim_value(r, "ratio", measured_ratio);
    claim_value(r, "out_of_order", (double)out_of_order);
    claim_value(r, "max_abs", max_abs);
    if (half == 1) claim_case(r, "one_pair");   // d = 2: a single pair, nothing to compare
    claim_finding(r, "Pair i turns by 1/Z_i rad per position, so dimensions 0, 1 turn exactly Z_%zu = %.1f times "
                     "faster than dimensions %zu, %zu (measured from the table over one full turn of pair %zu, "
                     "positions 0..%ld: %.1f); the mean step falls with every pair (all %ld comparisons); every "
                     "value is within [-1, 1] (max %.6f).",
                  last, exact_ratio, width - 2, width - 1, last, window, measured_ratio, (long)width - 2, max_abs);
    gsl_vector_free(prev);
    gsl_vector_free(P);
    gsl_vector_free(speed);
    gsl_vector_free(crossings);
}

// ---- claim 3.3: every position has its own code ------------------------------

// Direct ||P_a - P_b||^2 from two table rows (d,).
static double direct_distance2(const Chapter *ch, double a, double b, gsl_vector *Pa, gsl_vector *Pb) {
    chapter_check(ch, pe_encode(a, Pa), "pe_encode");
    chapter_check(ch, pe_encode(b, Pb), "pe_encode");
    gsl_vector_sub(Pa, Pb);
    double d2;
    gsl_blas_ddot(Pa, Pa, &d2);
    return d2;
}

// The slow way, for positions 0..n-1: all pairs from the Gram matrix G = P P^T,
// ||P_a - P_b||^2 = G_aa + G_bb - 2 G_ab. Returns the minimum, its offset in *R.
static double brute_force_min_distance2(const Chapter *ch, size_t n, size_t width, long *R) {
    gsl_matrix *P = gsl_matrix_alloc(n, width);   // (n,d)
    gsl_matrix *G = gsl_matrix_alloc(n, n);       // (n,n)
    chapter_check(ch, pe_table_fill(P, 0.0), "pe_table_fill");
    chapter_check(ch, gsl_blas_dsyrk(CblasUpper, CblasNoTrans, 1.0, P, 0.0, G), "P P^T");
    double best = INFINITY;
    for (size_t a = 0; a < n; a++)
        for (size_t b = a + 1; b < n; b++) {
            double d2 = gsl_matrix_get(G, a, a) + gsl_matrix_get(G, b, b) - 2.0 * gsl_matrix_get(G, a, b);
            if (d2 < best) {
                best = d2;
                *R = (long)(b - a);
            }
        }
    gsl_matrix_free(P);
    gsl_matrix_free(G);
    return best;
}

static void claim_unique_codes(Chapter *ch, ClaimResult *r) {
    chapter_say(ch, "Method: ||P_a - P_b||^2 = d - 2 sum_i cos((a-b)/Z_i) depends on a - b\n"
                    "only, so the closest pair among positions 0..N-1 is the offset R in\n"
                    "1..N-1 with the smallest D^2(R) = 4 sum_i sin^2(R/(2 Z_i)): O(N d) work\n"
                    "instead of the O(N^2 d) scan over N(N-1)/2 = %.3g pairs. Checked two ways:\n"
                    "the identity on %d random pairs, and the full pairwise scan for N = %d.\n\n",
                0.5 * (double)n_positions * (double)(n_positions - 1), IDENTITY_SAMPLES, BRUTE_FORCE_N);
    chapter_say(ch, "     d        N   min ||P_a-P_b||   at offset R   closest pair   identity err   scan N=%d agrees\n",
                BRUTE_FORCE_N);
    double worst_margin = INFINITY, worst_identity_ratio = 0.0, overall_min = INFINITY, min_threshold = NAN;
    bool scans_agree = true;
    long min_R_for_key = 0;
    size_t min_width = 0;
    for (size_t w = 0; w < N_UNIQUENESS_WIDTHS; w++) {
        size_t width = UNIQUENESS_WIDTHS[w];
        // O(N d): every offset R = 1..N-1, D2 (N-1,) with D2[R-1] = ||P_0 - P_R||^2
        gsl_vector *D2 = gsl_vector_alloc((size_t)n_positions - 1);
        chapter_check(ch, pe_offset_distance2_curve(1.0, width, D2), "pe_offset_distance2_curve");
        long best_R = (long)gsl_vector_min_index(D2) + 1;
        double best = gsl_vector_get(D2, (size_t)best_R - 1);
        // The identity, on random pairs of table rows.
        gsl_vector *Pa = gsl_vector_alloc(width), *Pb = gsl_vector_alloc(width);
        double identity_err = 0.0;
        for (int s = 0; s < IDENTITY_SAMPLES; s++) {
            double a = (double)gsl_rng_uniform_int(ch->rng, (unsigned long)n_positions);
            double b = (double)gsl_rng_uniform_int(ch->rng, (unsigned long)n_positions);
            identity_err = fmax(identity_err, fabs(direct_distance2(ch, a, b, Pa, Pb) -
                                                   pe_offset_distance2(b - a, width)));
        }
        gsl_vector_free(Pa);
        gsl_vector_free(Pb);
        // Rows at positions up to N carry argument rounding of about N * DBL_EPSILON
        // per entry; the identity is exact, so the two sides agree to that.
        double row_rounding = ROUNDING_TOLERANCE((double)n_positions * sqrt((double)width));
        worst_identity_ratio = fmax(worst_identity_ratio, identity_err / row_rounding);
        // The slow way, on the first BRUTE_FORCE_N positions, against the offsets 1..BRUTE_FORCE_N-1.
        size_t n_scan = (size_t)(n_positions < BRUTE_FORCE_N ? n_positions : BRUTE_FORCE_N);
        long scan_R = 0;
        double scan = brute_force_min_distance2(ch, n_scan, width, &scan_R);
        gsl_vector_const_view first = gsl_vector_const_subvector(D2, 0, n_scan - 1);
        long offsets_R = (long)gsl_vector_min_index(&first.vector) + 1;
        double offsets_best = gsl_vector_get(D2, (size_t)offsets_R - 1);
        gsl_vector_free(D2);
        bool agree = scan_R == offsets_R &&
                     fabs(scan - offsets_best) <= ROUNDING_TOLERANCE((double)n_scan * (double)width);
        scans_agree = scans_agree && agree;
        chapter_say(ch, "  %4zu  %7ld   %15.6f   %11ld   (0, %ld)   %12.2g   %s (R = %ld, %.6f)\n", width, n_positions,
                    sqrt(best), best_R, best_R, identity_err, agree ? "yes" : "NO", scan_R, sqrt(fmax(scan, 0.0)));
        // Distinct means: farther apart than the rows' own rounding, by far.
        worst_margin = fmin(worst_margin, sqrt(best) / (row_rounding * FAR_ABOVE_ROUNDING));
        if (sqrt(best) < overall_min) {
            overall_min = sqrt(best);
            min_threshold = row_rounding * FAR_ABOVE_ROUNDING;
            min_R_for_key = best_R;
            min_width = width;
        }
    }
    // Pair 0 alone (Z_0 = 1) contributes 4 sin^2(R/2) > 0 for every integer R != 0, since
    // R/2 is never a multiple of pi: uniqueness is exact. How close does pair 0 come back?
    double pair0_min = INFINITY;
    long pair0_R = 0;
    for (long R = 1; R < n_positions; R++)
        if (2.0 * fabs(sin(R / 2.0)) < pair0_min) {
            pair0_min = 2.0 * fabs(sin(R / 2.0));
            pair0_R = R;
        }
    chapter_say(ch, "\nEvery pair with the same offset is equally far apart, so the closest\n"
                    "pairs are (a, a+R) for every a; (0, R) is printed. Why no two rows can\n"
                    "coincide: pair 0 alone contributes 4 sin^2(R/2), zero only if R is a\n"
                    "multiple of 2 pi, never an integer. Pair 0 alone does come back close,\n"
                    "to within %.2g at R = %ld (about %.0f turns), but the slower pairs have\n"
                    "moved on by then; that is what the other d - 2 dimensions are for.\n",
                pair0_min, pair0_R, pair0_R / (2 * M_PI));
    r->measured = overall_min;
    r->document = NAN;
    r->tolerance = min_threshold;   // "distinct" means farther apart than this
    claim_key(r, "closest two codes (d = %zu)", min_width);
    r->verdict = worst_margin > 1.0 && worst_identity_ratio <= 1.0 && scans_agree ? VERDICT_HOLDS
                                                                                  : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "n_last", (double)(n_positions - 1));
    claim_value(r, "min_dist", overall_min);
    claim_value(r, "min_d", (double)min_width);
    claim_value(r, "min_R", (double)min_R_for_key);
    if (min_R_for_key == 1) claim_case(r, "neighbours");   // the closest codes are next to each other
    claim_finding(r, "For d = 16, 128, 512 and positions 0..%ld the closest codes are %.4f apart (d = %zu, offset "
                     "R = %ld), far above rounding; method: minimum over offsets of ||P_a-P_b||^2 = "
                     "4 sum sin^2(R/2Z_i), checked against direct distances and a full scan of %d positions.",
                  n_positions - 1, overall_min, min_width, min_R_for_key, BRUTE_FORCE_N);
}

// ---- claim 3.4: near is similar, far is different? -----------------------------

typedef struct {
    long turn;                     // s(R) strictly decreases for R = 0..turn, then rises
    double s_turn;
    long min_R;                    // argmin of s over 0..LONG_RANGE
    double s_min;
    double s_max_after_turn;       // the highest s(R) for R > turn
    long max_after_turn_R;
} SimilarityShape;

// The shape of s(R) for R = 0..range (s_curve (range+1,) is scratch space).
// Log-spaced bins of R for the far view: bin b covers [edges[b], edges[b+1]),
// from R = 1 to LONG_RANGE, BANDS_PER_DECADE per decade, at least one offset each.
enum { BANDS_PER_DECADE = 20, N_BANDS = 5 * BANDS_PER_DECADE, SIMILARITY_NEAR = 200 };
static void band_edges(long edges[N_BANDS + 1]) {
    edges[0] = 1;
    for (int b = 1; b <= N_BANDS; b++) {
        long e = lround(pow(10.0, (double)b / BANDS_PER_DECADE));
        edges[b] = e > edges[b - 1] ? e : edges[b - 1] + 1;
    }
    edges[N_BANDS] = LONG_RANGE + 1;   // 10^5 itself belongs to the last bin
}

static SimilarityShape similarity_shape(const Chapter *ch, size_t width, long range, gsl_vector *s_curve) {
    SimilarityShape sh = {-1, NAN, 0, INFINITY, -INFINITY, 0};
    chapter_check(ch, pe_offset_similarity_curve(0.0, width, s_curve), "pe_offset_similarity_curve");
    double prev = gsl_vector_get(s_curve, 0);
    for (long R = 1; R <= range; R++) {
        double s = gsl_vector_get(s_curve, (size_t)R);
        if (sh.turn < 0 && s >= prev) {
            sh.turn = R - 1;
            sh.s_turn = prev;
        }
        if (s < sh.s_min) {
            sh.s_min = s;
            sh.min_R = R;
        }
        if (sh.turn >= 0 && s > sh.s_max_after_turn) {
            sh.s_max_after_turn = s;
            sh.max_after_turn_R = R;
        }
        prev = s;
    }
    return sh;
}

static void claim_similarity_decay(Chapter *ch, ClaimResult *r) {
    size_t width = (size_t)d;
    // s(R) does not depend on k: check on table rows at k = 0 and k = 2385.
    gsl_vector *Pk = gsl_vector_alloc(width), *PkR = gsl_vector_alloc(width);
    double k_err = 0.0;
    static const double KS[] = {0.0, 2385.0};
    for (size_t q = 0; q < 2; q++)
        for (long R = 0; R <= 200; R++) {
            chapter_check(ch, pe_encode(KS[q], Pk), "pe_encode");
            chapter_check(ch, pe_encode(KS[q] + (double)R, PkR), "pe_encode");
            double dot;
            gsl_blas_ddot(Pk, PkR, &dot);
            k_err = fmax(k_err, fabs(dot / (width / 2.0) - pe_offset_similarity((double)R, width)));
        }
    gsl_vector_free(Pk);
    gsl_vector_free(PkR);
    double k_tol = ROUNDING_TOLERANCE(2585.0);   // arguments up to k + R = 2585 rad

    DataFile f;
    chapter_data_open(ch, &f, "similarity.dat", "offset s_d16 s_d128 s_d512 s_d");
    for (long R = 0; R <= SIMILARITY_NEAR; R++)
        datafile_printf(&f, "%ld %.9g %.9g %.9g %.9g\n", R, pe_offset_similarity((double)R, 16),
                        pe_offset_similarity((double)R, 128), pe_offset_similarity((double)R, 512),
                        pe_offset_similarity((double)R, width));
    chapter_data_close(ch, &f);

    chapter_say(ch, "s(R) = P_k . P_{k+R} / (d/2) = (2/d) sum_i cos(R/Z_i), the same for every k\n"
                    "(checked on table rows at k = 0 and 2385, R = 0..200: max difference %.2g,\n"
                    "tolerance %.2g).\n\n", k_err, k_tol);
    chapter_say(ch, "     d   decreasing for R = 0..   s there   min of s over R <= %d (at R)   highest s after the turn (at R)\n",
                LONG_RANGE);
    DataFile t;
    chapter_data_open(ch, &t, "similarity_turns.dat", "d first_turn s_at_turn");
    // the three widths of claim 3.3, and --d if it is another one
    size_t widths[4] = {16, 128, 512, width};
    size_t n_widths = (width == 16 || width == 128 || width == 512) ? 3 : 4;
    SimilarityShape main_shape = {0}, narrow = {0};
    gsl_vector *s_curve = gsl_vector_alloc(LONG_RANGE + 1);   // (LONG_RANGE+1,) s(0..LONG_RANGE)
    // Far offsets, for the figure: min, mean and max of s(R) in log-spaced bins of R.
    double bands[N_BANDS][3][3];   // [bin][width 16, 128, 512][min, mean, max]
    long edges[N_BANDS + 1];
    band_edges(edges);
    for (size_t w = 0; w < n_widths; w++) {
        SimilarityShape sh = similarity_shape(ch, widths[w], LONG_RANGE, s_curve);
        for (int b = 0; b < N_BANDS && w < 3; b++) {
            long lo = edges[b], hi = edges[b + 1];
            gsl_vector_view bin = gsl_vector_subvector(s_curve, (size_t)lo, (size_t)(hi - lo));
            gsl_vector_minmax(&bin.vector, &bands[b][w][0], &bands[b][w][2]);
            double sum = 0.0;
            for (size_t q = 0; q < bin.vector.size; q++) sum += gsl_vector_get(&bin.vector, q);
            bands[b][w][1] = sum / (double)bin.vector.size;
        }
        if (widths[w] == width) main_shape = sh;
        if (widths[w] == 16) narrow = sh;
        chapter_say(ch, "  %4zu   %21ld   %7.4f   %18.4f (%6ld)       %18.4f (%6ld)\n", widths[w], sh.turn, sh.s_turn,
                    sh.s_min, sh.min_R, sh.s_max_after_turn, sh.max_after_turn_R);
        datafile_printf(&t, "%zu %ld %.9g\n", widths[w], sh.turn, sh.s_turn);
    }
    chapter_data_close(ch, &t);
    gsl_vector_free(s_curve);
    chapter_data_open(ch, &f, "similarity_bands.dat",
                      "offset_from offset_to min_d16 mean_d16 max_d16 min_d128 mean_d128 max_d128 min_d512 mean_d512 max_d512");
    for (int b = 0; b < N_BANDS; b++) {
        datafile_printf(&f, "%ld %ld", edges[b], edges[b + 1] - 1);
        for (int w = 0; w < 3; w++)
            datafile_printf(&f, " %.6g %.6g %.6g", bands[b][w][0], bands[b][w][1], bands[b][w][2]);
        datafile_printf(&f, "\n");
    }
    chapter_data_close(ch, &f);
    const SimilarityShape *sh = &main_shape;
    chapter_say(ch, "\nFor d = %ld: s falls from 1 to %.4f at R = %ld, then turns up: R = %ld is\n"
                    "more like position k than R = %ld is. The fast pairs wrap around (pair 0\n"
                    "returns every 2 pi = 6.28 positions) and their ripples outweigh the slow\n"
                    "pairs' decline. Over R <= %d, s stays below %.4f after the turn and\n"
                    "reaches its minimum %.4f at R = %ld: the trend is down, but not monotone.\n",
                d, sh->s_turn, sh->turn, sh->turn + 1, sh->turn, LONG_RANGE, sh->s_max_after_turn, sh->s_min,
                sh->min_R);
    if (narrow.s_max_after_turn > narrow.s_turn)
        chapter_say(ch, "A narrow table is worse: for d = 16 the offset R = %ld is more similar\n"
                        "(s = %.4f) than R = %ld (s = %.4f): far can look near.\n",
                    narrow.max_after_turn_R, narrow.s_max_after_turn, narrow.turn, narrow.s_turn);
    r->measured = (double)sh->turn;
    r->document = NAN;
    r->tolerance = k_tol;
    claim_key(r, "s(R) falls up to R (d = %ld)", d);
    if (k_err > k_tol)
        r->verdict = VERDICT_DOES_NOT_HOLD;
    else if (sh->turn < 0)
        r->verdict = VERDICT_HOLDS;            // monotone over the whole range
    else if (sh->turn >= 2)
        r->verdict = VERDICT_PARTLY_HOLDS;     // near is similar for a while, then ripples
    else
        r->verdict = VERDICT_DOES_NOT_HOLD;
    claim_value(r, "d", (double)d);
    claim_value(r, "turn", (double)sh->turn);
    claim_value(r, "s_turn", sh->s_turn);
    claim_value(r, "s_min", sh->s_min);
    claim_value(r, "min_R", (double)sh->min_R);
    claim_finding(r, "Monotone only for R <= %ld (d = %ld): s(R) falls to %.4f there, then rises (s(%ld) > s(%ld)). "
                     "Over R <= %d the minimum is %.4f at R = %ld and no offset past the turn gets above %.4f; "
                     "s depends on R only (error %.1g).",
                  sh->turn, d, sh->s_turn, sh->turn + 1, sh->turn, LONG_RANGE, sh->s_min, sh->min_R,
                  sh->s_max_after_turn, k_err);
}

// ---- claim 3.6: distant patterns completely different? ---------------------------

// "Distant": offsets FAR_FIRST..LONG_RANGE, a thousand positions and more.
// "Completely different", offset by offset: s(R) no larger than two unrelated
// directions in d dimensions usually give. Random unit vectors have a cosine
// of mean 0 and standard deviation 1/sqrt(d); UNRELATED_SIGMAS of those is
// the band such a pair leaves only 0.3% of the time.
enum { FAR_FIRST = 1000 };
#define UNRELATED_SIGMAS 3.0
// "On average": the mean of s over the far offsets is near 0, well inside
// the spread (|mean| <= MEAN_SHARE_OF_SPREAD x the spread 1/sqrt(d)), and the
// spread is that of unrelated directions, 1/sqrt(d), to SPREAD_TOLERANCE:
// s(R) = (2/d) sum_i cos(R/Z_i) with d/2 phases that have wrapped many times
// has variance (4/d^2)(d/2)(1/2) = 1/d.
#define MEAN_SHARE_OF_SPREAD 0.1
#define SPREAD_TOLERANCE 0.2
static const size_t FAR_WIDTHS[] = {16, 64, 128, 512};
enum { N_FAR_WIDTHS = sizeof FAR_WIDTHS / sizeof FAR_WIDTHS[0] };

typedef struct {
    size_t d;
    double s1, s2;                 // s(1), s(2): how alike near codes are
    double max_far;                // the largest s(R) over the far offsets, at R = max_far_R
    long max_far_R;
    double mean, rms;              // mean and root mean square of s over the far offsets
} FarSimilarity;

static FarSimilarity far_similarity(const Chapter *ch, size_t width, gsl_vector *s_curve) {
    chapter_check(ch, pe_offset_similarity_curve(0.0, width, s_curve), "pe_offset_similarity_curve");
    FarSimilarity fs = {.d = width, .s1 = gsl_vector_get(s_curve, 1), .s2 = gsl_vector_get(s_curve, 2),
                        .max_far = -INFINITY};
    double sum = 0.0, sum2 = 0.0;
    for (long R = FAR_FIRST; R <= LONG_RANGE; R++) {
        double s = gsl_vector_get(s_curve, (size_t)R);
        if (s > fs.max_far) {
            fs.max_far = s;
            fs.max_far_R = R;
        }
        sum += s;
        sum2 += s * s;
    }
    double n = (double)(LONG_RANGE - FAR_FIRST + 1);
    fs.mean = sum / n;
    fs.rms = sqrt(sum2 / n);
    return fs;
}

static void claim_far_different(Chapter *ch, ClaimResult *r) {
    size_t width = (size_t)d;
    size_t widths[N_FAR_WIDTHS + 1];
    size_t n_widths = 0;
    bool listed = false;
    for (size_t w = 0; w < N_FAR_WIDTHS; w++) {
        widths[n_widths++] = FAR_WIDTHS[w];
        listed = listed || FAR_WIDTHS[w] == width;
    }
    if (!listed) widths[n_widths++] = width;   // --d, if it is another width
    gsl_vector *s_curve = gsl_vector_alloc(LONG_RANGE + 1);   // (LONG_RANGE+1,) s(0..LONG_RANGE)
    chapter_say(ch, "s(R) = P_k . P_{k+R} / (d/2) as in claim 3.4, over the distant offsets\n"
                    "R = %d..%d. Two unrelated directions in d dimensions have a cosine of\n"
                    "mean 0 and spread 1/sqrt(d); 'completely different' offset by offset is\n"
                    "read as s <= %.0f/sqrt(d): no more alike than such a pair usually is.\n\n", FAR_FIRST, LONG_RANGE,
                UNRELATED_SIGMAS);
    chapter_say(ch, "     d    s(1)    s(2)   mean s   rms s   1/sqrt(d)   largest s (at R)   in units of 1/sqrt(d)\n");
    DataFile f;
    chapter_data_open(ch, &f, "far_similarity.dat", "d s1 s2 far_first far_last mean_far rms_far inv_sqrt_d max_far max_far_R");
    bool average_everywhere = true, pointwise_everywhere = true, far_beats_near = false;
    double fewest_spreads = INFINITY, most_spreads = 0.0;   // the largest far s, in units of 1/sqrt(d)
    FarSimilarity worst_narrow = {0}, main_width = {0};
    for (size_t w = 0; w < n_widths; w++) {
        FarSimilarity fs = far_similarity(ch, widths[w], s_curve);
        double spread = 1.0 / sqrt((double)fs.d);
        bool average = fabs(fs.mean) <= MEAN_SHARE_OF_SPREAD * spread &&
                       fabs(fs.rms - spread) <= SPREAD_TOLERANCE * spread;
        average_everywhere = average_everywhere && average;
        pointwise_everywhere = pointwise_everywhere && fs.max_far <= UNRELATED_SIGMAS * spread;
        fewest_spreads = fmin(fewest_spreads, fs.max_far / spread);
        most_spreads = fmax(most_spreads, fs.max_far / spread);
        if (fs.max_far > fs.s2 && (!far_beats_near || fs.d < worst_narrow.d)) worst_narrow = fs;
        far_beats_near = far_beats_near || fs.max_far > fs.s2;
        if (fs.d == width) main_width = fs;
        chapter_say(ch, "  %4zu  %6.4f  %6.4f  %7.4f  %6.4f   %9.4f   %7.4f (%6ld)   %5.1f\n", fs.d, fs.s1, fs.s2, fs.mean,
                    fs.rms, spread, fs.max_far, fs.max_far_R, fs.max_far / spread);
        datafile_printf(&f, "%zu %.9g %.9g %d %d %.9g %.9g %.9g %.9g %ld\n", fs.d, fs.s1, fs.s2, FAR_FIRST, LONG_RANGE,
                        fs.mean, fs.rms, spread, fs.max_far, fs.max_far_R);
    }
    chapter_data_close(ch, &f);
    gsl_vector_free(s_curve);
    chapter_say(ch, "\nOn average distant codes are as unrelated as random directions: s has mean\n"
                    "about 0 and spread 1/sqrt(d), which shrinks as d grows. Offset by offset:\n"
                    "the largest distant s is %.1f to %.1f spreads over these widths (%s band\n"
                    "of %.0f): some phases R/Z_i are still small (the slow pairs, for R near %d)\n"
                    "or the phases line up again.\n",
                fewest_spreads, most_spreads, pointwise_everywhere ? "inside the" : "reaching past the",
                UNRELATED_SIGMAS, FAR_FIRST);
    if (far_beats_near)
        chapter_say(ch, "For d = %zu the distant offset R = %ld (s = %.4f) is more alike than the\n"
                        "neighbour-but-one R = 2 (s = %.4f): far can look near.\n",
                    worst_narrow.d, worst_narrow.max_far_R, worst_narrow.max_far, worst_narrow.s2);
    r->measured = main_width.max_far;
    r->document = NAN;
    r->tolerance = UNRELATED_SIGMAS / sqrt((double)width);
    claim_key(r, "largest distant s(R) (d = %zu)", width);
    if (average_everywhere && pointwise_everywhere)
        r->verdict = VERDICT_HOLDS;
    else if (average_everywhere)
        r->verdict = VERDICT_PARTLY_HOLDS;
    else
        r->verdict = VERDICT_DOES_NOT_HOLD;
    claim_value(r, "d", (double)d);
    claim_value(r, "mean", main_width.mean);
    claim_value(r, "rms", main_width.rms);
    claim_value(r, "spread", 1.0 / sqrt((double)width));
    claim_value(r, "max_far", main_width.max_far);
    claim_value(r, "max_R", (double)main_width.max_far_R);
    claim_value(r, "most_spreads", most_spreads);
    char width_list[64] = "";   // "16, 64, 128, 512" and --d when it is another width
    for (size_t w = 0; w < n_widths; w++) {
        size_t used = strlen(width_list);
        snprintf(width_list + used, sizeof width_list - used, "%s%zu", w ? ", " : "", widths[w]);
    }
    claim_text(r, "widths", "%s", width_list);
    char narrow_text[200] = "";
    if (far_beats_near)
        snprintf(narrow_text, sizeof narrow_text, "; for d = %zu, s(%ld) = %.2f is above s(2) = %.2f",
                 worst_narrow.d, worst_narrow.max_far_R, worst_narrow.max_far, worst_narrow.s2);
    claim_finding(r, "Only on average: over %d <= R <= %d the similarity s has mean about 0 and spread 1/sqrt(d) "
                     "(%.3f for d = %zu), like unrelated directions, but single distant offsets stay alike: the "
                     "largest s is %.2f at R = %ld for d = %zu (%.1f spreads)%s.",
                  FAR_FIRST, LONG_RANGE, main_width.rms, width, main_width.max_far, main_width.max_far_R, width,
                  main_width.max_far * sqrt((double)width), narrow_text);
}

// ---- claim 3.1: the d = 4 worked example --------------------------------------

// Doc B §4-2 prints P_k for d = 4, positions 0..3, rounded to 2 or 3 decimals
// (0.995, 0.955), and says the denominator of pair i = 1 is 10000^(1/4) ~ 10.
typedef struct {
    int k, j;
    double value;
    int decimals;                  // as printed: a value v matches x if |v - x| <= 0.5e-decimals
} PrintedValue;

enum { EXAMPLE_D = 4, EXAMPLE_POSITIONS = 4 };
static const PrintedValue DOC_B_4_2[] = {
    {0, 0, 0.0, 0},   {0, 1, 1.0, 0},    {0, 2, 0.0, 0},   {0, 3, 1.0, 0},
    {1, 0, 0.84, 2},  {1, 1, 0.54, 2},   {1, 2, 0.10, 2},  {1, 3, 0.995, 3},
    {2, 0, 0.91, 2},  {2, 1, -0.42, 2},  {2, 2, 0.20, 2},  {2, 3, 0.98, 2},
    {3, 0, 0.14, 2},  {3, 1, -0.99, 2},  {3, 2, 0.30, 2},  {3, 3, 0.955, 3},
};
enum { N_DOC_VALUES = sizeof DOC_B_4_2 / sizeof DOC_B_4_2[0] };
static const double DOC_DENOMINATOR_I1 = 10.0;   // "10000^(1/4) ~ 10"

// Candidate conventions for the denominator of dimension j (pair i = j/2).
typedef struct {
    const char *name;
    const char *formula;           // the denominator alone, for the finding
    double exponent_numerator_scale;   // Z = 10000^(scale * index / d)
    bool uses_dimension;               // index = j (dimension) instead of i (pair)
} Convention;

static const Convention CONVENTIONS[] = {
    {"10000^(2i/d)  (the formula: Doc A, Doc D, the paper)", "10000^(2i/d)", 2.0, false},
    {"10000^(i/d)   (pair index, the 2 dropped)", "10000^(i/d)", 1.0, false},
    {"10000^(j/d)   (j the dimension index)", "10000^(j/d)", 1.0, true},
    {"10000^(2j/d)  (j the dimension index, with the 2)", "10000^(2j/d)", 2.0, true},
};
enum { N_CONVENTIONS = sizeof CONVENTIONS / sizeof CONVENTIONS[0] };

static double convention_value(const Convention *c, int k, int j, int width) {
    double index = c->uses_dimension ? (double)j : (double)(j / 2);
    double Z = pow(PE_BASE, c->exponent_numerator_scale * index / (double)width);
    return j % 2 == 0 ? sin(k / Z) : cos(k / Z);
}

// "Agrees at the printed precision": within half a unit of the last printed
// digit, plus rounding (so an exact tie is not decided by the last ulp).
static bool agrees_as_printed(const PrintedValue *p, double x) {
    return fabs(p->value - x) <= 0.5 * pow(10.0, -p->decimals) + ROUNDING_TOLERANCE(1.0);
}

static void claim_worked_example(Chapter *ch, ClaimResult *r) {
    gsl_matrix *P = gsl_matrix_alloc(EXAMPLE_POSITIONS, EXAMPLE_D);   // (4,4) rows P_0..P_3
    chapter_check(ch, pe_table_fill(P, 0.0), "pe_table_fill");

    int mismatches[N_CONVENTIONS] = {0};
    for (size_t c = 0; c < N_CONVENTIONS; c++)
        for (size_t v = 0; v < N_DOC_VALUES; v++) {
            const PrintedValue *p = &DOC_B_4_2[v];
            if (!agrees_as_printed(p, convention_value(&CONVENTIONS[c], p->k, p->j, EXAMPLE_D))) mismatches[c]++;
        }
    // The formula's own table must be what pe_table_fill computed.
    double formula_check = 0.0;
    for (int k = 0; k < EXAMPLE_POSITIONS; k++)
        for (int j = 0; j < EXAMPLE_D; j++)
            formula_check = fmax(formula_check, fabs(convention_value(&CONVENTIONS[0], k, j, EXAMPLE_D) -
                                                      gsl_matrix_get(P, (size_t)k, (size_t)j)));

    chapter_say(ch, "The formula, d = 4: Z_0 = 10000^0 = 1 and Z_1 = 10000^(2/4) = %.0f.\n"
                    "Doc B §4-2 uses Z_1 = 10000^(1/4) = %.0f instead.\n\n",
                pe_denominator(1, EXAMPLE_D), DOC_DENOMINATOR_I1);
    chapter_say(ch, "  k   j   document   formula      |diff|   agrees at printed precision?\n");
    size_t worst = 0;
    double worst_diff = 0.0;
    DataFile f;
    chapter_data_open(ch, &f, "worked_example.dat", "position dim document formula pair_index_convention");
    for (size_t v = 0; v < N_DOC_VALUES; v++) {
        const PrintedValue *p = &DOC_B_4_2[v];
        double x = gsl_matrix_get(P, (size_t)p->k, (size_t)p->j);
        double diff = fabs(p->value - x);
        if (diff > worst_diff) {
            worst_diff = diff;
            worst = v;
        }
        chapter_say(ch, "  %d   %d   %8.*f   %9.6f   %9.6f   %s\n", p->k, p->j, p->decimals < 2 ? 2 : p->decimals,
                    p->value, x, diff, agrees_as_printed(p, x) ? "yes" : "NO");
        datafile_printf(&f, "%d %d %.3f %.17g %.17g\n", p->k, p->j, p->value, x,
                        convention_value(&CONVENTIONS[1], p->k, p->j, EXAMPLE_D));
    }
    chapter_data_close(ch, &f);

    chapter_say(ch, "\nWhich denominator did the document use? Printed values that disagree,\n"
                    "out of %d, under each candidate convention:\n", N_DOC_VALUES);
    int explaining = -1;
    for (size_t c = 0; c < N_CONVENTIONS; c++) {
        chapter_say(ch, "  %-55s %2d\n", CONVENTIONS[c].name, mismatches[c]);
        if (c > 0 && mismatches[c] == 0 && explaining < 0) explaining = (int)c;
    }
    const PrintedValue *w = &DOC_B_4_2[worst];
    double w_formula = gsl_matrix_get(P, (size_t)w->k, (size_t)w->j);
    if (mismatches[0] > 0) {
        chapter_say(ch, "\nErratum: the columns of pair i = 1 (dimensions 2 and 3) are wrong. E.g.\n"
                        "P_%d[%d]: the document prints %.2f, the formula gives %.6f.\n",
                    w->k, w->j, w->value, w_formula);
        if (explaining >= 0)
            chapter_say(ch, "The document's numbers follow %s:\n"
                            "it computed sin(k/10) and cos(k/10) where the formula has k/100.\n",
                        CONVENTIONS[explaining].name);
        chapter_say(ch, "Corrected table (formula, d = 4), to the document's precision and in full:\n");
        for (int k = 0; k < EXAMPLE_POSITIONS; k++) {
            chapter_say(ch, "  P_%d = [", k);
            for (int j = 0; j < EXAMPLE_D; j++) {
                const PrintedValue *p = &DOC_B_4_2[k * EXAMPLE_D + j];
                chapter_say(ch, "%s%.*f", j ? ", " : "", p->decimals < 2 ? 2 : p->decimals,
                            gsl_matrix_get(P, (size_t)k, (size_t)j));
            }
            chapter_say(ch, "]   = [");
            for (int j = 0; j < EXAMPLE_D; j++)
                chapter_say(ch, "%s%.6f", j ? ", " : "", gsl_matrix_get(P, (size_t)k, (size_t)j));
            chapter_say(ch, "]\n");
        }
        chapter_say(ch, "(Doc B §5-1 repeats the wrong row for position 1: [0.84, 0.54, 0.10, 0.995].)\n");
    }

    r->measured = w_formula;
    r->document = w->value;
    r->tolerance = 0.5 * pow(10.0, -w->decimals);
    claim_key(r, "P_%d[%d] by the formula", w->k, w->j);
    if (formula_check > ROUNDING_TOLERANCE(1.0))
        r->verdict = VERDICT_DOES_NOT_HOLD;   // our own table would be wrong: never expected
    else if (mismatches[0] == 0)
        r->verdict = VERDICT_HOLDS;
    else
        r->verdict = explaining >= 0 ? VERDICT_ERRATUM : VERDICT_DOES_NOT_HOLD;
    // The corrected rows 1..3 at the document's printed precision, for the
    // finding and, row by row, for the lesson (p1, p2, p3).
    char corrected[256] = "";
    for (int k = 1; k < EXAMPLE_POSITIONS; k++) {
        char row[64] = "[";
        for (int j = 0; j < EXAMPLE_D; j++) {
            size_t used = strlen(row);
            snprintf(row + used, sizeof row - used, "%s%.*f", j ? ", " : "", DOC_B_4_2[k * EXAMPLE_D + j].decimals,
                     gsl_matrix_get(P, (size_t)k, (size_t)j));
        }
        strncat(row, "]", sizeof row - strlen(row) - 1);
        size_t used = strlen(corrected);
        snprintf(corrected + used, sizeof corrected - used, "%sP_%d = %s", k > 1 ? ", " : "", k, row);
        char name[8];
        snprintf(name, sizeof name, "p%d", k);
        claim_text(r, name, "%s", row);
    }
    claim_value(r, "wrong", (double)mismatches[0]);
    int outside_pair1 = 0;   // formula mismatches in dimensions other than 2, 3
    for (size_t v = 0; v < N_DOC_VALUES; v++) {
        const PrintedValue *p = &DOC_B_4_2[v];
        if (p->j / 2 != 1 && !agrees_as_printed(p, gsl_matrix_get(P, (size_t)p->k, (size_t)p->j))) outside_pair1++;
    }
    if (mismatches[0] > 0 && outside_pair1 == 0) claim_case(r, "pair_one");
    claim_text(r, "convention", "%s", explaining >= 0 ? CONVENTIONS[explaining].formula : "-");
    if (explaining >= 0)
        claim_finding(r, "%d of %d printed values disagree with the formula (largest: P_%d[%d] printed %.2f, formula "
                         "%.6f). The document used Z_1 = 10000^(1/4) = 10, i.e. %s, instead of 10000^(2/4) = %.0f. "
                         "Corrected: %s.",
                      mismatches[0], N_DOC_VALUES, w->k, w->j, w->value, w_formula, CONVENTIONS[explaining].formula,
                      pe_denominator(1, EXAMPLE_D), corrected);
    else
        claim_finding(r, "%d of %d printed values disagree with the formula; no candidate convention explains them.",
                      mismatches[0], N_DOC_VALUES);
    gsl_matrix_free(P);
}

// ---- claim 3.2: 我 at positions 1 and 2 ---------------------------------------

static void print_vector(const Chapter *ch, const char *label, const gsl_vector *v) {
    chapter_say(ch, "  ");
    chapter_say_padded(ch, label, 24);
    chapter_say(ch, "[");
    for (size_t j = 0; j < v->size; j++) chapter_say(ch, "%s%8.5f", j ? ", " : "", gsl_vector_get(v, j));
    chapter_say(ch, "]\n");
}

static void claim_same_word_two_positions(Chapter *ch, ClaimResult *r) {
    static const double WO[EXAMPLE_D] = {1, 0, 1, 0};   // 我, Doc B §4-3
    gsl_vector_const_view wo = gsl_vector_const_view_array(WO, EXAMPLE_D);
    gsl_vector *x1 = gsl_vector_alloc(EXAMPLE_D), *x2 = gsl_vector_alloc(EXAMPLE_D);
    gsl_vector *doc1 = gsl_vector_alloc(EXAMPLE_D), *doc2 = gsl_vector_alloc(EXAMPLE_D);
    chapter_check(ch, pe_encode(1.0, x1), "pe_encode");
    chapter_check(ch, pe_encode(2.0, x2), "pe_encode");
    for (int j = 0; j < EXAMPLE_D; j++) {   // what a reader following Doc B §4-2's numbers gets
        gsl_vector_set(doc1, (size_t)j, WO[j] + convention_value(&CONVENTIONS[1], 1, j, EXAMPLE_D));
        gsl_vector_set(doc2, (size_t)j, WO[j] + convention_value(&CONVENTIONS[1], 2, j, EXAMPLE_D));
    }
    gsl_vector_add(x1, &wo.vector);
    gsl_vector_add(x2, &wo.vector);

    chapter_say(ch, "我 = [1, 0, 1, 0] plus the code of its position (d = 4):\n");
    print_vector(ch, "我 + P_1", x1);
    print_vector(ch, "我 + P_2", x2);
    print_vector(ch, "(Doc B's Z_1=10) pos 1", doc1);
    print_vector(ch, "(Doc B's Z_1=10) pos 2", doc2);
    gsl_vector *diff = gsl_vector_alloc(EXAMPLE_D);
    gsl_vector_memcpy(diff, x1);
    gsl_vector_sub(diff, x2);
    double dist = gsl_blas_dnrm2(diff);
    double by_offset = sqrt(pe_offset_distance2(1.0, EXAMPLE_D));
    double tol = ROUNDING_TOLERANCE(1.0);
    chapter_say(ch, "\n  ||(我 + P_1) - (我 + P_2)||   %.6f  (= ||P_1 - P_2||, offset formula %.6f)\n", dist, by_offset);
    chapter_say(ch, "The word is the same; the sums differ, mostly in the fast pair (dimensions\n"
                    "0, 1). With the formula's Z_1 = 100 the slow pair barely moves (0.01 per\n"
                    "step), so the difference there is a tenth of what Doc B's numbers suggest.\n");
    r->measured = dist;
    r->document = NAN;
    r->tolerance = tol * FAR_ABOVE_ROUNDING;
    claim_key(r, "||(我+P_1) - (我+P_2)||");
    bool consistent = fabs(dist - by_offset) <= tol;
    r->verdict = consistent && dist > tol * FAR_ABOVE_ROUNDING ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "dist", dist);
    const gsl_vector *sums[2] = {x1, x2};
    for (int q = 0; q < 2; q++)
        claim_text(r, q == 0 ? "x1" : "x2", "[%.3f, %.3f, %.3f, %.4f]", gsl_vector_get(sums[q], 0),
                   gsl_vector_get(sums[q], 1), gsl_vector_get(sums[q], 2), gsl_vector_get(sums[q], 3));
    claim_finding(r, "我+P_1 = [%.3f, %.3f, %.3f, %.4f] and 我+P_2 = [%.3f, %.3f, %.3f, %.4f] differ by %.4f.",
                  gsl_vector_get(x1, 0), gsl_vector_get(x1, 1), gsl_vector_get(x1, 2), gsl_vector_get(x1, 3),
                  gsl_vector_get(x2, 0), gsl_vector_get(x2, 1), gsl_vector_get(x2, 2), gsl_vector_get(x2, 3), dist);
    gsl_vector_free(x1);
    gsl_vector_free(x2);
    gsl_vector_free(doc1);
    gsl_vector_free(doc2);
    gsl_vector_free(diff);
}

// ---- --print-table: the learner's view ------------------------------------------

static void print_table_rows(void) {
    size_t width = (size_t)d;
    gsl_vector *P = gsl_vector_alloc(width);
    printf(_("Sinusoidal table, d = %ld, positions %ld..%ld\n"), d, table_rows.first, table_rows.last);
    printf("P_k[2i] = sin(k / Z_i), P_k[2i+1] = cos(k / Z_i), Z_i = 10000^(2i/d)\n\n");
    printf("%10s", "Z_i");
    for (size_t j = 0; j < width; j++) printf(" %11.6g", pe_denominator(j / 2, width));
    printf("\n%10s", "k \\ j");
    for (size_t j = 0; j < width; j++) {
        char head[32];
        snprintf(head, sizeof head, "%zu %s", j, j % 2 == 0 ? "sin" : "cos");
        printf(" %11s", head);
    }
    printf("\n");
    for (long k = table_rows.first; k <= table_rows.last; k++) {
        pe_encode((double)k, P);
        printf("%10ld", k);
        for (size_t j = 0; j < width; j++) printf(" %11.6f", gsl_vector_get(P, j));
        printf("\n");
    }
    gsl_vector_free(P);
}

// ---- --position K: one row, pair by pair ----------------------------------------

static void print_position(void) {
    size_t width = (size_t)d;
    gsl_vector *P = gsl_vector_alloc(width);   // (d,) P_K
    pe_encode((double)position, P);
    printf(_("P_%ld, d = %ld: pair i holds sin and cos of the angle K/Z_i, Z_i = 10000^(2i/d);\n"
           "'turns' is that angle in whole turns of the hand (angle / 2 pi).\n\n"), position, d);
    printf("  %6s   %-11s %12s   %19s   %12s   %13s   %15s\n", "pair i", "dims", "Z_i", "angle K/Z_i", "turns",
           "P_K[2i] (sin)", "P_K[2i+1] (cos)");
    for (size_t i = 0; i < width / 2; i++) {
        double Z = pe_denominator(i, width), angle = (double)position / Z;
        char dims[32];
        snprintf(dims, sizeof dims, "%zu, %zu", 2 * i, 2 * i + 1);
        printf("  %6zu   %-11s %12.6g   %19.6f   %12.6g   %13.6f   %15.6f\n", i, dims, Z, angle, angle / (2.0 * M_PI),
               gsl_vector_get(P, 2 * i), gsl_vector_get(P, 2 * i + 1));
    }
    if (width <= 16) {
        printf("\nP_%ld = [", position);
        for (size_t j = 0; j < width; j++) printf("%s%.6f", j ? ", " : "", gsl_vector_get(P, j));
        printf("]\n");
    }
    gsl_vector_free(P);
}

// ---- main ----------------------------------------------------------------------

// In the order the chapter teaches (lessons/en/ch03.md): the table and its
// picture (3.5), the properties a position code needs (3.3, 3.4, 3.6), then
// Doc B's worked example (3.1, an erratum) and its use (3.2).
static const ClaimDef CLAIMS[] = {
    {"3.5", "Doc A §圖像化", "Low dimensions oscillate fast, high dimensions slowly; values lie in [-1, 1].",
     VERDICT_HOLDS, "pair i turns by 1/Z_i per position and Z_i grows with i; sin, cos are bounded by 1",
     claim_fast_and_slow, SCOPE_COURSE, WEIGHT_NONE},
    {"3.3", "Doc D §1 (condition 1)", "Every position gets a unique code.", VERDICT_HOLDS,
     "D^2(R) >= 4 sin^2(R/2) from pair 0 alone, and that is 0 only when R is a multiple of 2 pi",
     claim_unique_codes, SCOPE_COURSE, WEIGHT_NONE},
    {"3.4", "Doc D §1 (condition 2)", "Neighbours are similar, and the farther apart the more different.",
     VERDICT_PARTLY_HOLDS, "s(R) = (2/d) sum cos(R/Z_i) decays on the whole but the fast pairs make it ripple",
     claim_similarity_decay, SCOPE_COURSE, WEIGHT_NONE},
    {"3.6", "Doc B §4", "Distant positions' patterns are completely different.", VERDICT_PARTLY_HOLDS,
     "s(R) = (2/d) sum cos(R/Z_i) over many wrapped phases averages 0 with spread 1/sqrt(d), but the phases "
     "line up again at some far offsets",
     claim_far_different, SCOPE_COURSE, WEIGHT_NONE},
    // A wrong table a student would copy: an error, not a slip.
    {"3.1", "Doc B §4-2", "The d = 4 worked example: P_1 = [0.84, 0.54, 0.10, 0.995], ..., with Z_1 = 10000^(1/4) ~ 10.",
     VERDICT_ERRATUM, "the formula gives Z_1 = 10000^(2/4) = 100, so pair 1 is sin(k/100), cos(k/100)",
     claim_worked_example, SCOPE_COURSE, WEIGHT_ERROR},
    {"3.2", "Doc B §4-3", "我 = [1, 0, 1, 0] at positions 1 and 2 becomes two different vectors.", VERDICT_HOLDS,
     "P_1 != P_2, and adding the same word keeps the difference", claim_same_word_two_positions, SCOPE_COURSE,
     WEIGHT_NONE},
};

int main(int argc, char **argv) {
    Chapter ch = {
        .program = "ch03",
        .claims = CLAIMS,
        .n_claims = sizeof CLAIMS / sizeof CLAIMS[0],
    };
    chapter_language(argc, argv);   // (rows_help is in the reader's language)
    char rows_help[96];   // the default comes from TABLE_ROWS_DEFAULT (the variable holds "not given")
    snprintf(rows_help, sizeof rows_help, _("rows printed by --print-table (default %ld:%ld)"),
             TABLE_ROWS_DEFAULT.first, TABLE_ROWS_DEFAULT.last);
    const OptionSpec options[] = {
        {"--d", OPTION_INT, &d, 2, 1024, OPTION_EVEN, "N",
         N_("encoding width d, even, for claims 3.4-3.6, the figures, --print-table and --position")},
        {"--n", OPTION_INT, &n_positions, 1000, 1000000, 0, "N",
         N_("positions 0..N-1 checked for uniqueness in claim 3.3; 8 bytes each")},
        {"--print-table", OPTION_FLAG, &print_table, 0, 0, 0, NULL,
         N_("print rows of the table (with --d, --positions) and exit; writes nothing")},
        {"--positions", OPTION_RANGE, &table_rows, 0, 1e9, OPTION_OWN_DEFAULT, "FIRST:LAST", rows_help},
        {"--position", OPTION_INT, &position, 0, MAX_POSITION, 0, "K",
         N_("print P_K at --d pair by pair (Z_i, the angle K/Z_i, sin, cos) and exit; writes nothing (default: "
         "not printed)")},
    };
    int status = chapter_begin(&ch, argc, argv, options, sizeof options / sizeof options[0]);
    if (status != CHAPTER_CONTINUE) return status;
    bool rows_given = table_rows.first >= 0;
    if (position >= 0 && print_table)
        return chapter_reject_number(&ch, "--position", position,
                                     _("not with --print-table (--print-table --positions K:K prints that row)"));
    if (position >= 0 && !rows_given) {
        print_position();
        return 0;
    }
    if (rows_given && !print_table) {
        char value[64];
        snprintf(value, sizeof value, "%ld:%ld", table_rows.first, table_rows.last);
        return chapter_reject(&ch, "--positions", value, _("only used with --print-table; add --print-table"));
    }
    if (!rows_given) table_rows = TABLE_ROWS_DEFAULT;
    double entries = ((double)table_rows.last - (double)table_rows.first + 1.0) * (double)d;
    if (print_table && entries > MAX_PRINT_ENTRIES) {
        char value[64], accepted[320];
        snprintf(value, sizeof value, "%ld:%ld", table_rows.first, table_rows.last);
        snprintf(accepted, sizeof accepted, _("expected at most %.0f printed numbers (rows x d); here d = %ld"),
                 MAX_PRINT_ENTRIES, d);
        return chapter_reject(&ch, "--positions", value, accepted);
    }
    if (print_table) {
        print_table_rows();
        return 0;
    }
    chapter_run_claims(&ch);
    return chapter_end(&ch);
}
