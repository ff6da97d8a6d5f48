// unit_corpus.c: the tokenizer, GCIDE markup stripping, the vocabulary and
// its bounds, reading a corpus once, and leaving dictd's header entries out
// (common/words/corpus.h), on small inputs written for the test.
#include <gsl/gsl_test.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "base/hash.h"
#include "words/corpus.h"

typedef struct {
    char text[1024];
} Joined;

static void join(const char *word, size_t len, void *context) {
    Joined *j = context;
    if (j->text[0]) strncat(j->text, " ", sizeof j->text - strlen(j->text) - 1);
    size_t have = strlen(j->text);
    if (have + len < sizeof j->text) {
        memcpy(j->text + have, word, len);
        j->text[have + len] = '\0';
    }
}

static void check(const char *input, bool markup, const char *expect, const char *what) {
    Joined j = {""};
    size_t n = corpus_tokenize(input, strlen(input), markup, join, &j);
    gsl_test_str(j.text, expect, "%s", what);
    size_t words = 0;
    for (const char *p = expect; *p; p++) words += (p == expect || p[-1] == ' ') && *p != ' ';
    gsl_test_int((int)n, (int)words, "%s: word count", what);
}

// One pass: the checksum is FNV-1a over the bytes read (chapter 0's cache
// key), the same from a file and from a pipe; a pipe is read to its end; a
// device is refused; the bound is counted while reading.
static void read_once(void) {
    const char text[] = "the king and the queen\n";
    const size_t n = sizeof text - 1;
    uint64_t expect = hash_bytes(HASH_START, text, n);
    char why[200];
    const char *path = "unit_corpus_once.txt";
    FILE *fp = fopen(path, "wb");
    fwrite(text, 1, n, fp);
    fclose(fp);
    CorpusBytes file;
    bool ok = corpus_read_bytes(path, 1 << 20, &file, why, sizeof why);
    gsl_test(!ok || file.n != n || memcmp(file.bytes, text, n) != 0, "a file is read whole");
    gsl_test(!ok || file.checksum != expect, "its checksum is FNV-1a of its bytes");
    if (ok) corpus_bytes_free(&file);
    ok = corpus_read_bytes(path, n - 1, &file, why, sizeof why);
    gsl_test(ok, "a file over the bound is refused");
    gsl_test_str(why, "larger than the bound of 0 MiB", "and says so");
    remove(path);

    int fds[2];
    if (pipe(fds) != 0) {
        gsl_test(true, "pipe");
        return;
    }
    gsl_test(write(fds[1], text, n) != (ssize_t)n, "writing the pipe");
    close(fds[1]);
    ok = corpus_read_fd(fds[0], 1 << 20, &file, why, sizeof why);
    close(fds[0]);
    gsl_test(!ok || file.n != n || file.checksum != expect, "a pipe is read once, to its end, with the same checksum");
    if (ok) corpus_bytes_free(&file);
    if (pipe(fds) == 0) {   // a stream longer than the bound: refused at the bound
        gsl_test(write(fds[1], text, n) != (ssize_t)n, "writing the pipe");
        close(fds[1]);
        ok = corpus_read_fd(fds[0], 10, &file, why, sizeof why);
        close(fds[0]);
        gsl_test(ok, "a pipe longer than the bound is refused");
        gsl_test_str(why, "larger than the bound of 0 MiB", "and says so");
    }
    ok = corpus_read_bytes("/dev/null", 1 << 20, &file, why, sizeof why);
    gsl_test(ok, "a device is refused");
    gsl_test_str(why, "cannot read: a character device, not a regular file or a pipe", "and says why");
    ok = corpus_read_bytes(".", 1 << 20, &file, why, sizeof why);
    gsl_test(ok, "a folder is refused");
    gsl_test_str(why, "cannot read: a folder, not a regular file or a pipe", "and says why");
}

// gzip: two members read as one text; the inflated size is bounded while
// inflating; a cut-off file is refused.
static void gzip_bounds(void) {
    const char *path = "unit_corpus_test.gz";
    char why[200];
    size_t n = 0;
    for (int member = 0; member < 2; member++) {   // gzopen "ab": a second gzip member after the first
        gzFile gz = gzopen(path, member == 0 ? "wb" : "ab");
        gzputs(gz, member == 0 ? "first member " : "second member");
        gzclose(gz);
    }
    char *got = corpus_read_file(path, true, 1 << 20, &n, why, sizeof why);
    gsl_test(got == NULL || strcmp(got, "first member second member") != 0, "two gzip members are one text");
    free(got);
    CorpusBytes file;
    if (corpus_read_bytes(path, 1 << 20, &file, why, sizeof why)) {
        got = corpus_text(&file, true, 20, &n, why, sizeof why);
        gsl_test(got != NULL, "a text that inflates past the bound is refused");
        gsl_test_str(why, "inflates to more than the bound of 0 MiB of text", "and says so");
        free(got);
    }
    if (corpus_read_bytes(path, 1 << 20, &file, why, sizeof why)) {
        file.n -= 12;   // cut into the first member's data
        file.n = file.n / 2;
        got = corpus_text(&file, true, 1 << 20, &n, why, sizeof why);
        gsl_test(got != NULL, "a cut-off gzip is refused");
        gsl_test_str(why, "truncated or corrupt gzip data: unexpected end of file", "and says so");
        free(got);
    }
    remove(path);
}

// The bounds of corpus_build_within stop the count at the word that crosses them.
static void count_bounds(void) {
    const char *text = "a b a c d e f";
    CorpusBuildStatus status;
    size_t words = 0;
    Corpus *c = corpus_build_within(text, strlen(text), false, 1, &(CorpusBounds){.max_vocab = 3}, &status, &words);
    gsl_test(c != NULL || status != CORPUS_OVER_VOCAB_BOUND, "a fourth distinct word crosses max_vocab 3");
    gsl_test_int((int)words, 5, "at the fifth word");
    c = corpus_build_within(text, strlen(text), false, 2, &(CorpusBounds){.max_vocab = 1}, &status, &words);
    gsl_test(c == NULL || status != CORPUS_BUILT || c->n_vocab != 1, "max_vocab counts only words seen min_count times");
    corpus_free(c);
    c = corpus_build_within(text, strlen(text), false, 1, &(CorpusBounds){.max_bytes = strlen(text) + 2 * CORPUS_TYPE_BYTES},
                            &status, &words);
    gsl_test(c != NULL || status != CORPUS_OVER_MEMORY_BOUND, "the count's memory estimate crosses max_bytes");
    gsl_test_int((int)words, 2, "at the second distinct word");
}

// dictd's base 64, for the test's index (corpus.c decodes it).
static void b64(size_t v, char *out) {
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char tmp[16];
    int k = 0;
    do {
        tmp[k++] = digits[v % 64];
        v /= 64;
    } while (v);
    for (int i = 0; i < k; i++) out[i] = tmp[k - 1 - i];
    out[k] = '\0';
}

// An index line for the entry 'entry' of 'text' (found by its first bytes).
static void index_line(char *index, size_t size, const char *headword, const char *text, const char *entry) {
    const char *at = strstr(text, entry);
    const char *next = at ? strstr(at + 1, "\n\n") : NULL;   // an entry ends at its last newline; an empty line follows
    size_t offset = at ? (size_t)(at - text) : 0, length = next ? (size_t)(next + 1 - at) : strlen(at ? at : "");
    char o[16], l[16];
    b64(offset, o);
    b64(length, l);
    size_t used = strlen(index);
    snprintf(index + used, size - used, "%s\t%s\t%s\n", headword, o, l);
}

// dictd's header entries: found by headword in the index ("00-database...",
// "00database...", any case), their spans sorted and merged, and left out of
// the text, whose words are then the dictionary's alone.
static void dictd_header(void) {
    char path[64];
    gsl_test(!corpus_dictd_index_path("/usr/share/dictd/gcide.dict.dz", path, sizeof path) ||
                 strcmp(path, "/usr/share/dictd/gcide.index") != 0, "NAME.dict.dz's index is NAME.index");
    gsl_test(!corpus_dictd_index_path("a.dict", path, sizeof path) || strcmp(path, "a.index") != 0, "so is NAME.dict's");
    gsl_test(!corpus_dictd_index_path("a.dz", path, sizeof path) || strcmp(path, "a.dz.index") != 0, "else FILE.index");
    gsl_test(corpus_dictd_index_path("a.dict.dz", path, 7), "a name that does not fit is refused");

    // A made-up database in dictd's layout: two header entries, then the dictionary.
    const char text[] = "\n\n00-database-url\n   https://example.org/made-up\n\n"
                        "00-database-info\n   Converted on Monday, for this test only.\n\n"
                        "Apple \\Ap\"ple\\ n.\n   A round fruit.\n\n"
                        "Pear \\Pear\\ n.\n   A fruit, narrow at the stalk.\n\n";
    char index[1024] = "";
    index_line(index, sizeof index, "apple", text, "Apple");
    index_line(index, sizeof index, "00-database-info", text, "00-database-info");
    index_line(index, sizeof index, "00-gcide-url", text, "00-database-url");   // an alias: not a header by its name
    index_line(index, sizeof index, "00-DATABASE-URL", text, "00-database-url");
    index_line(index, sizeof index, "00databasealphabet", text, "00-database-url");   // the same bytes again
    index_line(index, sizeof index, "pear", text, "Pear");
    char why[200] = "";
    CorpusSkip skip;
    bool ok = corpus_dictd_header(index, strlen(index), &skip, why, sizeof why);
    gsl_test(!ok, "the index is read (%s)", why);
    gsl_test_int((int)skip.n, 2, "two header spans: the URL (three headwords) and the notice");
    size_t url = (size_t)(strstr(text, "00-database-url") - text), info = (size_t)(strstr(text, "00-database-info") - text);
    gsl_test(skip.n != 2 || skip.spans[0].offset != url || skip.spans[1].offset != info, "by offset");
    size_t apple = (size_t)(strstr(text, "Apple") - text);
    gsl_test_int((int)corpus_skip_bytes(&skip), (int)((info - 1 - url) + (apple - 1 - info)),
                 "the two entries' bytes, no more (not the empty lines between them)");
    char copy[sizeof text];
    memcpy(copy, text, sizeof text);
    size_t n = sizeof text - 1;
    ok = corpus_skip_spans(copy, &n, &skip, why, sizeof why);
    gsl_test(!ok || n != strlen(copy), "the spans are left out (%s)", why);
    char expect[sizeof text];
    snprintf(expect, sizeof expect, "\n\n\n\n\n\n%s", text + apple);   // each entry one newline, the empty lines kept
    gsl_test_str(copy, expect, "each entry becomes one newline");
    Joined j = {""};
    corpus_tokenize(copy, n, true, join, &j);
    gsl_test_str(j.text, "apple n a round fruit pear n a fruit narrow at the stalk", "only the dictionary's words remain");
    corpus_skip_free(&skip);

    // Spans that touch are one; a span past the text is refused, the text unchanged.
    const char *touching = "00-database-a\tA\tE\n00-database-b\tE\tC\n", *crlf = "00-database-a\tBA\tC\r\n";
    ok = corpus_dictd_header(touching, strlen(touching), &skip, why, sizeof why);
    gsl_test(!ok || skip.n != 1 || skip.spans[0].offset != 0 || skip.spans[0].length != 6, "touching spans merge");
    corpus_skip_free(&skip);
    ok = corpus_dictd_header(crlf, strlen(crlf), &skip, why, sizeof why);
    gsl_test(!ok || skip.n != 1 || skip.spans[0].offset != 64 || skip.spans[0].length != 2, "base 64: BA = 64, CRLF");
    memcpy(copy, text, sizeof text);
    n = 10;
    gsl_test(ok && corpus_skip_spans(copy, &n, &skip, why, sizeof why), "a span past the text is refused");
    gsl_test(n != 10 || memcmp(copy, text, sizeof text) != 0, "and the text is left as it was");
    gsl_test_str(why, "an entry at bytes 64-66 lies past the text's end (10 bytes)", "and says so");
    corpus_skip_free(&skip);

    // No header: nothing left out. A header line that cannot be read: refused, naming it.
    const char *plain = "apple\tA\tB\n", *bad = "apple\tA\tB\n00-database-url\tA!\tB\n", *bare = "00database-info\n";
    ok = corpus_dictd_header(plain, strlen(plain), &skip, why, sizeof why);
    gsl_test(!ok || skip.n != 0, "an index without header entries leaves nothing out");
    gsl_test(corpus_dictd_header(bad, strlen(bad), &skip, why, sizeof why),
             "an offset that is not base 64 is refused");
    gsl_test_str(why, "line 2 (00-database-url): its offset is not dictd's base 64", "and the line is named");
    gsl_test(corpus_dictd_header(bare, strlen(bare), &skip, why, sizeof why), "a header line without numbers is refused");
    gsl_test_str(why, "line 1 (00database-info): it has no offset and length", "and says so");
}

int main(void) {
    check("The King's horse, 3 times!", false, "the king s horse times", "plain text: letters, lower case");
    check("naïve café", false, "naïve café", "UTF-8 letters stay in their words");
    check("Affect \\Af*fect\"\\, v. t. To act upon.", true, "affect v t to act upon", "pronunciation span dropped");
    check("To frighten. [Obs.] --Spenser.\n   [1913 Webster]\n", true, "to frighten spenser", "usage label and source tag dropped");
    check("[WordNet 1.5] [PJC] a b", true, "a b", "WordNet and PJC tags dropped");
    check("caf['e] and f[=a]ran, [ae]on", true, "cafe and faran aeon", "diacritic codes keep their base letters");
    check("[L. ad + fatuus foolish.]", true, "l ad fatuus foolish", "an etymology stays text");
    check("See {Afeard}.", true, "see afeard", "cross-reference braces go, the word stays");
    check("x <ae/> y", true, "x y", "a short tag is dropped");
    check("\\unclosed backslash", true, "unclosed backslash", "a lone backslash is only a separator");
    check("[unclosed bracket", true, "unclosed bracket", "a lone bracket is only a separator");
    check("[Obs.]", false, "obs", "without markup stripping brackets are separators");
    char longword[80];
    memset(longword, 'a', 60);
    strcpy(longword + 60, " ok");
    check(longword, false, "ok", "a word over CORPUS_MAX_WORD bytes is dropped");
    check("", true, "", "empty text");

    // The vocabulary: frequency order, ties by bytes, min_count cut.
    const char *text = "b a c a b a d";
    Corpus *c = corpus_build(text, strlen(text), false, 2);
    gsl_test(c == NULL, "corpus_build");
    if (c) {
        gsl_test_int((int)c->n_vocab, 2, "two words seen at least twice");
        gsl_test_str(c->words[0], "a", "id 0 is the most frequent word");
        gsl_test_str(c->words[1], "b", "id 1 next");
        gsl_test_int((int)c->n_tokens, 5, "five of seven words kept");
        gsl_test_int((int)c->n_raw, 7, "seven words read");
        gsl_test_int((int)corpus_find(c, "b"), 1, "corpus_find b");
        gsl_test_int((int)corpus_find(c, "c"), -1, "a word below min_count is not found");
        gsl_test_int((int)c->tokens[0], 1, "the stream starts with b");
        corpus_free(c);
    }
    const char *tie = "z y x";
    c = corpus_build(tie, strlen(tie), false, 1);
    gsl_test(c == NULL || strcmp(c->words[0], "x") != 0, "ties ordered by the word's bytes");
    corpus_free(c);

    // Reading: plain text must be UTF-8 without NUL bytes.
    char why[200];
    size_t n;
    const char *path = "unit_corpus_test.txt";
    FILE *fp = fopen(path, "wb");
    fwrite("ok \xff", 1, 4, fp);
    fclose(fp);
    char *got = corpus_read_file(path, false, 1 << 20, &n, why, sizeof why);
    gsl_test(got != NULL, "invalid UTF-8 is refused");
    gsl_test_str(why, "not UTF-8 text (invalid byte at offset 3)", "and the reason names the offset");
    fp = fopen(path, "wb");
    fwrite("caf\xc3\xa9\n", 1, 6, fp);
    fclose(fp);
    got = corpus_read_file(path, false, 1 << 20, &n, why, sizeof why);
    gsl_test(got == NULL || n != 6, "valid UTF-8 is read whole");
    free(got);
    got = corpus_read_file(path, true, 1 << 20, &n, why, sizeof why);
    gsl_test(got != NULL, "a plain file is not a dictzip");
    gsl_test_str(why, "not a gzip (dictzip) file", "and says so");
    remove(path);

    read_once();
    gzip_bounds();
    count_bounds();
    dictd_header();
    return gsl_test_summary();
}
