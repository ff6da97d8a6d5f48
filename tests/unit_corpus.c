// unit_corpus.c: the tokenizer, GCIDE markup stripping and the vocabulary
// (common/corpus.h), on small inputs written for the test.
#include <gsl/gsl_test.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"

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
    return gsl_test_summary();
}
