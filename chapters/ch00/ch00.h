// ch00.h: what chapter 0's own files share. The chapter is
// chapters/ch00_word_vectors.c, read top to bottom as the lesson: settings,
// the model, claim by claim, the student's questions. Beside it, compiled
// into the same program (CMakeLists.txt, target ch00), the parts it calls
// that are machinery rather than lesson, each used by chapter 0 alone:
//   vectors.c   the trained model: corpus, cache, SGNS and PPMI + SVD (vectors.h; the cache key's code)
//   pairs.c     claims 0.1 and 0.3's word pairs: related, random, re-paired, and pairs.dat
//   seeds.c     claim 0.4's score of one seed's vectors, its other seeds read or trained, their spread
//   files.c     data files for the reader and the figures: vectors.txt, neighbours.txt,
//               analogy_questions.txt, model.dat, senses.dat, and pca.dat with its labels placed
//   answers.c   the answers to the student's questions, laid out in columns
// (What is about word vectors in general and runs nothing is in common/words/:
// the analogy set, the related pairs, the two-sense words.)
#ifndef WORKBOOK_CH00_H
#define WORKBOOK_CH00_H
#include "words/analogies.h"
#include "words/embedding.h"
#include "words/related_pairs.h"
#include "run/chapter.h"
#include "vectors.h"

enum {
    SEARCH_LIMIT = 30000,     // analogies and neighbours among the 30000 most frequent words
    N_RANDOM_PAIRS = 2000,    // random pairs for 0.1 and 0.3
    RANDOM_POOL = 10000,      // random pairs are drawn among the 10000 most frequent words
    MAX_SEEDS = 10,           // --seeds at most
    MAX_TOP = 50,             // --top at most: answers printed per question
};

extern long n_seeds;              // --seeds (the chapter's settings)

// ---- the course seed's vectors, which every claim reads (the chapter's model) ----
extern Vectors course;            // the vectors of --seed
extern float *E;                  // course.E (V, d)
extern float *P;                  // course.P (K, d)
extern size_t K;                  // course.K
extern Embedding *sg, *pp;        // unit-row copies of E and P

static inline long id_of(const char *w) { return corpus ? corpus_find(corpus, w) : -1; }

// Neighbours of a word: the k (<= 20) nearest among the first 'limit' rows of e, the word left out.
size_t neighbours(const Embedding *e, long w, size_t limit, size_t k, long *ids, double *sims);

// ---- pairs.c: claims 0.1 and 0.3's pairs ----
typedef struct {
    double related[N_RELATED_PAIRS];
    long related_gap[N_RELATED_PAIRS];    // |id_a - id_b|
    double related_freq[N_RELATED_PAIRS]; // |log count_a - log count_b|
    size_t n_related;
    double random[N_RANDOM_PAIRS];
    double random_gap[N_RANDOM_PAIRS];
    double random_freq[N_RANDOM_PAIRS];
    double random_ids[2 * N_RANDOM_PAIRS];   // both words' ids of each random pair
    double related_ids[2 * N_RELATED_PAIRS];       // both words' ids of each related pair (n_related pairs)
    double random_p95;              // 95th percentile of random-pair cosines
    // The related pairs' words re-paired: the first word of one pair with the
    // second of another (none of them a related pair): the same words, so the
    // same frequencies and ids, with the relation taken away.
    double repaired[N_RELATED_PAIRS * N_RELATED_PAIRS];
    double repaired_gap[N_RELATED_PAIRS * N_RELATED_PAIRS];
    size_t n_repaired;
} PairStats;

extern PairStats pairs;

int cmp_double(const void *a, const void *b);   // qsort's order of doubles
// The pairs and their cosines on the course seed's vectors (once; writes pairs.dat).
void pairs_ensure(Chapter *ch);

// ---- seeds.c: claim 0.4's seeds ----

// The answers of one seed's vectors, per category.
typedef struct {
    unsigned long seed;
    size_t asked[ANALOGY_CATEGORIES];       // questions whose four words are among the 30000 most frequent
    size_t right[ANALOGY_CATEGORIES];       // 3CosAdd (SGNS) right
    size_t nearest[ANALOGY_CATEGORIES];     // the nearest word of c (SGNS) right
    size_t asked_both[ANALOGY_CATEGORIES];  // ... whose words are also among PPMI's K
    size_t right_both[ANALOGY_CATEGORIES];  // 3CosAdd (SGNS) right among those
    size_t right_pp[ANALOGY_CATEGORIES];    // 3CosAdd (PPMI + SVD) right among those
    long rank_queen;                        // rank of queen for king - man + woman (SGNS), -1: not asked
} SeedScore;

extern SeedScore seed_scores[MAX_SEEDS];

SeedScore score_seed(unsigned long seed, const Embedding *e, const Embedding *p, size_t k);
int score_other_seeds(Chapter *ch);
// Mean, sample sd (0 for one value), min and max of x[0..n).
typedef struct {
    double mean, sd, min, max;
} Spread;
Spread spread_of(const double *x, size_t n);
// A spread over the seeds in percent (points for a difference), as the
// evidence's tables show it: NAME_pct, NAME_sd_pct, NAME_min_pct, NAME_max_pct.
void record_percent_spread(ClaimResult *r, const char *name, Spread sp);

// ---- files.c: the chapter's other data files ----
void write_vectors(Chapter *ch);
void write_tables(Chapter *ch);
void write_pca(Chapter *ch);
void write_senses_data(Chapter *ch, const float ctxvec[2][512]);

// ---- answers.c: the student's questions' answers on the terminal ----
// Print ranked answers side by side: one column per question (n <= 4), k rows.
void print_columns(const char *const *heads, const long (*ids)[MAX_TOP], const double (*sims)[MAX_TOP],
                   const size_t *found, size_t n);
#endif
