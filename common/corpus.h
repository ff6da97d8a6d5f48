// corpus.h: a text corpus as a stream of word ids, for chapter 0.
//
// Two sources:
//   - the GCIDE dictionary as Debian's dict-gcide installs it, a dictzip
//     file (gzip-compatible, read with zlib), with its markup stripped;
//   - any plain UTF-8 text file (--corpus FILE), read as it is.
//
// Markup stripping (GCIDE only), rule by rule:
//   \Af*fect"\          a pronunciation span between backslashes on one line: dropped
//   [1913 Webster]      a source tag (contains Webster, WordNet, PJC or Century): dropped
//   [Obs.] [R.]         a one-word usage label ending in '.': dropped
//   caf['e] f[=a]ran    a diacritic code (at most 6 characters, no space): its base
//                       letter stays in the word (['e] -> e, [=a] -> a, [ae] -> ae)
//   <ae/>               a short angle-bracket tag (at most 16 characters): dropped
//   {Afeard}            cross-reference braces: the braces go, the word stays
// Everything else in brackets (etymologies) is ordinary text.
//
// Words: maximal runs of ASCII letters (folded to lower case) and of bytes
// >= 0x80 (so UTF-8 words in other scripts stay whole); any other byte ends
// a word. A word longer than CORPUS_MAX_WORD bytes is dropped.
#ifndef WORKBOOK_CORPUS_H
#define WORKBOOK_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { CORPUS_MAX_WORD = 48 };

// Where Debian's dict-gcide puts the dictionary.
#define CORPUS_GCIDE_PATH "/usr/share/dictd/gcide.dict.dz"
#define CORPUS_GCIDE_PACKAGE "dict-gcide"

// Called once per word: 'word' is lower-case, not NUL-terminated, 1..CORPUS_MAX_WORD bytes.
typedef void (*CorpusWordFn)(const char *word, size_t len, void *context);

// Split text[0..n) into words (markup: strip GCIDE markup first). Returns the
// number of words passed to fn (fn may be NULL to count only).
size_t corpus_tokenize(const char *text, size_t n, bool markup, CorpusWordFn fn, void *context);

// Read a whole file into memory (NUL-terminated): gzip/dictzip when
// 'compressed', else plain bytes, which must then be valid UTF-8 without NUL
// bytes. At most max_bytes (after decompression). On failure returns NULL
// and writes a one-line reason into why ("truncated or corrupt gzip data:
// unexpected end of file", "not valid UTF-8 (byte 1234)", ...).
char *corpus_read_file(const char *path, bool compressed, size_t max_bytes, size_t *n, char *why, size_t why_size);

// FNV-1a 64 over a file's bytes (the cache key's corpus part). Returns false
// if the file cannot be read.
bool corpus_file_checksum(const char *path, uint64_t *checksum);

// The corpus as ids into a vocabulary of the words that occur at least
// min_count times. Ids are ordered by count (most frequent first), ties by
// the bytes of the word, so the same text always gives the same ids.
typedef struct {
    size_t n_vocab;          // V
    char **words;            // [V] NUL-terminated
    long *counts;            // [V]
    uint32_t *tokens;        // [n_tokens] ids; words below min_count are left out
    size_t n_tokens;
    size_t n_raw;            // words in the text before the min_count cut
    size_t n_types;          // distinct words before the cut
    long *slots;             // open-addressing table word -> id (-1 empty), for corpus_find
    size_t n_slots;          // a power of two >= 2 V
} Corpus;

// Build the vocabulary and id stream from text. Returns NULL if out of memory.
Corpus *corpus_build(const char *text, size_t n, bool markup, long min_count);
// A corpus from an existing vocabulary only (no tokens), e.g. loaded from a cache.
Corpus *corpus_from_vocab(size_t n_vocab, char **words, long *counts);
void corpus_free(Corpus *c);

// The id of a word, or -1 when it is not in the vocabulary.
long corpus_find(const Corpus *c, const char *word);

#endif
