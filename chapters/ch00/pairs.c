// pairs.c: claims 0.1 and 0.3's word pairs (see ch00.h): the workbook's
// related pairs (common/words/related_pairs.h), random pairs among the most
// frequent words, and the related pairs' words re-paired, each with its
// cosine, id gap and frequency ratio on the course seed's vectors; pairs.dat
// for plots/ch00_similarity.gp. Moved from chapters/ch00_word_vectors.c:
// the claims read these numbers, this makes them.
#include "ch00.h"

#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/random.h"


PairStats pairs;
static bool pairs_ready;

int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

// How unalike two words' frequencies are: |log count_a - log count_b|.
static double log_count_ratio(long a, long b) {
    return fabs(log((double)corpus->counts[a]) - log((double)corpus->counts[b]));
}

void pairs_ensure(Chapter *ch) {
    if (pairs_ready) return;
    pairs_ready = true;
    gsl_rng *rng = random_new((unsigned long)ch->seed + 3);   // the same pairs for 0.1 and 0.3
    size_t pool = V < RANDOM_POOL ? V : RANDOM_POOL;
    for (size_t i = 0; i < N_RANDOM_PAIRS; i++) {
        size_t a = gsl_rng_uniform_int(rng, pool), b;
        do b = gsl_rng_uniform_int(rng, pool); while (b == a);
        pairs.random[i] = embedding_cosine(sg, a, b);
        pairs.random_gap[i] = fabs((double)a - (double)b);
        pairs.random_freq[i] = log_count_ratio((long)a, (long)b);
        pairs.random_ids[2 * i] = (double)a;
        pairs.random_ids[2 * i + 1] = (double)b;
    }
    random_free(rng);
    pairs.n_related = 0;
    for (size_t i = 0; i < N_RELATED_PAIRS; i++) {
        long a = id_of(RELATED_PAIRS[i][0]), b = id_of(RELATED_PAIRS[i][1]);
        if (a < 0 || b < 0) continue;
        pairs.related[pairs.n_related] = embedding_cosine(sg, (size_t)a, (size_t)b);
        pairs.related_gap[pairs.n_related] = labs(a - b);
        pairs.related_freq[pairs.n_related] = log_count_ratio(a, b);
        pairs.related_ids[2 * pairs.n_related] = (double)a;
        pairs.related_ids[2 * pairs.n_related + 1] = (double)b;
        pairs.n_related++;
    }
    pairs.n_repaired = 0;
    for (size_t i = 0; i < N_RELATED_PAIRS; i++)
        for (size_t j = 0; j < N_RELATED_PAIRS; j++) {
            long a = id_of(RELATED_PAIRS[i][0]), b = id_of(RELATED_PAIRS[j][1]);
            if (i == j || a < 0 || b < 0 || a == b || id_of(RELATED_PAIRS[i][1]) < 0 || id_of(RELATED_PAIRS[j][0]) < 0 ||
                is_related_pair(RELATED_PAIRS[i][0], RELATED_PAIRS[j][1]))
                continue;
            pairs.repaired[pairs.n_repaired] = embedding_cosine(sg, (size_t)a, (size_t)b);
            pairs.repaired_gap[pairs.n_repaired] = fabs((double)a - (double)b);
            pairs.n_repaired++;
        }
    double sorted[N_RANDOM_PAIRS];
    memcpy(sorted, pairs.random, sizeof sorted);
    qsort(sorted, N_RANDOM_PAIRS, sizeof *sorted, cmp_double);
    pairs.random_p95 = gsl_stats_quantile_from_sorted_data(sorted, 1, N_RANDOM_PAIRS, 0.95);
    DataFile f;
    chapter_data_open(ch, &f, "pairs.dat", "kind index cosine id_gap");
    for (size_t i = 0; i < N_RANDOM_PAIRS; i++)
        datafile_printf(&f, "random %zu %.6g %.0f\n", i, pairs.random[i], pairs.random_gap[i]);
    for (size_t i = 0, k = 0; i < N_RELATED_PAIRS; i++) {
        long a = id_of(RELATED_PAIRS[i][0]), b = id_of(RELATED_PAIRS[i][1]);
        if (a < 0 || b < 0) continue;
        datafile_printf(&f, "related %zu %.6g %ld %s-%s\n", k, pairs.related[k], pairs.related_gap[k], RELATED_PAIRS[i][0],
                        RELATED_PAIRS[i][1]);
        k++;
    }
    for (size_t i = 0; i < pairs.n_repaired; i++)
        datafile_printf(&f, "repaired %zu %.6g %.0f\n", i, pairs.repaired[i], pairs.repaired_gap[i]);
    chapter_data_close(ch, &f);
}
