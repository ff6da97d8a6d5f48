// ch04_clock_hands.c: Chapter 4, frequencies, periods and clock hands.
//
// The question: the sinusoidal code gives every pair of dimensions its own
// speed. Doc A reads each pair as a clock hand; Doc D calls the whole code a
// ruler with several precisions. How fast does each hand turn, does the
// generated table really turn that fast, and how far can the hands tell
// positions apart?
//
// Claims (docs/CLAIMS.md, chapter 4):
//   4.1  Doc A §時鐘指針的比喻   period of pair i is 2*pi*10000^(2i/d); for d = 128:
//                                i = 0 about 6.3, i = 32 about 628.3, i = 63 about 54000
//   4.2  Doc A §時鐘指針的比喻   the periods are what the generated table actually does
//   4.3  Doc A §時鐘指針的比喻   d = 128 gives 64 hands, all turning at different speeds
//                                (wavelengths in geometric progression; set beside the
//                                original Transformer paper's "from 2*pi to 10000*2*pi",
//                                which no course document quotes)
//   4.4  Doc D §2                low dimensions separate nearby positions, high ones
//                                distant positions: a multi-precision ruler
//
// Symbols:
//   d     encoding width (the document's d = 128 in 4.1; --d in 4.2 and 4.4)
//   i     pair (hand) index 0 .. d/2-1; hand i is dimensions 2i (sin) and 2i+1 (cos)
//   k     position; Z_i = 10000^(2i/d); hand i turns by 1/Z_i radians per position
//   T_i   = 2*pi*Z_i, the period (wavelength) of hand i, in positions
//   theta_i(k) the hand's angle, atan2(P_k[2i], P_k[2i+1]) in [0, 2*pi)
//
// Run:  ch04 [--d 128] [--positions 100000] [--seed N] [--out DIR] [--claim 4.2] [--quiet]
// Data: clock_table.dat, document_rows.dat and clock_hands.dat (claim 4.1: Doc
//       A's three hands, named as its table names them), periods.dat (claim
//       4.2), ruler.dat (claim 4.4); they feed plots/ch04_clock_faces.gp and
//       plots/ch04_periods.gp.
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_vector.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/i18n.h"
#include "position/pe_clock.h"
#include "position/pe_recurrence.h"
#include "position/pe_table.h"
#include "run/chapter.h"
#include "run/compare.h"

// ---- settings ----------------------------------------------------------------

static long d = 128;             // width for the measured claims (4.2, 4.4): the document's example
static long positions = 100000;  // claim 4.4 reads back every position 0 .. positions-1
static const double MAX_READBACK_ENTRIES = 268435456.0;   // positions * d <= 2^28 (time bound)

enum { DOC_D = 128 };            // the width of Doc A's clock table
static const size_t HAND_WIDTHS[] = {128, 512};   // claim 4.3: the document's width and the paper's

// Doc A's three rows, as printed: the pair index, the period, half a unit
// of the last digit the document gives ("about 6.3" -> 0.05; "about 54000"
// is rounded to the thousand -> 500), and the hand of a clock it is likened
// to (秒針, 分針, 時針).
typedef struct {
    size_t i;
    double period;
    double half_unit;
    const char *like;              // "second", "minute", "hour" (one word: a data column)
} DocRow;
static const DocRow DOC_ROWS[] = {{0, 6.3, 0.05, "second"}, {32, 628.3, 0.05, "minute"}, {63, 54000.0, 500.0, "hour"}};
enum { N_DOC_ROWS = sizeof DOC_ROWS / sizeof DOC_ROWS[0] };

// The clock faces drawn for the figure: Doc A's three hands of d = 128 at a
// few positions, chosen so each hand is seen to move: the second hand over
// k = 0..3, the minute hand by k = 100 and 1000, the hour hand by 10000 and 30000.
static const double FACE_POSITIONS[] = {0, 1, 2, 3, 100, 1000, 10000, 30000};

// Claim 4.4, the encoding's own reach: the smallest distance between two
// codes over the offsets 1..NEAREST_OFFSETS (||P_a - P_b|| depends on a - b
// only, common/position/pe_offset.h), and nearest-code decoding of NEAREST_SAMPLES
// positions past the slowest hand's first turn against every code 0..N-1.
enum { NEAREST_OFFSETS = 2000000, NEAREST_SAMPLES = 32 };

// Rows generated at a time when walking the table (block (ROWS, d)): the
// whole table for 4.2 is ~55000 x d, which need not sit in memory at once.
enum { TABLE_BLOCK_ROWS = 4096 };

// ---- claim 4.1: the clock table for d = 128 ---------------------------------

static void write_clock_faces(Chapter *ch) {
    gsl_vector *P = gsl_vector_alloc(DOC_D);
    DataFile f;
    chapter_data_open(ch, &f, "clock_hands.dat", "face position hand x_sin y_cos period d like");
    for (size_t face = 0; face < sizeof FACE_POSITIONS / sizeof FACE_POSITIONS[0]; face++) {
        chapter_check(ch, pe_encode(FACE_POSITIONS[face], P), "pe_encode");
        for (size_t h = 0; h < N_DOC_ROWS; h++) {
            size_t i = DOC_ROWS[h].i;
            datafile_printf(&f, "%zu %.0f %zu %.17g %.17g %.17g %d %s\n", face, FACE_POSITIONS[face], i,
                            gsl_vector_get(P, 2 * i), gsl_vector_get(P, 2 * i + 1), pe_period(i, DOC_D), (int)DOC_D,
                            DOC_ROWS[h].like);
        }
    }
    chapter_data_close(ch, &f);
    gsl_vector_free(P);
}

static void claim_clock_table(Chapter *ch, ClaimResult *r) {
    DataFile f;
    chapter_data_open(ch, &f, "clock_table.dat", "pair dim_sin dim_cos Z period speed_rad_per_position");
    double worst_ratio = 0.0;
    for (size_t i = 0; i < DOC_D / 2; i++) {
        double Z = pe_denominator(i, DOC_D), T = pe_period(i, DOC_D);
        datafile_printf(&f, "%zu %zu %zu %.17g %.17g %.17g\n", i, 2 * i, 2 * i + 1, Z, T, 1.0 / Z);
        for (size_t row = 0; row < N_DOC_ROWS; row++) {
            if (DOC_ROWS[row].i != i) continue;
            double diff = fabs(T - DOC_ROWS[row].period);
            worst_ratio = fmax(worst_ratio, diff / DOC_ROWS[row].half_unit);
            claim_row(r, "rows");
            claim_cell(r, "rows", "i", (double)i);
            claim_cell(r, "rows", "dim_sin", (double)(2 * i));
            claim_cell(r, "rows", "dim_cos", (double)(2 * i + 1));
            claim_cell(r, "rows", "z", Z);
            claim_cell(r, "rows", "period", T);
            claim_cell(r, "rows", "document", DOC_ROWS[row].period);
            claim_cell(r, "rows", "diff", diff);
            claim_cell(r, "rows", "half_unit", DOC_ROWS[row].half_unit);
        }
    }
    chapter_data_close(ch, &f);
    chapter_data_open(ch, &f, "document_rows.dat", "pair document_period half_unit");
    for (size_t row = 0; row < N_DOC_ROWS; row++)
        datafile_printf(&f, "%zu %g %g\n", DOC_ROWS[row].i, DOC_ROWS[row].period, DOC_ROWS[row].half_unit);
    chapter_data_close(ch, &f);
    write_clock_faces(ch);
    r->measured = worst_ratio;
    r->document = NAN;
    r->tolerance = 1.0;
    r->verdict = worst_ratio <= 1.0 ? VERDICT_HOLDS : VERDICT_ERRATUM;
    for (size_t row = 0; row < N_DOC_ROWS; row++) {   // t0, t32, t63: the periods of Doc A's rows
        char name[16];
        snprintf(name, sizeof name, "t%zu", DOC_ROWS[row].i);
        claim_value(r, name, pe_period(DOC_ROWS[row].i, DOC_D));
    }
    claim_value(r, "doc_d", DOC_D);
    claim_value(r, "pairs", DOC_D / 2);
    claim_value(r, "worst", worst_ratio);
    claim_value(r, "matches", worst_ratio <= 1.0 ? 1.0 : 0.0);
}

// ---- claim 4.2: periods measured from the table itself ---------------------

// Walking the table row by row, per hand i:
//   phase unwrapping: each step's angle change, wrapped into (-pi, pi], is
//   summed; a step never exceeds 1 radian (< pi), so no turn is missed.
//   zero crossings: sin goes from < 0 to >= 0 with cos > 0 (the hand passes
//   12 o'clock), once per completed turn.
typedef struct {
    double last_angle;      // theta_i at the previous row
    long wraps;             // times the angle fell back past 12 o'clock
    double last_sin;
    long crossings;         // upward zero crossings of the sin column
} HandTrack;

static void claim_periods_measured(Chapter *ch, ClaimResult *r) {
    size_t half = (size_t)d / 2;
    // Enough rows for the slowest hand to finish one turn: k = 0 .. ceil(T_last).
    size_t rows = (size_t)ceil(pe_period(half - 1, (size_t)d)) + 1;
    HandTrack *track = calloc(half, sizeof *track);
    gsl_matrix *block = gsl_matrix_alloc(TABLE_BLOCK_ROWS, (size_t)d);   // (ROWS, d) rows P_k
    if (!track) chapter_check(ch, GSL_ENOMEM, "allocating hand tracks");
    for (size_t first = 0; first < rows; first += TABLE_BLOCK_ROWS) {
        chapter_check(ch, pe_table_fill(block, (double)first), "pe_table_fill");
        size_t n_rows = GSL_MIN(TABLE_BLOCK_ROWS, rows - first);
        for (size_t row = 0; row < n_rows; row++) {
            gsl_vector_const_view P = gsl_matrix_const_row(block, row);
            for (size_t i = 0; i < half; i++) {
                double angle = pe_clock_angle(&P.vector, i), s = gsl_matrix_get(block, row, 2 * i);
                if (first + row > 0) {
                    if (angle - track[i].last_angle < -M_PI) track[i].wraps++;
                    if (track[i].last_sin < 0.0 && s >= 0.0 && gsl_matrix_get(block, row, 2 * i + 1) > 0.0)
                        track[i].crossings++;
                }
                track[i].last_angle = angle;
                track[i].last_sin = s;
            }
        }
    }
    // Measured speed = total unwrapped angle / positions walked; period = 2 pi / speed.
    double last_k = (double)(rows - 1), worst_rel = 0.0;
    long crossing_mismatches = 0;
    DataFile f;
    chapter_data_open(ch, &f, "periods.dat", "pair period_formula period_measured rel_error turns_counted");
    for (size_t i = 0; i < half; i++) {
        double unwrapped = track[i].last_angle + 2.0 * M_PI * (double)track[i].wraps;
        double measured = 2.0 * M_PI * last_k / unwrapped, formula = pe_period(i, (size_t)d);
        double rel = fabs(measured - formula) / formula;
        long expected_turns = (long)floor(last_k / formula);
        worst_rel = fmax(worst_rel, rel);
        if (track[i].crossings != expected_turns) crossing_mismatches++;
        datafile_printf(&f, "%zu %.17g %.17g %.3g %ld\n", i, formula, measured, rel, track[i].crossings);
        if (i < 3 || i + 3 >= half || i == half / 2) {   // the evidence's rows: first, middle, last
            claim_row(r, "hands");
            claim_cell(r, "hands", "i", (double)i);
            claim_cell(r, "hands", "formula", formula);
            claim_cell(r, "hands", "measured", measured);
            claim_cell(r, "hands", "rel", rel);
            claim_cell(r, "hands", "turns", (double)track[i].crossings);
            claim_cell(r, "hands", "expected", (double)expected_turns);
        }
    }
    chapter_data_close(ch, &f);
    // The measured angle carries the rounding of k/Z_i, sin, cos and atan2:
    // a few ulp relative to the angle itself, so the period agrees to
    // ROUNDING_ULPS ulp.
    double tol = ROUNDING_TOLERANCE(1.0);
    r->measured = worst_rel;
    r->document = 0.0;
    r->tolerance = tol;
    r->verdict = worst_rel <= tol && crossing_mismatches == 0 ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "d", (double)d);
    claim_value(r, "hands", (double)half);
    claim_value(r, "worst_rel", worst_rel);
    claim_value(r, "miscounted", (double)crossing_mismatches);
    claim_value(r, "last_k", last_k);
    claim_value(r, "ulps", ROUNDING_ULPS);
    gsl_matrix_free(block);
    free(track);
}

// ---- claim 4.3: how many hands, how fast ------------------------------------

static void claim_hands(Chapter *ch, ClaimResult *r) {
    bool all_ok = true;
    size_t hands_128 = 0;
    double longest[2] = {0, 0};
    const double common_upper = 2.0 * M_PI * PE_BASE;   // the original paper's "10000 * 2 pi"
    for (size_t w = 0; w < 2; w++) {
        size_t width = HAND_WIDTHS[w], half = width / 2;
        double *speed = malloc(half * sizeof *speed);
        if (!speed) chapter_check(ch, GSL_ENOMEM, "allocating speeds");
        for (size_t i = 0; i < half; i++) speed[i] = 1.0 / pe_denominator(i, width);
        gsl_sort(speed, 1, half);
        size_t distinct = half > 0;
        for (size_t i = 1; i < half; i++) distinct += speed[i] > speed[i - 1];
        // Geometric progression: T_{i+1}/T_i = 10000^(2/d) for every i.
        double ratio = pow(PE_BASE, 2.0 / (double)width), worst_dev = 0.0;
        for (size_t i = 0; i + 1 < half; i++)
            worst_dev = fmax(worst_dev, fabs(pe_period(i + 1, width) / pe_period(i, width) - ratio) / ratio);
        double T0 = pe_period(0, width), T_last = pe_period(half - 1, width);
        double endpoint = 2.0 * M_PI * pow(PE_BASE, (double)(width - 2) / (double)width);
        // A ratio of two pow() results is good to a few ulp: ROUNDING_TOLERANCE(1).
        bool ok = distinct == half && worst_dev <= ROUNDING_TOLERANCE(1.0) &&
                  fabs(T0 - 2.0 * M_PI) <= ROUNDING_TOLERANCE(T0) &&
                  fabs(T_last - endpoint) <= ROUNDING_TOLERANCE(T_last);
        all_ok = all_ok && ok;
        if (width == DOC_D) hands_128 = distinct;
        longest[w] = T_last;
        claim_row(r, "widths");
        claim_cell(r, "widths", "d", (double)width);
        claim_cell(r, "widths", "hands", (double)half);
        claim_cell(r, "widths", "distinct", (double)distinct);
        claim_cell(r, "widths", "ratio", ratio);
        claim_cell(r, "widths", "dev", worst_dev);
        claim_cell(r, "widths", "t0", T0);
        claim_cell(r, "widths", "t_last", T_last);
        claim_cell(r, "widths", "endpoint", endpoint);
        claim_cell(r, "widths", "short_pct", 100.0 * (1.0 - T_last / common_upper));
        free(speed);
    }
    r->measured = (double)hands_128;
    r->document = DOC_D / 2;
    r->tolerance = 0.0;
    r->verdict = all_ok && hands_128 == DOC_D / 2 ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "distinct", (double)hands_128);
    claim_value(r, "t0", pe_period(0, DOC_D));
    claim_value(r, "t_last", longest[0]);
    claim_value(r, "short", 1.0 - longest[0] / common_upper);
    claim_value(r, "upper", common_upper);
    claim_value(r, "hands_128", DOC_D / 2);
    claim_value(r, "t_last_512", longest[1]);
    claim_value(r, "short_pct", 100.0 * (1.0 - longest[0] / common_upper));
    claim_value(r, "short_pct_512", 100.0 * (1.0 - longest[1] / common_upper));
}

// ---- claim 4.4: a ruler with several precisions ------------------------------

static void claim_ruler(Chapter *ch, ClaimResult *r) {
    size_t width = (size_t)d, half = width / 2;
    gsl_vector *P0 = gsl_vector_alloc(width), *P1 = gsl_vector_alloc(width);
    chapter_check(ch, pe_encode(0.0, P0), "pe_encode");
    chapter_check(ch, pe_encode(1.0, P1), "pe_encode");

    // Rate of change per hand: how far the hand's tip moves from one position
    // to the next (the chord |pair_i(P_1) - pair_i(P_0)| = 2 sin(1/(2 Z_i))),
    // and how many positions it covers before it repeats (its period).
    DataFile f;
    chapter_data_open(ch, &f, "ruler.dat", "pair step_chord speed period");
    bool slower_each_pair = true;
    double prev_step = INFINITY;
    for (size_t i = 0; i < half; i++) {
        double dx = gsl_vector_get(P1, 2 * i) - gsl_vector_get(P0, 2 * i);
        double dy = gsl_vector_get(P1, 2 * i + 1) - gsl_vector_get(P0, 2 * i + 1);
        double step = hypot(dx, dy), T = pe_period(i, width);
        slower_each_pair = slower_each_pair && step < prev_step;
        prev_step = step;
        datafile_printf(&f, "%zu %.17g %.17g %.17g\n", i, step, 1.0 / pe_denominator(i, width), T);
        if (i == 0 || i == 1 || i == half / 4 || i == half / 2 || i == 3 * half / 4 || i == half - 1) {
            claim_row(r, "hands");   // the evidence's rows: fast, middle and slow hands
            claim_cell(r, "hands", "i", (double)i);
            claim_cell(r, "hands", "step", step);
            claim_cell(r, "hands", "period", T);
            claim_cell(r, "hands", "reach", floor(T));
        }
    }
    chapter_data_close(ch, &f);

    // Read every position back, slowest hand first, finest hand last.
    gsl_vector *P = gsl_vector_alloc(width);
    long first_failure = -1, failures = 0;
    double worst_error = 0.0;   // largest |reading - k| among exact readings
    for (long k = 0; k < positions; k++) {
        chapter_check(ch, pe_encode((double)k, P), "pe_encode");
        double reading;
        chapter_check(ch, pe_clock_decode(P, &reading), "pe_clock_decode");
        bool exact = fabs(reading - (double)k) < 0.5;
        if (!exact) {
            failures++;
            if (first_failure < 0) first_failure = k;
        } else if (first_failure < 0) {
            worst_error = fmax(worst_error, fabs(reading - (double)k));
        }
    }
    double T_last = pe_period(half - 1, width);
    long largest = first_failure < 0 ? positions - 1 : first_failure - 1;
    if (first_failure >= 0) {
        // Is the code itself repeating there? Compare with the position one slowest turn earlier.
        gsl_vector *Q = gsl_vector_alloc(width);
        long earlier = first_failure - (long)round(T_last);
        chapter_check(ch, pe_encode((double)first_failure, P), "pe_encode");
        chapter_check(ch, pe_encode((double)earlier, Q), "pe_encode");
        gsl_vector_sub(Q, P);
        claim_value(r, "first_failure", (double)first_failure);
        claim_value(r, "earlier", (double)earlier);
        claim_value(r, "turn_apart", gsl_blas_dnrm2(Q));
        gsl_vector_free(Q);
    }
    claim_value(r, "failed", first_failure >= 0 ? 1.0 : 0.0);
    // The size of a reading's error, for the words "errors stay around ...".
    claim_value(r, "error_scale", worst_error > 0 ? worst_error : DBL_EPSILON);

    // The code's own reach. ||P_0 - P_R|| for R = 1..NEAREST_OFFSETS, from
    // table rows made by the re-anchored rotation generator (within 1e-12 of
    // the exact rows, chapter 8, claim 8.4): how close do two codes ever come?
    gsl_matrix *block = gsl_matrix_alloc(TABLE_BLOCK_ROWS, width);   // (ROWS, d) rows P_R
    double closest = INFINITY;
    long closest_R = 0;
    for (long first = 0; first <= NEAREST_OFFSETS; first += TABLE_BLOCK_ROWS) {
        chapter_check(ch, pe_recurrence_fill(block, (double)first, PE_RECURRENCE_ANCHOR_EVERY), "pe_recurrence_fill");
        for (size_t row = 0; row < TABLE_BLOCK_ROWS && first + (long)row <= NEAREST_OFFSETS; row++) {
            if (first + (long)row == 0) continue;
            gsl_vector_view PR = gsl_matrix_row(block, row);
            gsl_vector_sub(&PR.vector, P0);
            double dist = gsl_blas_dnrm2(&PR.vector);
            if (dist < closest) {
                closest = dist;
                closest_R = first + (long)row;
            }
        }
    }
    // Nearest-code decoding: NEAREST_SAMPLES positions spread over
    // ceil(T_last)..N-1, each compared with every code 0..N-1 (all codes have
    // ||P_j||^2 = d/2, so the nearest code is the one with the largest dot
    // product); S (NEAREST_SAMPLES, d) holds the sampled codes.
    gsl_matrix *S = gsl_matrix_alloc(NEAREST_SAMPLES, width);
    gsl_matrix *dots = gsl_matrix_alloc(TABLE_BLOCK_ROWS, NEAREST_SAMPLES);   // block * S^T
    long sampled[NEAREST_SAMPLES], best_j[NEAREST_SAMPLES];
    double best_dot[NEAREST_SAMPLES];
    long from = (long)ceil(T_last);
    for (size_t q = 0; q < NEAREST_SAMPLES; q++) {
        sampled[q] = from + (long)((double)(positions - 1 - from) * (double)q / (NEAREST_SAMPLES - 1));
        gsl_vector_view row = gsl_matrix_row(S, q);
        chapter_check(ch, pe_encode((double)sampled[q], &row.vector), "pe_encode");
        best_j[q] = -1;
        best_dot[q] = -INFINITY;
    }
    for (long first = 0; first < positions; first += TABLE_BLOCK_ROWS) {
        chapter_check(ch, pe_table_fill(block, (double)first), "pe_table_fill");
        chapter_check(ch, gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, block, S, 0.0, dots), "block S^T");
        for (size_t row = 0; row < TABLE_BLOCK_ROWS && first + (long)row < positions; row++)
            for (size_t q = 0; q < NEAREST_SAMPLES; q++)
                if (gsl_matrix_get(dots, row, q) > best_dot[q]) {
                    best_dot[q] = gsl_matrix_get(dots, row, q);
                    best_j[q] = first + (long)row;
                }
    }
    long nearest_right = 0;
    for (size_t q = 0; q < NEAREST_SAMPLES; q++) nearest_right += best_j[q] == sampled[q];
    gsl_matrix_free(S);
    gsl_matrix_free(dots);
    gsl_matrix_free(block);
    // A code computed in double at position k is off by about k * DBL_EPSILON
    // per entry (its angle k/Z_i is rounded), sqrt(d) times that in norm.
    double code_error = (double)NEAREST_OFFSETS * DBL_EPSILON * sqrt((double)width);
    bool stops_at_period = largest == (long)floor(T_last) && largest < positions - 1;
    // Far apart: the closest codes at least FAR_ABOVE_ROUNDING times the codes' own error.
    bool code_reaches_far = closest > FAR_ABOVE_ROUNDING * code_error && nearest_right == NEAREST_SAMPLES;
    r->measured = closest;
    r->document = NAN;
    r->tolerance = FAR_ABOVE_ROUNDING * code_error;
    r->verdict = slower_each_pair && stops_at_period && code_reaches_far ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "d", (double)d);
    claim_value(r, "step_first", 2.0 * sin(0.5));
    claim_value(r, "step_last", 2.0 * sin(0.5 / pe_denominator(half - 1, width)));
    claim_value(r, "last", (double)(half - 1));
    claim_value(r, "reach", (double)largest);
    claim_value(r, "right", (double)nearest_right);
    claim_value(r, "sampled", (double)NEAREST_SAMPLES);
    claim_value(r, "closest", closest);
    claim_value(r, "offsets", (double)NEAREST_OFFSETS);
    claim_value(r, "tried_last", (double)(positions - 1));
    claim_value(r, "worst_error", worst_error);
    claim_value(r, "failures", (double)failures);
    claim_value(r, "after", (double)(positions - 1 - largest));
    claim_value(r, "t_last", T_last);
    claim_value(r, "floor_t_last", floor(T_last));
    claim_value(r, "closest_R", (double)closest_R);
    claim_value(r, "sample_first", (double)sampled[0]);
    claim_value(r, "sample_last", (double)sampled[NEAREST_SAMPLES - 1]);
    claim_value(r, "code_error", code_error);
    gsl_vector_free(P);
    gsl_vector_free(P0);
    gsl_vector_free(P1);
}

// ---- main ----------------------------------------------------------------------

// Each claim's statement (says:), the reason for its expected verdict
// (expected:) and its key number's words (key:) are in the lesson.
static const ClaimDef CLAIMS[] = {
    {"4.1", "Doc A §時鐘指針的比喻", VERDICT_HOLDS, claim_clock_table, SCOPE_COURSE, WEIGHT_NONE},
    {"4.2", "Doc A §時鐘指針的比喻", VERDICT_HOLDS, claim_periods_measured, SCOPE_COURSE, WEIGHT_NONE},
    {"4.3", "Doc A §時鐘指針的比喻", VERDICT_HOLDS, claim_hands, SCOPE_COURSE, WEIGHT_NONE},
    {"4.4", "Doc D §2", VERDICT_HOLDS, claim_ruler, SCOPE_COURSE, WEIGHT_NONE},
};

int main(int argc, char **argv) {
    Chapter ch = {
        .program = "ch04",
        .claims = CLAIMS,
        .n_claims = sizeof CLAIMS / sizeof CLAIMS[0],
    };
    const OptionSpec options[] = {
        {"--d", OPTION_INT, &d, 4, 1024, OPTION_EVEN, "N", N_("width for claims 4.2 and 4.4, even")},
        {"--positions", OPTION_INT, &positions, 1000, 10000000, 0, "N",
         N_("claim 4.4 reads back positions 0..N-1, N*d <= 2^28")},
    };
    int status = chapter_begin(&ch, argc, argv, options, sizeof options / sizeof options[0]);
    if (status != CHAPTER_CONTINUE) return status;
    // Claim 4.4 must walk past the slowest hand's first turn to see where reading stops.
    double T_last = pe_period((size_t)d / 2 - 1, (size_t)d);
    if ((double)positions <= ceil(T_last) + 1.0) {
        char accepted[320];
        snprintf(accepted, sizeof accepted, _("expected more than %.0f for d = %ld (past the slowest hand's period %.1f)"),
                 ceil(T_last) + 1.0, d, T_last);
        return chapter_reject_number(&ch, "--positions", positions, accepted);
    }
    // Reading back costs ~d sin/cos per position: 2^28 of them take ~15 s here.
    if ((double)positions * (double)d > MAX_READBACK_ENTRIES) {
        return chapter_reject_number(&ch, "--positions", positions,
                                     _("expected N * d <= 2^28 = 268435456 (reading back takes time)"));
    }
    chapter_run_claims(&ch);
    return chapter_end(&ch);
}
