// corpus.h: a text corpus as a stream of word ids, for chapter 0.
//
// Two sources:
//   - the GCIDE dictionary as Debian's dict-gcide installs it, a dictzip
//     file (gzip-compatible, read with zlib), with its markup stripped;
//   - any plain UTF-8 text (--corpus FILE: a file or a pipe), read as it is.
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
// dictd's own entries (GCIDE only): a dictd database, as dict-gcide installs
// it, is the entries' text (NAME.dict.dz) and an index beside it (NAME.index)
// giving each headword's bytes in that text. The entries whose headword
// begins with "00-database" or "00database" are the database's own header
// (its URL, name, notice, the date the file was made, its alphabet), not the
// dictionary: the corpus leaves them out (corpus_dictd_header, corpus_skip_spans).
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

// ---- reading: once, and bounded while reading ----------------------------------
// A corpus is read once, whatever it is: a regular file, or a pipe (a FIFO,
// `--corpus /dev/stdin` fed by `cat`), which a second read would find empty.
// Anything else (a folder, a device such as /dev/zero, a socket) is refused at
// once, and so is more than max_bytes: a regular file by its size before it is
// read, a pipe by the bytes counted while reading, so an endless stream stops
// at the bound. Failures return false with a one-line reason in why ("cannot
// read: a character device, not a regular file or a pipe", "larger than the
// bound of 512 MiB", "out of memory", ...).
typedef struct {
    unsigned char *bytes;    // [n + 1] the file as stored (a dictzip still compressed); bytes[n] = '\0'
    size_t n;
    uint64_t checksum;       // FNV-1a 64 (common/base/hash.h) of those n bytes, computed while reading:
                             // the corpus's part of chapter 0's cache key
} CorpusBytes;

bool corpus_read_bytes(const char *path, size_t max_bytes, CorpusBytes *file, char *why, size_t why_size);
// The same from an open descriptor (read to its end, not closed).
bool corpus_read_fd(int fd, size_t max_bytes, CorpusBytes *file, char *why, size_t why_size);
void corpus_bytes_free(CorpusBytes *file);

// The text of a file read (NUL-terminated, *n bytes before the '\0'); 'file'
// is consumed (freed, or its buffer handed over). compressed: gzip/dictzip,
// inflated to at most max_bytes of text, counted while inflating (a small
// file that would inflate past it is refused there, "inflates to more than
// the bound of 512 MiB of text"). Else the bytes themselves, which must be
// valid UTF-8 without NUL bytes. On failure NULL and a one-line reason in why
// ("truncated or corrupt gzip data: unexpected end of file", "not a gzip
// (dictzip) file", "not UTF-8 text (invalid byte at offset 1234)", ...).
char *corpus_text(CorpusBytes *file, bool compressed, size_t max_bytes, size_t *n, char *why, size_t why_size);

// Both in one call (bench_ch00, the unit test): the file's text, or NULL and why.
char *corpus_read_file(const char *path, bool compressed, size_t max_bytes, size_t *n, char *why, size_t why_size);

// ---- dictd's header entries ---------------------------------------------------------
// An index line is "headword<TAB>offset<TAB>length", maybe followed by more
// tab-separated fields: offset and length in dictd's base 64 (A-Z a-z 0-9 + /,
// most significant digit first), in bytes of the inflated text.
typedef struct {
    size_t offset, length;
} CorpusSpan;
typedef struct {
    CorpusSpan *spans;   // by offset; spans that overlap or touch are merged into one
    size_t n;
} CorpusSkip;

// The index beside a dictd database file: NAME.index for NAME.dict.dz or
// NAME.dict, else FILE.index. False when it does not fit in size bytes.
bool corpus_dictd_index_path(const char *dict_path, char *out, size_t size);

// The header entries (headword beginning "00-database" or "00database", in
// any case) of an index's text[0..n) into *skip (n = 0 when there is none).
// False, and *skip empty, when such a line's offset or length cannot be read
// or the memory runs out, with a one-line reason in why ("line 3: the length
// 'Q!' is not dictd's base 64").
bool corpus_dictd_header(const char *index, size_t n, CorpusSkip *skip, char *why, size_t why_size);

// text[0..*n) without the spans (as corpus_dictd_header gives them: by offset,
// none empty, apart), in place: each replaced by one '\n', so no
// word joins across it; *n becomes the new length and text stays
// NUL-terminated. False, and the text unchanged, when a span ends past *n
// (an index that is not this text's), with why.
bool corpus_skip_spans(char *text, size_t *n, const CorpusSkip *skip, char *why, size_t why_size);

// The bytes skip removes (the spans' total length).
size_t corpus_skip_bytes(const CorpusSkip *skip);
void corpus_skip_free(CorpusSkip *skip);

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

// Bounds checked at every word while counting (0: none), so that a text
// whose vocabulary cannot fit is refused as soon as it crosses them, within
// the memory it is allowed, not after the whole count:
//   max_vocab  words seen at least min_count times so far (the final V is at
//              least that: a caller derives it from what V words will need)
//   max_bytes  the memory the count itself holds at its peak, estimated from
//              above: the text's n bytes; per distinct word its length plus
//              CORPUS_TYPE_BYTES = 24 (its copy's allocation) + 32 (pointer and
//              count, arrays grown by doubling) + 48 (the hash table's slots
//              while it doubles) + 16 (the ordering) + 48 (the vocabulary's
//              pointer, count and index); per word CORPUS_WORD_BYTES = 8 (its
//              id while counting, grown by doubling) + 4 (in the stream)
enum { CORPUS_TYPE_BYTES = 168, CORPUS_WORD_BYTES = 12 };
typedef struct {
    size_t max_vocab;
    size_t max_bytes;
} CorpusBounds;
typedef enum { CORPUS_BUILT, CORPUS_OUT_OF_MEMORY, CORPUS_OVER_VOCAB_BOUND, CORPUS_OVER_MEMORY_BOUND } CorpusBuildStatus;

// corpus_build within bounds (NULL: none): NULL and *status saying why, or
// the corpus and CORPUS_BUILT. *words_read (may be NULL): the words counted,
// up to the one that crossed a bound.
Corpus *corpus_build_within(const char *text, size_t n, bool markup, long min_count, const CorpusBounds *bounds,
                            CorpusBuildStatus *status, size_t *words_read);
// A corpus from an existing vocabulary only (no tokens), e.g. loaded from a cache.
Corpus *corpus_from_vocab(size_t n_vocab, char **words, long *counts);
void corpus_free(Corpus *c);

// The id of a word, or -1 when it is not in the vocabulary.
long corpus_find(const Corpus *c, const char *word);

#endif
