// fuzz_corpus.c: libFuzzer harness for the corpus reader (common/words/corpus.h).
//
// The input is first read as a pipe's stream by the one-pass reader and its
// text taken as gzip and as plain UTF-8 (read_once below). Then the input
// bytes are tokenized twice, with GCIDE markup stripping and as plain text,
// and built into a vocabulary, and again within a vocabulary bound of V and
// of V - 1 (built the same; refused); the first byte also picks min_count (1..4). Nothing may crash or read out of bounds, and the checks
// below abort when an invariant breaks: every word is 1..CORPUS_MAX_WORD
// lower-case bytes of letters or bytes >= 0x80; the vocabulary is ordered by
// count; every id in the stream is below V and every word is found again.
// The input is also read as a dictd index (index_header below): the header
// spans found are by offset, none empty, apart, and leaving them out of the
// input as a text shortens it by exactly their bytes less one newline each.

// Build and run: cmake --workflow --preset fuzz (a short seeded run), or
//   mkdir -p /tmp/new && build/fuzz/fuzz/fuzz_corpus -max_total_time=600 /tmp/new fuzz/corpus/corpus
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/hash.h"
#include "words/corpus.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_word(const char *word, size_t len, void *context) {
    (void)context;
    if (len == 0 || len > CORPUS_MAX_WORD) abort();
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)word[i];
        if (!((c >= 'a' && c <= 'z') || c >= 0x80)) abort();
    }
}

// The one-pass reader on the input as a pipe's stream, with a bound picked by
// the last byte (under, at or over the size): read whole with FNV-1a of its
// bytes as the checksum, or refused for the bound; then its text, as gzip
// (inflated within INFLATE_BOUND) and as plain UTF-8: NUL-terminated, within
// the bound, or refused with a reason.
enum { INFLATE_BOUND = 1 << 20 };
static void read_once(const uint8_t *data, size_t size) {
    size_t bound = size ? size - 1 + data[size - 1] % 3 : 0;   // size - 1, size, size + 1
    for (int compressed = 0; compressed < 2; compressed++) {
        int fds[2];
        if (pipe(fds) != 0) return;
        bool written = write(fds[1], data, size) == (ssize_t)size;   // (a pipe holds 64 KiB)
        close(fds[1]);
        CorpusBytes file;
        char why[300] = "";
        bool ok = written && corpus_read_fd(fds[0], bound, &file, why, sizeof why);
        close(fds[0]);
        if (!written) return;
        if (ok != (size <= bound)) abort();
        if (!ok) {
            if (strcmp(why, "larger than the bound of 0 MiB") != 0) abort();
            continue;
        }
        if (file.n != size || file.bytes[size] != '\0' || (size && memcmp(file.bytes, data, size) != 0) ||
            file.checksum != hash_bytes(HASH_START, data, size))
            abort();
        size_t n = 0;
        char *text = corpus_text(&file, compressed, INFLATE_BOUND, &n, why, sizeof why);
        if (file.bytes != NULL) abort();   // consumed
        if (text == NULL) {
            if (why[0] == '\0') abort();
            continue;
        }
        if (n > INFLATE_BOUND || text[n] != '\0' || (!compressed && (n != size || memchr(text, 0, n)))) abort();
        free(text);
    }
}

// The input as dictd's index, its header spans then left out of the input as a text.
static void index_header(const uint8_t *data, size_t size) {
    CorpusSkip skip;
    char why[300] = "";
    if (!corpus_dictd_header((const char *)data, size, &skip, why, sizeof why)) {
        if (why[0] == '\0' || skip.n != 0 || skip.spans != NULL) abort();
        return;
    }
    for (size_t i = 0; i < skip.n; i++)
        if (skip.spans[i].length == 0 || (i > 0 && skip.spans[i].offset <= skip.spans[i - 1].offset + skip.spans[i - 1].length))
            abort();
    char *text = malloc(size + 1);
    if (text == NULL) {
        corpus_skip_free(&skip);
        return;
    }
    if (size) memcpy(text, data, size);
    text[size] = '\0';
    size_t n = size, bytes = corpus_skip_bytes(&skip);
    if (corpus_skip_spans(text, &n, &skip, why, sizeof why)) {
        if (n != size - bytes + skip.n || text[n] != '\0') abort();
    } else if (n != size || (size && memcmp(text, data, size) != 0)) {
        abort();   // refused: the text as it was
    }
    free(text);
    corpus_skip_free(&skip);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 1 << 16) return 0;
    read_once(data, size);
    index_header(data, size);
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
        CorpusBuildStatus status;
        size_t read = 0;
        Corpus *within = corpus_build_within(text, size, markup, min_count, &(CorpusBounds){.max_vocab = c->n_vocab},
                                             &status, &read);
        if (within && (status != CORPUS_BUILT || within->n_vocab != c->n_vocab || read != words)) abort();
        if (within == NULL && status != CORPUS_OUT_OF_MEMORY) abort();
        corpus_free(within);
        if (c->n_vocab > 1) {   // (a bound of 0 is none)
            within = corpus_build_within(text, size, markup, min_count, &(CorpusBounds){.max_vocab = c->n_vocab - 1},
                                         &status, &read);
            if (within != NULL || status != CORPUS_OVER_VOCAB_BOUND || read > words) abort();
        }
        corpus_free(c);
    }
    return 0;
}
