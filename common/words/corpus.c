// corpus.c: reading the dictionary or a text file, stripping GCIDE markup,
// and the vocabulary (see corpus.h for the rules).
#include "words/corpus.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "base/hash.h"

// ---- markup -------------------------------------------------------------------

static bool is_word_byte(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

static unsigned char fold(unsigned char c) { return (c >= 'A' && c <= 'Z') ? (unsigned char)(c - 'A' + 'a') : c; }

// Index of the first 'close' in text[from, limit) before a newline, or -1.
static long find_on_line(const char *text, size_t from, size_t limit, char close) {
    for (size_t i = from; i < limit; i++) {
        if (text[i] == '\n') return -1;
        if (text[i] == close) return (long)i;
    }
    return -1;
}

static bool contains(const char *s, size_t n, const char *needle) {
    size_t m = strlen(needle);
    for (size_t i = 0; i + m <= n; i++)
        if (memcmp(s + i, needle, m) == 0) return true;
    return false;
}

// A bracket's content s[0..n): 1 = source tag or usage label (drop),
// 2 = diacritic code (keep its letters), 0 = ordinary text.
static int bracket_kind(const char *s, size_t n) {
    if (contains(s, n, "Webster") || contains(s, n, "WordNet") || contains(s, n, "PJC") || contains(s, n, "Century"))
        return 1;
    bool space = memchr(s, ' ', n) != NULL;
    if (!space && n >= 2 && s[n - 1] == '.' && s[0] >= 'A' && s[0] <= 'Z') return 1;   // [Obs.] [R.] [Colloq.]
    if (!space && n >= 1 && n <= 6) return 2;
    return 0;
}

typedef struct {
    char buf[CORPUS_MAX_WORD];
    size_t len;
    bool overlong;
    size_t count;
    CorpusWordFn fn;
    void *context;
} WordBuilder;

static void word_add(WordBuilder *w, unsigned char c) {
    if (w->len < CORPUS_MAX_WORD) w->buf[w->len++] = (char)fold(c);
    else w->overlong = true;
}

static void word_end(WordBuilder *w) {
    if (w->len > 0 && !w->overlong) {
        if (w->fn) w->fn(w->buf, w->len, w->context);
        w->count++;
    }
    w->len = 0;
    w->overlong = false;
}

size_t corpus_tokenize(const char *text, size_t n, bool markup, CorpusWordFn fn, void *context) {
    WordBuilder w = {.fn = fn, .context = context};
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)text[i];
        if (markup) {
            if (c == '\\') {   // pronunciation span: skip to the closing backslash on this line
                long close = find_on_line(text, i + 1, n, '\\');
                word_end(&w);
                i = close >= 0 ? (size_t)close + 1 : i + 1;
                continue;
            }
            if (c == '[') {
                size_t limit = i + 1 + 64 < n ? i + 1 + 64 : n;
                long close = find_on_line(text, i + 1, limit, ']');
                if (close >= 0) {
                    const char *s = text + i + 1;
                    size_t len = (size_t)close - i - 1;
                    int kind = bracket_kind(s, len);
                    if (kind == 1) {
                        word_end(&w);
                        i = (size_t)close + 1;
                        continue;
                    }
                    if (kind == 2) {   // a diacritic code inside a word: its base letter(s)
                        if (len == 2 && (memcmp(s, "ae", 2) == 0 || memcmp(s, "oe", 2) == 0 ||
                                         memcmp(s, "AE", 2) == 0 || memcmp(s, "OE", 2) == 0)) {
                            word_add(&w, (unsigned char)s[0]);
                            word_add(&w, (unsigned char)s[1]);
                        } else {
                            for (size_t k = 0; k < len; k++)
                                if ((unsigned char)s[k] < 0x80 && is_word_byte((unsigned char)s[k])) {
                                    word_add(&w, (unsigned char)s[k]);
                                    break;
                                }
                        }
                        i = (size_t)close + 1;
                        continue;
                    }
                }
                word_end(&w);
                i++;
                continue;
            }
            if (c == '<') {   // a short tag such as <ae/> or <i>
                size_t limit = i + 1 + 16 < n ? i + 1 + 16 : n;
                long close = find_on_line(text, i + 1, limit, '>');
                word_end(&w);
                i = close >= 0 ? (size_t)close + 1 : i + 1;
                continue;
            }
        }
        if (is_word_byte(c)) word_add(&w, c);
        else word_end(&w);
        i++;
    }
    word_end(&w);
    return w.count;
}

// ---- reading --------------------------------------------------------------------

static bool valid_utf8(const unsigned char *s, size_t n, size_t *bad) {
    size_t i = 0;
    while (i < n) {
        unsigned char c = s[i];
        size_t extra;
        unsigned long cp;
        if (c == 0) { *bad = i; return false; }
        if (c < 0x80) { i++; continue; }
        if (c >= 0xc2 && c <= 0xdf) { extra = 1; cp = c & 0x1f; }
        else if (c >= 0xe0 && c <= 0xef) { extra = 2; cp = c & 0x0f; }
        else if (c >= 0xf0 && c <= 0xf4) { extra = 3; cp = c & 0x07; }
        else { *bad = i; return false; }
        if (i + extra >= n) { *bad = i; return false; }   // cut off at the end
        for (size_t k = 1; k <= extra; k++) {
            if ((s[i + k] & 0xc0) != 0x80) { *bad = i; return false; }
            cp = (cp << 6) | (s[i + k] & 0x3f);
        }
        // overlong forms, surrogates, beyond U+10FFFF
        if ((extra == 2 && cp < 0x800) || (extra == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
            (cp >= 0xd800 && cp <= 0xdfff)) {
            *bad = i;
            return false;
        }
        i += extra + 1;
    }
    return true;
}

// A buffer of bytes that grows by doubling up to a limit (one byte more is
// always allocated, for a final '\0'); false when memory runs out (the buffer
// is then unchanged).
static bool grow_buffer(unsigned char **buf, size_t *cap, size_t limit) {
    size_t want = *cap < limit / 2 ? *cap * 2 : limit;
    unsigned char *p = realloc(*buf, want + 1);
    if (p == NULL) return false;
    *buf = p;
    *cap = want;
    return true;
}

// What a file is, for the message refusing it.
static const char *file_kind(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "a special file";
}

bool corpus_read_fd(int fd, size_t max_bytes, CorpusBytes *file, char *why, size_t why_size) {
    *file = (CorpusBytes){.checksum = HASH_START};   // (chapter 0's cache names depend on it: common/base/hash.h)
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(why, why_size, "cannot read: %s", strerror(errno));
        return false;
    }
    if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
        snprintf(why, why_size, "cannot read: %s, not a regular file or a pipe", file_kind(st.st_mode));
        return false;
    }
    if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > (uintmax_t)max_bytes) {   // refused before it is read
        snprintf(why, why_size, "larger than the bound of %zu MiB", max_bytes >> 20);
        return false;
    }
    // A regular file's size is known (it may still grow while read); a pipe's is not.
    size_t limit = max_bytes + 1;   // one byte past the bound shows the bound crossed
    size_t cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : (size_t)1 << 20;
    if (cap > limit) cap = limit;
    unsigned char *buf = malloc(cap + 1);
    if (buf == NULL) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    size_t len = 0;
    for (;;) {
        if (len == cap) {
            if (cap == limit) break;
            if (!grow_buffer(&buf, &cap, limit)) {
                snprintf(why, why_size, "out of memory");
                free(buf);
                return false;
            }
        }
        ssize_t got = read(fd, buf + len, cap - len < ((size_t)1 << 30) ? cap - len : ((size_t)1 << 30));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            snprintf(why, why_size, "read error: %s", strerror(errno));
            free(buf);
            return false;
        }
        if (got == 0) break;
        file->checksum = hash_bytes(file->checksum, buf + len, (size_t)got);
        len += (size_t)got;
    }
    if (len > max_bytes) {   // counted while reading: an endless stream stops here
        snprintf(why, why_size, "larger than the bound of %zu MiB", max_bytes >> 20);
        free(buf);
        return false;
    }
    buf[len] = '\0';
    file->bytes = buf;
    file->n = len;
    return true;
}

bool corpus_read_bytes(const char *path, size_t max_bytes, CorpusBytes *file, char *why, size_t why_size) {
    *file = (CorpusBytes){0};
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_size, "cannot read: %s", strerror(errno));
        return false;
    }
    bool ok = corpus_read_fd(fd, max_bytes, file, why, why_size);
    close(fd);
    return ok;
}

void corpus_bytes_free(CorpusBytes *file) {
    free(file->bytes);
    *file = (CorpusBytes){0};
}

// Inflate gzip data (one member or several in a row, as gzip and zlib's gzread
// read them; bytes after the last member are ignored, as gzread does) into a
// NUL-terminated text of at most max_bytes, counted while inflating: a small
// file that inflates past the bound is refused there, having used no more.
static char *inflate_text(const unsigned char *in, size_t n_in, size_t max_bytes, size_t *n, char *why,
                          size_t why_size) {
    if (n_in < 2 || in[0] != 0x1f || in[1] != 0x8b) {
        snprintf(why, why_size, "not a gzip (dictzip) file");
        return NULL;
    }
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {   // 16 +: gzip only
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    size_t limit = max_bytes + 1, len = 0;
    size_t cap = n_in < limit / 4 ? 4 * n_in + 1024 : limit;   // text is a few times its gzip
    if (cap > limit) cap = limit;
    unsigned char *buf = malloc(cap + 1);
    const char *failure = buf ? NULL : "out of memory";
    while (failure == NULL) {
        if (len == cap && !grow_buffer(&buf, &cap, limit)) {
            failure = "out of memory";
            break;
        }
        size_t in_step = n_in < UINT_MAX ? n_in : UINT_MAX, out_step = cap - len < UINT_MAX ? cap - len : UINT_MAX;
        z.next_in = (Bytef *)in;   // (zlib does not write through next_in)
        z.avail_in = (uInt)in_step;
        z.next_out = buf + len;
        z.avail_out = (uInt)out_step;
        int rc = inflate(&z, Z_NO_FLUSH);
        in += in_step - z.avail_in;
        n_in -= in_step - z.avail_in;
        len += out_step - z.avail_out;
        if (len > max_bytes) {
            snprintf(why, why_size, "inflates to more than the bound of %zu MiB of text", max_bytes >> 20);
            failure = why;
        } else if (rc == Z_STREAM_END) {
            if (n_in < 2 || in[0] != 0x1f || in[1] != 0x8b) break;   // the last member
            inflateReset(&z);
        } else if (rc == Z_MEM_ERROR) {
            failure = "out of memory";
        } else if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT || rc == Z_STREAM_ERROR) {
            snprintf(why, why_size, "truncated or corrupt gzip data: %s", z.msg ? z.msg : "invalid data");
            failure = why;
        } else if (n_in == 0 && len < cap) {   // room for more text, and no more input
            snprintf(why, why_size, "truncated or corrupt gzip data: unexpected end of file");
            failure = why;
        }
    }
    inflateEnd(&z);
    if (failure) {
        if (failure != why) snprintf(why, why_size, "%s", failure);
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    *n = len;
    return (char *)buf;
}

char *corpus_text(CorpusBytes *file, bool compressed, size_t max_bytes, size_t *n, char *why, size_t why_size) {
    *n = 0;
    if (compressed) {
        char *text = inflate_text(file->bytes, file->n, max_bytes, n, why, why_size);
        corpus_bytes_free(file);
        return text;
    }
    size_t bad = 0;
    if (file->n > max_bytes) {
        snprintf(why, why_size, "larger than the bound of %zu MiB of text", max_bytes >> 20);
        corpus_bytes_free(file);
        return NULL;
    }
    if (!valid_utf8(file->bytes, file->n, &bad)) {
        snprintf(why, why_size, "not UTF-8 text (invalid byte at offset %zu)", bad);
        corpus_bytes_free(file);
        return NULL;
    }
    char *text = (char *)file->bytes;   // handed over as it is: no copy of a large text
    *n = file->n;
    *file = (CorpusBytes){0};
    return text;
}

char *corpus_read_file(const char *path, bool compressed, size_t max_bytes, size_t *n, char *why, size_t why_size) {
    *n = 0;
    CorpusBytes file;
    if (!corpus_read_bytes(path, max_bytes, &file, why, why_size)) return NULL;
    return corpus_text(&file, compressed, max_bytes, n, why, why_size);
}

// ---- dictd's header entries ---------------------------------------------------------

bool corpus_dictd_index_path(const char *dict_path, char *out, size_t size) {
    size_t len = strlen(dict_path), keep = len;
    if (len >= 8 && strcmp(dict_path + len - 8, ".dict.dz") == 0) keep = len - 8;
    else if (len >= 5 && strcmp(dict_path + len - 5, ".dict") == 0) keep = len - 5;
    int written = snprintf(out, size, "%.*s.index", (int)keep, dict_path);
    return written >= 0 && (size_t)written < size;
}

// dictd's base 64 number s[0..n) into *value; false when it is empty, has
// another byte, or does not fit 60 bits.
static bool dictd_number(const char *s, size_t n, size_t *value) {
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    if (n == 0 || n > 10) return false;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        const char *d = s[i] ? memchr(digits, s[i], 64) : NULL;
        if (d == NULL) return false;
        v = v * 64 + (uint64_t)(d - digits);
    }
    if (v > SIZE_MAX) return false;
    *value = (size_t)v;
    return true;
}

static bool header_headword(const char *s, size_t n) {
    static const char *const prefixes[] = {"00-database", "00database"};
    for (size_t p = 0; p < 2; p++) {
        size_t m = strlen(prefixes[p]);
        if (n < m) continue;
        size_t i = 0;
        while (i < m && fold((unsigned char)s[i]) == (unsigned char)prefixes[p][i]) i++;
        if (i == m) return true;
    }
    return false;
}

static int by_offset(const void *a, const void *b) {
    const CorpusSpan *x = a, *y = b;
    if (x->offset != y->offset) return x->offset < y->offset ? -1 : 1;
    return x->length < y->length ? -1 : x->length > y->length;
}

// The end of the field of an index line that starts at s[at]: the next tab,
// the line's end or the text's (n).
static size_t field_end(const char *s, size_t n, size_t at) {
    while (at < n && s[at] != '\t' && s[at] != '\n') at++;
    return at;
}

bool corpus_dictd_header(const char *index, size_t n, CorpusSkip *skip, char *why, size_t why_size) {
    *skip = (CorpusSkip){0};
    size_t cap = 0, line = 0;
    for (size_t start = 0; start < n; line++) {
        const char *nl = memchr(index + start, '\n', n - start);
        size_t end = nl ? (size_t)(nl - index) : n, next = nl ? end + 1 : n;
        size_t word_end = field_end(index, end, start);
        if (!header_headword(index + start, word_end - start)) {
            start = next;
            continue;
        }
        size_t a = word_end + 1, a_end = field_end(index, end, a < end ? a : end);
        size_t b = a_end + 1, b_end = field_end(index, end, b < end ? b : end);
        if (b_end > b && b_end == end && index[b_end - 1] == '\r') b_end--;   // (an index written with CRLF)
        size_t offset, length;
        const char *bad = word_end >= end || a_end >= end  ? "it has no offset and length"
                          : !dictd_number(index + a, a_end - a, &offset) ? "its offset is not dictd's base 64"
                          : !dictd_number(index + b, b_end - b, &length) ? "its length is not dictd's base 64"
                          : offset + length < offset                      ? "its offset and length overflow"
                                                                         : NULL;
        if (bad) {
            snprintf(why, why_size, "line %zu (%.*s): %s", line + 1, (int)(word_end - start < 40 ? word_end - start : 40),
                     index + start, bad);
            corpus_skip_free(skip);
            return false;
        }
        if (skip->n == cap) {
            size_t more = cap ? 2 * cap : 8;
            CorpusSpan *spans = realloc(skip->spans, more * sizeof *spans);
            if (spans == NULL) {
                snprintf(why, why_size, "out of memory");
                corpus_skip_free(skip);
                return false;
            }
            skip->spans = spans;
            cap = more;
        }
        skip->spans[skip->n++] = (CorpusSpan){offset, length};
        start = next;
    }
    // By offset, spans that overlap or touch merged (aliases such as 00-gcide-url share a header entry's bytes).
    if (skip->n > 1) qsort(skip->spans, skip->n, sizeof *skip->spans, by_offset);
    size_t kept = 0;
    for (size_t i = 0; i < skip->n; i++) {
        CorpusSpan s = skip->spans[i];
        if (s.length == 0) continue;
        CorpusSpan *last = kept ? &skip->spans[kept - 1] : NULL;
        if (last && s.offset <= last->offset + last->length) {
            size_t end = s.offset + s.length > last->offset + last->length ? s.offset + s.length : last->offset + last->length;
            last->length = end - last->offset;
        } else {
            skip->spans[kept++] = s;
        }
    }
    skip->n = kept;
    if (kept == 0) corpus_skip_free(skip);
    return true;
}

bool corpus_skip_spans(char *text, size_t *n, const CorpusSkip *skip, char *why, size_t why_size) {
    for (size_t i = 0; i < skip->n; i++) {
        const CorpusSpan *s = &skip->spans[i];
        if (s->length == 0 || (i > 0 && s->offset <= s[-1].offset + s[-1].length)) {
            snprintf(why, why_size, "spans not by offset and apart");   // (not as corpus_dictd_header gives them)
            return false;
        }
        if (s->offset + s->length > *n) {
            snprintf(why, why_size, "an entry at bytes %zu-%zu lies past the text's end (%zu bytes)", s->offset,
                     s->offset + s->length, *n);
            return false;
        }
    }
    size_t from = 0, to = 0;   // copy text[from..) down to text[to..), each span left out
    for (size_t i = 0; i < skip->n; i++) {
        size_t keep = skip->spans[i].offset - from;
        memmove(text + to, text + from, keep);
        to += keep;
        text[to++] = '\n';
        from = skip->spans[i].offset + skip->spans[i].length;
    }
    memmove(text + to, text + from, *n - from);
    to += *n - from;
    text[to] = '\0';
    *n = to;
    return true;
}

size_t corpus_skip_bytes(const CorpusSkip *skip) {
    size_t bytes = 0;
    for (size_t i = 0; i < skip->n; i++) bytes += skip->spans[i].length;
    return bytes;
}

void corpus_skip_free(CorpusSkip *skip) {
    free(skip->spans);
    *skip = (CorpusSkip){0};
}

// ---- vocabulary ----------------------------------------------------------------------

// A word's slot in the open-addressing tables below: its hash (common/base/hash.h)
// modulo the table's size, a power of two.
static size_t word_slot(const char *word, size_t len, size_t n_slots) {
    return (size_t)hash_bytes(HASH_START, word, len) & (n_slots - 1);
}

// The counting table while building: word -> (count, first-seen order).
typedef struct {
    char **words;
    long *counts;
    size_t n, cap;
    long *slots;
    size_t n_slots;
    uint32_t *raw;      // type index per word of the text
    size_t n_raw, raw_cap;
    long min_count;
    size_t n_at_min;    // types seen at least min_count times so far
    double bytes;       // the memory estimate of corpus.h's CorpusBounds, so far
    CorpusBounds bounds;
    CorpusBuildStatus status;   // CORPUS_BUILT while counting goes on
} Counter;

static bool counter_grow_slots(Counter *t) {
    size_t n_slots = t->n_slots ? t->n_slots * 2 : 1024;
    long *slots = malloc(n_slots * sizeof *slots);
    if (slots == NULL) return false;
    for (size_t i = 0; i < n_slots; i++) slots[i] = -1;
    for (size_t k = 0; k < t->n; k++) {
        size_t j = word_slot(t->words[k], strlen(t->words[k]), n_slots);
        while (slots[j] >= 0) j = (j + 1) & (n_slots - 1);
        slots[j] = (long)k;
    }
    free(t->slots);
    t->slots = slots;
    t->n_slots = n_slots;
    return true;
}

// Stop counting with 'status' (out of memory, or a bound crossed).
static void counter_stop(Counter *t, CorpusBuildStatus status) { t->status = status; }

static void count_word(const char *word, size_t len, void *context) {
    Counter *t = context;
    if (t->status != CORPUS_BUILT) return;
    if (2 * (t->n + 1) > t->n_slots && !counter_grow_slots(t)) { counter_stop(t, CORPUS_OUT_OF_MEMORY); return; }
    size_t j = word_slot(word, len, t->n_slots);
    long id;
    for (;;) {
        id = t->slots[j];
        if (id < 0) break;
        if (strlen(t->words[id]) == len && memcmp(t->words[id], word, len) == 0) break;
        j = (j + 1) & (t->n_slots - 1);
    }
    if (id < 0) {
        if (t->n == t->cap) {
            size_t cap = t->cap ? t->cap * 2 : 4096;
            char **w = realloc(t->words, cap * sizeof *w);
            if (w == NULL) { counter_stop(t, CORPUS_OUT_OF_MEMORY); return; }
            t->words = w;
            long *c = realloc(t->counts, cap * sizeof *c);
            if (c == NULL) { counter_stop(t, CORPUS_OUT_OF_MEMORY); return; }
            t->counts = c;
            t->cap = cap;
        }
        char *copy = malloc(len + 1);
        if (copy == NULL) { counter_stop(t, CORPUS_OUT_OF_MEMORY); return; }
        memcpy(copy, word, len);
        copy[len] = '\0';
        id = (long)t->n;
        t->words[t->n] = copy;
        t->counts[t->n] = 0;
        t->n++;
        t->slots[j] = id;
        t->bytes += (double)(CORPUS_TYPE_BYTES + len);
    }
    if (++t->counts[id] == t->min_count) t->n_at_min++;
    if (t->n_raw == t->raw_cap) {
        size_t cap = t->raw_cap ? t->raw_cap * 2 : 1024;
        uint32_t *r = realloc(t->raw, cap * sizeof *r);
        if (r == NULL) { counter_stop(t, CORPUS_OUT_OF_MEMORY); return; }
        t->raw = r;
        t->raw_cap = cap;
    }
    t->raw[t->n_raw++] = (uint32_t)id;
    t->bytes += CORPUS_WORD_BYTES;
    // The bounds, checked at every word: the count stops as soon as one is crossed.
    if (t->bounds.max_vocab && t->n_at_min > t->bounds.max_vocab) counter_stop(t, CORPUS_OVER_VOCAB_BOUND);
    else if (t->bounds.max_bytes && t->bytes > (double)t->bounds.max_bytes) counter_stop(t, CORPUS_OVER_MEMORY_BOUND);
}

static const Counter *sort_counter;   // qsort has no context argument
static int by_count_then_word(const void *a, const void *b) {
    long i = *(const long *)a, j = *(const long *)b;
    long ci = sort_counter->counts[i], cj = sort_counter->counts[j];
    if (ci != cj) return ci > cj ? -1 : 1;
    return strcmp(sort_counter->words[i], sort_counter->words[j]);
}

static bool index_vocab(Corpus *c) {
    c->n_slots = 16;
    while (c->n_slots < 2 * c->n_vocab + 2) c->n_slots *= 2;
    c->slots = malloc(c->n_slots * sizeof *c->slots);
    if (c->slots == NULL) return false;
    for (size_t i = 0; i < c->n_slots; i++) c->slots[i] = -1;
    for (size_t k = 0; k < c->n_vocab; k++) {
        size_t j = word_slot(c->words[k], strlen(c->words[k]), c->n_slots);
        while (c->slots[j] >= 0) j = (j + 1) & (c->n_slots - 1);
        c->slots[j] = (long)k;
    }
    return true;
}

static void counter_free(Counter *t) {
    for (size_t k = 0; k < t->n; k++) free(t->words[k]);
    free(t->words);
    free(t->counts);
    free(t->slots);
    free(t->raw);
}

Corpus *corpus_build_within(const char *text, size_t n, bool markup, long min_count, const CorpusBounds *bounds,
                            CorpusBuildStatus *status, size_t *words_read) {
    Counter t = {.min_count = min_count, .bytes = (double)n, .status = CORPUS_BUILT};
    if (bounds) t.bounds = *bounds;
    corpus_tokenize(text, n, markup, count_word, &t);
    *status = t.status;
    if (words_read) *words_read = t.n_raw;
    Corpus *c = NULL;
    long *order = NULL, *new_id = NULL;
    if (t.status != CORPUS_BUILT) goto fail;
    *status = CORPUS_OUT_OF_MEMORY;   // until the end
    c = calloc(1, sizeof *c);
    order = malloc((t.n + 1) * sizeof *order);
    new_id = malloc((t.n + 1) * sizeof *new_id);
    if (c == NULL || order == NULL || new_id == NULL) goto fail;
    for (size_t k = 0; k < t.n; k++) order[k] = (long)k;
    sort_counter = &t;
    qsort(order, t.n, sizeof *order, by_count_then_word);
    size_t V = 0;
    while (V < t.n && t.counts[order[V]] >= min_count) V++;
    c->n_vocab = V;
    c->n_types = t.n;
    c->n_raw = t.n_raw;
    c->words = calloc(V + 1, sizeof *c->words);
    c->counts = malloc((V + 1) * sizeof *c->counts);
    if (c->words == NULL || c->counts == NULL) goto fail;
    for (size_t k = 0; k < t.n; k++) new_id[k] = -1;
    for (size_t r = 0; r < V; r++) {
        long k = order[r];
        new_id[k] = (long)r;
        c->words[r] = t.words[k];
        t.words[k] = NULL;
        c->counts[r] = t.counts[k];
    }
    size_t kept = 0;
    for (size_t i = 0; i < t.n_raw; i++)
        if (new_id[t.raw[i]] >= 0) kept++;
    c->tokens = malloc((kept + 1) * sizeof *c->tokens);
    if (c->tokens == NULL) goto fail;
    for (size_t i = 0; i < t.n_raw; i++)
        if (new_id[t.raw[i]] >= 0) c->tokens[c->n_tokens++] = (uint32_t)new_id[t.raw[i]];
    if (!index_vocab(c)) goto fail;
    free(order);
    free(new_id);
    counter_free(&t);
    *status = CORPUS_BUILT;
    return c;
fail:
    free(order);
    free(new_id);
    counter_free(&t);
    corpus_free(c);
    return NULL;
}

Corpus *corpus_build(const char *text, size_t n, bool markup, long min_count) {
    CorpusBuildStatus status;
    return corpus_build_within(text, n, markup, min_count, NULL, &status, NULL);
}

Corpus *corpus_from_vocab(size_t n_vocab, char **words, long *counts) {
    Corpus *c = calloc(1, sizeof *c);
    if (c == NULL) return NULL;
    c->n_vocab = n_vocab;
    c->words = words;
    c->counts = counts;
    if (!index_vocab(c)) {
        free(c);
        return NULL;
    }
    return c;
}

void corpus_free(Corpus *c) {
    if (c == NULL) return;
    if (c->words)
        for (size_t k = 0; k < c->n_vocab; k++) free(c->words[k]);
    free(c->words);
    free(c->counts);
    free(c->tokens);
    free(c->slots);
    free(c);
}

long corpus_find(const Corpus *c, const char *word) {
    if (c->n_slots == 0) return -1;
    size_t len = strlen(word);
    size_t j = word_slot(word, len, c->n_slots);
    while (c->slots[j] >= 0) {
        long id = c->slots[j];
        if (strcmp(c->words[id], word) == 0) return id;
        j = (j + 1) & (c->n_slots - 1);
    }
    return -1;
}
