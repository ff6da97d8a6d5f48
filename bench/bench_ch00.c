// bench_ch00.c: how fast chapter 0 trains, against Debian's fastText (a
// benchmark, never a test).
//
// On the GCIDE text as chapter 0 strips it, with chapter 0's settings (d 100,
// window 5, 5 negatives, 3 epochs, min count 5, lr 0.05, subsampling 1e-4):
//   1. our SGNS on one thread and on two: corpus words per second, seconds,
//      and accuracy on the workbook's analogy set (3CosAdd among the 30000
//      most frequent words);
//   2. fastText (`fasttext skipgram -maxn 0`, the same settings, 2 threads) on
//      the same words, written one line of 1000 words at a time to a temporary
//      file: wall time of the whole command (it reads the file and builds its
//      vocabulary too), words per second on that basis, and accuracy of its
//      .vec vectors on the same questions with the same code;
//   3. with --chapter PATH: the wall time of `PATH --quiet` trained afresh
//      (--retrain) and then from its cache.
// The machine is shared: every figure is one run; rerun to see the spread.
//
// Run:  bench_ch00 [--epochs N] [--chapter build/release/ch00] [--no-fasttext]
//                   [--threads N] [--sync-words N] [--noise-power X] [--seed N]
//                  [--fasttext-threads N] [--fasttext-seed N] [--no-ours]   (what to vary)
// Our vectors are the same bits on one thread or two and for a given seed are
// chapter 0's (its analogy_seeds.dat scores them per seed), so a spread of
// fastText's runs can be taken with --no-ours: fastText alone, one run a call.
// (--chapter times chapter 0's default run, which trains --seeds 5 models for
// claim 0.4 when its cache is empty.)
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/parallel.h"
#include "base/wallclock.h"
#include "words/analogies.h"
#include "words/corpus.h"
#include "words/embedding.h"
#include "words/word2vec.h"
#include "run/options.h"

enum { SEARCH_LIMIT = 30000, LINE_WORDS = 1000 };

static double accuracy(const Embedding *e, const Corpus *vocab, size_t *n) {
    size_t asked[ANALOGY_CATEGORIES], right[ANALOGY_CATEGORIES], a = 0, r = 0;
    analogy_score(e, vocab, SEARCH_LIMIT, SEARCH_LIMIT, asked, right);
    for (size_t c = 0; c < ANALOGY_CATEGORIES; c++) {
        a += asked[c];
        r += right[c];
    }
    *n = a;
    return a ? (double)r / (double)a : 0.0;
}

typedef struct {
    FILE *fp;
    size_t on_line;
} Writer;

static void write_word(const char *word, size_t len, void *context) {
    Writer *w = context;
    fwrite(word, 1, len, w->fp);
    fputc(++w->on_line == LINE_WORDS ? '\n' : ' ', w->fp);
    if (w->on_line == LINE_WORDS) w->on_line = 0;
}

// Read a word2vec text file: words in file order (fastText: by frequency).
static Corpus *read_vec(const char *path, size_t d, float **vectors) {
    FILE *fp = fopen(path, "r");
    if (fp == NULL) return NULL;
    size_t V, dd;
    if (fscanf(fp, "%zu %zu", &V, &dd) != 2 || dd != d) {
        fclose(fp);
        return NULL;
    }
    char **words = calloc(V, sizeof *words);
    long *counts = calloc(V, sizeof *counts);
    float *E = malloc(V * d * sizeof *E);
    size_t n = 0;
    char buf[256];
    while (n < V && fscanf(fp, "%255s", buf) == 1) {
        words[n] = strdup(buf);
        for (size_t i = 0; i < d; i++)
            if (fscanf(fp, "%f", &E[n * d + i]) != 1) E[n * d + i] = 0.0f;
        n++;
    }
    fclose(fp);
    *vectors = E;
    return corpus_from_vocab(n, words, counts);
}

int main(int argc, char **argv) {
    long epochs = 3, sync_words = 2000, only_threads = 0, seed = 20170612, fasttext_threads = 2, fasttext_seed = 0;
    double noise_power = 0.75;
    const char *chapter = NULL;
    bool no_fasttext = false, no_ours = false;
    const OptionSpec specs[] = {
        {"--epochs", OPTION_INT, &epochs, 1, 50, 0, "N", "passes over the corpus (default 3)"},
        {"--chapter", OPTION_TEXT, &chapter, 0, 0, 0, "PATH", "also time this ch00 program, fresh and cached"},
        {"--threads", OPTION_INT, &only_threads, 0, 2, 0, "N", "train ours on N threads only (default 0: 1, then 2)"},
        {"--sync-words", OPTION_INT, &sync_words, 1, 1000000, 0, "N", "kept words per shard between merges (default 2000)"},
        {"--seed", OPTION_INT, &seed, 0, 2147483647, 0, "N", "ours: the training seed (default 20170612)"},
        {"--noise-power", OPTION_REAL, &noise_power, 0, 1, 0, "X", "negatives ~ count^X (default 0.75)"},
        {"--fasttext-threads", OPTION_INT, &fasttext_threads, 1, 2, 0, "N", "fastText's -thread (default 2; 1 is its reproducible mode)"},
        {"--fasttext-seed", OPTION_INT, &fasttext_seed, 0, 2147483647, 0, "N", "fastText's -seed (default 0, its own default)"},
        {"--no-fasttext", OPTION_FLAG, &no_fasttext, 0, 0, 0, NULL, "skip the fastText comparison"},
        {"--no-ours", OPTION_FLAG, &no_ours, 0, 0, 0, NULL, "skip our training (fastText only)"},
    };
    OptionsResult parsed = options_parse("bench_ch00", "bench_ch00: chapter 0's training speed, ours vs fastText",
                                         specs, sizeof specs / sizeof *specs, argc, argv);
    if (parsed == OPTIONS_HELP) return 0;
    if (parsed == OPTIONS_ERROR) return 2;
    parallel_blas_single_thread();
    size_t n;
    char why[300];
    char *text = corpus_read_file(CORPUS_GCIDE_PATH, true, (size_t)512 << 20, &n, why, sizeof why);
    if (text == NULL) {
        fprintf(stderr, "bench_ch00: %s: %s (install the package " CORPUS_GCIDE_PACKAGE ")\n", CORPUS_GCIDE_PATH, why);
        return 2;
    }
    // dictd's header entries left out, as chapter 0 leaves them out (common/words/corpus.h)
    char index_path[4200];
    CorpusBytes index;
    CorpusSkip header;
    if (!corpus_dictd_index_path(CORPUS_GCIDE_PATH, index_path, sizeof index_path) ||
        !corpus_read_bytes(index_path, (size_t)512 << 20, &index, why, sizeof why)) {
        fprintf(stderr, "bench_ch00: %s: %s\n", index_path, why);
        return 2;
    }
    bool header_read = corpus_dictd_header((const char *)index.bytes, index.n, &header, why, sizeof why);
    corpus_bytes_free(&index);
    if (!header_read || !corpus_skip_spans(text, &n, &header, why, sizeof why)) {
        fprintf(stderr, "bench_ch00: %s: %s\n", index_path, why);
        return 2;
    }
    corpus_skip_free(&header);
    Corpus *c = corpus_build(text, n, true, 5);
    if (c == NULL) return 4;
    printf("GCIDE: %zu words, %zu kept (min count 5), V = %zu; d 100, window 5, 5 negatives, %ld epochs\n", c->n_raw,
           c->n_tokens, c->n_vocab, epochs);
    printf("%-32s %10s %12s %10s %s\n", "", "seconds", "words/s", "accuracy", "(questions)");
    for (size_t threads = 1; threads <= 2; threads++) {
        if (no_ours || (only_threads && threads != (size_t)only_threads)) continue;
        W2VConfig cfg = {.dim = 100, .window = 5, .negative = 5, .epochs = (size_t)epochs, .lr = 0.05, .sample = 1e-4,
                         .noise_power = noise_power, .sync_words = (size_t)sync_words, .threads = threads,
                         .seed = (unsigned long)seed};
        W2VModel *m = w2v_train(c->tokens, c->n_tokens, c->counts, c->n_vocab, &cfg);
        if (m == NULL) return 4;
        Embedding *e = embedding_new(m->in, m->V, m->d);
        size_t q;
        double acc = accuracy(e, c, &q);
        printf("ours, SGNS, %zu thread%s                %10.1f %12.0f %9.1f%% (%zu)\n", threads, threads == 1 ? " " : "s",
               m->seconds, m->words_per_second, 100 * acc, q);
        fflush(stdout);
        embedding_free(e);
        w2v_free(m);
    }
    if (!no_fasttext) {
        if (system("command -v fasttext >/dev/null 2>&1") != 0) {
            printf("fastText: not installed (apt-get install fasttext)\n");
        } else {
            char dir[] = "/tmp/bench_ch00.XXXXXX";
            if (mkdtemp(dir) == NULL) return 3;
            char input[64], output[64], cmd[512], vec[80];
            snprintf(input, sizeof input, "%s/words.txt", dir);
            snprintf(output, sizeof output, "%s/model", dir);
            snprintf(vec, sizeof vec, "%s/model.vec", dir);
            Writer w = {fopen(input, "w"), 0};
            if (w.fp == NULL) return 3;
            corpus_tokenize(text, n, true, write_word, &w);
            fclose(w.fp);
            snprintf(cmd, sizeof cmd,
                     "fasttext skipgram -input %s -output %s -dim 100 -ws 5 -neg 5 -epoch %ld -minCount 5 -minn 0 "
                     "-maxn 0 -lr 0.05 -t 1e-4 -thread %ld -seed %ld -verbose 0 >/dev/null",
                     input, output, epochs, fasttext_threads, fasttext_seed);
            double t0 = wallclock_seconds();
            int rc = system(cmd);
            double secs = wallclock_seconds() - t0;
            float *E = NULL;
            Corpus *fv = rc == 0 ? read_vec(vec, 100, &E) : NULL;
            if (fv) {
                Embedding *e = embedding_new(E, fv->n_vocab, 100);
                size_t q;
                double acc = accuracy(e, fv, &q);
                printf("fastText skipgram -maxn 0, %ld thread%s %10.1f %12.0f %9.1f%% (%zu)  (wall time incl. reading)\n",
                       fasttext_threads, fasttext_threads == 1 ? " " : "s", secs, (double)c->n_tokens * (double)epochs / secs, 100 * acc, q);
                embedding_free(e);
                corpus_free(fv);
            } else {
                printf("fastText: the run failed (status %d)\n", rc);
            }
            free(E);
            snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
            if (system(cmd) != 0) fprintf(stderr, "bench_ch00: could not remove %s\n", dir);
        }
    }
    if (chapter) {
        char dir[] = "/tmp/bench_ch00_run.XXXXXX";
        if (mkdtemp(dir) == NULL) return 3;
        char cmd[4300];
        const char *mode[2] = {"--retrain", ""};
        for (int k = 0; k < 2; k++) {
            snprintf(cmd, sizeof cmd, "'%s' --quiet --out '%s/run' --cache '%s/cache' %s >/dev/null", chapter, dir, dir, mode[k]);
            double t0 = wallclock_seconds();
            int rc = system(cmd);
            printf("chapter 0 %s: %.1f s wall (exit %d)\n", k == 0 ? "trained afresh" : "from its cache", wallclock_seconds() - t0,
                   rc);
        }
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd) != 0) fprintf(stderr, "bench_ch00: could not remove %s\n", dir);
    }
    free(text);
    corpus_free(c);
    return 0;
}
