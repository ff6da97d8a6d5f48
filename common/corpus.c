// corpus.c: reading the dictionary or a text file, stripping GCIDE markup,
// and the vocabulary (see corpus.h for the rules).
#include "corpus.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "hash.h"

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

// Double a text buffer's capacity (one byte more for the final '\0'); false
// when memory runs out (the buffer is then unchanged).
static bool grow_text(char **buf, size_t *cap) {
    char *p = realloc(*buf, *cap * 2 + 1);
    if (p == NULL) return false;
    *buf = p;
    *cap *= 2;
    return true;
}

char *corpus_read_file(const char *path, bool compressed, size_t max_bytes, size_t *n, char *why, size_t why_size) {
    *n = 0;
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap + 1);
    if (buf == NULL) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    if (compressed) {
        gzFile gz = gzopen(path, "rb");
        if (gz == NULL) {
            snprintf(why, why_size, "cannot open: %s", strerror(errno ? errno : ENOENT));
            free(buf);
            return NULL;
        }
        gzbuffer(gz, 1 << 17);
        for (;;) {
            if (len == cap) {
                if (cap > max_bytes) break;
                if (!grow_text(&buf, &cap)) {
                    snprintf(why, why_size, "out of memory");
                    gzclose(gz);
                    free(buf);
                    return NULL;
                }
            }
            unsigned want = (unsigned)((cap - len) < (1u << 30) ? (cap - len) : (1u << 30));
            int got = gzread(gz, buf + len, want);
            if (got < 0) {
                int code;
                const char *msg = gzerror(gz, &code);
                snprintf(why, why_size, "truncated or corrupt gzip data: %s", msg && msg[0] ? msg : "read error");
                gzclose(gz);
                free(buf);
                return NULL;
            }
            if (got == 0) break;
            len += (size_t)got;
        }
        bool direct = gzdirect(gz);
        int code;
        const char *msg = gzerror(gz, &code);
        if (code != Z_OK && code != Z_BUF_ERROR) {
            snprintf(why, why_size, "truncated or corrupt gzip data: %s", msg);
            gzclose(gz);
            free(buf);
            return NULL;
        }
        int closed = gzclose(gz);
        if (direct) {
            snprintf(why, why_size, "not a gzip (dictzip) file");
            free(buf);
            return NULL;
        }
        if (code == Z_BUF_ERROR || closed == Z_BUF_ERROR) {
            snprintf(why, why_size, "truncated or corrupt gzip data: unexpected end of file");
            free(buf);
            return NULL;
        }
        if (closed != Z_OK) {
            snprintf(why, why_size, "truncated or corrupt gzip data (zlib status %d)", closed);
            free(buf);
            return NULL;
        }
    } else {
        FILE *fp = fopen(path, "rb");
        if (fp == NULL) {
            snprintf(why, why_size, "cannot open: %s", strerror(errno));
            free(buf);
            return NULL;
        }
        struct stat st;
        if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode) && (uintmax_t)st.st_size > (uintmax_t)max_bytes) {
            snprintf(why, why_size, "larger than the bound of %zu MiB of text", max_bytes >> 20);
            fclose(fp);
            free(buf);
            return NULL;
        }
        for (;;) {
            if (len == cap) {
                if (cap > max_bytes) break;
                if (!grow_text(&buf, &cap)) {
                    snprintf(why, why_size, "out of memory");
                    fclose(fp);
                    free(buf);
                    return NULL;
                }
            }
            size_t got = fread(buf + len, 1, cap - len, fp);
            len += got;
            if (got == 0) break;
        }
        bool failed = ferror(fp) != 0;
        int err = errno;
        fclose(fp);
        if (failed) {
            snprintf(why, why_size, "read error: %s", strerror(err));
            free(buf);
            return NULL;
        }
    }
    if (len > max_bytes) {
        snprintf(why, why_size, "larger than the bound of %zu MiB of text", max_bytes >> 20);
        free(buf);
        return NULL;
    }
    size_t bad = 0;
    if (!compressed && !valid_utf8((const unsigned char *)buf, len, &bad)) {
        snprintf(why, why_size, "not UTF-8 text (invalid byte at offset %zu)", bad);
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    *n = len;
    return buf;
}

bool corpus_file_checksum(const char *path, uint64_t *checksum) {
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) return false;
    uint64_t h = HASH_START;   // (chapter 0's cache names depend on it: common/hash.h)
    unsigned char block[1 << 16];
    size_t got;
    while ((got = fread(block, 1, sizeof block, fp)) > 0) h = hash_bytes(h, block, got);
    bool ok = ferror(fp) == 0;
    fclose(fp);
    *checksum = h;
    return ok;
}

// ---- vocabulary ----------------------------------------------------------------------

// A word's slot in the open-addressing tables below: its hash (common/hash.h)
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
    bool failed;
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

static void count_word(const char *word, size_t len, void *context) {
    Counter *t = context;
    if (t->failed) return;
    if (2 * (t->n + 1) > t->n_slots && !counter_grow_slots(t)) { t->failed = true; return; }
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
            if (w == NULL) { t->failed = true; return; }
            t->words = w;
            long *c = realloc(t->counts, cap * sizeof *c);
            if (c == NULL) { t->failed = true; return; }
            t->counts = c;
            t->cap = cap;
        }
        char *copy = malloc(len + 1);
        if (copy == NULL) { t->failed = true; return; }
        memcpy(copy, word, len);
        copy[len] = '\0';
        id = (long)t->n;
        t->words[t->n] = copy;
        t->counts[t->n] = 0;
        t->n++;
        t->slots[j] = id;
    }
    t->counts[id]++;
    if (t->n_raw == t->raw_cap) {
        size_t cap = t->raw_cap ? t->raw_cap * 2 : 1024;
        uint32_t *r = realloc(t->raw, cap * sizeof *r);
        if (r == NULL) { t->failed = true; return; }
        t->raw = r;
        t->raw_cap = cap;
    }
    t->raw[t->n_raw++] = (uint32_t)id;
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

Corpus *corpus_build(const char *text, size_t n, bool markup, long min_count) {
    Counter t = {0};
    corpus_tokenize(text, n, markup, count_word, &t);
    Corpus *c = calloc(1, sizeof *c);
    long *order = malloc((t.n + 1) * sizeof *order);
    long *new_id = malloc((t.n + 1) * sizeof *new_id);
    if (t.failed || c == NULL || order == NULL || new_id == NULL) goto fail;
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
    return c;
fail:
    free(order);
    free(new_id);
    counter_free(&t);
    corpus_free(c);
    return NULL;
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
