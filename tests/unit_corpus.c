// unit_corpus.c: the tokenizer, GCIDE markup stripping, the vocabulary and
// its bounds, and reading a corpus once (common/corpus.h), on small inputs
// written for the test.
#include <gsl/gsl_test.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "corpus.h"
#include "hash.h"

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
    return gsl_test_summary();
}
