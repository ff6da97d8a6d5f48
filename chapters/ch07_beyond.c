// ch07_beyond.c: Chapter 7, relative position done directly: RoPE, ALiBi,
// the causal mask, and the two table layouts.
//
// The question: Doc C §六 names RoPE (rotation matrices on Query and Key, so
// attention senses relative distance; absolute and relative combined) and
// ALiBi (a distance bias on the scores), and says absolute codes cannot
// express distance directly; none of it is worked out there. Doc A §註 says
// only that self-attention "hides a little" position information, without
// saying where. Learners also ask why library tables do not look like the
// formula. Claims 7.1-7.6 answer with measurements, no training involved;
// claims 7.7-7.8 come back to RoPE: Doc A's 貓吃了魚 wish and Doc C's "absolute
// and relative". (RoPE and ALiBi in a trained model, on chapter 6's
// length-generalisation experiment, are claims 6.8-6.10, formerly 7.7-7.9.)
//
// Claims (scope: the course's claims are Doc C's 7.1, 7.2 and 7.8; the others are
// the workbook's own questions, SCOPE_BEYOND):
//   7.1  Doc C §六         RoPE: rotating q and k by position makes q_m.k_n a function of m-n only
//   7.2  Doc C §六; ch05 claim 5.5
//                          with sinusoidal vectors added to the input instead, the score is not
//                          a function of m-n alone (its relative part is small, as chapter 5
//                          measures for term 4)
//   7.3  beyond (Doc C §六 names ALiBi)
//                          ALiBi: a bias linear in distance makes attention decay with distance,
//                          at rate m per token; the paper's geometric slopes 2^(-8h/H)
//   7.4  beyond (cf. Doc A §註; ch01 claim 1.6)
//                          a causal layer with no positions still knows where it is: position t
//                          is read back exactly from the weight 1/(t+1) on a start token
//   7.5  beyond            with the formula's frequencies, the interleaved and the halves table are
//                          the same columns up to a fixed permutation; tensor2tensor's timing
//                          signal (halves, frequencies 10000^(-i/(d/2-1))) is not
//   7.6  beyond            what does change: M_R is block-diagonal only in the interleaved order
//   7.7  beyond (Doc A §為什麼是這個設計's wish, asked of RoPE; was 7.10)
//                          RoPE and 貓吃了魚: the score stays with 1000 tokens in front (exactly);
//                          far-apart tokens score lower only in bound and for aligned q, k, unsteadily
//   7.8  Doc C §六 (was 7.11) RoPE's absolute half: the rotated query R_m q carries m (same length,
//                          distinct for every m, m read back from it given q)
//
// Symbols:
//   d      width of q, k and of the table (--d, default 64, even, >= 4)
//   N      positions in the score maps and tables (--positions, default 64)
//   m, n   query and key positions; R = m - n the offset
//   x, y   a query token and a key token (d,), entries N(0,1)
//   W_Q, W_K (d,d), entries N(0,1/d)
//   q_m, k_n  query at m, key at n; score S[m][n] = q_m . k_n / sqrt(d)
//   P_k    the sinusoidal encoding (common/position/pe_table.h), Z_i = 10000^(2i/d)
//   RoPE   q_m = rot_m(x W_Q), k_n = rot_n(y W_K), rot_k turns pair i by k/Z_i (common/position/rope.h)
//   ALiBi  S[t][s] += -m_h |t-s|, head slopes m_h = 2^(-8h/H), h = 1..H (common/position/alibi.h)
//   T      length of the causal sequence in claim 7.4 (--causal-length, default 2048)
//
// Run:  ch07 [--d 64] [--positions 64] [--trials 100] [--heads 8] [--causal-length 2048]
//            [--seed N] [--out DIR] [--claim 7.1] [--quiet]
// Data: scores_sinusoidal.dat, scores_rope.dat (7.1, 7.2) -> plots/ch07_rope_scores.gp
//       alibi_bias.dat, alibi_weights.dat (7.3)            -> plots/ch07_alibi.gp
//       causal_count.dat (7.4)                              -> plots/ch07_causal_count.gp
//       table_interleaved.dat, table_halves.dat (7.5)       -> plots/ch07_layouts.gp
//       rotation_interleaved.dat, rotation_halves.dat (7.6) -> plots/ch07_rotation_layouts.gp
//       rope_decay.dat (7.7)                                -> plots/ch07_rope_decay.gp
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_permutation.h>
#include <gsl/gsl_permute_matrix.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/parallel.h"
#include "base/random.h"
#include "position/alibi.h"
#include "position/pe_layout.h"
#include "position/pe_offset.h"
#include "position/pe_relative.h"
#include "position/pe_table.h"
#include "position/rope.h"
#include "words/sequence.h"
#include "model/attention.h"
#include "model/posenc.h"
#include "run/build_info.h"
#include "run/chapter.h"
#include "run/compare.h"

// ---- settings ----------------------------------------------------------------

static long d = 64;              // width of q, k and the tables: a typical head width
static long positions = 64;      // N: enough offsets to see the stripes, small enough to print
static long trials = 100;        // random (x, y, W_Q, W_K) per claim: the worst case decides
static long heads = 8;           // H: the ALiBi paper's 8 heads
static long causal_length = 2048;// T: the positions read back in claim 7.4

// Work bound for claims 7.1-7.2: each trial fills two (N,N) score maps of d-term dot products.
#define WORK_LIMIT 2e10
// The offset Doc A uses for its rotation example (P_1 -> P_4 with M_3).
static const double EXAMPLE_OFFSET = 3.0;

// ---- score maps over (query position m, key position n) ------------------------

// Every row of Rows (N,d) set to v (d,): the same token at every position.
static void fill_rows(gsl_matrix *Rows, const gsl_vector *v) {
    for (size_t t = 0; t < Rows->size1; t++) gsl_matrix_set_row(Rows, t, v);
}

// S (N,N) = Q K^T / sqrt(d): S[m][n] = q_m . k_n / sqrt(d).
static void scores_from(const gsl_matrix *Q, const gsl_matrix *K, gsl_matrix *S) {
    gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0 / sqrt((double)Q->size2), Q, K, 0.0, S);
}

// The diagonal of offset R = m - n, as a strided vector view of S.
static gsl_vector_view offset_diagonal(gsl_matrix *S, long R) {
    return R >= 0 ? gsl_matrix_subdiagonal(S, (size_t)R) : gsl_matrix_superdiagonal(S, (size_t)(-R));
}

// How far S is from a function of m - n: the largest spread (max - min) along
// any diagonal, and the fraction of S's variance the offset explains,
//   explained = 1 - sum over diagonals of (within-diagonal sum of squares) / (total sum of squares).
typedef struct {
    double worst_spread;
    double explained;
} OffsetFit;

static OffsetFit offset_fit(gsl_matrix *S) {
    size_t N = S->size1;
    OffsetFit fit = {0.0, 1.0};
    double within = 0.0;
    for (long R = -(long)N + 1; R < (long)N; R++) {
        gsl_vector_view diag = offset_diagonal(S, R);
        double lo, hi;
        gsl_stats_minmax(&lo, &hi, diag.vector.data, diag.vector.stride, diag.vector.size);
        fit.worst_spread = fmax(fit.worst_spread, hi - lo);
        within += gsl_stats_tss(diag.vector.data, diag.vector.stride, diag.vector.size);
    }
    double total = gsl_stats_tss(S->data, 1, N * N);   // S is a whole matrix: tda = N
    fit.explained = total > 0.0 ? 1.0 - within / total : 1.0;
    return fit;
}

// A matrix as a grid file, one "row column value" line per entry, under the
// three column names given ("query_m key_n score").
static void write_grid(Chapter *ch, const char *file, const char *columns, const gsl_matrix *M) {
    DataFile f;
    chapter_data_open(ch, &f, file, columns);
    datafile_write_grid(&f, M);
    chapter_data_close(ch, &f);
}

// One random (query token, key token, head) and the three score maps built
// from it: RoPE, sinusoidal added to the input, and term 4 of chapter 5
// (position . position through the weights, (P W_Q)(P W_K)^T / sqrt(d)).
typedef struct {
    gsl_matrix *rope;              // (N,N)
    gsl_matrix *added;             // (N,N)
    gsl_matrix *term4;             // (N,N)
    gsl_matrix *relative;          // (N,N) term 4's relative part P C P^T / sqrt(d), C = pe_relative_part(W_Q W_K^T)
    double scale;                  // |x W_Q| |y W_K| / sqrt(d): bounds every RoPE score (Cauchy-Schwarz)
} ScoreMaps;

static ScoreMaps score_maps_new(const Chapter *ch, const gsl_rng *rng) {
    size_t N = (size_t)positions, n = (size_t)d;
    ScoreMaps maps = {gsl_matrix_alloc(N, N), gsl_matrix_alloc(N, N), gsl_matrix_alloc(N, N), gsl_matrix_alloc(N, N),
                      0.0};
    gsl_vector *x = gsl_vector_alloc(n), *y = gsl_vector_alloc(n);
    random_gaussian_vector(x, rng, 1.0);
    random_gaussian_vector(y, rng, 1.0);
    AttentionHead *head = attention_head_new_random(n, n, n, rng);
    if (head == NULL) chapter_check(ch, GSL_ENOMEM, "attention_head_new_random");

    gsl_matrix *X = gsl_matrix_alloc(N, n), *Y = gsl_matrix_alloc(N, n);   // (N,d) the token at every position
    gsl_matrix *P = gsl_matrix_alloc(N, n);                                // (N,d) P_0 .. P_{N-1}
    gsl_matrix *Q = gsl_matrix_alloc(N, n), *K = gsl_matrix_alloc(N, n);   // (N,d)
    fill_rows(X, x);
    fill_rows(Y, y);
    chapter_check(ch, pe_table_fill(P, 0.0), "pe_table_fill");

    // RoPE: project, then rotate row m by position m.
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, X, head->W_Q, 0.0, Q);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, Y, head->W_K, 0.0, K);
    gsl_vector_view q0 = gsl_matrix_row(Q, 0), k0 = gsl_matrix_row(K, 0);
    maps.scale = gsl_blas_dnrm2(&q0.vector) * gsl_blas_dnrm2(&k0.vector) / sqrt((double)n);
    chapter_check(ch, rope_rotate(Q, Q, 0.0), "rope_rotate Q");
    chapter_check(ch, rope_rotate(K, K, 0.0), "rope_rotate K");
    scores_from(Q, K, maps.rope);

    // Sinusoidal added: project x + P_m and y + P_n.
    gsl_matrix_add(X, P);
    gsl_matrix_add(Y, P);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, X, head->W_Q, 0.0, Q);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, Y, head->W_K, 0.0, K);
    scores_from(Q, K, maps.added);

    // Term 4 alone: P W_Q (P W_K)^T.
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, P, head->W_Q, 0.0, Q);
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, P, head->W_K, 0.0, K);
    scores_from(Q, K, maps.term4);

    // Term 4's relative part: P_m^T C P_n with C the projection of W_Q W_K^T onto the
    // matrices commuting with every M_R (common/position/pe_relative.h), the part that depends on m - n only.
    gsl_matrix *A = gsl_matrix_alloc(n, n), *C = gsl_matrix_alloc(n, n);
    gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, head->W_Q, head->W_K, 0.0, A);
    chapter_check(ch, pe_relative_part(A, C), "pe_relative_part");
    gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1.0, P, C, 0.0, Q);
    scores_from(Q, P, maps.relative);
    gsl_matrix_free(A);
    gsl_matrix_free(C);

    gsl_matrix_free(X);
    gsl_matrix_free(Y);
    gsl_matrix_free(P);
    gsl_matrix_free(Q);
    gsl_matrix_free(K);
    gsl_vector_free(x);
    gsl_vector_free(y);
    attention_head_free(head);
    return maps;
}

static void score_maps_free(ScoreMaps *maps) {
    gsl_matrix_free(maps->rope);
    gsl_matrix_free(maps->added);
    gsl_matrix_free(maps->term4);
    gsl_matrix_free(maps->relative);
}

// The RoPE tolerance. A score is a sum of d/2 pair terms; each uses the angle
// m/Z_i, which carries a rounding error of up to m ulp-radians, so a score at
// positions up to N may move by about N * DBL_EPSILON * |q||k|/sqrt(d).
// ROUNDING_TOLERANCE (64 ulp) of that scale times N leaves room for both the
// angle and the summation.
static double rope_tolerance(double scale) { return ROUNDING_TOLERANCE(scale) * (double)positions; }

// The demonstration pair (one fixed stream, so 7.1 and 7.2 show the same maps).
static ScoreMaps demo_maps(const Chapter *ch) {
    gsl_rng *rng = random_new((unsigned long)ch->seed);
    ScoreMaps maps = score_maps_new(ch, rng);
    random_free(rng);
    return maps;
}

// ---- claim 7.1: RoPE scores depend on m - n only ---------------------------

static void claim_rope_relative(Chapter *ch, ClaimResult *r) {
    ScoreMaps demo = demo_maps(ch);
    OffsetFit fit = offset_fit(demo.rope);
    claim_value(r, "last_position", (double)(positions - 1));
    claim_value(r, "positions", (double)positions);
    // Two entries of one diagonal m - n = 3: S[5][2] and S[40][37] (S[N-1][N-4] when N <= 40);
    // with N <= 5 there is no S[5][2] and the lesson leaves them out.
    bool shows_pair = positions > 5;
    size_t pair_m = positions > 40 ? 40 : (size_t)positions - 1;
    claim_value(r, "shows_pair", shows_pair ? 1 : 0);
    claim_value(r, "s_5_2", shows_pair ? gsl_matrix_get(demo.rope, 5, 2) : 0.0);
    claim_value(r, "pair_m", (double)pair_m);
    claim_value(r, "pair_n", shows_pair ? (double)(pair_m - 3) : 0.0);
    claim_value(r, "s_pair", shows_pair ? gsl_matrix_get(demo.rope, pair_m, pair_m - 3) : 0.0);
    claim_value(r, "demo_spread", fit.worst_spread);
    claim_value(r, "demo_explained", fit.explained);
    claim_value(r, "demo_tol", rope_tolerance(demo.scale));
    write_grid(ch, "scores_rope.dat", "query_m key_n score", demo.rope);

    double worst_ratio = fit.worst_spread / rope_tolerance(demo.scale), worst = fit.worst_spread;
    for (long t = 0; t < trials; t++) {
        ScoreMaps maps = score_maps_new(ch, ch->rng);
        OffsetFit f = offset_fit(maps.rope);
        double ratio = f.worst_spread / rope_tolerance(maps.scale);
        if (ratio > worst_ratio) {
            worst_ratio = ratio;
            worst = f.worst_spread;
        }
        score_maps_free(&maps);
    }
    claim_value(r, "more_setups", (double)trials);
    claim_value(r, "worst_ratio", worst_ratio);
    r->measured = worst;
    r->document = 0.0;
    r->tolerance = worst / worst_ratio;
    r->verdict = worst_ratio <= 1.0 ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "worst_spread", worst);
    claim_value(r, "setups", (double)(trials + 1));
    claim_value(r, "d", (double)d);
    score_maps_free(&demo);
}

// ---- claim 7.2: added sinusoids give scores that are not relative-only -----

static void claim_added_not_relative(Chapter *ch, ClaimResult *r) {
    ScoreMaps demo = demo_maps(ch);
    OffsetFit added = offset_fit(demo.added), term4 = offset_fit(demo.term4), rope = offset_fit(demo.rope);
    claim_value(r, "spread_rope", rope.worst_spread);
    claim_value(r, "spread_added", added.worst_spread);
    claim_value(r, "spread_term4", term4.worst_spread);
    write_grid(ch, "scores_sinusoidal.dat", "query_m key_n score", demo.added);

    // How much of the added map depends on m - n only: term 4's relative part
    // (chapter 5, claim 5.5; the content terms with one token per side are a
    // constant and functions of m alone and n alone). Its share of the
    // variance of the full score and of term 4, and, for contrast, the
    // diagonal eta^2 that a square grid inflates (F = m scores 1/2 on it).
    double smallest_ratio = added.worst_spread / rope_tolerance(demo.scale), smallest = added.worst_spread;
    double rel_added[2] = {INFINITY, -INFINITY}, rel_t4[2] = {INFINITY, -INFINITY}, eta_t4[2] = {INFINITY, -INFINITY};
    for (long t = -1; t < trials; t++) {   // t = -1: the demonstration maps
        ScoreMaps maps = t < 0 ? demo : score_maps_new(ch, ch->rng);
        OffsetFit fa = offset_fit(maps.added), f4 = offset_fit(maps.term4);
        double ratio = fa.worst_spread / rope_tolerance(maps.scale);
        if (ratio < smallest_ratio) {
            smallest_ratio = ratio;
            smallest = fa.worst_spread;
        }
        double sa = variance_share(maps.relative, maps.added), s4 = variance_share(maps.relative, maps.term4);
        rel_added[0] = fmin(rel_added[0], sa), rel_added[1] = fmax(rel_added[1], sa);
        rel_t4[0] = fmin(rel_t4[0], s4), rel_t4[1] = fmax(rel_t4[1], s4);
        eta_t4[0] = fmin(eta_t4[0], f4.explained), eta_t4[1] = fmax(eta_t4[1], f4.explained);
        if (t >= 0) score_maps_free(&maps);
    }
    gsl_matrix *Fm = gsl_matrix_alloc((size_t)positions, (size_t)positions);
    for (size_t a = 0; a < Fm->size1; a++)
        for (size_t b = 0; b < Fm->size2; b++) gsl_matrix_set(Fm, a, b, (double)a);   // F[m][n] = m
    double eta_m = offset_fit(Fm).explained;
    gsl_matrix_free(Fm);
    claim_value(r, "min_ratio", smallest_ratio);
    claim_value(r, "rel_t4_min", rel_t4[0]);
    claim_value(r, "inv_d", 1.0 / (double)d);
    claim_value(r, "eta_t4_min", eta_t4[0]);
    claim_value(r, "eta_t4_max", eta_t4[1]);
    claim_value(r, "eta_m", eta_m);
    claim_value(r, "positions", (double)positions);
    // The finding prints these as percentages.
    claim_value(r, "rel_min_pct", 100 * rel_added[0]);
    claim_value(r, "rel_max_pct", 100 * rel_added[1]);
    claim_value(r, "rel_t4_min_pct", 100 * rel_t4[0]);
    claim_value(r, "rel_t4_max_pct", 100 * rel_t4[1]);
    r->measured = smallest;
    r->tolerance = smallest / smallest_ratio * FAR_ABOVE_ROUNDING;
    r->verdict = smallest_ratio > FAR_ABOVE_ROUNDING ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "min_spread", smallest);
    claim_value(r, "rel_min", rel_added[0]);
    claim_value(r, "rel_max", rel_added[1]);
    claim_value(r, "rel_t4_max", rel_t4[1]);
    claim_value(r, "setups", (double)(trials + 1));
    claim_value(r, "d", (double)d);
    score_maps_free(&demo);
}

// ---- claim 7.3: ALiBi, a linear distance bias ------------------------------

static void claim_alibi_decay(Chapter *ch, ClaimResult *r) {
    size_t H = (size_t)heads, N = (size_t)positions, t = N - 1;   // t: the query, the last position
    gsl_vector *slopes = gsl_vector_alloc(H);
    chapter_check(ch, alibi_slopes_fill(slopes), "alibi_slopes_fill");
    // The query token repeated at every position: every content score is the
    // same (here x.x / sqrt(d) for one random x), so only the bias tells keys apart.
    gsl_vector *x = gsl_vector_alloc((size_t)d);
    random_gaussian_vector(x, ch->rng, 1.0);
    double content;
    gsl_blas_ddot(x, x, &content);
    content /= sqrt((double)d);

    gsl_matrix *S = gsl_matrix_alloc(N, N);            // (N,N) scores of one head
    gsl_matrix *weights = gsl_matrix_alloc(H, N);      // (H,N) query t's weight on the key at distance delta
    claim_value(r, "content", content);
    claim_value(r, "query", (double)t);
    double worst_rel = 0.0, worst_bias = 0.0;
    size_t underflowed = 0;   // (head, distance) pairs whose weight underflowed
    for (size_t h = 0; h < H; h++) {
        double m = gsl_vector_get(slopes, h);
        gsl_matrix_set_all(S, content);
        chapter_check(ch, alibi_bias_add(S, m, m), "alibi_bias_add");
        worst_bias = fmax(worst_bias, m * (double)t);
        for (size_t q = 0; q < N; q++)
            for (size_t s = q + 1; s < N; s++) gsl_matrix_set(S, q, s, -INFINITY);   // causal mask
        chapter_check(ch, softmax_rows(S), "softmax_rows");
        // delta = t - s: distance from the query back to the key
        double rate_lo = INFINITY, rate_hi = -INFINITY;
        for (size_t delta = 0; delta <= t; delta++) {
            gsl_matrix_set(weights, h, delta, gsl_matrix_get(S, t, t - delta));
            // Far keys of steep heads get weights below DBL_MIN (exp(-m delta) underflows):
            // their ratio is no longer a measurement, so they are counted, not used.
            if (gsl_matrix_get(S, t, t - delta) < DBL_MIN) {
                underflowed++;
                continue;
            }
            if (delta > 0) {
                double rate = log(gsl_matrix_get(S, t, t - delta + 1) / gsl_matrix_get(S, t, t - delta));
                rate_lo = fmin(rate_lo, rate);
                rate_hi = fmax(rate_hi, rate);
                worst_rel = fmax(worst_rel, fabs(rate - m));
            }
        }
        double rate = 0.5 * (rate_lo + rate_hi);
        claim_row(r, "alibi");
        claim_cell(r, "alibi", "head", (double)(h + 1));
        claim_cell(r, "alibi", "slope", m);
        claim_cell(r, "alibi", "rate", rate);
        claim_cell(r, "alibi", "nearest", gsl_matrix_get(weights, h, 0));
        claim_cell(r, "alibi", "farthest", gsl_matrix_get(weights, h, t));
        claim_cell(r, "alibi", "half", M_LN2 / rate);
    }
    // The log of a weight ratio carries the rounding of scores up to m t in size.
    double tol = ROUNDING_TOLERANCE(worst_bias);
    claim_value(r, "tol", tol);
    claim_value(r, "underflowed", (double)underflowed);
    claim_value(r, "dbl_min", DBL_MIN);

    DataFile f;
    char columns[1024] = "distance";
    for (size_t h = 1; h <= H; h++) {
        char name[32];
        snprintf(name, sizeof name, " w_head%zu", h);
        strncat(columns, name, sizeof columns - strlen(columns) - 1);
    }
    chapter_data_open(ch, &f, "alibi_weights.dat", columns);
    for (size_t delta = 0; delta <= t; delta++) {
        datafile_printf(&f, "%zu", delta);
        for (size_t h = 0; h < H; h++) datafile_printf(&f, " %.17g", gsl_matrix_get(weights, h, delta));
        datafile_printf(&f, "\n");
    }
    chapter_data_close(ch, &f);
    // Bidirectional, one symmetric slope: a query in the middle weighs the key
    // delta before it exactly like the key delta after it (equal content), so
    // the bias alone cannot say which came first. Two slopes can.
    size_t shown = (H + 1) / 2, middle = N / 2;
    double m_shown = gsl_vector_get(slopes, shown - 1), mirror_sym = 0.0, mirror_lr = 0.0;
    for (int two_slopes = 0; two_slopes < 2; two_slopes++) {
        gsl_matrix_set_all(S, content);
        chapter_check(ch, alibi_bias_add(S, m_shown, two_slopes ? m_shown / 2.0 : m_shown), "alibi_bias_add");
        chapter_check(ch, softmax_rows(S), "softmax_rows");
        for (size_t delta = 1; delta <= middle && middle + delta < N; delta++) {
            double gap = fabs(gsl_matrix_get(S, middle, middle - delta) - gsl_matrix_get(S, middle, middle + delta));
            if (two_slopes) mirror_lr = fmax(mirror_lr, gap);
            else mirror_sym = fmax(mirror_sym, gap);
        }
    }
    claim_value(r, "middle", (double)middle);
    claim_value(r, "mirror_sym", mirror_sym);
    claim_value(r, "shown_head", (double)shown);
    claim_value(r, "mirror_lr", mirror_lr);

    // The bias map of the same head, bidirectional form -m |t - s|.
    chapter_check(ch, alibi_bias_fill(S, m_shown, m_shown), "alibi_bias_fill");
    chapter_data_open(ch, &f, "alibi_bias.dat", "query key bias head slope");
    for (size_t q = 0; q < N; q++) {
        for (size_t s = 0; s < N; s++)
            datafile_printf(&f, "%zu %zu %.17g %zu %.17g\n", q, s, gsl_matrix_get(S, q, s), shown, m_shown);
        datafile_printf(&f, "\n");
    }
    chapter_data_close(ch, &f);

    r->measured = worst_rel;
    r->document = 0.0;
    r->tolerance = tol;
    r->verdict = worst_rel <= tol ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "rate_err", worst_rel);
    claim_value(r, "heads", (double)H);
    claim_value(r, "slope_max", gsl_vector_get(slopes, 0));
    claim_value(r, "slope_min", gsl_vector_get(slopes, H - 1));
    claim_value(r, "half_min", M_LN2 / gsl_vector_get(slopes, 0));
    claim_value(r, "half_max", M_LN2 / gsl_vector_get(slopes, H - 1));
    gsl_vector_free(x);
    gsl_vector_free(slopes);
    gsl_matrix_free(S);
    gsl_matrix_free(weights);
}

// ---- claim 7.4: a causal layer without positions can count ---------------

// Token features: dimension 0 is a "start of sequence" flag (1 for the start
// token, 0 for words); the others are random content.
enum { CAUSAL_WIDTH = 8, CAUSAL_VOCABULARY = 5 };

static void claim_causal_counts(Chapter *ch, ClaimResult *r) {
    size_t T = (size_t)causal_length;
    // The sentence: the start token, then T-1 words drawn from a small vocabulary.
    gsl_matrix *vocabulary = gsl_matrix_alloc(CAUSAL_VOCABULARY + 1, CAUSAL_WIDTH);   // row 0: the start token
    random_gaussian_matrix(vocabulary, ch->rng, 1.0);
    for (size_t v = 0; v <= CAUSAL_VOCABULARY; v++) gsl_matrix_set(vocabulary, v, 0, v == 0 ? 1.0 : 0.0);
    size_t *tokens = malloc(T * sizeof *tokens);
    if (tokens == NULL) chapter_check(ch, GSL_ENOMEM, "token list");
    tokens[0] = 0;
    for (size_t t = 1; t < T; t++) tokens[t] = 1 + gsl_rng_uniform_int(ch->rng, CAUSAL_VOCABULARY);
    gsl_matrix *X = gsl_matrix_alloc(T, CAUSAL_WIDTH);   // (T,8)
    chapter_check(ch, sequence_from_tokens(vocabulary, tokens, X), "sequence_from_tokens");

    // The head, set by hand (no training): W_Q = 0, so every score is 0 and
    // each query spreads its weight evenly over the keys it may see; W_V copies
    // the start flag into output dimension 0 and drops everything else.
    AttentionHead *head = attention_head_new_random(CAUSAL_WIDTH, CAUSAL_WIDTH, CAUSAL_WIDTH, ch->rng);
    if (head == NULL) chapter_check(ch, GSL_ENOMEM, "attention_head_new_random");
    gsl_matrix_set_zero(head->W_Q);
    gsl_matrix_set_zero(head->W_V);
    gsl_matrix_set(head->W_V, 0, 0, 1.0);

    gsl_matrix *weights = gsl_matrix_alloc(T, T), *out = gsl_matrix_alloc(T, CAUSAL_WIDTH);
    gsl_matrix *weights_bi = gsl_matrix_alloc(T, T), *out_bi = gsl_matrix_alloc(T, CAUSAL_WIDTH);
    chapter_check(ch, attention_forward(X, NULL, head, true, weights, out), "causal attention_forward");
    chapter_check(ch, attention_forward(X, NULL, head, false, weights_bi, out_bi), "bidirectional attention_forward");

    // Read back t = 1/O_t[0] - 1 at every position.
    size_t exact = 0;
    double worst_error = 0.0;
    DataFile f;
    chapter_data_open(ch, &f, "causal_count.dat", "position start_weight_causal readback error start_weight_bidirectional");
    for (size_t t = 0; t < T; t++) {
        double o = gsl_matrix_get(out, t, 0), readback = 1.0 / o - 1.0;
        double error = fabs(readback - (double)t);
        worst_error = fmax(worst_error, error);
        if (lround(readback) == (long)t) exact++;
        datafile_printf(&f, "%zu %.17g %.17g %.3g %.17g\n", t, o, readback, error, gsl_matrix_get(out_bi, t, 0));
    }
    chapter_data_close(ch, &f);
    gsl_vector_view bi = gsl_matrix_column(out_bi, 0);
    double bi_lo, bi_hi;
    gsl_vector_minmax(&bi.vector, &bi_lo, &bi_hi);
    double bi_spread = bi_hi - bi_lo;
    // 1/o - 1 with o = 1/(t+1) rounded: relative error a few ulp, so the
    // read-back is off by a few ulp of t: ROUNDING_TOLERANCE(T).
    double tol = ROUNDING_TOLERANCE((double)T);

    claim_value(r, "words", (double)(T - 1));
    static const size_t SHOWN[] = {0, 1, 2, 9, 99, 999};
    for (size_t i = 0; i <= sizeof SHOWN / sizeof SHOWN[0]; i++) {   // then the last position
        size_t at = i < sizeof SHOWN / sizeof SHOWN[0] ? SHOWN[i] : T - 1;
        if (i < sizeof SHOWN / sizeof SHOWN[0] && at >= T) continue;
        claim_row(r, "shown");
        claim_cell(r, "shown", "t", (double)at);
        claim_cell(r, "shown", "output", gsl_matrix_get(out, at, 0));
        claim_cell(r, "shown", "readback", 1.0 / gsl_matrix_get(out, at, 0) - 1.0);
    }
    claim_value(r, "tol", tol);

    r->measured = (double)exact;
    r->document = (double)T;
    r->tolerance = tol;
    bool all_exact = exact == T && worst_error <= tol;
    bool bidirectional_blind = bi_spread <= ROUNDING_TOLERANCE(1.0);
    r->verdict = all_exact && bidirectional_blind ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "exact", (double)exact);
    claim_value(r, "T", (double)T);
    claim_value(r, "readback_err", worst_error);
    claim_value(r, "bi_spread", bi_spread);
    free(tokens);
    attention_head_free(head);
    gsl_matrix_free(vocabulary);
    gsl_matrix_free(X);
    gsl_matrix_free(weights);
    gsl_matrix_free(out);
    gsl_matrix_free(weights_bi);
    gsl_matrix_free(out_bi);
}

// ---- claims 7.5 and 7.6: the two table layouts -----------------------------

// The permutation as the evidence shows it: whole up to 16 entries, else its
// first 8, 4 from the middle and the last ("0 2 4 ... 1 3 5 7 ... 63").
static void record_permutation(ClaimResult *r, const gsl_permutation *p) {
    size_t n = p->size, shown = n <= 16 ? n : 8;
    char text[256];
    size_t used = 0;
    text[0] = '\0';
    for (size_t j = 0; j < shown; j++)
        used += (size_t)snprintf(text + used, sizeof text - used, "%s%zu", j ? " " : "", p->data[j]);
    if (shown < n) {
        used += (size_t)snprintf(text + used, sizeof text - used, " ...");
        for (size_t j = n / 2; j < n / 2 + 4; j++) used += (size_t)snprintf(text + used, sizeof text - used, " %zu", p->data[j]);
        snprintf(text + used, sizeof text - used, " ... %zu", p->data[n - 1]);
    }
    claim_text(r, "permutation", "%s", text);
}

static void claim_layouts_permutation(Chapter *ch, ClaimResult *r) {
    size_t N = (size_t)positions, n = (size_t)d;
    gsl_matrix *inter = gsl_matrix_alloc(N, n), *halves = gsl_matrix_alloc(N, n), *moved = gsl_matrix_alloc(N, n);
    gsl_permutation *p = gsl_permutation_alloc(n), *p_back = gsl_permutation_alloc(n);
    chapter_check(ch, pe_table_fill(inter, 0.0), "pe_table_fill");
    chapter_check(ch, pe_table_fill_halves(halves, 0.0), "pe_table_fill_halves");
    chapter_check(ch, pe_layout_halves_permutation(p), "pe_layout_halves_permutation");
    chapter_check(ch, gsl_permutation_inverse(p_back, p), "gsl_permutation_inverse");
    write_grid(ch, "table_interleaved.dat", "position dimension value", inter);
    write_grid(ch, "table_halves.dat", "position dimension value", halves);

    // Halves from interleaved by the permutation, and back by its inverse.
    gsl_matrix_memcpy(moved, inter);
    chapter_check(ch, gsl_permute_matrix(p, moved), "gsl_permute_matrix");
    double forward = max_abs_diff_matrix(moved, halves);
    chapter_check(ch, gsl_permute_matrix(p_back, moved), "gsl_permute_matrix (inverse)");
    double back = max_abs_diff_matrix(moved, inter);

    // Dot products between every pair of positions: the Gram matrices P P^T (N,N).
    gsl_matrix *gram_i = gsl_matrix_alloc(N, N), *gram_h = gsl_matrix_alloc(N, N);
    gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, inter, inter, 0.0, gram_i);
    gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, halves, halves, 0.0, gram_h);
    double gram_diff = max_abs_diff_matrix(gram_i, gram_h);
    double tol = ROUNDING_TOLERANCE((double)n / 2.0);   // P_a . P_b is at most |P|^2 = d/2

    // tensor2tensor's halves table: the same layout, other frequencies.
    gsl_matrix *t2t = gsl_matrix_alloc(N, n);
    chapter_check(ch, pe_table_fill_t2t(t2t), "pe_table_fill_t2t");
    double t2t_diff = max_abs_diff_matrix(t2t, halves);
    size_t equal_pairs = 0;   // pairs whose frequency is the formula's (to rounding)
    for (size_t i = 0; i < n / 2; i++)
        if (fabs(pe_t2t_frequency(i, n) - 1.0 / pe_denominator(i, n)) <= ROUNDING_TOLERANCE(1.0)) equal_pairs++;

    record_permutation(r, p);
    claim_value(r, "back_diff", back);
    claim_value(r, "positions", (double)N);
    claim_value(r, "tol", tol);
    size_t shown_pairs[] = {0, 1, n / 4, n / 2 - 1};
    for (size_t j = 0; j < sizeof shown_pairs / sizeof shown_pairs[0]; j++) {
        if (j > 0 && shown_pairs[j] <= shown_pairs[j - 1]) continue;
        size_t i = shown_pairs[j];
        claim_row(r, "frequencies");
        claim_cell(r, "frequencies", "pair", (double)i);
        claim_cell(r, "frequencies", "formula", 1.0 / pe_denominator(i, n));
        claim_cell(r, "frequencies", "t2t", pe_t2t_frequency(i, n));
    }
    claim_value(r, "last_position", (double)(N - 1));
    r->measured = fmax(forward, gram_diff);
    r->document = 0.0;
    r->tolerance = tol;
    bool t2t_differs = t2t_diff > FAR_ABOVE_ROUNDING * tol;
    r->verdict = forward == 0.0 && back == 0.0 && gram_diff <= tol && t2t_differs ? VERDICT_HOLDS
                                                                                : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "perm_diff", forward);
    claim_value(r, "gram_diff", gram_diff);
    claim_value(r, "t2t_diff", t2t_diff);
    claim_value(r, "equal_pairs", (double)equal_pairs);
    claim_value(r, "pairs", (double)(n / 2));
    claim_value(r, "d", (double)n);
    gsl_matrix_free(t2t);
    gsl_matrix_free(inter);
    gsl_matrix_free(halves);
    gsl_matrix_free(moved);
    gsl_matrix_free(gram_i);
    gsl_matrix_free(gram_h);
    gsl_permutation_free(p);
    gsl_permutation_free(p_back);
}

// Bandwidth: the largest |a - b| with M[a][b] != 0 (exact zeros are structural here).
static size_t matrix_bandwidth(const gsl_matrix *M) {
    size_t width = 0;
    for (size_t a = 0; a < M->size1; a++)
        for (size_t b = 0; b < M->size2; b++)
            if (gsl_matrix_get(M, a, b) != 0.0) width = GSL_MAX(width, a > b ? a - b : b - a);
    return width;
}

// Share of the squared Frobenius norm outside the 2x2 blocks on the diagonal.
static double outside_pair_blocks(const gsl_matrix *M) {
    double outside = 0.0, total = 0.0;
    for (size_t a = 0; a < M->size1; a++)
        for (size_t b = 0; b < M->size2; b++) {
            double v2 = gsl_matrix_get(M, a, b) * gsl_matrix_get(M, a, b);
            total += v2;
            if (a / 2 != b / 2) outside += v2;
        }
    return outside / total;
}

static void write_matrix(Chapter *ch, const char *file, const gsl_matrix *M) {
    DataFile f;
    chapter_data_open(ch, &f, file, "column row value R");   // R: the offset of M_R, for the figure
    for (size_t b = 0; b < M->size2; b++) {
        for (size_t a = 0; a < M->size1; a++)
            datafile_printf(&f, "%zu %zu %.17g %g\n", b, a, gsl_matrix_get(M, a, b), (double)EXAMPLE_OFFSET);
        datafile_printf(&f, "\n");
    }
    chapter_data_close(ch, &f);
}

static void claim_layouts_rotation(Chapter *ch, ClaimResult *r) {
    size_t n = (size_t)d, N = (size_t)positions;
    gsl_matrix *M = gsl_matrix_alloc(n, n), *M_halves = gsl_matrix_alloc(n, n);
    gsl_permutation *p = gsl_permutation_alloc(n);
    chapter_check(ch, pe_rotation_matrix(EXAMPLE_OFFSET, M), "pe_rotation_matrix");
    chapter_check(ch, pe_layout_halves_permutation(p), "pe_layout_halves_permutation");
    // In the halves order the same map is M_halves[a][b] = M[p[a]][p[b]] (P M P^T).
    chapter_check(ch, sequence_permute_square(p, M, M_halves), "sequence_permute_square");

    // It is the right matrix: halves row k+R = M_halves (halves row k), for all k < N - R.
    gsl_matrix *halves = gsl_matrix_alloc(N, n), *shifted = gsl_matrix_alloc(N, n);
    chapter_check(ch, pe_table_fill_halves(halves, 0.0), "pe_table_fill_halves");
    chapter_check(ch, pe_table_fill_halves(shifted, EXAMPLE_OFFSET), "pe_table_fill_halves");
    gsl_matrix *rotated = gsl_matrix_alloc(N, n);
    gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, halves, M_halves, 0.0, rotated);   // row k: (M_halves P_k)^T
    double identity_error = max_abs_diff_matrix(rotated, shifted);
    // The rotation identity on positions up to N: angle rounding of N ulp-radians, as in claim 7.1.
    double identity_tol = ROUNDING_TOLERANCE(1.0) * (double)N;

    size_t band_i = matrix_bandwidth(M), band_h = matrix_bandwidth(M_halves);
    double out_i = outside_pair_blocks(M), out_h = outside_pair_blocks(M_halves);
    write_matrix(ch, "rotation_interleaved.dat", M);
    write_matrix(ch, "rotation_halves.dat", M_halves);

    claim_value(r, "offset", EXAMPLE_OFFSET);
    claim_value(r, "outside_i", out_i);
    claim_value(r, "identity_tol", identity_tol);
    claim_value(r, "half", (double)(n / 2));
    claim_value(r, "outside_h_pct", 100.0 * out_h);
    r->measured = (double)band_h;
    r->document = NAN;
    r->tolerance = NAN;
    bool interleaved_blocks = band_i == 1 && out_i == 0.0;
    bool halves_not_blocks = band_h == n / 2 && out_h > 0.0;
    r->verdict = interleaved_blocks && halves_not_blocks && identity_error <= identity_tol ? VERDICT_HOLDS
                                                                                          : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "band_i", (double)band_i);
    claim_value(r, "band_h", (double)band_h);
    claim_value(r, "outside_h", out_h);
    claim_value(r, "identity_error", identity_error);
    claim_value(r, "d", (double)n);
    gsl_matrix_free(M);
    gsl_matrix_free(M_halves);
    gsl_matrix_free(halves);
    gsl_matrix_free(shifted);
    gsl_matrix_free(rotated);
    gsl_permutation_free(p);
}

// ---- claim 7.7: 貓吃了魚 with RoPE -------------------------------------------
//
// Doc A §為什麼是這個設計 wishes for two things: 魚 attending to 貓 (two tokens
// between them, offset 3) keeps its score when 1000 tokens are put in front,
// and far-apart tokens attend less. Chapter 5 (claim 5.6) finds neither with
// added sinusoids. RoPE, measured the same way.

// Setups: --trials, at most 100 (each draws a (d,d) head and rotates 2 x 1001 rows).
enum { CAT_FISH_OFFSET = 3, PREFIX_MAX = 1000, DECAY_MAX = 1000, CAT_FISH_SETUPS = 100 };

// out[p] = A_p . B_p / sqrt(d) for (rows,d) A, B: one score per row.
static void row_scores(const gsl_matrix *A, const gsl_matrix *B, gsl_vector *out) {
    for (size_t p = 0; p < A->size1; p++) {
        gsl_vector_const_view a = gsl_matrix_const_row(A, p), b = gsl_matrix_const_row(B, p);
        double v;
        gsl_blas_ddot(&a.vector, &b.vector, &v);
        gsl_vector_set(out, p, v / sqrt((double)A->size2));
    }
}

// Su et al.'s long-range bound, relative form. With pair i of q and of k read as
// complex numbers and h_i = q_i conj(k_i), q . M_R k is the real part of
// sum_i h_i e^{i R/Z_i} (up to the sign of the angle), so by summation by parts
//   |q . M_R k| <= max_i |h_{i+1} - h_i| * sum_{j=1}^{d/2} |S_j(R)|,  S_j = sum_{i<j} e^{i R/Z_i}
// (h_{d/2} = 0). This returns sum_j |S_j(R)| / (d/2), the factor that depends on R.
static double rope_bound_relative(double R, size_t w) {
    double re = 0.0, im = 0.0, sum = 0.0;
    for (size_t i = 0; i < w / 2; i++) {
        re += cos(R / pe_denominator(i, w));
        im += sin(R / pe_denominator(i, w));
        sum += hypot(re, im);
    }
    return sum / (double)(w / 2);
}

// distance_decay (common/run/compare.h): where a curve s(R) first turns up, and its largest rise.

static double mean_range(const gsl_vector *v, size_t from, size_t to) {
    double sum = 0.0;
    for (size_t i = from; i <= to; i++) sum += gsl_vector_get(v, i);
    return sum / (double)(to - from + 1);
}

static void claim_rope_cat_fish(Chapter *ch, ClaimResult *r) {
    size_t w = (size_t)d, rows = PREFIX_MAX + 1;
    // Row p: the query 魚 at p + 3 and the key 貓 at p; for the decay, row R: the query at R, the key at 0.
    gsl_matrix *Q = gsl_matrix_alloc(rows, w), *K = gsl_matrix_alloc(rows, w);
    gsl_vector *x = gsl_vector_alloc(w), *y = gsl_vector_alloc(w), *q = gsl_vector_alloc(w), *k = gsl_vector_alloc(w);
    gsl_vector *score = gsl_vector_alloc(rows), *power = gsl_vector_alloc(rows);   // power[R]: mean score^2 at R
    gsl_vector_set_zero(power);
    double worst_ratio = 0.0, worst_spread = 0.0, first = 0.0, last = 0.0;
    long setups = GSL_MIN(trials, CAT_FISH_SETUPS);
    for (long t = 0; t < setups; t++) {
        random_gaussian_vector(x, ch->rng, 1.0);
        random_gaussian_vector(y, ch->rng, 1.0);
        AttentionHead *head = attention_head_new_random(w, w, w, ch->rng);
        if (head == NULL) chapter_check(ch, GSL_ENOMEM, "attention_head_new_random");
        gsl_blas_dgemv(CblasTrans, 1.0, head->W_Q, x, 0.0, q);   // q = x W_Q (row convention)
        gsl_blas_dgemv(CblasTrans, 1.0, head->W_K, y, 0.0, k);
        double scale = gsl_blas_dnrm2(q) * gsl_blas_dnrm2(k) / sqrt((double)w);
        fill_rows(Q, q);
        fill_rows(K, k);
        chapter_check(ch, rope_rotate(Q, Q, (double)CAT_FISH_OFFSET), "rope_rotate");
        chapter_check(ch, rope_rotate(K, K, 0.0), "rope_rotate");
        row_scores(Q, K, score);
        double lo, hi;
        gsl_vector_minmax(score, &lo, &hi);
        // Angles up to PREFIX_MAX + 3 radians: rope_tolerance's argument with that many positions.
        double tol = ROUNDING_TOLERANCE(scale) * (double)(PREFIX_MAX + CAT_FISH_OFFSET);
        if ((hi - lo) / tol > worst_ratio) worst_ratio = (hi - lo) / tol, worst_spread = hi - lo;
        if (t == 0) first = gsl_vector_get(score, 0), last = gsl_vector_get(score, rows - 1);
        // Distance: the query at R, the key at 0 (random q, k).
        fill_rows(Q, q);
        fill_rows(K, k);
        chapter_check(ch, rope_rotate(Q, Q, 0.0), "rope_rotate");
        gsl_vector_const_view k0 = gsl_vector_const_view_array(k->data, w);
        for (size_t R = 0; R < rows; R++) {
            gsl_vector_const_view qR = gsl_matrix_const_row(Q, R);
            double v;
            gsl_blas_ddot(&qR.vector, &k0.vector, &v);
            v /= scale * sqrt((double)w);   // in units of |q||k|: the cosine of the two
            gsl_vector_set(power, R, gsl_vector_get(power, R) + v * v / (double)setups);
        }
        attention_head_free(head);
    }
    // Identical vectors with equal pair norms: q . M_R q / |q|^2 = mean_i cos(R/Z_i), checked on one q.
    gsl_vector *same = gsl_vector_alloc(rows), *bound = gsl_vector_alloc(rows);
    chapter_check(ch, pe_offset_similarity_curve(0.0, w, same), "pe_offset_similarity_curve");
    for (size_t i = 0; i < w / 2; i++) gsl_vector_set(q, 2 * i, 1.0), gsl_vector_set(q, 2 * i + 1, 0.0);
    fill_rows(Q, q);
    chapter_check(ch, rope_rotate(Q, Q, 0.0), "rope_rotate");
    double same_dev = 0.0;
    for (size_t R = 0; R < rows; R++) {
        gsl_vector_const_view qR = gsl_matrix_const_row(Q, R);
        double v;
        gsl_blas_ddot(&qR.vector, q, &v);
        same_dev = fmax(same_dev, fabs(v / (double)(w / 2) - gsl_vector_get(same, R)));
        gsl_vector_set(bound, R, rope_bound_relative((double)R, w));
    }
    double same_tol = ROUNDING_TOLERANCE(1.0) * (double)rows;   // angles up to DECAY_MAX radians
    DistanceDecay decay_same = distance_decay(same), decay_bound = distance_decay(bound);
    double near_power = mean_range(power, 1, 10), far_power = mean_range(power, DECAY_MAX / 2, DECAY_MAX);
    double bound_ratio = mean_range(bound, DECAY_MAX / 2, DECAY_MAX) / gsl_vector_get(bound, 0);
    DataFile f;
    chapter_data_open(ch, &f, "rope_decay.dat", "distance su_bound_relative identical_cos random_rms_cos");
    for (size_t R = 0; R < rows; R++)
        datafile_printf(&f, "%zu %.17g %.17g %.17g\n", R, gsl_vector_get(bound, R), gsl_vector_get(same, R),
                        sqrt(gsl_vector_get(power, R)));
    chapter_data_close(ch, &f);

    claim_value(r, "offset", CAT_FISH_OFFSET);
    claim_value(r, "setups", (double)setups);
    claim_value(r, "prefix_ratio", worst_ratio);
    claim_value(r, "first", first);
    claim_value(r, "last", last);
    claim_value(r, "same_dev", same_dev);
    claim_value(r, "same_1", gsl_vector_get(same, 1));
    claim_value(r, "same_far", gsl_vector_get(same, DECAY_MAX));
    claim_value(r, "same_rise_at", (double)decay_same.rise_at);
    claim_value(r, "same_rise", gsl_vector_get(same, decay_same.rise_at));
    claim_value(r, "same_low_at", (double)decay_same.low_at);
    claim_value(r, "same_low", gsl_vector_get(same, decay_same.low_at));
    claim_value(r, "bound_0", gsl_vector_get(bound, 0));
    claim_value(r, "bound_far_mean", bound_ratio * gsl_vector_get(bound, 0));
    claim_value(r, "bound_rise_at", (double)decay_bound.rise_at);
    claim_value(r, "bound_rise", gsl_vector_get(bound, decay_bound.rise_at));
    claim_value(r, "bound_low_at", (double)decay_bound.low_at);
    claim_value(r, "bound_low", gsl_vector_get(bound, decay_bound.low_at));
    bool stays = worst_ratio <= 1.0 && same_dev <= same_tol;
    bool random_decays = far_power < 0.25 * near_power;   // rms down by half or more
    claim_value(r, "random_decays", random_decays ? 1 : 0);
    bool bound_decays = bound_ratio < 0.5;
    r->measured = worst_spread;
    r->document = 0.0;
    r->tolerance = worst_ratio > 0.0 ? worst_spread / worst_ratio : NAN;
    claim_value(r, "prefix_spread", worst_spread);
    claim_value(r, "prefix_max", (double)PREFIX_MAX);
    claim_value(r, "near_rms", sqrt(near_power));
    claim_value(r, "far_rms", sqrt(far_power));
    claim_value(r, "far_from", (double)(DECAY_MAX / 2));
    claim_value(r, "far_to", (double)DECAY_MAX);
    claim_value(r, "bound_turn", (double)decay_bound.first_turn);
    claim_value(r, "bound_ratio", bound_ratio);
    claim_value(r, "same_turn", (double)decay_same.first_turn);
    claim_value(r, "d", (double)w);
    r->verdict = !stays ? VERDICT_DOES_NOT_HOLD
                 : random_decays ? VERDICT_HOLDS
                 : bound_decays ? VERDICT_PARTLY_HOLDS
                                : VERDICT_DOES_NOT_HOLD;
    gsl_matrix_free(Q);
    gsl_matrix_free(K);
    gsl_vector_free(x);
    gsl_vector_free(y);
    gsl_vector_free(q);
    gsl_vector_free(k);
    gsl_vector_free(score);
    gsl_vector_free(power);
    gsl_vector_free(same);
    gsl_vector_free(bound);
}

// ---- claim 7.8: RoPE's absolute half -----------------------------------------
//
// Doc C §六 calls RoPE a combination of absolute and relative position.
// Claim 7.1 is the relative half (q_m . k_n depends on m - n only). The
// absolute half: the rotated query R_m q (rope_rotate at position m) itself
// carries m. It has the same length at every m (a rotation), differs from
// R_c q at every other position c (checked for m < min(N, 64)), and m can be read back from it given q:
// the slowest pair i = d/2 - 1 has turned by m/Z_i, less than one turn for
// m < 2 pi Z_i, so m = Z_i * (its angle in [0, 2 pi)).

enum { RECOVER_MAX = 4096 };

static void claim_rope_absolute(Chapter *ch, ClaimResult *r) {
    size_t w = (size_t)d, slow = w / 2 - 1;
    double Z = pe_denominator(slow, w);
    // Positions tested: 0..range-1, within RECOVER_MAX and one turn of the slowest pair.
    size_t range = (size_t)GSL_MIN((double)RECOVER_MAX, floor(2.0 * M_PI * Z));
    gsl_matrix *rot = gsl_matrix_alloc(range, w);   // (range,d) row m: R_m q
    gsl_vector *q = gsl_vector_alloc(w);
    long setups = GSL_MAX(1, GSL_MIN(trials, 3));   // each compares distinct_n x range pairs of rows
    size_t distinct_n = (size_t)GSL_MIN(positions, 64);   // queries checked against every other position
    double worst_norm = 0.0, closest_other = INFINITY, worst_readback = 0.0;
    size_t recovered = 0, tested = 0, closest_at[2] = {0, 0};
    for (long t = 0; t < setups; t++) {
        random_gaussian_vector(q, ch->rng, 1.0);
        double norm = gsl_blas_dnrm2(q);
        fill_rows(rot, q);
        chapter_check(ch, rope_rotate(rot, rot, 0.0), "rope_rotate");
        double q0 = gsl_vector_get(q, 2 * slow), q1 = gsl_vector_get(q, 2 * slow + 1);
        for (size_t m = 0; m < range; m++) {
            gsl_vector_const_view rm = gsl_matrix_const_row(rot, m);
            worst_norm = fmax(worst_norm, fabs(gsl_blas_dnrm2(&rm.vector) - norm) / norm);
            // Read m back from the slowest pair: the angle from (q0, q1) to its rotated image.
            double y0 = gsl_vector_get(&rm.vector, 2 * slow), y1 = gsl_vector_get(&rm.vector, 2 * slow + 1);
            double angle = atan2(q0 * y1 - q1 * y0, q0 * y0 + q1 * y1);
            if (angle < 0.0) angle += 2.0 * M_PI;
            double readback = angle * Z;
            // Near a full turn the angle may wrap to ~0 by rounding: read it modulo the turn.
            if (readback > 2.0 * M_PI * Z - 0.5) readback -= 2.0 * M_PI * Z;
            worst_readback = fmax(worst_readback, fabs(readback - (double)m));
            recovered += lround(readback) == (long)m;
            tested++;
            // R_m q for the first N positions against every other position c: never the same vector.
            for (size_t c = 0; c < range && m < distinct_n; c++) {
                if (c == m) continue;
                gsl_vector_const_view rc = gsl_matrix_const_row(rot, c);
                double dist2 = 0.0;
                for (size_t a = 0; a < w; a++) {
                    double diff = gsl_vector_get(&rc.vector, a) - gsl_vector_get(&rm.vector, a);
                    dist2 += diff * diff;
                }
                if (sqrt(dist2) / norm < closest_other) closest_other = sqrt(dist2) / norm, closest_at[0] = m, closest_at[1] = c;
            }
        }
    }
    claim_value(r, "d", (double)w);
    claim_value(r, "setups", (double)setups);
    claim_value(r, "z", Z);
    claim_value(r, "turn", 2.0 * M_PI * Z);
    claim_value(r, "distinct", (double)distinct_n);
    claim_value(r, "closest_m", (double)closest_at[0]);
    claim_value(r, "closest_c", (double)closest_at[1]);
    claim_value(r, "readback_err", worst_readback);
    claim_value(r, "range", (double)range);
    double tol = ROUNDING_TOLERANCE(1.0) * (double)range;   // angles up to 'range' radians
    r->measured = (double)recovered;
    r->document = (double)tested;
    r->tolerance = tol;
    bool holds = recovered == tested && worst_norm <= tol && closest_other > FAR_ABOVE_ROUNDING * tol;
    r->verdict = holds ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "recovered", (double)recovered);
    claim_value(r, "tested", (double)tested);
    claim_value(r, "last_position", (double)(range - 1));
    claim_value(r, "norm_err", worst_norm);
    claim_value(r, "closest", closest_other);
    gsl_matrix_free(rot);
    gsl_vector_free(q);
}

// ---- main ----------------------------------------------------------------------

static const ClaimDef CLAIMS[] = {   // statement, why expected: the lesson's says: and expected: lines
    {"7.1", "Doc C §六", VERDICT_HOLDS, claim_rope_relative, SCOPE_COURSE, WEIGHT_NONE},
    {"7.2", "Doc C §六; ch05 claim 5.5", VERDICT_HOLDS, claim_added_not_relative, SCOPE_COURSE, WEIGHT_NONE},
    {"7.3", "Beyond the documents; Doc C §六 names ALiBi", VERDICT_HOLDS, claim_alibi_decay, SCOPE_BEYOND,
     WEIGHT_NONE},
    {"7.4", "Beyond the documents; cf. Doc A §註, ch01 claim 1.6", VERDICT_HOLDS, claim_causal_counts,
     SCOPE_BEYOND, WEIGHT_NONE},
    {"7.5", "Beyond the documents", VERDICT_HOLDS, claim_layouts_permutation, SCOPE_BEYOND, WEIGHT_NONE},
    {"7.6", "Beyond the documents", VERDICT_HOLDS, claim_layouts_rotation, SCOPE_BEYOND, WEIGHT_NONE},
    {"7.7", "Beyond the documents; Doc A §為什麼是這個設計 (its wish)", VERDICT_PARTLY_HOLDS,
     claim_rope_cat_fish, SCOPE_BEYOND, WEIGHT_NONE},
    {"7.8", "Doc C §六", VERDICT_HOLDS, claim_rope_absolute, SCOPE_COURSE, WEIGHT_NONE},
};

int main(int argc, char **argv) {
    parallel_blas_single_thread();   // BLAS on one thread, as in every chapter
    Chapter ch = {
        .program = "ch07",
        .claims = CLAIMS,
        .n_claims = sizeof CLAIMS / sizeof CLAIMS[0],
    };
    const OptionSpec options[] = {
        {"--d", OPTION_INT, &d, 4, 1024, OPTION_EVEN, "N",
         N_("width of q, k and the tables, even; the layouts differ from d = 4")},
        {"--positions", OPTION_INT, &positions, 2, 1024, 0, "N", N_("positions in score maps and tables")},
        {"--trials", OPTION_INT, &trials, 1, 100000, 0, "N", N_("random setups for claims 7.1-7.2 (7.7: at most 100, 7.8: at most 3); "
         "trials * positions * d * (positions + d) "
         "<= 2e10")},
        {"--heads", OPTION_INT, &heads, 1, 64, 0, "H", N_("ALiBi heads, slopes 2^(-8h/H)")},
        {"--causal-length", OPTION_INT, &causal_length, 2, 4096, 0, "T",
         N_("sequence length of claim 7.4; its (T,T) weights take T^2 doubles")},
    };
    int status = chapter_begin(&ch, argc, argv, options, sizeof options / sizeof options[0]);
    if (status != CHAPTER_CONTINUE) return status;
    // Claims 7.1-7.2 project N vectors through (d,d) weights and compute 3 (N,N)
    // maps of d-term dot products per trial: ~N d (N + d) operations each.
    double work = (double)trials * (double)positions * (double)d * (double)(positions + d);
    if (work > WORK_LIMIT)
        return chapter_reject_number(&ch, "--trials", trials,
                                     _("expected trials * positions * d * (positions + d) <= 2e10 (about a minute)"));
    chapter_run_claims(&ch);
    return chapter_end(&ch);
}
