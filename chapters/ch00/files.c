// files.c: chapter 0's data files for the reader and the figures (see
// ch00.h), no verdict rests on them: vectors.txt (word2vec's text format),
// neighbours.txt and analogy_questions.txt (tables), model.dat (the model's
// sizes and timings), all written after the claims; senses.dat
// (plots/ch00_senses.gp), written by claim 0.6; and pca.dat, the data of
// plots/ch00_pca.gp with its labels placed (the figure's geometry, below).
// Moved from chapters/ch00_word_vectors.c: writing and placing, no claim.
#include "ch00.h"

#include <gsl/gsl_blas.h>
#include <gsl/gsl_eigen.h>
#include <math.h>

#include "words/analogies.h"

enum { PCA_PAIRS = 10 };   // pairs per panel of the PCA figure (more and their labels overlap)

void write_vectors(Chapter *ch) {
    DataFile f;
    chapter_data_open(ch, &f, "vectors.txt", NULL);
    datafile_printf(&f, "%zu %ld\n", V, dim);
    for (size_t w = 0; w < V; w++) {
        datafile_printf(&f, "%s", corpus->words[w]);
        for (long i = 0; i < dim; i++) datafile_printf(&f, " %.6g", E[w * (size_t)dim + (size_t)i]);
        datafile_printf(&f, "\n");
    }
    chapter_data_close(ch, &f);
}

// senses.dat (plots/ch00_senses.gp), written by claim 0.6: bank's nearest words,
// static and in each context.
void write_senses_data(Chapter *ch, const float ctxvec[2][512]) {
    // the neighbours of bank: static, and in each context (top 10)
    long w = id_of("bank");
    if (w < 0) return;
    DataFile f;
    chapter_data_open(ch, &f, "senses.dat", "panel rank word cosine");
    long ids[10];
    double sims[10];
    const char *panels[3] = {"static", "money_context", "river_context"};
    for (int p = 0; p < 3; p++) {
        size_t n = p == 0 ? neighbours(sg, w, SEARCH_LIMIT, 10, ids, sims)
                          : embedding_nearest(sg, ctxvec[p - 1], SEARCH_LIMIT, &w, 1, 10, ids, sims);
        for (size_t i = 0; i < n; i++) datafile_printf(&f, "%s %zu %s %.6g\n", panels[p], i + 1, corpus->words[ids[i]], sims[i]);
        datafile_printf(&f, "\n\n");
    }
    chapter_data_close(ch, &f);
}

// ---- figure data: the shared offset of the gender and capital pairs ------------------------
// 3CosAdd answers a : b = c : ? with b - a + c: it works when a relation's
// pairs share one offset. For each relation (gender, capital), its first
// PCA_PAIRS pairs (a_i, b_i) whose words claim 0.4 asks about (among the
// SEARCH_LIMIT most frequent), on the course seed's unit vectors w (d,):
//   m (d,) = mean_i (b_i - a_i)        the mean offset; u (d,) = m / |m|
//   x(w) = (w - w_mean) . u             the word along the mean offset
//   y(w) = (w - w_mean) . v             v (d,) ⟂ u: the direction in which the offsets
//                                       b_i - a_i differ most (the first principal
//                                       direction of their parts orthogonal to u)
//   cos_i = cos(b_i - a_i, m)           how much of pair i's offset lies along the mean
// Where the offset is shared, the arrows a -> b run parallel along x with
// similar lengths (cos_i near 1). x and y have one scale (projections on two
// orthogonal unit vectors), so an arrow's angle in the plane is its offset's;
// y is where the offsets depart most from parallel (the first principal
// component of the words, the other choice, would show the words' spread and
// hide that departure: at the course seed the gender arrows then look parallel
// though their mean cos is lower than the capitals').
//
// The labels are placed here, not by gnuplot: each word's box, estimated from
// DejaVu Sans's advance widths, goes beside its point where it overlaps no
// other label, point or arrow (or, failing that, a little above or below with
// a leader line), inside a panel of the size the script draws. Boxes that do
// not overlap at the standard size do not at any --figure-size / --font-scale
// whose text is no larger relative to the figure (the boxes shrink about their
// centres).

// The panel at the standard size, in pixels, and the labels' font size in
// points (pca.dat carries them to plots/ch00_pca.gp). The SVG draws a point
// as a pixel, the PNG (pngcairo, 96 dpi) as 4/3 of one: the labels are placed
// for the PNG's, the larger.
enum { PANEL_W_PX = 520, PANEL_H_PX = 520, LABEL_PT = 12 };
#define LABEL_PX (LABEL_PT * 4.0 / 3.0)
#define LABEL_GAP_PX 6.0      // between a point and its label
#define LABEL_PAD_PX 2.0      // around a label's text
#define LABEL_LINE 1.2        // a label's height in font sizes (DejaVu Sans: ascent + descent 1.16)
#define POINT_PX 4.0          // half the side of the box a point (or arrow head) keeps free (< LABEL_GAP_PX)

// DejaVu Sans advance widths of a..z, in thousandths of the font size
// (measured with the browser's canvas); any other byte that starts a
// character counts as a full font size, more than any of them.
static const short DEJAVU_SANS_WIDTH[26] = {613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974,
                                            634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525};

static double label_width_px(const char *word) {
    double w = 0.0;
    for (const unsigned char *c = (const unsigned char *)word; *c; c++)
        if (*c >= 'a' && *c <= 'z') w += DEJAVU_SANS_WIDTH[*c - 'a'];
        else if ((*c & 0xC0) != 0x80) w += 1000;   // not a UTF-8 continuation byte
    return w / 1000.0 * LABEL_PX + 2 * LABEL_PAD_PX;
}

// A box in panel pixels, y upwards.
typedef struct {
    double x0, y0, x1, y1;
} Box;

static Box box_at(double cx, double cy, double w, double h) { return (Box){cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2}; }
static bool boxes_overlap(Box a, Box b) { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1; }

// Does the segment (x0,y0)-(x1,y1) pass through box b? (Liang-Barsky clipping.)
static bool segment_crosses(Box b, double x0, double y0, double x1, double y1) {
    double t0 = 0.0, t1 = 1.0, dx = x1 - x0, dy = y1 - y0;
    double p[4] = {-dx, dx, -dy, dy}, q[4] = {x0 - b.x0, b.x1 - x0, y0 - b.y0, b.y1 - y0};
    for (int k = 0; k < 4; k++) {
        if (p[k] == 0.0) {
            if (q[k] < 0.0) return false;
            continue;
        }
        double t = q[k] / p[k];
        if (p[k] < 0.0) t0 = fmax(t0, t);
        else t1 = fmin(t1, t);
        if (t0 > t1) return false;
    }
    return true;
}

// Place the labels of n points pt[j] (panel pixels), label j w[j] x h pixels,
// preferably on side[j] (-1 left, +1 right), inside the panel above 'floor'
// pixels. Pass 0 keeps clear of every placed label, every point and every
// arrow seg[i] (x0, y0, x1, y1); pass 1 of labels and points only. Candidates,
// nearest first: beside, above, below, the other side, then further up and
// down on either side (with a leader line). Fills centre[j]; false when some
// label found no free place (it then sits beside its point).
static bool place_labels(size_t n, const double (*pt)[2], const double *w, double h, const int *side, size_t n_seg,
                         const double (*seg)[4], double floor, double (*centre)[2]) {
    Box placed[2 * PCA_PAIRS];
    bool all = true;
    for (size_t j = 0; j < n; j++) {
        double bx = LABEL_GAP_PX + w[j] / 2, by = LABEL_GAP_PX + h / 2;
        double s = side[j];
        bool found = false;
        for (int pass = 0; pass < 2 && !found; pass++)
            for (int c = 0; c < 4 + 4 * 40 && !found; c++) {
                double dx, dy;
                if (c < 4) {   // beside, above, below, the other side
                    const double near[4][2] = {{s * bx, 0}, {0, by}, {0, -by}, {-s * bx, 0}};
                    dx = near[c][0];
                    dy = near[c][1];
                } else {       // ring r: up and down by r half-lines, on either side
                    int r = (c - 4) / 4 + 1, k = (c - 4) % 4;
                    dx = (k < 2 ? s : -s) * bx;
                    dy = (k % 2 ? -1 : 1) * r * (h / 2 + 1);
                }
                double cx = pt[j][0] + dx, cy = pt[j][1] + dy;
                Box b = box_at(cx, cy, w[j], h);
                bool ok = b.x0 >= 0 && b.x1 <= PANEL_W_PX && b.y0 >= floor && b.y1 <= PANEL_H_PX;
                for (size_t i = 0; ok && i < j; i++) ok = !boxes_overlap(b, placed[i]);
                for (size_t i = 0; ok && i < n; i++) ok = !boxes_overlap(b, box_at(pt[i][0], pt[i][1], 2 * POINT_PX, 2 * POINT_PX));
                for (size_t i = 0; ok && pass == 0 && i < n_seg; i++)
                    ok = !segment_crosses(b, seg[i][0], seg[i][1], seg[i][2], seg[i][3]);
                if (ok) {
                    centre[j][0] = cx;
                    centre[j][1] = cy;
                    placed[j] = b;
                    found = true;
                }
            }
        if (!found) {
            centre[j][0] = pt[j][0] + s * bx;
            centre[j][1] = pt[j][1];
            placed[j] = box_at(centre[j][0], centre[j][1], w[j], h);
            all = false;
        }
    }
    return all;
}

// Does label j need a leader line (its box not touching the gap beside its point)?
static int needs_leader(const double *pt, const double *centre, double w, double h) {
    return fabs(centre[0] - pt[0]) > LABEL_GAP_PX + w / 2 + 1 || fabs(centre[1] - pt[1]) > LABEL_GAP_PX + h / 2 + 1;
}

// pca.dat: one block per relation (gender, capital), one row per pair:
//   panel pair word_a word_b          the relation, the pair's index and words
//   x_a y_a x_b y_b                   the words' coordinates (above)
//   cos                               cos(b - a, m)
//   lx_a ly_a lx_b ly_b lead_a lead_b the labels' centres (data coordinates), 1 = leader line
// and the panel's values, the same on each of its rows:
//   pairs mean_len mean_cos           pairs drawn, |m|, the mean of cos
//   x_lo x_hi y_lo y_hi               the ranges, one scale on both axes
//   ref_x ref_y                       where the mean offset m is drawn from, along x
//   plot_w plot_h label_pt            the panel (pixels) and font size (points) the labels were placed for
// A relation with fewer than two pairs in the vocabulary writes one row with
// pair -1 (the figure says so).
void write_pca(Chapter *ch) {
    DataFile f;
    chapter_data_open(ch, &f,
                      "pca.dat", "panel pair word_a word_b x_a y_a x_b y_b cos lx_a ly_a lx_b ly_b lead_a lead_b pairs "
                      "mean_len mean_cos x_lo x_hi y_lo y_hi ref_x ref_y plot_w plot_h label_pt");
    size_t D = (size_t)dim, limit = V < SEARCH_LIMIT ? V : SEARCH_LIMIT;
    for (size_t c = 0; c < 2; c++) {   // gender, capital
        const AnalogyCategory *cat = &ANALOGY_SET[c];
        long ids[2 * PCA_PAIRS];       // a_0, b_0, a_1, b_1, ...
        size_t n = 0;
        for (size_t p = 0; p < cat->n_pairs && n + 2 <= 2 * PCA_PAIRS; p++) {
            long a = id_of(cat->pairs[p][0]), b = id_of(cat->pairs[p][1]);
            if (a < 0 || b < 0 || (size_t)a >= limit || (size_t)b >= limit) continue;
            ids[n++] = a;
            ids[n++] = b;
        }
        size_t n_pairs = n / 2;
        // m (d,) the mean offset, w_mean (d,) the mean word
        gsl_vector *m = gsl_vector_calloc(D), *mean = gsl_vector_calloc(D);
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < D; j++) {
                double w = sg->unit[(size_t)ids[i] * D + j];
                *gsl_vector_ptr(mean, j) += w / (double)n;
                *gsl_vector_ptr(m, j) += (i % 2 ? w : -w) / (double)n_pairs;
            }
        double mean_len = n_pairs ? gsl_blas_dnrm2(m) : 0.0;
        if (n_pairs < 2 || mean_len == 0.0) {   // a block that says so (pair -1), for the figure
            datafile_printf(&f, "%s -1 - - NaN NaN NaN NaN NaN NaN NaN NaN NaN 0 0 %zu NaN NaN NaN NaN NaN NaN NaN NaN %d %d %d\n\n\n",
                            cat->name, n_pairs, PANEL_W_PX, PANEL_H_PX, LABEL_PT);
            gsl_vector_free(m);
            gsl_vector_free(mean);
            continue;
        }
        gsl_vector *u = gsl_vector_alloc(D);
        gsl_vector_memcpy(u, m);
        gsl_vector_scale(u, 1.0 / mean_len);
        // X (n, d): the words less their mean; x_i = X_i . u
        // O (pairs, d): each offset X_b - X_a with its u part removed; v (d,) = O's
        // first principal direction (its mean is m's u part removed, zero)
        gsl_matrix *X = gsl_matrix_alloc(n, D), *O = gsl_matrix_alloc(n_pairs, D), *C = gsl_matrix_alloc(D, D);
        gsl_matrix *evec = gsl_matrix_alloc(D, D);
        gsl_vector *eval = gsl_vector_alloc(D);
        gsl_eigen_symmv_workspace *ws = gsl_eigen_symmv_alloc(D);
        double xy[2 * PCA_PAIRS][2];   // (n, 2) the words' coordinates
        for (size_t i = 0; i < n; i++) {
            for (size_t j = 0; j < D; j++)
                gsl_matrix_set(X, i, j, sg->unit[(size_t)ids[i] * D + j] - gsl_vector_get(mean, j));
            gsl_vector_view xi = gsl_matrix_row(X, i);
            gsl_blas_ddot(&xi.vector, u, &xy[i][0]);
        }
        for (size_t p = 0; p < n_pairs; p++) {
            gsl_vector_view op = gsl_matrix_row(O, p), xa = gsl_matrix_row(X, 2 * p), xb = gsl_matrix_row(X, 2 * p + 1);
            gsl_vector_memcpy(&op.vector, &xb.vector);
            gsl_vector_sub(&op.vector, &xa.vector);
            gsl_blas_daxpy(-(xy[2 * p + 1][0] - xy[2 * p][0]), u, &op.vector);
        }
        gsl_blas_dgemm(CblasTrans, CblasNoTrans, 1.0 / (double)n_pairs, O, O, 0.0, C);   // C (d, d) = O^T O / pairs
        chapter_check(ch, gsl_eigen_symmv(C, eval, evec, ws), "the direction in which the figure's offsets differ most");
        gsl_eigen_symmv_sort(eval, evec, GSL_EIGEN_SORT_VAL_DESC);
        gsl_vector_view v = gsl_matrix_column(evec, 0);
        for (size_t i = 0; i < n; i++) {
            gsl_vector_view xi = gsl_matrix_row(X, i);
            gsl_blas_ddot(&xi.vector, &v.vector, &xy[i][1]);
        }
        double cos_pair[PCA_PAIRS], mean_cos = 0.0;
        for (size_t p = 0; p < n_pairs; p++) {   // cos(b - a, m), b - a from the unit vectors
            double dot = 0.0, len2 = 0.0;
            for (size_t j = 0; j < D; j++) {
                double o = sg->unit[(size_t)ids[2 * p + 1] * D + j] - sg->unit[(size_t)ids[2 * p] * D + j];
                dot += o * gsl_vector_get(m, j);
                len2 += o * o;
            }
            cos_pair[p] = len2 > 0 ? dot / (sqrt(len2) * mean_len) : 0.0;
            mean_cos += cos_pair[p] / (double)n_pairs;
        }
        // The panel: one scale s (pixels per unit) on both axes, room for the
        // a labels on the left, the b labels on the right, a line above, and a
        // strip at the bottom where the mean offset is drawn.
        double lw[2 * PCA_PAIRS], h = LABEL_LINE * LABEL_PX + 2 * LABEL_PAD_PX, max_w[2] = {0, 0};
        double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
        for (size_t i = 0; i < n; i++) {
            lw[i] = label_width_px(corpus->words[ids[i]]);
            max_w[i % 2] = fmax(max_w[i % 2], lw[i]);
            for (int k = 0; k < 2; k++) {
                lo[k] = fmin(lo[k], xy[i][k]);
                hi[k] = fmax(hi[k], xy[i][k]);
            }
        }
        double strip = 2 * h, left = max_w[0] + LABEL_GAP_PX + 2, right = max_w[1] + LABEL_GAP_PX + 2;
        double bottom = strip + h, top = h;
        double avail_w = PANEL_W_PX - left - right, avail_h = PANEL_H_PX - bottom - top;
        double s = fmin(avail_w / fmax(hi[0] - lo[0], 1e-9), avail_h / fmax(hi[1] - lo[1], 1e-9));
        double x_lo = lo[0] - (left + (avail_w - (hi[0] - lo[0]) * s) / 2) / s;
        double y_lo = lo[1] - (bottom + (avail_h - (hi[1] - lo[1]) * s) / 2) / s;
        double pt[2 * PCA_PAIRS][2], seg[PCA_PAIRS][4], centre[2 * PCA_PAIRS][2];
        int side[2 * PCA_PAIRS];
        for (size_t i = 0; i < n; i++) {
            pt[i][0] = (xy[i][0] - x_lo) * s;
            pt[i][1] = (xy[i][1] - y_lo) * s;
            side[i] = i % 2 ? +1 : -1;   // a on the left of its arrow's tail, b on the right of its head
        }
        for (size_t p = 0; p < n_pairs; p++) {
            seg[p][0] = pt[2 * p][0];
            seg[p][1] = pt[2 * p][1];
            seg[p][2] = pt[2 * p + 1][0];
            seg[p][3] = pt[2 * p + 1][1];
        }
        if (!place_labels(n, (const double (*)[2])pt, lw, h, side, n_pairs, (const double (*)[4])seg, strip, centre))
            chapter_detail(ch, "figure ch00_pca: a %s label found no free place (it may overlap another)\n", cat->name);
        double ref_x = x_lo + (LABEL_GAP_PX + 4) / s, ref_y = y_lo + (strip / 2) / s;
        for (size_t p = 0; p < n_pairs; p++) {
            size_t a = 2 * p, b = 2 * p + 1;
            datafile_printf(&f, "%s %zu %s %s %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %d %d %zu %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %d %d %d\n",
                            cat->name, p, corpus->words[ids[a]], corpus->words[ids[b]], xy[a][0], xy[a][1], xy[b][0],
                            xy[b][1], cos_pair[p], x_lo + centre[a][0] / s, y_lo + centre[a][1] / s,
                            x_lo + centre[b][0] / s, y_lo + centre[b][1] / s, needs_leader(pt[a], centre[a], lw[a], h),
                            needs_leader(pt[b], centre[b], lw[b], h), n_pairs, mean_len, mean_cos, x_lo,
                            x_lo + PANEL_W_PX / s, y_lo, y_lo + PANEL_H_PX / s, ref_x, ref_y, PANEL_W_PX, PANEL_H_PX,
                            LABEL_PT);
        }
        datafile_printf(&f, "\n\n");
        gsl_matrix_free(X);
        gsl_matrix_free(O);
        gsl_matrix_free(C);
        gsl_matrix_free(evec);
        gsl_vector_free(eval);
        gsl_eigen_symmv_free(ws);
        gsl_vector_free(u);
        gsl_vector_free(m);
        gsl_vector_free(mean);
    }
    chapter_data_close(ch, &f);
}

void write_tables(Chapter *ch) {
    DataFile f;
    chapter_data_open(ch, &f, "neighbours.txt", NULL);
    const char *show[] = {"king", "queen", "apple", "bank", "crane", "bat", "spring", "horse", "gold", "river"};
    for (size_t i = 0; i < sizeof show / sizeof *show; i++) {
        long w = id_of(show[i]);
        if (w < 0) continue;
        for (int m = 0; m < 2; m++) {
            const Embedding *e = m == 0 ? sg : pp;
            if (m == 1 && (size_t)w >= K) continue;
            long ids[10];
            double sims[10];
            size_t n = neighbours(e, w, m == 0 ? SEARCH_LIMIT : K, 10, ids, sims);
            datafile_printf(&f, "%s\t%s", show[i], m == 0 ? "sgns" : "ppmi_svd");
            for (size_t k = 0; k < n; k++) datafile_printf(&f, "\t%s %.3f", corpus->words[ids[k]], sims[k]);
            datafile_printf(&f, "\n");
        }
    }
    chapter_data_close(ch, &f);
    chapter_data_open(ch, &f, "analogy_questions.txt", NULL);
    for (size_t c = 0; c < ANALOGY_CATEGORIES; c++) {
        datafile_printf(&f, ": %s (%s)\n", ANALOGY_SET[c].name, ANALOGY_SET[c].label);
        for (size_t q = 0; q < analogy_questions(c); q++) {
            const char *w[4];
            analogy_question(c, q, w);
            datafile_printf(&f, "%s %s %s %s\n", w[0], w[1], w[2], w[3]);
        }
    }
    chapter_data_close(ch, &f);
    chapter_data_open(ch, &f, "model.dat", "vocab d tokens raw_words train_s words_per_s ppmi_k ppmi_nnz ppmi_s cached");
    datafile_printf(&f, "%zu %ld %zu %zu %.3f %.0f %zu %zu %.3f %d\n", V, dim, n_tokens, n_raw, course.train_seconds,
                    course.train_wps, K, course.ppmi_nnz, course.ppmi_seconds, course.from_cache);
    chapter_data_close(ch, &f);
}
