// to_simplified.c: the Simplified Chinese (zh-CN) edition of a Traditional
// (zh-TW, Taiwan usage) file, made at build time with OpenCC, so the mainland
// edition is never a second hand-kept copy (issue 29).
//
//   to_simplified [--corrections FILE] [--po] IN OUT   write OUT from IN
//   to_simplified --check FILE...                     does any file hold a Traditional-only character?
//                                                     (of a catalogue, NAME.po, in its translations)
//
// Conversion: the text is converted with OpenCC's tw2sp configuration
// (characters, and Taiwan phrases to mainland ones: 程式 → 程序, 資料 → 数据),
// except a document's own words, which get characters only (t2s), never
// other phrases: what stands between 「 and 」 (quoted verbatim) and a
// lesson's "source:" line (the documents' section headings). Then the reviewed
// corrections (FILE: tab-separated "from to why" lines, '#' comments) replace
// what tw2sp gets wrong for this subject (矢量 where mathematics says 向量).
// --po: IN is a gettext catalogue: only its translations (msgstr) are
// converted, never the English it looks up (msgid) or a comment, and the
// header names the language zh_CN.
//
// Check: each file converted with t2s must come back unchanged; a character
// that changes is Traditional-only, and is reported with its line.
//
// Exit 0 done (check: none found), 1 check found some, 2 usage or a file that
// cannot be read, 3 OUT cannot be written (no partial OUT is left).
#include <opencc.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "datafile.h"
#include "exitcodes.h"
#include "text_file.h"

static const char *const PROGRAM = "to_simplified";
static const char *const OPEN_QUOTE = "「", *const CLOSE_QUOTE = "」";

static opencc_t open_config(const char *config) {
    opencc_t cc = opencc_open(config);
    if (cc == (opencc_t)-1) {
        fprintf(stderr, "%s: OpenCC cannot open its configuration %s: %s (Debian: opencc)\n", PROGRAM, config,
                opencc_error());
        exit(EXIT_BAD_INPUT);
    }
    return cc;
}

// Append the conversion of text[0..n) to OUT.
static void convert_into(Buf *out, opencc_t cc, const char *text, size_t n) {
    if (n == 0) return;
    char *converted = opencc_convert_utf8(cc, text, n);
    if (converted == NULL) {
        fprintf(stderr, "%s: OpenCC failed: %s\n", PROGRAM, opencc_error());
        exit(EXIT_BAD_INPUT);
    }
    buf_puts(out, converted);
    opencc_convert_utf8_free(converted);
}

typedef struct {
    char **from, **to;
    size_t n;
} Corrections;

static Corrections read_corrections(const char *path) {
    Corrections c = {0};
    if (path == NULL) return c;
    char *text = text_file_read(path, NULL);
    if (text == NULL) {
        fprintf(stderr, "%s: cannot read --corrections %s\n", PROGRAM, path);
        exit(EXIT_BAD_INPUT);
    }
    char **lines;
    size_t n = text_file_lines(text, &lines);
    c.from = calloc(n + 1, sizeof *c.from), c.to = calloc(n + 1, sizeof *c.to);
    for (size_t i = 0; i < n; i++) {
        if (lines[i][0] == '#' || lines[i][0] == '\0') continue;
        char *tab = strchr(lines[i], '\t');
        if (tab == NULL || tab == lines[i]) {
            fprintf(stderr, "%s: %s:%zu: expected \"from<TAB>to<TAB>why\"\n", PROGRAM, path, i + 1);
            exit(EXIT_BAD_INPUT);
        }
        *tab = '\0';
        char *to = tab + 1, *why = strchr(to, '\t');
        if (why) *why = '\0';
        c.from[c.n] = text_copy(lines[i]), c.to[c.n] = text_copy(to), c.n++;
    }
    free(lines), free(text);
    return c;
}

// Replace every correction's "from" with its "to" in text[0..n), appended to OUT.
static void corrected_into(Buf *out, const Corrections *c, const char *text) {
    for (const char *p = text; *p;) {
        size_t k = 0;
        while (k < c->n && strncmp(p, c->from[k], strlen(c->from[k])) != 0) k++;
        if (k < c->n) {
            buf_puts(out, c->to[k]);
            p += strlen(c->from[k]);
        } else {
            buf_add(out, p, 1);
            p++;
        }
    }
}

// One line: outside quotes tw2sp and the corrections; inside 「...」 t2s only.
static void convert_line(Buf *out, opencc_t phrases, opencc_t characters, const Corrections *corrections,
                         const char *line) {
    for (const char *p = line; *p;) {
        const char *open = strstr(p, OPEN_QUOTE);
        const char *end = open ? open : p + strlen(p);
        Buf plain = {0};
        convert_into(&plain, phrases, p, (size_t)(end - p));
        if (plain.s) corrected_into(out, corrections, plain.s);
        free(plain.s);
        if (open == NULL) break;
        const char *close = strstr(open, CLOSE_QUOTE);
        const char *quote_end = close ? close + strlen(CLOSE_QUOTE) : open + strlen(open);
        convert_into(out, characters, open, (size_t)(quote_end - open));
        p = quote_end;
    }
}

static int convert(const char *in, const char *out_path, const char *corrections_path, bool po) {
    char *text = text_file_read(in, NULL);
    if (text == NULL) {
        fprintf(stderr, "%s: cannot read %s\n", PROGRAM, in);
        return EXIT_BAD_INPUT;
    }
    opencc_t phrases = open_config("tw2sp.json"), characters = open_config("t2s.json");
    Corrections corrections = read_corrections(corrections_path);
    Buf out = {0};
    bool in_msgid = false;   // (--po: within a msgid, whose continuation lines start with '"')
    for (const char *line = text; *line;) {
        size_t n = strcspn(line, "\n");
        n += line[n] == '\n';
        char *copy = malloc(n + 1);
        memcpy(copy, line, n);
        copy[n] = '\0';
        if (po && strncmp(copy, "msgid", 5) == 0) in_msgid = true;
        else if (po && copy[0] != '"') in_msgid = false;
        // A catalogue's English (msgid, its continuation lines) and comments stay as they are: the programs
        // look the English up, which may quote Chinese ("我愛你" in an option's help).
        if (po && (in_msgid || copy[0] == '#')) buf_add(&out, copy, n);
        else if (strncmp(copy, "source:", 7) == 0) convert_into(&out, characters, copy, n);   // a document's section names
        else convert_line(&out, phrases, characters, &corrections, copy);
        free(copy);
        line += n;
    }
    opencc_close(phrases), opencc_close(characters);
    char *result = out.s ? out.s : text_copy("");
    if (po) {   // the catalogue's header names its language
        char *language = strstr(result, "Language: zh_TW");
        if (language) memcpy(language + strlen("Language: zh_"), "CN", 2);
    }
    // Written as every file of the workbook is (common/datafile.h): a
    // temporary name, then renamed into place, so no partial OUT is left.
    char *dir = text_copy(out_path), *slash = strrchr(dir, '/');
    const char *name = slash ? slash + 1 : out_path;
    if (slash) *slash = '\0';
    DataFile f;
    bool ok = datafile_open(&f, slash ? dir : ".", name, NULL);
    if (ok) {
        datafile_write(&f, result, strlen(result));
        ok = datafile_close(&f);
    }
    free(dir);
    if (!ok) {
        fprintf(stderr, "%s: cannot write %s\n", PROGRAM, out_path);
        return EXIT_IO_FAILED;
    }
    free(result), free(text);
    for (size_t k = 0; k < corrections.n; k++) free(corrections.from[k]), free(corrections.to[k]);
    free(corrections.from), free(corrections.to);
    return EXIT_AS_EXPECTED;
}

// --check: each line of each file against its t2s conversion (of a catalogue,
// NAME.po, the translations' lines only).
static int check(int n, char **paths) {
    opencc_t characters = open_config("t2s.json");
    int found = 0;
    for (int i = 0; i < n; i++) {
        char *text = text_file_read(paths[i], NULL);
        if (text == NULL) {
            fprintf(stderr, "%s: cannot read %s\n", PROGRAM, paths[i]);
            return EXIT_BAD_INPUT;
        }
        char **lines;
        size_t n_lines = text_file_lines(text, &lines);
        // (a catalogue's English, msgid, and its comments are the zh-TW one's: only its translations are read)
        size_t len_path = strlen(paths[i]);
        bool po = len_path > 3 && strcmp(paths[i] + len_path - 3, ".po") == 0, in_msgid = false;
        for (size_t l = 0; l < n_lines; l++) {
            if (po && strncmp(lines[l], "msgid", 5) == 0) in_msgid = true;
            else if (po && lines[l][0] != '"') in_msgid = false;
            if (po && (in_msgid || lines[l][0] == '#')) continue;
            char *converted = opencc_convert_utf8(characters, lines[l], strlen(lines[l]));
            if (converted && strcmp(converted, lines[l]) != 0) {
                size_t k = 0;
                while (lines[l][k] == converted[k]) k++;
                while (k > 0 && ((unsigned char)lines[l][k] & 0xC0) == 0x80) k--;   // back to the character's start
                int len = 1;
                while (((unsigned char)lines[l][k + (size_t)len] & 0xC0) == 0x80) len++;
                printf("%s:%zu: Traditional-only character %.*s in \"%.60s\"\n", paths[i], l + 1, len, lines[l] + k,
                       lines[l] + k);
                found++;
            }
            opencc_convert_utf8_free(converted);
        }
        free(lines), free(text);
    }
    opencc_close(characters);
    if (found) printf("%d line(s) hold a Traditional-only character\n", found);
    return found ? EXIT_CLAIM_FAILED : EXIT_AS_EXPECTED;
}

int main(int argc, char **argv) {
    const char *corrections = NULL;
    bool po = false;
    int i = 1;
    if (argc >= 3 && strcmp(argv[1], "--check") == 0) return check(argc - 2, argv + 2);
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--corrections") == 0 && i + 1 < argc) corrections = argv[++i];
        else if (strcmp(argv[i], "--po") == 0) po = true;
        else break;
    }
    if (argc - i != 2) {
        fprintf(stderr, "usage: %s [--corrections FILE] [--po] IN OUT | %s --check FILE...\n", PROGRAM, PROGRAM);
        return EXIT_BAD_INPUT;
    }
    return convert(argv[i], argv[i + 1], corrections, po);
}
