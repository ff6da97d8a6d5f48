// vectors.h: chapter 0's trained model: the settings it trains at, the
// vocabulary, one seed's vectors, and how a seed's vectors are read from the
// cache or trained (chapters/ch00/vectors.c).
//
// Its own file so that the code the cached vectors come from is whole in one
// place: CMake hashes vectors.h and vectors.c, with the modules they call
// (WORKBOOK_CH00_VECTOR_SOURCES: corpus, hash, word2vec, random, parallel,
// ppmi_svd, hot_loop.h, the compiler), into CH00_CODE_KEY; a change to them
// trains the vectors again, a change to the claims does not. The settings
// are the chapter's (defined and documented in chapters/ch00_word_vectors.c,
// set by its options); every one of them is in the cache key at run time.
// Beside the chapter rather than in common/words/: it caches, reports and
// stops the run (common/run/: cache_files, chapter_detail, the memory bound,
// chapter_diverged), and only chapter 0 trains word vectors. What it calls
// that is about word vectors alone is in common/words/ (corpus, word2vec,
// ppmi_svd).
#ifndef WORKBOOK_CH00_VECTORS_H
#define WORKBOOK_CH00_VECTORS_H
#include <stdbool.h>
#include <stddef.h>

#include "words/corpus.h"
#include "run/chapter.h"

// ---- the settings (chapters/ch00_word_vectors.c) ----
extern const char *corpus_path, *gcide_path, *cache_dir;
extern bool retrain;
extern long dim, window_size, negative, epochs, min_count, threads, svd_vocab;
extern double lr, sample, noise_power;

#define COURSE_LR 0.05   // SGD's starting learning rate: fastText's default

// ---- the model ----

// The vectors of one training run (one seed): the SGNS input vectors and the
// PPMI-SVD vectors of the same counts, with how they were made.
typedef struct {
    float *E;                 // (V, d) SGNS input vectors
    float *P;                 // (K, d) PPMI-SVD vectors (the K most frequent words)
    size_t K, ppmi_nnz;
    double train_seconds, train_wps, ppmi_seconds;
    double final_loss;        // NAN when read from the cache
    bool from_cache;
} Vectors;

extern Corpus *corpus;            // vocabulary (and tokens when built this run)
extern size_t V, n_tokens, n_raw; // vocabulary size, kept words, words before the --min-count cut

void vectors_free(Vectors *v);

// ---- reading the corpus and training (before any output is written) ----
// read_corpus reads the file once (its checksum keys the cache);
// vectors_cached reads a seed's vectors from the cache; build_corpus makes
// the vocabulary and the word stream (only when some seed must be trained);
// vectors_train trains a seed's SGNS and PPMI + SVD and caches them;
// vectors_for_seeds does either for one or two seeds (two train side by
// side); corpus_file_free lets go of the file's bytes, and of the PPMI
// matrix every seed's SVD shared, once trained.
// The int results are CHAPTER_CONTINUE or the exit status to stop with.
int read_corpus(void);
bool vectors_cached(const Chapter *ch, unsigned long seed, Vectors *out);
int build_corpus(Chapter *ch);
int vectors_train(Chapter *ch, unsigned long seed, Vectors *out);
int vectors_for_seeds(Chapter *ch, const unsigned long *seeds, size_t n, Vectors *out);
void corpus_file_free(void);
#endif
