// seeds.c: claim 0.4's seeds (see ch00.h): one seed's vectors scored on the
// workbook's analogy set (3CosAdd, the nearest word of c, PPMI + SVD), and
// the other seeds (--seed + 1 .. --seed + --seeds - 1) read from the cache or
// trained two at a time, scored and freed before any output is written.
// Moved from chapters/ch00_word_vectors.c: claim_analogy there reads
// seed_scores.
#include "ch00.h"

#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "base/progress.h"
#include "words/analogies.h"


SeedScore seed_scores[MAX_SEEDS];

// The word nearest c among the first 'limit' rows, a, b and c excluded: the
// first of c's three nearest words (c excluded) that is neither a nor b.
// Cached per c: a category asks about each c many times.
typedef struct {
    long c;
    long near[3];
    size_t n;
} NearCache;

static long nearest_of_c(const Embedding *e, size_t limit, long a, long b, long c, NearCache *cache, size_t *n_cache,
                         size_t cap) {
    NearCache *hit = NULL;
    for (size_t i = 0; i < *n_cache; i++)
        if (cache[i].c == c) hit = &cache[i];
    NearCache fresh = {.c = c};
    if (hit == NULL) {
        double sims[3];
        fresh.n = embedding_nearest(e, e->unit + (size_t)c * e->d, limit, &c, 1, 3, fresh.near, sims);
        hit = *n_cache < cap ? &cache[(*n_cache)++] : &fresh;
        *hit = fresh;
    }
    for (size_t i = 0; i < hit->n; i++)
        if (hit->near[i] != a && hit->near[i] != b) return hit->near[i];
    return -1;
}

// Score one seed's vectors (SGNS 'e', PPMI 'p' of K rows) on the set.
SeedScore score_seed(unsigned long seed, const Embedding *e, const Embedding *p, size_t k) {
    SeedScore s = {.seed = seed, .rank_queen = -1};
    size_t limit = V < SEARCH_LIMIT ? V : SEARCH_LIMIT;
    NearCache cache[64];
    for (size_t c = 0; c < ANALOGY_CATEGORIES; c++) {
        size_t n_cache = 0;
        for (size_t q = 0; q < analogy_questions(c); q++) {
            const char *w[4];
            analogy_question(c, q, w);
            long id[4];
            bool ok = true, both = true;
            for (int i = 0; i < 4; i++) {
                id[i] = id_of(w[i]);
                ok = ok && id[i] >= 0 && (size_t)id[i] < limit;
                both = both && ok && (size_t)id[i] < k;
            }
            if (!ok) continue;
            bool right = embedding_analogy(e, id[0], id[1], id[2], id[3], limit, NULL) == id[3];
            s.asked[c]++;
            s.right[c] += right;
            s.nearest[c] += nearest_of_c(e, limit, id[0], id[1], id[2], cache, &n_cache, 64) == id[3];
            if (both) {
                s.asked_both[c]++;
                s.right_both[c] += right;
                s.right_pp[c] += embedding_analogy(p, id[0], id[1], id[2], id[3], k, NULL) == id[3];
            }
        }
    }
    long king = id_of("king"), man = id_of("man"), woman = id_of("woman"), queen = id_of("queen");
    if (king >= 0 && man >= 0 && woman >= 0 && queen >= 0) embedding_analogy(e, man, king, woman, queen, limit, &s.rank_queen);
    return s;
}

// Claim 0.4's other seeds (--seed + 1 .. --seed + --seeds - 1): their vectors
// from the cache or trained, scored, and freed. Before any output is written
// (training may fail as the course seed's may).
int score_other_seeds(Chapter *ch) {
    for (long i = 1; i < n_seeds; i += 2) {   // two at a time (vectors_for_seeds)
        size_t n = i + 1 < n_seeds ? 2 : 1;
        unsigned long seeds[2] = {(unsigned long)ch->seed + (unsigned long)i, (unsigned long)ch->seed + (unsigned long)i + 1};
        Vectors v[2];
        int status = vectors_for_seeds(ch, seeds, n, v);
        for (size_t j = 0; j < n; j++) {
            if (status == CHAPTER_CONTINUE) {
                if (v[j].from_cache) progress_skip(n_tokens * (uint64_t)epochs);   // (main's progress line: done, untrained)
                Embedding *e = embedding_new(v[j].E, V, (size_t)dim), *p = embedding_new(v[j].P, v[j].K, (size_t)dim);
                if (!e || !p) chapter_check(ch, GSL_ENOMEM, "normalising the vectors");
                seed_scores[i + j] = score_seed(seeds[j], e, p, v[j].K);
                embedding_free(e);
                embedding_free(p);
            }
            vectors_free(&v[j]);
        }
        if (status != CHAPTER_CONTINUE) return status;
    }
    return CHAPTER_CONTINUE;
}

// Mean, sample sd (0 for one value), min and max of x[0..n).
Spread spread_of(const double *x, size_t n) {
    Spread s = {.mean = gsl_stats_mean(x, 1, n), .sd = n > 1 ? gsl_stats_sd(x, 1, n) : 0.0, .min = x[0], .max = x[0]};
    for (size_t i = 1; i < n; i++) {
        s.min = fmin(s.min, x[i]);
        s.max = fmax(s.max, x[i]);
    }
    return s;
}

// A spread over the seeds in percent (points for a difference), as the
// evidence's tables show it: NAME_pct, NAME_sd_pct, NAME_min_pct, NAME_max_pct.
void record_percent_spread(ClaimResult *r, const char *name, Spread sp) {
    const char *part[4] = {"pct", "sd_pct", "min_pct", "max_pct"};
    double x[4] = {sp.mean, sp.sd, sp.min, sp.max};
    for (int i = 0; i < 4; i++) {
        char full[64];
        snprintf(full, sizeof full, "%s_%s", name, part[i]);
        claim_value(r, full, 100 * x[i]);
    }
}
