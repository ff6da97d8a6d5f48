// fuzz_corpus.c: libFuzzer harness for the corpus reader (common/corpus.h).
//
// The input bytes are tokenized twice, with GCIDE markup stripping and as
// plain text, and built into a vocabulary; the first byte also picks
// min_count (1..4). Nothing may crash or read out of bounds, and the checks
// below abort when an invariant breaks: every word is 1..CORPUS_MAX_WORD
// lower-case bytes of letters or bytes >= 0x80; the vocabulary is ordered by
// count; every id in the stream is below V and every word is found again.
// Build and run: cmake --workflow --preset fuzz (a short seeded run), or
//   mkdir -p /tmp/new && build/fuzz/fuzz/fuzz_corpus -max_total_time=600 /tmp/new fuzz/corpus/corpus
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_word(const char *word, size_t len, void *context) {
    (void)context;
    if (len == 0 || len > CORPUS_MAX_WORD) abort();
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)word[i];
        if (!((c >= 'a' && c <= 'z') || c >= 0x80)) abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 1 << 16) return 0;
    const char *text = (const char *)data;
    for (int markup = 0; markup < 2; markup++) {
        size_t words = corpus_tokenize(text, size, markup, check_word, NULL);
        if (words > size) abort();   // a word takes at least one byte
        long min_count = size ? 1 + data[0] % 4 : 1;
        Corpus *c = corpus_build(text, size, markup, min_count);
        if (c == NULL) continue;   // out of memory only
        for (size_t i = 0; i < c->n_tokens; i++)
            if (c->tokens[i] >= c->n_vocab) abort();
        for (size_t w = 0; w < c->n_vocab; w++) {
            if (c->counts[w] < min_count) abort();
            if (w > 0 && c->counts[w] > c->counts[w - 1]) abort();
            if (corpus_find(c, c->words[w]) != (long)w) abort();
        }
        if (c->n_raw != words || c->n_tokens > c->n_raw) abort();
        corpus_free(c);
    }
    return 0;
}
