// ch00_word_vectors.c: Chapter 0, words become vectors.
//
// The question: chapters 1-7 add positions to "token vectors" without ever
// showing that such a vector means anything. Here we train them: Word2Vec
// skip-gram with negative sampling, written in C (common/words/word2vec.h), on a
// real text, the GCIDE dictionary (Debian's dict-gcide, read at run time,
// never copied into the workbook), and ask the vectors the course's
// questions. PPMI + truncated SVD on the same counts (common/words/ppmi_svd.h) is
// the counting method SGNS implicitly factorises (Levy & Goldberg 2014); it
// answers the same analogy questions.
//
// Claims (docs/CLAIMS.md, chapter 0):
//   0.1  Doc C §一        a token id carries no meaning: it is a frequency rank
//   0.2  Doc C §一, §七   lookup = one-hot x matrix; training moves only the rows used
//   0.3  Doc C §二        related words are near by cosine
//   0.4  Doc C §二        king - man + woman ~ queen; the workbook's analogy set over --seeds
//                         seeds, against the nearest word of c alone and PPMI + SVD
//   0.5  Doc C §三        a static vector mixes the senses of a two-sense word
//   0.6  Doc C §三        one attention layer gives the same token different vectors in context
//                         (at the course's settings a plain average of the context does as well)
//
// The experiment (every number is an option):
//   corpus   GCIDE with its markup stripped and dictd's own header entries (00-database-*: the
//            URL, the notice, the date the file was made) left out, found by the index beside it
//            (gcide.index; common/words/corpus.h), or --corpus FILE (plain UTF-8, a file or a pipe,
//            read once: its checksum comes from the same pass)
//   vocab    words seen at least --min-count (5) times, ids by frequency (id 0 = most frequent)
//   SGNS     d = 100, window 5 (drawn in [1, 5] per word), 5 negatives (unigram^0.75),
//            3 epochs, SGD lr 0.05 (fastText's default) falling linearly to 0, subsampling t = 1e-4
//   PPMI     the 10000 most frequent words, the same window, context smoothing 0.75,
//            randomized SVD (rank d, oversampling 10, 2 power rounds)
//   search   nearest words and analogies among the 30000 most frequent words (cosine)
//
// Run:  ch00 [--corpus FILE] [--dim 100] [--window 5] [--negative 5] [--epochs 3] [--min-count 5]
//            [--threads 2] [--cache DIR] [--retrain] [--seeds 5] [--seed N] [--out DIR] ...
// Ask:  ch00 --analogy A B C | --neighbours WORD... [--top 10]   the words nearest A - B + C
//            (king man woman: king - man + woman) or nearest each WORD, on the vectors of --seed
//            (from the cache after the first run: seconds); prints and stops, writes nothing
// Data: vectors.txt (word2vec text format: "V d", then "word x_1 ... x_d"), neighbours.txt,
//       analogies.dat (per category and method, seed --seed), analogy_seeds.dat (per seed),
//       analogy_questions.txt, pairs.dat (related, random and re-paired word pairs; feeds
//       plots/ch00_similarity.gp), pca.dat (plots/ch00_pca.gp), senses.dat (plots/ch00_senses.gp).
// Cache: each seed's trained vectors are kept in --cache DIR (default: the folder "cache" beside
// --out), keyed by the code they come from, the corpus and every setting, and checked whole when
// read back (chapters/ch00/vectors.c); --retrain trains again. Claim 0.4 uses --seeds trainings (5): the
// first run trains each (on 2 free cores about as long as one training, 25-60 s, each),
// later runs read them all from the cache (a few seconds each to score).
// The lesson is this file; the machinery it calls is beside it in chapters/ch00/ (ch00.h
// says which file holds what: the vectors, the word pairs, claim 0.4's seeds, the data files)
// and in common/words/ (the analogy set, the related pairs, the two-sense words).
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/exitcodes.h"
#include "base/i18n.h"
#include "base/parallel.h"
#include "base/progress.h"
#include "words/analogies.h"
#include "words/corpus.h"
#include "words/embedding.h"
#include "words/related_pairs.h"
#include "words/two_senses.h"
#include "words/word2vec.h"
#include "run/cache_files.h"
#include "run/chapter.h"
#include "ch00/ch00.h"

// ---- settings ------------------------------------------------------------------
// The vectors' (chapters/ch00/vectors.h reads them, with COURSE_LR; the cache key holds
// each); the claims' sizes, SEARCH_LIMIT and the random pairs', are in chapters/ch00/ch00.h.
const char *corpus_path = NULL;   // --corpus FILE; NULL = the GCIDE dictionary
const char *gcide_path = CORPUS_GCIDE_PATH;   // --gcide FILE: a dictzip with GCIDE markup
const char *cache_dir = NULL;
bool retrain = false;
long dim = 100, window_size = 5, negative = 5, epochs = 3, min_count = 5, threads = 2;
long svd_vocab = 10000;
// --lr's upper bound. GCIDE at the other defaults, tried: 0.1 and 0.2 train
// (final loss 2.22, 2.24; at 0.2 queen drops to rank 6), 0.25 blows up (loss
// 4e11, finite), 0.3 diverges (loss inf after 1.9 million words). Other
// settings can diverge below it (the tiny corpus with 32 negatives, window 20,
// no subsampling and 50 epochs at 0.2): training checks, chapter_diverged.
#define MAX_LR 0.2
double lr = COURSE_LR, sample = 1e-4, noise_power = 0.75;

// ---- settings the claims and the questions read (not the vectors') --------------------

long n_seeds = 5;                         // --seeds: claim 0.4 over seeds --seed .. --seed + N - 1
static OptionWords analogy_words;         // --analogy A B C: the words nearest A - B + C
static OptionWords neighbour_words;       // --neighbours WORD...
static long top_n = 10;                   // --top: answers printed per question

// ---- the model it needs: the course seed's vectors, shared by the claims -------------------
// Read from the cache or trained (chapters/ch00/vectors.h: the vocabulary, corpus and V,
// and each seed's SGNS and PPMI + SVD vectors).
Vectors course;                   // the vectors of --seed: every claim reads them
float *E;                         // course.E (V, d)
float *P;                         // course.P (K, d)
size_t K;                         // course.K
Embedding *sg, *pp;               // unit-row copies of E and P

// The words of 'words' (n) that are not in the vocabulary, as "queen, woman"
// ("" when every one is).
static void missing_words(const char *const *words, size_t n, char *out, size_t size) {
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (id_of(words[i]) >= 0) continue;
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s%s", used ? ", " : "", words[i]);
    }
}

// ---- the evidence's neighbour lists ------------------------------------------------------
// The evidence is the lesson's text (lessons/LANG/ch00.md, "### evidence"):
// the claims record numbers and tables, and a list of nearest words is one
// table cell, "quince 0.74 berry 0.73 ...".

// Neighbours of a word, returned (k <= 20).
size_t neighbours(const Embedding *e, long w, size_t limit, size_t k, long *ids, double *sims) {
    return embedding_nearest(e, e->unit + (size_t)w * e->d, limit, &w, 1, k, ids, sims);
}

// The k (<= 20) words nearest 'query' (d,) among the first 'limit' rows of e,
// 'skip' left out, as "word cosine word cosine ..." (cosines to 2 decimals).
static void neighbour_list(const Embedding *e, const float *query, long skip, size_t limit, size_t k, char *out,
                           size_t size) {
    long ids[20];
    double sims[20];
    size_t n = embedding_nearest(e, query, limit, &skip, 1, k < 20 ? k : 20, ids, sims);
    out[0] = '\0';
    for (size_t i = 0, used = 0; i < n && used < size; i++, used = strlen(out))
        snprintf(out + used, size - used, "%s%s %.2f", i ? " " : "", corpus->words[ids[i]], sims[i]);
}

// One row of table 'table' holding a word and its k nearest words (cells "word" and "neighbours").
static void record_neighbours(ClaimResult *r, const char *table, const char *word, const float *query, long skip,
                              size_t k) {
    char list[20 * (CORPUS_MAX_WORD + 8)];
    neighbour_list(sg, query, skip, SEARCH_LIMIT, k, list, sizeof list);
    claim_row(r, table);
    claim_cell_text(r, table, "word", "%s", word);
    claim_cell_text(r, table, "neighbours", "%s", list);
}

// ---- claims 0.1 and 0.3's word pairs: related, random, re-paired (chapters/ch00/pairs.c) -----

// Claims 0.1 and 0.3 on a corpus without their words: nothing to measure.
// The verdict is the chapter's rule for a claim without its evidence (does
// not hold, key number "-"); the evidence says what is missing
// (words_found 0).
static void lacking_words(ClaimResult *r) {
    const char *const needed[2] = {"apple", "banana"};
    char missing[64];
    missing_words(needed, 2, missing, sizeof missing);
    claim_value(r, "words_found", 0);
    claim_value(r, "missing_any", missing[0] ? 1 : 0);
    claim_text(r, "missing", "%s", missing[0] ? missing : "-");
    claim_value(r, "pairs_found", (double)pairs.n_related);
    claim_value(r, "related_list", (double)N_RELATED_PAIRS);
    claim_case(r, "no_words");
    claim_value(r, "min_count", (double)min_count);
    r->verdict = VERDICT_DOES_NOT_HOLD;
}

// ---- claim 0.1: a token id carries no meaning ----------------------------------------------
// What an id does encode is the word's rank by frequency (corpus.h: id 0 =
// the most frequent). So the gap between two ids can only tell where the two
// words sit among the ranks. Scored as "related" against random pairs (AUC,
// 0.5 = chance), a small id gap does better than chance; the related pairs'
// words sit in a band of ranks (their middle half, against random words'),
// and against the same words re-paired (the same ids, no relation) that edge
// goes, while the cosine's stays. What that shows: the edge goes with the
// words; that the band alone makes it is not measured.

// "No relation" between id gap and cosine: |Spearman rho| below 0.1 over the
// random pairs (its sampling sd with 2000 pairs is 1/sqrt(1999) = 0.022, so
// 0.1 is 4.5 sd; a relation that weak would explain under 1% of the ranks).
#define ID_RHO_BAND 0.1
#define COS_AUC_SEPARATES 0.9 // trained cosine tells them apart: 90% of (related, random) pairs ordered right
// "Near chance": an AUC within 2 standard errors of 0.5 (roc_auc_se: with 32
// related pairs about 0.05).
#define AUC_NEAR_CHANCE_SE 2.0

static void claim_ids(Chapter *ch, ClaimResult *r) {
    pairs_ensure(ch);
    long apple = id_of("apple"), banana = id_of("banana");
    if (pairs.n_related < 2 || apple < 0 || banana < 0) {
        lacking_words(r);
        return;
    }
    // apple's id neighbours, then banana: each id, word and cosine with apple
    for (long w = apple - 2; w <= apple + 2; w++)
        if (w >= 0 && (size_t)w < V && w != apple) {
            claim_row(r, "near_ids");
            claim_cell(r, "near_ids", "id", (double)w);
            claim_cell_text(r, "near_ids", "word", "%s", corpus->words[w]);
            claim_cell(r, "near_ids", "cosine", embedding_cosine(sg, (size_t)apple, (size_t)w));
        }
    claim_row(r, "near_ids");
    claim_cell(r, "near_ids", "id", (double)banana);
    claim_cell_text(r, "near_ids", "word", "%s", "banana");
    claim_cell(r, "near_ids", "cosine", embedding_cosine(sg, (size_t)apple, (size_t)banana));
    // Does a small id gap pick out related pairs? AUC of -gap (smaller gap = "more related");
    // the same for a small frequency ratio, and for the trained cosine.
    double neg_rel[N_RELATED_PAIRS], neg_rand[N_RANDOM_PAIRS], negf_rel[N_RELATED_PAIRS], negf_rand[N_RANDOM_PAIRS];
    for (size_t i = 0; i < pairs.n_related; i++) {
        neg_rel[i] = -(double)pairs.related_gap[i];
        negf_rel[i] = -pairs.related_freq[i];
    }
    for (size_t i = 0; i < N_RANDOM_PAIRS; i++) {
        neg_rand[i] = -pairs.random_gap[i];
        negf_rand[i] = -pairs.random_freq[i];
    }
    double auc_id = roc_auc(neg_rel, pairs.n_related, neg_rand, N_RANDOM_PAIRS);
    double auc_freq = roc_auc(negf_rel, pairs.n_related, negf_rand, N_RANDOM_PAIRS);
    double auc_cos = roc_auc(pairs.related, pairs.n_related, pairs.random, N_RANDOM_PAIRS);
    // Against the same words re-paired (same ids, no relation):
    double *neg_rep = malloc((pairs.n_repaired + 1) * sizeof *neg_rep);
    if (neg_rep == NULL) chapter_check(ch, GSL_ENOMEM, "claim 0.1");
    for (size_t i = 0; i < pairs.n_repaired; i++) neg_rep[i] = -pairs.repaired_gap[i];
    double auc_id_rep = roc_auc(neg_rel, pairs.n_related, neg_rep, pairs.n_repaired);
    double auc_cos_rep = roc_auc(pairs.related, pairs.n_related, pairs.repaired, pairs.n_repaired);
    free(neg_rep);
    double rho_work[2 * N_RANDOM_PAIRS];
    double rho = gsl_stats_spearman(pairs.random_gap, 1, pairs.random, 1, N_RANDOM_PAIRS, rho_work);
    r->measured = rho;
    r->document = 0.0;
    r->tolerance = ID_RHO_BAND;
    bool ids_blind = fabs(rho) < ID_RHO_BAND, cos_sees = auc_cos >= COS_AUC_SEPARATES;
    r->verdict = ids_blind && cos_sees ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "apple_id", (double)apple);
    claim_value(r, "banana_id", (double)banana);
    claim_text(r, "first_word", "%s", corpus->words[0]);
    claim_value(r, "auc_id", auc_id);
    claim_value(r, "auc_freq", auc_freq);
    claim_value(r, "auc_cos", auc_cos);
    claim_value(r, "auc_id_repaired", auc_id_rep);
    claim_value(r, "auc_cos_repaired", auc_cos_rep);
    claim_value(r, "rho", rho);
    claim_value(r, "related_pairs", (double)pairs.n_related);
    claim_value(r, "random_pairs", (double)N_RANDOM_PAIRS);
    // The lesson's words: "the id gap's edge goes with the words, not the relation" when the
    // re-paired words score near chance by their ids and the cosine still tells them apart.
    double se_rep = pairs.n_repaired ? roc_auc_se(auc_id_rep, pairs.n_related, pairs.n_repaired) : NAN;
    claim_value(r, "auc_id_repaired_se", se_rep);
    claim_case(r, fabs(auc_id_rep - 0.5) <= AUC_NEAR_CHANCE_SE * se_rep && auc_cos_rep >= COS_AUC_SEPARATES
                      ? "words_not_relation"
                      : "relation_seen");
    claim_value(r, "words_found", 1);
    claim_value(r, "repaired_pairs", (double)pairs.n_repaired);
    claim_value(r, "pool", (double)RANDOM_POOL);
    claim_value(r, "rho_band", ID_RHO_BAND);
    claim_value(r, "ids_blind", ids_blind ? 1 : 0);
    // Where the words sit among the ranks: the median and the middle half (quartiles) of the
    // related pairs' words' ids and of the random pairs' words' ids; "a narrower band" = a
    // smaller interquartile range.
    double rel_ids[2 * N_RELATED_PAIRS], rand_ids[2 * N_RANDOM_PAIRS];
    size_t n_rel_ids = 2 * pairs.n_related;
    memcpy(rel_ids, pairs.related_ids, n_rel_ids * sizeof *rel_ids);
    memcpy(rand_ids, pairs.random_ids, sizeof rand_ids);
    qsort(rel_ids, n_rel_ids, sizeof *rel_ids, cmp_double);
    qsort(rand_ids, 2 * N_RANDOM_PAIRS, sizeof *rand_ids, cmp_double);
    double rel_q1 = gsl_stats_quantile_from_sorted_data(rel_ids, 1, n_rel_ids, 0.25);
    double rel_q3 = gsl_stats_quantile_from_sorted_data(rel_ids, 1, n_rel_ids, 0.75);
    double rand_q1 = gsl_stats_quantile_from_sorted_data(rand_ids, 1, 2 * N_RANDOM_PAIRS, 0.25);
    double rand_q3 = gsl_stats_quantile_from_sorted_data(rand_ids, 1, 2 * N_RANDOM_PAIRS, 0.75);
    claim_value(r, "related_median", gsl_stats_median_from_sorted_data(rel_ids, 1, n_rel_ids));
    claim_value(r, "related_q1", rel_q1);
    claim_value(r, "related_q3", rel_q3);
    claim_value(r, "random_median", gsl_stats_median_from_sorted_data(rand_ids, 1, 2 * N_RANDOM_PAIRS));
    claim_value(r, "random_q1", rand_q1);
    claim_value(r, "random_q3", rand_q3);
    claim_value(r, "narrow_band", rel_q3 - rel_q1 < rand_q3 - rand_q1 ? 1 : 0);
}

// ---- claim 0.2: lookup = one-hot x matrix; only used rows move ---------------------------

static void claim_lookup(Chapter *ch, ClaimResult *r) {
    long w = id_of("king");
    if (w < 0) w = 0;
    size_t D = (size_t)dim;
    // one-hot (V) times E (V, d): GSL's sgemv with E^T
    float *onehot = calloc(V, sizeof *onehot), *prod = malloc(D * sizeof *prod);
    float *in = malloc(V * D * sizeof *in), *out = malloc(V * D * sizeof *out);
    if (!onehot || !prod || !in || !out) chapter_check(ch, GSL_ENOMEM, "the lookup claim");
    onehot[w] = 1.0f;
    gsl_matrix_float_const_view Ev = gsl_matrix_float_const_view_array(E, V, D);
    gsl_vector_float_const_view hv = gsl_vector_float_const_view_array(onehot, V);
    gsl_vector_float_view pv = gsl_vector_float_view_array(prod, D);
    gsl_blas_sgemv(CblasTrans, 1.0f, &Ev.matrix, &hv.vector, 0.0f, &pv.vector);
    double maxdiff = 0.0;
    for (size_t i = 0; i < D; i++) maxdiff = fmax(maxdiff, fabs((double)prod[i] - E[(size_t)w * D + i]));
    // three SGD steps on copies: which rows of E and of C change?
    memcpy(in, E, V * D * sizeof *in);
    for (size_t i = 0; i < V * D; i++) out[i] = 0.01f * (float)((i * 2654435761u) % 1000) / 1000.0f;
    float *out0 = malloc(V * D * sizeof *out0);
    if (!out0) chapter_check(ch, GSL_ENOMEM, "the lookup claim");
    memcpy(out0, out, V * D * sizeof *out0);
    uint32_t centres[3] = {(uint32_t)w, (uint32_t)(V > 5 ? 5 : 1), (uint32_t)(V > 7 ? 7 : 1)};
    uint32_t contexts[3] = {(uint32_t)(V > 2 ? 2 : 0), 3 % (uint32_t)V, 4 % (uint32_t)V};
    uint32_t negs[3][2];
    for (int s = 0; s < 3; s++)
        for (int j = 0; j < 2; j++) negs[s][j] = (uint32_t)gsl_rng_uniform_int(ch->rng, V);
    for (int s = 0; s < 3; s++) w2v_step(in, out, D, centres[s], contexts[s], negs[s], 2, 0.1f);
    size_t changed_in = 0, changed_in_used = 0, changed_out = 0, changed_out_used = 0;
    for (size_t row = 0; row < V; row++) {
        bool used_in = row == centres[0] || row == centres[1] || row == centres[2];
        bool used_out = false;
        for (int s = 0; s < 3; s++) used_out |= row == contexts[s] || row == negs[s][0] || row == negs[s][1];
        bool ci = memcmp(in + row * D, E + row * D, D * sizeof *in) != 0;
        bool co = memcmp(out + row * D, out0 + row * D, D * sizeof *out) != 0;
        changed_in += ci;
        changed_in_used += ci && used_in;
        changed_out += co;
        changed_out_used += co && used_out;
    }
    size_t distinct_centres = 1 + (centres[1] != centres[0]) + (centres[2] != centres[0] && centres[2] != centres[1]);
    r->measured = maxdiff;
    r->document = 0.0;
    r->tolerance = 0.0;
    bool holds = maxdiff == 0.0 && changed_in == changed_in_used && changed_in == distinct_centres &&
                 changed_out == changed_out_used;
    r->verdict = holds ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_text(r, "word", "%s", corpus->words[w]);
    claim_value(r, "max_diff", maxdiff);
    claim_value(r, "V", (double)V);
    claim_value(r, "d", (double)D);
    claim_value(r, "rows_changed", (double)changed_in);
    claim_value(r, "centres", (double)distinct_centres);
    claim_value(r, "rows_untouched", (double)(V - changed_in));
    claim_value(r, "row", (double)w);
    claim_value(r, "zeros", (double)(V - 1));
    claim_value(r, "exact", maxdiff == 0.0 ? 1 : 0);
    claim_value(r, "changed_in_used", (double)changed_in_used);
    claim_value(r, "changed_out", (double)changed_out);
    claim_value(r, "changed_out_used", (double)changed_out_used);
    claim_value(r, "only_used", changed_in == changed_in_used && changed_in == distinct_centres &&
                                        changed_out == changed_out_used ? 1 : 0);
    free(onehot);
    free(prod);
    free(in);
    free(out);
    free(out0);
}

// ---- claim 0.3: related words are near by cosine --------------------------------------------

static void claim_related(Chapter *ch, ClaimResult *r) {
    pairs_ensure(ch);
    long apple = id_of("apple"), banana = id_of("banana"), telephone = id_of("telephone");
    if (pairs.n_related < 2 || apple < 0 || banana < 0) {
        lacking_words(r);
        return;
    }
    double m_rel = gsl_stats_mean(pairs.related, 1, pairs.n_related);
    double s_rel = gsl_stats_sd(pairs.related, 1, pairs.n_related);
    double m_rand = gsl_stats_mean(pairs.random, 1, N_RANDOM_PAIRS);
    double s_rand = gsl_stats_sd(pairs.random, 1, N_RANDOM_PAIRS);
    double a = roc_auc(pairs.related, pairs.n_related, pairs.random, N_RANDOM_PAIRS);
    double ab = embedding_cosine(sg, (size_t)apple, (size_t)banana);
    double at = telephone >= 0 ? embedding_cosine(sg, (size_t)apple, (size_t)telephone) : NAN;
    const char *show[] = {"apple", "banana", "king", "queen", "horse", "gold"};
    for (size_t i = 0; i < sizeof show / sizeof *show; i++) {
        long w = id_of(show[i]);
        if (w >= 0) record_neighbours(r, "near", show[i], sg->unit + (size_t)w * sg->d, w, 8);
    }
    r->measured = a;
    r->document = 1.0;
    r->tolerance = 1.0 - COS_AUC_SEPARATES;
    bool holds = a >= COS_AUC_SEPARATES && ab > pairs.random_p95;
    r->verdict = holds ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "auc", a);
    claim_value(r, "cos_apple_banana", ab);
    claim_value(r, "random_p95", pairs.random_p95);
    claim_value(r, "related_mean", m_rel);
    claim_value(r, "random_mean", m_rand);
    claim_value(r, "related_pairs", (double)pairs.n_related);
    claim_value(r, "words_found", 1);
    claim_value(r, "search_limit", SEARCH_LIMIT);
    claim_value(r, "has_telephone", telephone >= 0 ? 1 : 0);
    claim_value(r, "no_telephone", telephone < 0 ? 1 : 0);
    claim_value(r, "cos_apple_telephone", at);
    claim_value(r, "gcide", corpus_path == NULL ? 1 : 0);
    claim_value(r, "related_sd", s_rel);
    claim_value(r, "random_sd", s_rand);
    claim_value(r, "random_pairs", (double)N_RANDOM_PAIRS);
    claim_value(r, "auc_percent", 100 * a);
}

// ---- claim 0.4: king - man + woman ~ queen; the analogy set --------------------------------
// The workbook's set (common/words/analogies.h) asks "a is to b as c is to d": the
// answer is the word nearest b - a + c (3CosAdd), a, b and c excluded. Two
// baselines: random vectors, and the nearest word of c alone (a, b and c
// excluded the same way), which answers whenever d already sits next to c
// (queen next to king) and needs no offset at all. Every score is taken on
// --seeds trained vectors (seeds --seed, --seed + 1, ...): the spread between
// seeds is the yardstick for a difference between methods. Each seed's score
// (score_seed, seed_scores) and the other seeds' vectors: chapters/ch00/seeds.c.

static size_t n_scored;   // seeds in seed_scores: --seeds

static size_t set_size(void) {
    size_t n = 0;
    for (size_t c = 0; c < ANALOGY_CATEGORIES; c++) n += analogy_questions(c);
    return n;
}

// Sum of counts over the categories.
static size_t total(const size_t *counts) {
    size_t n = 0;
    for (size_t c = 0; c < ANALOGY_CATEGORIES; c++) n += counts[c];
    return n;
}

static double fraction(size_t right, size_t asked) { return asked ? (double)right / (double)asked : NAN; }

#define ANALOGY_SE 10.0    // the set accuracy must beat random vectors by more than 10 standard errors
#define BEATS_NEAREST_SE 2.0   // ... and the nearest word of c by more than 2 standard errors, at every seed

// An accuracy in percent for the question table, "-" when no question was asked.
static const char *percent_cell(double x, char *buf, size_t size) {
    if (isnan(x)) snprintf(buf, size, "-");
    else snprintf(buf, size, "%.1f%%", 100 * x);
    return buf;
}

static void claim_analogy(Chapter *ch, ClaimResult *r) {
    const char *const question[4] = {"king", "man", "woman", "queen"};
    long king = id_of("king"), man = id_of("man"), woman = id_of("woman"), queen = id_of("queen");
    size_t limit = V < SEARCH_LIMIT ? V : SEARCH_LIMIT;
    long rank_pp = -1, best_sg = -1, best_pp = -1;
    char missing[128];   // the question's words not in the vocabulary: then it cannot be asked
    missing_words(question, 4, missing, sizeof missing);
    bool asked = missing[0] == '\0';
    bool asked_pp = asked && (size_t)king < K && (size_t)man < K && (size_t)woman < K && (size_t)queen < K;
    seed_scores[0] = score_seed((unsigned long)ch->seed, sg, pp, K);
    n_scored = (size_t)n_seeds;
    const SeedScore *s0 = &seed_scores[0];
    long rank_sg = s0->rank_queen;
    double cos_kq = NAN;
    long near_king = -1;
    if (asked) {
        best_sg = embedding_analogy(sg, man, king, woman, queen, limit, NULL);
        if (asked_pp) best_pp = embedding_analogy(pp, man, king, woman, queen, K, &rank_pp);
        cos_kq = embedding_cosine(sg, (size_t)king, (size_t)queen);
        long skip[3] = {king, man, woman};
        double sim;
        embedding_nearest(sg, sg->unit + (size_t)king * sg->d, limit, skip, 3, 1, &near_king, &sim);
    }
    // random vectors: the same vocabulary, N(0,1) entries (the course seed only)
    float *rv = malloc(V * (size_t)dim * sizeof *rv);
    if (rv == NULL) chapter_check(ch, GSL_ENOMEM, "random vectors");
    for (size_t i = 0; i < V * (size_t)dim; i++) rv[i] = (float)gsl_ran_gaussian(ch->rng, 1.0);
    Embedding *re = embedding_new(rv, V, (size_t)dim);
    free(rv);
    if (re == NULL) chapter_check(ch, GSL_ENOMEM, "random vectors");
    size_t rand_asked[ANALOGY_CATEGORIES], rand_right[ANALOGY_CATEGORIES];
    analogy_score(re, corpus, limit, limit, rand_asked, rand_right);
    embedding_free(re);

    // king - man + woman at seed --seed: each method's answer and queen's rank
    claim_value(r, "asked", asked ? 1 : 0);
    claim_value(r, "asked_pp", asked_pp ? 1 : 0);
    claim_value(r, "pp_not_asked", asked && !asked_pp ? 1 : 0);
    claim_text(r, "missing", "%s", asked ? "-" : missing);
    claim_text(r, "answer_sgns", "%s", best_sg >= 0 ? corpus->words[best_sg] : "-");
    claim_text(r, "answer_ppmi", "%s", best_pp >= 0 ? corpus->words[best_pp] : "-");
    claim_value(r, "rank_ppmi", (double)rank_pp);
    claim_value(r, "seed", (double)ch->seed);
    claim_value(r, "set_size", (double)set_size());
    claim_value(r, "search_limit", SEARCH_LIMIT);
    claim_value(r, "ppmi_vocab", (double)K);
    DataFile f;
    chapter_data_open(ch, &f, "analogies.dat", "category asked sgns nearest random asked_both sgns_both ppmi");
    char c1[16], c2[16], c3[16], c4[16], c5[16];
    for (size_t c = 0; c <= ANALOGY_CATEGORIES; c++) {   // the categories, then "all"
        bool all = c == ANALOGY_CATEGORIES;
        size_t n = all ? total(s0->asked) : s0->asked[c], nb = all ? total(s0->asked_both) : s0->asked_both[c];
        double a1 = fraction(all ? total(s0->right) : s0->right[c], n);
        double a2 = fraction(all ? total(s0->nearest) : s0->nearest[c], n);
        double a3 = fraction(all ? total(rand_right) : rand_right[c], n);
        double a4 = fraction(all ? total(s0->right_both) : s0->right_both[c], nb);
        double a5 = fraction(all ? total(s0->right_pp) : s0->right_pp[c], nb);
        const char *name = all ? "all" : ANALOGY_SET[c].name;
        claim_row(r, "categories");
        claim_cell_text(r, "categories", "name", "%s", name);
        claim_cell(r, "categories", "asked", (double)n);
        claim_cell_text(r, "categories", "sgns", "%s", percent_cell(a1, c1, sizeof c1));
        claim_cell_text(r, "categories", "nearest", "%s", percent_cell(a2, c2, sizeof c2));
        claim_cell_text(r, "categories", "random", "%s", percent_cell(a3, c3, sizeof c3));
        claim_cell(r, "categories", "asked_both", (double)nb);
        claim_cell_text(r, "categories", "sgns_both", "%s", percent_cell(a4, c4, sizeof c4));
        claim_cell_text(r, "categories", "ppmi", "%s", percent_cell(a5, c5, sizeof c5));
        datafile_printf(&f, "%s %zu %.6g %.6g %.6g %zu %.6g %.6g\n", name, n, a1, a2, a3, nb, a4, a5);
    }
    chapter_data_close(ch, &f);

    // Every seed: the whole set, and the questions both methods can answer.
    size_t n_all = total(s0->asked), n_both = total(s0->asked_both);
    double acc[MAX_SEEDS], near[MAX_SEEDS], both_sg[MAX_SEEDS], both_pp[MAX_SEEDS], gap[MAX_SEEDS];
    double gender_sg[MAX_SEEDS], gender_near[MAX_SEEDS];
    // queen's rank for king - man + woman at each seed: how often first, the best and worst rank, the list
    size_t queen_first = 0, seeds_ahead = 0;   // seeds_ahead: seeds where 3CosAdd beats the nearest word of c
    long queen_best = -1, queen_worst = -1;
    char queen_ranks[MAX_SEEDS * 12] = "";
    chapter_data_open(ch, &f, "analogy_seeds.dat", "seed asked sgns nearest asked_both sgns_both ppmi gender_sgns gender_nearest rank_queen");
    for (size_t i = 0; i < n_scored; i++) {
        const SeedScore *s = &seed_scores[i];
        acc[i] = fraction(total(s->right), n_all);
        near[i] = fraction(total(s->nearest), n_all);
        both_sg[i] = fraction(total(s->right_both), n_both);
        both_pp[i] = fraction(total(s->right_pp), n_both);
        gap[i] = both_sg[i] - both_pp[i];
        gender_sg[i] = fraction(s->right[0], s->asked[0]);
        gender_near[i] = fraction(s->nearest[0], s->asked[0]);
        queen_first += s->rank_queen == 1;
        if (s->rank_queen >= 1) {
            queen_best = queen_best < 0 || s->rank_queen < queen_best ? s->rank_queen : queen_best;
            queen_worst = s->rank_queen > queen_worst ? s->rank_queen : queen_worst;
        }
        size_t used = strlen(queen_ranks);
        snprintf(queen_ranks + used, sizeof queen_ranks - used, "%s%ld", i ? ", " : "", s->rank_queen);
        // 3CosAdd beats the nearest word by more than BEATS_NEAREST_SE standard errors of the difference
        double se = n_all ? sqrt((acc[i] * (1 - acc[i]) + near[i] * (1 - near[i]) + 1.0 / (double)n_all) / (double)n_all) : NAN;
        seeds_ahead += n_all > 0 && acc[i] - near[i] > BEATS_NEAREST_SE * se;
        claim_row(r, "per_seed");
        claim_cell(r, "per_seed", "seed", (double)s->seed);
        claim_cell_text(r, "per_seed", "sgns", "%s", percent_cell(acc[i], c1, sizeof c1));
        claim_cell_text(r, "per_seed", "nearest", "%s", percent_cell(near[i], c2, sizeof c2));
        claim_cell_text(r, "per_seed", "sgns_both", "%s", percent_cell(both_sg[i], c3, sizeof c3));
        claim_cell_text(r, "per_seed", "ppmi", "%s", percent_cell(both_pp[i], c4, sizeof c4));
        if (s->rank_queen >= 1) claim_cell(r, "per_seed", "rank_queen", (double)s->rank_queen);
        else claim_cell_text(r, "per_seed", "rank_queen", "-");   // (not asked: a word is missing)
        datafile_printf(&f, "%lu %zu %.6g %.6g %zu %.6g %.6g %.6g %.6g %ld\n", s->seed, n_all, acc[i], near[i], n_both,
                        both_sg[i], both_pp[i], gender_sg[i], gender_near[i], s->rank_queen);
    }
    chapter_data_close(ch, &f);
    Spread sp_acc = spread_of(acc, n_scored), sp_near = spread_of(near, n_scored), sp_sg = spread_of(both_sg, n_scored);
    Spread sp_pp = spread_of(both_pp, n_scored), sp_gap = spread_of(gap, n_scored);
    Spread sp_gs = spread_of(gender_sg, n_scored), sp_gn = spread_of(gender_near, n_scored);
    double acc_rand = fraction(total(rand_right), n_all);
    double se = n_all ? sqrt(fmax(acc[0] * (1 - acc[0]), 1.0 / (double)n_all) / (double)n_all) : NAN;
    double z = (acc[0] - acc_rand) / se;
    // The verdict rests on the set against its baselines, which is robust; the
    // one example is not (issue 43: while dictd's header was still read as
    // text, Debian 13's dictionary, differing from Debian 12's in its build
    // date alone, moved queen from rank 1 at every seed to ranks 3, 6, 1, 2, 2;
    // the seeds 20170712-16 give 1, 1, 5, 1, 2), so it is reported over the
    // seeds and decides nothing. The set: above random vectors by more than
    // ANALOGY_SE standard errors (seed --seed), and above the nearest word of
    // c by more than BEATS_NEAREST_SE at every seed: a structure beyond plain
    // nearness. The claim says more, "not just co-occurrence" (issue 42): the
    // learnt vectors must then answer more than PPMI+SVD, the same corpus's
    // explicit co-occurrence statistics, on the questions both can answer:
    // SGNS ahead by at least its own seed-to-seed range. Both: holds; the set
    // ahead of the nearest word at some seed but not both: partly holds (with
    // one seed there is no range, so "not just co-occurrence" is not shown);
    // the set ahead at no seed: does not hold.
    bool above_random = n_all > 0 && z > ANALOGY_SE;
    double sg_range = sp_sg.max - sp_sg.min, sg_gap = sp_sg.mean - sp_pp.mean;
    bool beyond_cooccurrence = n_scored >= 2 && n_both > 0 && sg_gap >= sg_range;
    r->measured = (double)seeds_ahead;
    r->document = (double)n_scored;
    r->tolerance = 0.0;
    r->verdict = above_random && seeds_ahead == n_scored && beyond_cooccurrence ? VERDICT_HOLDS
                 : above_random && seeds_ahead > 0                             ? VERDICT_PARTLY_HOLDS
                                                                               : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "rank_queen", asked ? (double)rank_sg : NAN);
    claim_text(r, "near_king", "%s", near_king >= 0 ? corpus->words[near_king] : "-");
    claim_value(r, "cos_king_queen", cos_kq);
    claim_value(r, "seeds", (double)n_scored);
    claim_value(r, "seeds_ahead", (double)seeds_ahead);
    claim_value(r, "z_random", z);
    claim_value(r, "queen_first", asked ? (double)queen_first : NAN);
    claim_value(r, "queen_best", asked ? (double)queen_best : NAN);
    claim_value(r, "queen_worst", asked ? (double)queen_worst : NAN);
    claim_text(r, "queen_ranks", "%s", asked ? queen_ranks : "-");
    claim_value(r, "questions", (double)n_all);
    claim_value(r, "acc", sp_acc.mean);
    claim_value(r, "acc_min", sp_acc.min);
    claim_value(r, "acc_max", sp_acc.max);
    claim_value(r, "acc_sd", sp_acc.sd);
    claim_value(r, "nearest", sp_near.mean);
    claim_value(r, "nearest_min", sp_near.min);
    claim_value(r, "nearest_max", sp_near.max);
    claim_value(r, "gender_acc", sp_gs.mean);
    claim_value(r, "gender_nearest", sp_gn.mean);
    claim_value(r, "random", acc_rand);
    claim_value(r, "sgns_both", sp_sg.mean);
    claim_value(r, "ppmi_both", sp_pp.mean);
    claim_value(r, "sgns_both_min", sp_sg.min);
    claim_value(r, "sgns_both_max", sp_sg.max);
    claim_value(r, "gap_points", 100 * sp_gap.mean);
    claim_value(r, "range_points", 100 * (sp_sg.max - sp_sg.min));
    // The lesson's case: king, man, woman or queen not in the vocabulary (the
    // lesson says so, with no rank); no question of the set askable; one seed
    // (no spread); the set ahead of c's nearest word at some seeds only; else
    // how SGNS and PPMI+SVD compare against SGNS's own seed-to-seed range:
    // within it (ties), SGNS ahead by at least it, PPMI+SVD ahead by at least it.
    const char *lesson_case = n_both == 0                ? "no_ppmi"
                              : fabs(sg_gap) < sg_range ? "ties"
                              : sg_gap > 0              ? "sgns_ahead"
                                                        : "ppmi_ahead";
    claim_case(r, !asked             ? "no_words"
                  : n_all == 0       ? "no_questions"
                  : n_scored < 2     ? "one_seed"
                  : seeds_ahead < n_scored ? "some_seeds"
                                     : lesson_case);
    claim_value(r, "min_count", (double)min_count);
    // The evidence's tables and sentences (the lesson's): spreads over the
    // seeds in percent, and which parts could be measured on this corpus.
    record_percent_spread(r, "acc", sp_acc);
    record_percent_spread(r, "nearest", sp_near);
    record_percent_spread(r, "sgns_both", sp_sg);
    record_percent_spread(r, "ppmi_both", sp_pp);
    record_percent_spread(r, "gender_acc", sp_gs);
    record_percent_spread(r, "gender_nearest", sp_gn);
    record_percent_spread(r, "gap", sp_gap);
    claim_value(r, "random_pct", 100 * acc_rand);
    claim_value(r, "beats_se", BEATS_NEAREST_SE);
    claim_value(r, "questions_both", (double)n_both);
    bool full = asked && n_all > 0 && n_both > 0;
    claim_value(r, "has_questions", n_all > 0 ? 1 : 0);
    claim_value(r, "finding_full", full ? 1 : 0);
    claim_value(r, "finding_unasked", !asked ? 1 : 0);
    claim_value(r, "finding_no_pp", !full && asked && !asked_pp ? 1 : 0);
    claim_value(r, "finding_pp", !full && asked && asked_pp ? 1 : 0);
    claim_value(r, "finding_no_questions", !full && n_all == 0 ? 1 : 0);
    claim_value(r, "finding_questions", !full && n_all > 0 ? 1 : 0);
    claim_value(r, "nothing_measured", !asked && n_all == 0 ? 1 : 0);
}

// ---- claims 0.5 and 0.6: two-sense words ------------------------------------------------------
// The words, their senses and contexts: common/words/two_senses.h.

// Mean unit vector of a sense's cue words that are in the vocabulary.
static size_t sense_centroid(const TwoSense *s, int k, float *out) {
    size_t D = (size_t)dim, n = 0;
    for (size_t i = 0; i < D; i++) out[i] = 0.0f;
    for (int j = 0; j < 6; j++) {
        long id = id_of(s->cue[k][j]);
        if (id < 0 || (size_t)id >= SEARCH_LIMIT) continue;
        for (size_t i = 0; i < D; i++) out[i] += sg->unit[(size_t)id * D + i];
        n++;
    }
    return n;
}

// Claims 0.5 and 0.6 on a corpus without the two-sense words: the evidence
// says so (words_found 0; the verdict stays the chapter's rule: does not hold).
static void sense_words_lacking(ClaimResult *r) {
    const char *words[N_TWO_SENSES];
    for (size_t s = 0; s < N_TWO_SENSES; s++) words[s] = TWO_SENSES[s].word;
    char missing[128];
    missing_words(words, N_TWO_SENSES, missing, sizeof missing);
    claim_value(r, "words_found", 0);
    claim_value(r, "missing_any", missing[0] ? 1 : 0);
    claim_text(r, "missing", "%s", missing[0] ? missing : "-");
    claim_case(r, "no_words");
    claim_value(r, "min_count", (double)min_count);
}

// The two-sense words, "bank, crane, bat, spring", as claim text "sense_words".
static void record_sense_words(ClaimResult *r) {
    char list[128] = "";
    for (size_t s = 0; s < N_TWO_SENSES; s++) {
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%s", s ? ", " : "", TWO_SENSES[s].word);
    }
    claim_text(r, "sense_words", "%s", list);
}

#define NEAR_PERCENTILE 0.90   // "near" a sense: above 90% of the word's cosines with frequent words

static void claim_static_senses(Chapter *ch, ClaimResult *r) {
    size_t mixed = 0, present = 0, pool = V < RANDOM_POOL ? V : RANDOM_POOL;
    claim_value(r, "bank_money", NAN);   // (bank absent: "-")
    claim_value(r, "bank_river", NAN);
    claim_value(r, "bank_level", NAN);
    double *all = malloc(pool * sizeof *all);
    if (!all) chapter_check(ch, GSL_ENOMEM, "claim 0.5");
    record_sense_words(r);
    claim_value(r, "pool", (double)pool);
    claim_value(r, "search_limit", SEARCH_LIMIT);
    for (size_t s = 0; s < N_TWO_SENSES; s++) {
        long w = id_of(TWO_SENSES[s].word);
        if (w < 0) continue;
        present++;
        for (size_t i = 0; i < pool; i++) all[i] = embedding_cosine(sg, (size_t)w, i);
        qsort(all, pool, sizeof *all, cmp_double);
        double level = gsl_stats_quantile_from_sorted_data(all, 1, pool, NEAR_PERCENTILE);
        double m[2];
        for (int k = 0; k < 2; k++) {
            double sum = 0.0;
            size_t n = 0;
            for (int j = 0; j < 6; j++) {
                long id = id_of(TWO_SENSES[s].cue[k][j]);
                if (id < 0) continue;
                sum += embedding_cosine(sg, (size_t)w, (size_t)id);
                n++;
            }
            m[k] = n ? sum / (double)n : NAN;
        }
        bool both = m[0] > level && m[1] > level;
        mixed += both;
        if (s == 0) {   // bank: the lesson's example
            claim_value(r, "bank_money", m[0]);
            claim_value(r, "bank_river", m[1]);
            claim_value(r, "bank_level", level);
        }
        claim_row(r, "senses");
        claim_cell_text(r, "senses", "word", "%s", TWO_SENSES[s].word);
        claim_cell_text(r, "senses", "sense_a", "%s", TWO_SENSES[s].sense[0]);
        claim_cell(r, "senses", "cos_a", m[0]);   // (NaN: none of the sense's cue words is in the vocabulary)
        claim_cell_text(r, "senses", "sense_b", "%s", TWO_SENSES[s].sense[1]);
        claim_cell(r, "senses", "cos_b", m[1]);
        claim_cell(r, "senses", "level", level);
        claim_cell(r, "senses", "both", both ? 1 : 0);
        record_neighbours(r, "near", TWO_SENSES[s].word, sg->unit + (size_t)w * sg->d, w, 12);
    }
    free(all);
    r->measured = (double)mixed;
    r->document = (double)present;
    r->tolerance = 1.0;
    r->verdict = present > 0 && mixed + 1 >= present && mixed >= 2 ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "mixed", (double)mixed);
    claim_value(r, "present", (double)present);
    if (present == 0) {
        sense_words_lacking(r);
        return;
    }
    claim_value(r, "words_found", 1);
    claim_value(r, "holds", r->verdict == VERDICT_HOLDS ? 1 : 0);
}

// The context's tokens (in the vocabulary) and the position of the word.
static size_t context_ids(const char *sentence, const char *word, long *ids, size_t max, size_t *at) {
    size_t n = 0;
    *at = (size_t)-1;
    const char *p = sentence;
    while (*p && n < max) {
        while (*p == ' ') p++;
        const char *q = p;
        while (*q && *q != ' ') q++;
        char buf[CORPUS_MAX_WORD + 1];
        size_t len = (size_t)(q - p) < CORPUS_MAX_WORD ? (size_t)(q - p) : CORPUS_MAX_WORD;
        memcpy(buf, p, len);
        buf[len] = '\0';
        long id = len ? id_of(buf) : -1;
        if (id >= 0) {
            if (strcmp(buf, word) == 0 && *at == (size_t)-1) *at = n;
            ids[n++] = id;
        }
        p = q;
    }
    return n;
}

// One attention layer, no training: W_Q = W_K = W_V = I, inputs x_j = E[token_j]
// (the trained SGNS rows), scores x_t . x_j / sqrt(d) over every token j of the
// context (the word itself included), softmax, output sum_j a_j x_j at the word's
// position t. Returns the weight the word gives itself.
static double attend(const long *ids, size_t n, size_t t, float *out) {
    size_t D = (size_t)dim;
    double w[64] = {0}, mx = -INFINITY, z = 0.0;
    const float *xt = E + (size_t)ids[t] * D;
    for (size_t j = 0; j < n; j++) {
        double s = 0.0;
        for (size_t i = 0; i < D; i++) s += (double)xt[i] * E[(size_t)ids[j] * D + i];
        w[j] = s / sqrt((double)D);
        mx = fmax(mx, w[j]);
    }
    for (size_t j = 0; j < n; j++) z += (w[j] = exp(w[j] - mx));
    for (size_t i = 0; i < D; i++) out[i] = 0.0f;
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < D; i++) out[i] += (float)(w[j] / z) * E[(size_t)ids[j] * D + i];
    return w[t] / z;
}

// The plain average of the context's rows (the word included): attention
// with every weight 1/n, which is what it becomes when no score stands out.
static void average(const long *ids, size_t n, float *out) {
    size_t D = (size_t)dim;
    for (size_t i = 0; i < D; i++) out[i] = 0.0f;
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < D; i++) out[i] += E[(size_t)ids[j] * D + i] / (float)n;
}

// "Attention adds nothing here": its mean margin is not above the plain
// average's by more than 0.02 (a tenth of the margins' size, about +0.25).
#define ATTENTION_ADDS 0.02

// How well one way of mixing the context separates the senses.
typedef struct {
    double margin_sum;             // sum over contexts of the margin
    size_t right;                  // contexts whose vector is nearer its own sense's cues
    size_t pairs_right;            // words whose two context vectors each sit nearer their own sense
} MixScore;

// Whether both contexts' vectors of one word (vec[k], k = sense) sit nearer
// their own sense's cue centroid than the other context's vector does; the
// four cosines into own[k] (vec[k] to cent[k]) and other[k] (vec[1-k] to cent[k]).
static bool pair_separates(const float vec[2][512], const float cent[2][512], size_t D, double *own, double *other) {
    own[0] = vector_cosine(vec[0], cent[0], D), other[0] = vector_cosine(vec[1], cent[0], D);
    own[1] = vector_cosine(vec[1], cent[1], D), other[1] = vector_cosine(vec[0], cent[1], D);
    return own[0] > other[0] && own[1] > other[1];
}

static void claim_contextual(Chapter *ch, ClaimResult *r) {
    size_t D = (size_t)dim, asked = 0, static_right = 0, pair_asked = 0;
    MixScore att = {0}, avg = {0};
    double self_sum = 0.0, uniform_sum = 0.0;
    float cent[2][512], attvec[2][512], avgvec[2][512], bankvec[2][512];
    claim_value(r, "d", (double)D);
    record_sense_words(r);
    for (size_t s = 0; s < N_TWO_SENSES; s++) {
        long w = id_of(TWO_SENSES[s].word);
        if (w < 0 || D > 512) continue;
        if (sense_centroid(&TWO_SENSES[s], 0, cent[0]) == 0 || sense_centroid(&TWO_SENSES[s], 1, cent[1]) == 0) continue;
        bool have[2] = {false, false};
        double static_margin = vector_cosine(sg->unit + (size_t)w * D, cent[0], D) -
                               vector_cosine(sg->unit + (size_t)w * D, cent[1], D);
        for (int k = 0; k < 2; k++) {
            long ids[64];
            size_t at, n = context_ids(TWO_SENSES[s].context[k], TWO_SENSES[s].word, ids, 64, &at);
            if (at == (size_t)-1) continue;
            double self = attend(ids, n, at, attvec[k]);
            average(ids, n, avgvec[k]);
            double m_att = vector_cosine(attvec[k], cent[k], D) - vector_cosine(attvec[k], cent[1 - k], D);
            double m_avg = vector_cosine(avgvec[k], cent[k], D) - vector_cosine(avgvec[k], cent[1 - k], D);
            double smargin = k == 0 ? static_margin : -static_margin;
            asked++;
            att.margin_sum += m_att;
            att.right += m_att > 0;
            avg.margin_sum += m_avg;
            avg.right += m_avg > 0;
            static_right += smargin > 0;
            self_sum += self;
            uniform_sum += 1.0 / (double)n;
            claim_row(r, "ctx");
            claim_cell_text(r, "ctx", "word", "%s", TWO_SENSES[s].word);
            claim_cell_text(r, "ctx", "sense", "%s", TWO_SENSES[s].sense[k]);
            claim_cell(r, "ctx", "attention", m_att);
            claim_cell(r, "ctx", "average", m_avg);
            claim_cell(r, "ctx", "static", smargin);
            claim_cell(r, "ctx", "self", self);
            claim_cell(r, "ctx", "uniform", 1.0 / (double)n);
            claim_cell(r, "ctx", "tokens", (double)n);
            if (s == 0) memcpy(bankvec[k], attvec[k], sizeof bankvec[k]);
            have[k] = true;
        }
        if (have[0] && have[1]) {
            // each context's vector nearer its own sense than the other context's vector is
            double own[2], other[2], own_avg[2], other_avg[2];
            bool ok = pair_separates((const float(*)[512])attvec, (const float(*)[512])cent, D, own, other);
            bool ok_avg = pair_separates((const float(*)[512])avgvec, (const float(*)[512])cent, D, own_avg, other_avg);
            pair_asked++;
            att.pairs_right += ok;
            avg.pairs_right += ok_avg;
            claim_row(r, "pairs");
            claim_cell_text(r, "pairs", "word", "%s", TWO_SENSES[s].word);
            claim_cell_text(r, "pairs", "sense_a", "%s", TWO_SENSES[s].sense[0]);
            claim_cell_text(r, "pairs", "sense_b", "%s", TWO_SENSES[s].sense[1]);
            claim_cell(r, "pairs", "own_a", own[0]);
            claim_cell(r, "pairs", "other_a", other[0]);
            claim_cell(r, "pairs", "own_b", own[1]);
            claim_cell(r, "pairs", "other_b", other[1]);
            claim_cell(r, "pairs", "separated", ok ? 1 : 0);
            claim_cell(r, "pairs", "average_separated", ok_avg ? 1 : 0);
        }
        if (s == 0) {   // bank's nearest words: static, then in each context (attention's vector)
            char list[20 * (CORPUS_MAX_WORD + 8)];
            claim_value(r, "bank_shown", 1);
            claim_text(r, "bank_sense_a", "%s", TWO_SENSES[0].sense[0]);
            claim_text(r, "bank_sense_b", "%s", TWO_SENSES[0].sense[1]);
            neighbour_list(sg, sg->unit + (size_t)w * D, w, SEARCH_LIMIT, 8, list, sizeof list);
            claim_text(r, "bank_static", "%s", list);
            for (int k = 0; k < 2; k++) {
                neighbour_list(sg, bankvec[k], w, SEARCH_LIMIT, 8, list, sizeof list);
                claim_text(r, k == 0 ? "bank_context_a" : "bank_context_b", "%s", list);
            }
        }
    }
    if (id_of("bank") >= 0 && D <= 512) write_senses_data(ch, (const float(*)[512])bankvec);
    r->measured = (double)att.pairs_right;
    r->document = (double)pair_asked;
    r->tolerance = 0.0;
    r->verdict = pair_asked >= 2 && att.pairs_right == pair_asked ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "has_contexts", asked > 0 ? 1 : 0);
    if (pair_asked == 0) {
        sense_words_lacking(r);
        return;
    }
    double m_att = att.margin_sum / (double)asked, m_avg = avg.margin_sum / (double)asked;
    claim_value(r, "words", (double)pair_asked);
    claim_value(r, "pairs_attention", (double)att.pairs_right);
    claim_value(r, "pairs_average", (double)avg.pairs_right);
    claim_value(r, "contexts", (double)asked);
    claim_value(r, "margin_attention", m_att);
    claim_value(r, "margin_average", m_avg);
    claim_value(r, "self_weight", self_sum / (double)asked);
    claim_value(r, "uniform_weight", uniform_sum / (double)asked);
    claim_value(r, "adds_band", ATTENTION_ADDS);
    claim_case(r, m_att <= m_avg + ATTENTION_ADDS && avg.pairs_right >= att.pairs_right   ? "average_as_good"
                  : m_att > m_avg + ATTENTION_ADDS && att.pairs_right >= avg.pairs_right ? "attention_ahead"
                                                                                         : "mixed");
    claim_value(r, "words_found", 1);
    claim_value(r, "contexts_right", (double)att.right);
    claim_value(r, "static_right", (double)static_right);
    claim_value(r, "self_heavier", self_sum > uniform_sum ? 1 : 0);
}

// Claim 0.1 runs first: it also writes the chapter's shared files.
static void claim_ids_and_files(Chapter *ch, ClaimResult *r) { claim_ids(ch, r); }

// The statements and the reasons for the expected verdicts are the lessons'
// (lessons/LANG/ch00.md: says: and expected:), in the reader's language.
static const ClaimDef CLAIMS[] = {
    {"0.1", "Doc C §一", VERDICT_HOLDS, claim_ids_and_files, SCOPE_COURSE, WEIGHT_NONE},
    {"0.2", "Doc C §一, §七", VERDICT_HOLDS, claim_lookup, SCOPE_COURSE, WEIGHT_NONE},
    {"0.3", "Doc C §二", VERDICT_HOLDS, claim_related, SCOPE_COURSE, WEIGHT_NONE},
    {"0.4", "Doc C §二", VERDICT_PARTLY_HOLDS, claim_analogy, SCOPE_COURSE, WEIGHT_NONE},
    {"0.5", "Doc C §三", VERDICT_HOLDS, claim_static_senses, SCOPE_COURSE, WEIGHT_NONE},
    {"0.6", "Doc C §三", VERDICT_HOLDS, claim_contextual, SCOPE_COURSE, WEIGHT_NONE},
};

// Remove the (empty) folders from 'out' up to 'made_from', leaf first: the
// ones the early --out check created ("" = none).
static void remove_made_folders(const char *out, const char *made_from) {
    if (made_from[0] == '\0') return;
    char path[4096];
    snprintf(path, sizeof path, "%s", out);
    for (;;) {
        rmdir(path);
        if (strcmp(path, made_from) == 0) break;
        char *slash = strrchr(path, '/');
        if (slash == NULL || slash == path) break;
        *slash = '\0';
    }
}

// ---- the student's questions: --analogy A B C, --neighbours WORD... -----------------------
// Asked of the vectors of --seed (the cache's, after the first run): the
// answers are printed and the program stops, writing nothing in --out.

static bool asking(void) { return analogy_words.n > 0 || neighbour_words.n > 0; }

// A question's word as the vocabulary spells it: ASCII letters folded to
// lower case (as corpus.h folds the text); -1 when it is not in it.
static long question_word(const char *word, char *folded, size_t size) {
    snprintf(folded, size, "%s", word);
    for (char *p = folded; *p; p++)
        if (*p >= 'A' && *p <= 'Z') *p = (char)(*p - 'A' + 'a');
    return strlen(word) <= CORPUS_MAX_WORD ? id_of(folded) : -1;
}

// Every word of the questions in the vocabulary, or one line naming the first that is not (exit 2).
static int check_question_words(void) {
    const OptionWords *lists[2] = {&analogy_words, &neighbour_words};
    const char *names[2] = {"--analogy", "--neighbours"};
    for (int l = 0; l < 2; l++)
        for (size_t i = 0; i < lists[l]->n; i++) {
            char folded[CORPUS_MAX_WORD + 64];
            if (question_word(lists[l]->words[i], folded, sizeof folded) >= 0) continue;
            char accepted[160];
            snprintf(accepted, sizeof accepted, "not in the vocabulary (its words are lower case, seen at least "
                     "--min-count %ld times)", min_count);
            options_reject("ch00", names[l], lists[l]->words[i], accepted);
            return EXIT_BAD_INPUT;
        }
    return CHAPTER_CONTINUE;
}

// A - B + C (the course's orientation: king man woman is king - man + woman),
// nearest by cosine among the first 'limit' rows of e, A, B and C left out.
static size_t analogy_answers(const Embedding *e, const long *abc, size_t limit, size_t k, long *ids, double *sims) {
    size_t D = e->d;
    float q[1000];   // d <= 1000 (--dim)
    for (size_t i = 0; i < D; i++)   // the same sum, in the same order, as embedding_analogy's b - a + c
        q[i] = e->unit[(size_t)abc[0] * D + i] - e->unit[(size_t)abc[1] * D + i] + e->unit[(size_t)abc[2] * D + i];
    return embedding_nearest(e, q, limit, abc, 3, k, ids, sims);
}

static void answer_questions(const Chapter *ch) {
    size_t k = (size_t)top_n, limit = V < SEARCH_LIMIT ? V : SEARCH_LIMIT;
    char folded[3][CORPUS_MAX_WORD + 64];
    printf(_("On the SGNS vectors of seed %ld (d = %ld, %s), among the %zu most frequent words:\n"), ch->seed, dim,
           course.from_cache ? _("read from the cache") : _("trained now and cached"), limit);
    if (analogy_words.n == 3) {
        long abc[3];
        for (int i = 0; i < 3; i++) abc[i] = question_word(analogy_words.words[i], folded[i], sizeof folded[i]);
        static long ids[3][MAX_TOP];
        static double sims[3][MAX_TOP];
        size_t found[3];
        char head[3][3 * CORPUS_MAX_WORD + 200];
        snprintf(head[0], sizeof head[0], "%s - %s + %s", folded[0], folded[1], folded[2]);
        found[0] = analogy_answers(sg, abc, limit, k, ids[0], sims[0]);
        // the same question without the arithmetic: the words nearest A alone (B and C left out, as above)
        snprintf(head[1], sizeof head[1], _("%s alone"), folded[0]);
        found[1] = embedding_nearest(sg, sg->unit + (size_t)abc[0] * sg->d, limit, abc, 3, k, ids[1], sims[1]);
        size_t n = 2;
        bool pp_can = (size_t)abc[0] < K && (size_t)abc[1] < K && (size_t)abc[2] < K;
        if (pp_can) {
            snprintf(head[2], sizeof head[2], "PPMI+SVD");
            found[2] = analogy_answers(pp, abc, K, k, ids[2], sims[2]);
            n = 3;
        }
        printf(_("\n%s - %s + %s: the nearest words by cosine (%s, %s and %s left out); beside them\n"
               "the words nearest %s alone (no arithmetic)%s:\n"),
               folded[0], folded[1], folded[2], folded[0], folded[1], folded[2], folded[0],
               pp_can ? _(", and the answers of PPMI+SVD (counting, no training)") : "");
        const char *heads[3] = {head[0], head[1], head[2]};
        print_columns(heads, (const long(*)[MAX_TOP])ids, (const double(*)[MAX_TOP])sims, found, n);
        if (!pp_can) printf(_("  (PPMI+SVD not asked: it keeps only the %zu most frequent words)\n"), K);
        if (found[0] && found[1] && ids[0][0] == ids[1][0])
            printf(_("  %s is already the word nearest %s: here the arithmetic is not what finds it.\n"),
                   corpus->words[ids[0][0]], folded[0]);
    }
    if (neighbour_words.n > 0) {
        printf(_("\nNearest words by cosine:\n"));
        for (size_t first = 0; first < neighbour_words.n; first += 4) {
            static long ids[4][MAX_TOP];
            static double sims[4][MAX_TOP];
            size_t found[4], n = 0;
            char head[4][CORPUS_MAX_WORD + 64];
            const char *heads[4];
            for (size_t w = first; w < neighbour_words.n && n < 4; w++, n++) {
                long id = question_word(neighbour_words.words[w], head[n], sizeof head[n]);
                found[n] = neighbours(sg, id, limit, k, ids[n], sims[n]);
                heads[n] = head[n];
            }
            if (first > 0) printf("\n");
            print_columns(heads, (const long(*)[MAX_TOP])ids, (const double(*)[MAX_TOP])sims, found, n);
        }
    }
}

int main(int argc, char **argv) {
    parallel_blas_single_thread();
    Chapter ch = {
        .program = "ch00",
        .claims = CLAIMS,
        .n_claims = sizeof CLAIMS / sizeof CLAIMS[0],
    };
    long top_given = 0;   // --top: 0 = not given (10)
    const OptionSpec options[] = {
        {"--corpus", OPTION_TEXT, &corpus_path, 0, 0, 0, "FILE",
         N_("plain UTF-8 text to train on, a file or a pipe such as /dev/stdin, at most 512 MiB (default: the GCIDE "
         "dictionary)")},
        {"--gcide", OPTION_TEXT, &gcide_path, 0, 0, 0, "FILE",
         N_("the dictionary's dictzip file, NAME.dict.dz, with its dictd index NAME.index beside it")},
        {"--dim", OPTION_INT, &dim, 2, 1000, 0, "N", N_("vector width d")},
        {"--window", OPTION_INT, &window_size, 1, 20, 0, "N", N_("context window")},
        {"--negative", OPTION_INT, &negative, 1, W2V_MAX_NEGATIVE, 0, "N", N_("negative samples per pair")},
        {"--epochs", OPTION_INT, &epochs, 1, 50, 0, "N", N_("passes over the corpus")},
        {"--min-count", OPTION_INT, &min_count, 1, 1000000, 0, "N", N_("keep words seen at least N times")},
        {"--threads", OPTION_INT, &threads, 1, W2V_SHARDS, 0, "N", N_("threads, 1 or 2; the vectors do not depend on it")},
        {"--lr", OPTION_REAL, &lr, 1e-5, MAX_LR, 0, "X",
         N_("starting learning rate, at most 0.2: with the other defaults GCIDE's training blows up above it "
         "(0.25: loss 4e11; 0.3: infinite)")},
        {"--sample", OPTION_REAL, &sample, 0.0, 1.0, 0, "X", N_("subsampling threshold, 0 = off")},
        {"--noise-power", OPTION_REAL, &noise_power, 0.0, 1.0, 0, "X", N_("negatives are drawn with probability ~ count^X")},
        {"--svd-vocab", OPTION_INT, &svd_vocab, 10, 20000, 0, "N", N_("PPMI + SVD on the N most frequent words")},
        {"--seeds", OPTION_INT, &n_seeds, 1, MAX_SEEDS, 0, "N",
         N_("claim 0.4 trains (or reads from the cache) the vectors of N seeds, --seed to --seed + N - 1, and "
         "reports their spread; the first run trains each once")},
        CACHE_OPTION_SPECS(cache_dir, retrain, N_("trained vectors are kept here (default: 'cache' beside --out)")),
        {"--analogy", OPTION_TEXT, &analogy_words, 3, 3, OPTION_WORDS, "A B C",
         N_("print the words nearest A - B + C (king man woman: king - man + woman), beside the words nearest A "
         "alone, and stop: no claims, nothing written; reads the cached vectors of --seed (seconds after the "
         "first run)")},
        {"--neighbours", OPTION_TEXT, &neighbour_words, 1, OPTION_MAX_WORDS, OPTION_WORDS, "WORD...",
         N_("print the words nearest each WORD (up to 16 words) and stop, as --analogy")},
        {"--top", OPTION_INT, &top_given, 1, MAX_TOP, 0, "N", N_("answers printed per question")},
    };
    int status = chapter_begin(&ch, argc, argv, options, sizeof options / sizeof options[0]);
    if (status != CHAPTER_CONTINUE) return status;
    if (corpus_path && corpus_path[0] == '\0') return chapter_reject(&ch, "--corpus", corpus_path, _("expected a file name"));
    if (gcide_path[0] == '\0') return chapter_reject(&ch, "--gcide", gcide_path, _("expected a file name"));
    if (top_given && !asking()) {
        char value[32];
        snprintf(value, sizeof value, "%ld", top_given);
        return chapter_reject(&ch, "--top", value, _("only used with --analogy or --neighbours"));
    }
    if (asking() && ch.only_claim)
        return chapter_reject(&ch, "--claim", ch.only_claim,
                              _("not with --analogy or --neighbours, which print their answers and stop (no claims run)"));
    if (top_given) top_n = top_given;
    char default_cache[4200];
    cache_dir = cache_folder(cache_dir, ch.out, default_cache, sizeof default_cache);
    // The output folder is checked before the corpus is read and the vectors
    // trained (minutes): an unusable --out fails at once. A folder this makes
    // is removed again if the corpus then turns out to be bad input. The
    // questions write nothing there.
    char made_from[4096] = "";
    if (!asking()) {
        char probe[4096];
        snprintf(probe, sizeof probe, "%s", ch.out ? ch.out : "ch00");
        struct stat st;
        while (stat(probe, &st) != 0) {   // the highest folder on the path that does not exist yet
            snprintf(made_from, sizeof made_from, "%s", probe);
            char *slash = strrchr(probe, '/');
            if (slash == NULL || slash == probe) break;
            *slash = '\0';
        }
        char why[256];
        if (!output_dir_prepare(ch.out ? ch.out : "ch00", why, sizeof why)) {
            char accepted[300];
            snprintf(accepted, sizeof accepted, _("%s; choose a folder you can write to"), why);
            return chapter_reject(&ch, "--out", ch.out ? ch.out : "ch00", accepted);
        }
    }
    // The course seed's vectors: the cache's, or trained. A question's words
    // are checked as soon as the vocabulary is known, before any training.
    status = read_corpus();
    bool cached = status == CHAPTER_CONTINUE && vectors_cached(&ch, (unsigned long)ch.seed, &course);
    if (status == CHAPTER_CONTINUE && !cached) {
        if (asking())
            printf(_("No cached vectors for these settings yet (%s): training them first, once; the next\n"
                   "question reads them from the cache in seconds.\n"), cache_dir);
        status = build_corpus(&ch);
    }
    if (status == CHAPTER_CONTINUE && asking()) status = check_question_words();
    // On a terminal, the corpus words trained of all while the seeds train (common/base/progress.h):
    // each seed's epochs x words; a seed the cache has counts as done.
    bool other_seeds = status == CHAPTER_CONTINUE && !asking() && chapter_wants(&ch, "0.4");
    uint64_t seeds_left = (cached ? 0 : 1) + (other_seeds ? (uint64_t)n_seeds - 1 : 0);
    if (status == CHAPTER_CONTINUE)
        progress_start(ch.program, ch.quiet, PROGRESS_WORDS, seeds_left * n_tokens * (uint64_t)epochs, 1);
    if (status == CHAPTER_CONTINUE && !cached) status = vectors_train(&ch, (unsigned long)ch.seed, &course);
    // Claim 0.4's other seeds, scored before any output is written.
    if (status == CHAPTER_CONTINUE && other_seeds) status = score_other_seeds(&ch);
    progress_end();
    if (status != CHAPTER_CONTINUE) {
        remove_made_folders(ch.out ? ch.out : "ch00", made_from);
        corpus_file_free();
        corpus_free(corpus);
        vectors_free(&course);
        return status;
    }
    corpus_file_free();
    E = course.E;
    P = course.P;
    K = course.K;
    sg = embedding_new(E, V, (size_t)dim);
    pp = embedding_new(P, K, (size_t)dim);
    if (!sg || !pp) chapter_check(&ch, GSL_ENOMEM, "normalising the vectors");
    if (asking()) {
        answer_questions(&ch);
    } else {
        if (course.from_cache) {
            chapter_detail(&ch, "vectors from the cache (%s): V = %zu, d = %ld, trained on %zu words\n", cache_dir, V, dim,
                        n_tokens);
            chapter_detail(&ch, "(trained in %.1f s, %.0f words/s)\n", course.train_seconds, course.train_wps);
        }
        chapter_run_claims(&ch);
        if (!ch.only_claim) {
            write_vectors(&ch);
            write_tables(&ch);
            write_pca(&ch);
        }
    }
    embedding_free(sg);
    embedding_free(pp);
    corpus_free(corpus);
    vectors_free(&course);
    if (!asking()) return chapter_end(&ch);
    return fflush(stdout) == 0 && !ferror(stdout) ? EXIT_AS_EXPECTED : EXIT_IO_FAILED;
}
