// to_simplified.c: the Simplified Chinese (zh-CN) edition of a Traditional
// (zh-TW, Taiwan usage) file, made at build time with OpenCC, so the mainland
// edition is never a second hand-kept copy (issue 29).
//
//   to_simplified [--corrections FILE] [--po] IN OUT   write OUT from IN
//   to_simplified --check FILE...                     does any file hold a Traditional-only character?
//   to_simplified --substitutions REVIEWED [--corrections FILE] FILE...
//                                                     is every phrase OpenCC substitutes reviewed?
//   to_simplified --terms CORRECTIONS FILE...          is a Taiwan term of the table left in a zh-CN file?
//
// Conversion: the text is converted with OpenCC's tw2sp configuration
// (characters, and Taiwan phrases to mainland ones: 程式 → 程序, 資料 → 数据),
// except a document's own words, which get characters only (t2s), never
// other phrases: what stands between 「 and 」 (quoted verbatim) and a
// lesson's "source:" line (the documents' section headings). Then the reviewed
// corrections (FILE: tab-separated "from to why" lines, '#' comments) replace
// what tw2sp gets wrong for this subject (矢量 where mathematics says 向量)
// and the Taiwan terms tw2sp leaves (遮罩 → 掩码, a row 列 → 行): one table,
// lessons/zh-CN-corrections.tsv. Last, the quotation marks become the
// mainland's: 「 」 → “ ”, 『 』 → ‘ ’ (the quoted characters stay as t2s made them).
// --po converts the msgstr lines only (a msgid is the program's own text,
// which gettext looks up as it is: "我愛你" must stay 我愛你) and names the
// catalogue's language zh_CN in its header.
//
// Check: each file converted with t2s must come back unchanged; a character
// that changes is Traditional-only, and is reported with its line.
//
// Substitutions (the review gate of issue 42): tw2sp does more than change
// characters; it replaces Taiwan phrases with mainland ones, and where a word
// boundary falls differently it garbles (整數位置 "integer position" read as
// 數位 "digital": 整数字置). Every place where tw2sp's text differs from
// t2s's (characters only) is a substitution, named by the characters that
// differ with one character of context on each side ("数位置" -> "数字置").
// Each must be in the reviewed table REVIEWED ("t2s form<TAB>tw2sp form<TAB>
// accepted|corrected<TAB>why"; an entry reviews every run its two forms
// cover, so "向量 -> 矢量" is one entry): accepted, the mainland phrase stays;
// corrected, the corrections file must change it (checked: the corrected line
// no longer holds the tw2sp form). An unreviewed substitution is reported
// with its file, line and sentence.
//
// Terms (issue 42): in the zh-CN files the build made, outside quotations
// (“...”) and "source:" lines, a correction's "from" may stand only inside
// some correction's "to" (序列 keeps 列; 第 b 列 writes it): anywhere else a
// Taiwan term the table covers is left, reported with its line; so is a
// Taiwan quotation mark 「 」 『 』.
//
// Exit 0 done (check: none found), 1 check found some, 2 usage or a file that
// cannot be read, 3 OUT cannot be written (no partial OUT is left).
#include <opencc.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/datafile.h"
#include "base/exitcodes.h"
#include "base/text_file.h"

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

// A file's text and its lines (text_file_lines); NULL, with a message, when it cannot be read.
static char *read_lines(const char *path, char ***lines, size_t *n_lines) {
    char *text = text_file_read(path, NULL);
    if (text == NULL) {
        fprintf(stderr, "%s: cannot read %s\n", PROGRAM, path);
        return NULL;
    }
    *n_lines = text_file_lines(text, lines);
    return text;
}

typedef struct {
    char **from, **to;
    size_t n;
} Corrections;

static Corrections read_corrections(const char *path) {
    Corrections c = {0};
    if (path == NULL) return c;
    char **lines;
    size_t n;
    char *text = read_lines(path, &lines, &n);
    if (text == NULL) exit(EXIT_BAD_INPUT);
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
static void free_corrections(Corrections *c) {
    for (size_t k = 0; k < c->n; k++) free(c->from[k]), free(c->to[k]);
    free(c->from), free(c->to);
}

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

// The mainland quotation marks: “ ” for 「 」 and ‘ ’ for 『 』 (what they
// quote is left as it is).
static const char *const QUOTE_MARKS[][2] = {{"「", "“"}, {"」", "”"}, {"『", "‘"}, {"』", "’"}};

static void mainland_quotes_into(Buf *out, const char *text) {
    for (const char *p = text; *p;) {
        size_t k = 0, n_marks = sizeof QUOTE_MARKS / sizeof QUOTE_MARKS[0];
        while (k < n_marks && strncmp(p, QUOTE_MARKS[k][0], strlen(QUOTE_MARKS[k][0])) != 0) k++;
        if (k < n_marks) {
            buf_puts(out, QUOTE_MARKS[k][1]);
            p += strlen(QUOTE_MARKS[k][0]);
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

// Is the line the edition's text? In a catalogue (po: a .po file) only its
// msgstr lines are: a msgid, or a comment, is the program's own text, which
// gettext looks up as it is. ('in_msgstr' carries the state from line to line.)
static bool edition_line(bool po, const char *line, bool *in_msgstr) {
    if (po && line[0] != '"') *in_msgstr = strncmp(line, "msgstr", 6) == 0;
    return !po || *in_msgstr;
}

// The three checks read the same lines: each line of each file that is the
// edition's text (edition_line), given to 'visit' with its file and line
// number. EXIT_BAD_INPUT (and a message) when a file cannot be read, else 0.
typedef void EditionLineVisit(const char *path, size_t number, const char *line, void *data);
static int each_edition_line(int n, char **paths, EditionLineVisit *visit, void *data) {
    for (int i = 0; i < n; i++) {
        char **lines;
        size_t n_lines;
        char *text = read_lines(paths[i], &lines, &n_lines);
        if (text == NULL) return EXIT_BAD_INPUT;
        bool po = strstr(paths[i], ".po") != NULL, in_msgstr = false;
        for (size_t l = 0; l < n_lines; l++)
            if (edition_line(po, lines[l], &in_msgstr)) visit(paths[i], l + 1, lines[l], data);
        free(lines), free(text);
    }
    return 0;
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
    bool in_msgstr = false;   // (--po: the line belongs to a msgstr)
    for (const char *line = text; *line;) {
        size_t n = strcspn(line, "\n");
        n += line[n] == '\n';
        char *copy = malloc(n + 1);
        memcpy(copy, line, n);
        copy[n] = '\0';
        Buf converted = {0};
        if (!edition_line(po, copy, &in_msgstr)) buf_add(&out, copy, n);   // a msgid is the program's text: kept
        else if (strncmp(copy, "source:", 7) == 0) convert_into(&converted, characters, copy, n);   // a document's section names
        else convert_line(&converted, phrases, characters, &corrections, copy);
        if (converted.s) mainland_quotes_into(&out, converted.s);
        free(converted.s), free(copy);
        line += n;
    }
    opencc_close(phrases), opencc_close(characters);
    char *result = out.s ? out.s : text_copy("");
    if (po) {   // the catalogue's header names its language
        char *language = strstr(result, "Language: zh_TW");
        if (language) memcpy(language + strlen("Language: zh_"), "CN", 2);
    }
    // Written as every file of the workbook is (common/base/datafile.h): a
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
    free_corrections(&corrections);
    return EXIT_AS_EXPECTED;
}

// ---- the review gate: substitutions beyond characters -------------------------

typedef struct {
    char **from, **to, **verdict;
    size_t n;
    bool *seen;
} Reviewed;

static Reviewed read_reviewed(const char *path) {
    Reviewed r = {0};
    char **lines;
    size_t n;
    char *text = read_lines(path, &lines, &n);
    if (text == NULL) exit(EXIT_BAD_INPUT);
    r.from = calloc(n + 1, sizeof *r.from), r.to = calloc(n + 1, sizeof *r.to);
    r.verdict = calloc(n + 1, sizeof *r.verdict), r.seen = calloc(n + 1, sizeof *r.seen);
    for (size_t i = 0; i < n; i++) {
        if (lines[i][0] == '#' || lines[i][0] == '\0') continue;
        char *f[4] = {lines[i]};
        size_t k = 1;
        for (char *p = lines[i]; *p && k < 4; p++)
            if (*p == '\t') *p = '\0', f[k++] = p + 1;
        if (k < 4 || (strcmp(f[2], "accepted") != 0 && strcmp(f[2], "corrected") != 0) || f[3][0] == '\0') {
            fprintf(stderr, "%s: %s:%zu: expected \"t2s form<TAB>tw2sp form<TAB>accepted|corrected<TAB>why\"\n",
                    PROGRAM, path, i + 1);
            exit(EXIT_BAD_INPUT);
        }
        r.from[r.n] = text_copy(f[0]), r.to[r.n] = text_copy(f[1]), r.verdict[r.n] = text_copy(f[2]), r.n++;
    }
    free(lines), free(text);
    return r;
}

// The byte offsets of a UTF-8 text's characters (n + 1 of them: the last is the end).
static size_t character_starts(const char *s, size_t **starts) {
    size_t len = strlen(s), n = 0;
    *starts = malloc((len + 1) * sizeof **starts);
    for (size_t i = 0; i < len; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) (*starts)[n++] = i;
    (*starts)[n] = len;
    return n;
}

static bool same_character(const char *a, const size_t *as, size_t i, const char *b, const size_t *bs, size_t j) {
    size_t la = as[i + 1] - as[i], lb = bs[j + 1] - bs[j];
    return la == lb && memcmp(a + as[i], b + bs[j], la) == 0;
}

// Do a (from i) and b (from j) agree on their next 3 characters, or both end?
static bool in_step(const char *a, const size_t *as, size_t na, size_t i, const char *b, const size_t *bs, size_t nb,
                    size_t j) {
    for (size_t k = 0; k < 3; k++) {
        if (i + k == na || j + k == nb) return i + k == na && j + k == nb;
        if (!same_character(a, as, i + k, b, bs, j + k)) return false;
    }
    return true;
}

// One run where the two texts differ: bytes [a0, a1) of a and [b0, b1) of b,
// and the run with one character of context each side, as the two forms.
typedef struct {
    const char *a, *b;
    size_t a0, a1, b0, b1;
    const char *from, *to;
} Run;

// Each run where 'characters' (t2s, a) and 'phrases' (tw2sp, b) differ.
static int each_substitution(const char *a, const char *b, void (*report)(const Run *, void *), void *data) {
    size_t *as, *bs;
    size_t na = character_starts(a, &as), nb = character_starts(b, &bs);
    int found = 0;
    for (size_t i = 0, j = 0; i < na || j < nb;) {
        if (i < na && j < nb && same_character(a, as, i, b, bs, j)) {
            i++, j++;
            continue;
        }
        size_t di = na - i, dj = nb - j;   // no step back in line: the rest differs
        bool done = false;
        for (size_t d = 1; d <= 12 && !done; d++)
            for (size_t x = 0; x <= d && !done; x++)
                if (i + x <= na && j + d - x <= nb && in_step(a, as, na, i + x, b, bs, nb, j + d - x))
                    di = x, dj = d - x, done = true;
        size_t from0 = i ? i - 1 : 0, from1 = i + di < na ? i + di + 1 : na;
        size_t to0 = j ? j - 1 : 0, to1 = j + dj < nb ? j + dj + 1 : nb;
        char *from = malloc(as[from1] - as[from0] + 1), *to = malloc(bs[to1] - bs[to0] + 1);
        memcpy(from, a + as[from0], as[from1] - as[from0]), from[as[from1] - as[from0]] = '\0';
        memcpy(to, b + bs[to0], bs[to1] - bs[to0]), to[bs[to1] - bs[to0]] = '\0';
        Run run = {a, b, as[i], as[i + di], bs[j], bs[j + dj], from, to};
        report(&run, data);
        found++;
        free(from), free(to);
        i += di, j += dj;
    }
    free(as), free(bs);
    return found;
}

typedef struct {
    Reviewed *reviewed;
    const Corrections *corrections;
    const char *path, *line, *corrected;   // the line as the edition has it, after the corrections
    size_t number;
    int unreviewed, uncorrected;
} GateLine;

// Mark in 'covered' (one flag a byte of [r0, r1)) where 'form' occurs in
// 'text' overlapping [r0, r1); true when it occurs there at all.
static bool mark_cover(const char *text, size_t r0, size_t r1, const char *form, bool *covered) {
    size_t n = strlen(form);
    bool any = false;
    for (const char *at = n ? strstr(text, form) : NULL; at; at = strstr(at + 1, form)) {
        size_t o = (size_t)(at - text);
        if (o + n <= r0 || o >= r1) continue;
        any = true;
        for (size_t x = o > r0 ? o : r0; x < o + n && x < r1; x++) covered[x - r0] = true;
    }
    return any;
}

// A run is reviewed when entries cover it: where an entry's t2s form occurs
// over part of it in the t2s text and its tw2sp form over part of it in the
// tw2sp text, that part is covered, and every byte of the run must be
// ("向量 -> 矢量" reviews every place tw2sp writes 矢量 for 向量, "数位置 ->
// 数字置" the one word; two substitutions side by side, 快取向量, take two;
// a character the two runs share at the same place needs none).
static void gate_one(const Run *run, void *data) {
    GateLine *g = data;
    bool on_a = run->a1 > run->a0;   // (a run that only inserts is checked on the tw2sp side)
    const char *text = on_a ? run->a : run->b;
    size_t r0 = on_a ? run->a0 : run->b0, r1 = on_a ? run->a1 : run->b1;
    bool *covered = calloc(r1 - r0 + 1, 1), *ignored = calloc(run->b1 - run->b0 + 1, 1);
    if (on_a) {   // a character both texts have at the same place in a run of equal length is no substitution
        size_t *as, *bs;
        char *ra = strndup(run->a + run->a0, run->a1 - run->a0), *rb = strndup(run->b + run->b0, run->b1 - run->b0);
        size_t na = character_starts(ra, &as), nb = character_starts(rb, &bs);
        for (size_t c = 0; na == nb && c < na; c++)
            if (same_character(ra, as, c, rb, bs, c))
                for (size_t x = as[c]; x < as[c + 1]; x++) covered[x] = true;
        free(as), free(bs), free(ra), free(rb);
    }
    for (size_t x = r0; x < r1; x++) {   // punctuation and ASCII are no phrase
        unsigned char c = (unsigned char)text[x];
        bool cjk_punctuation = c == 0xE3 && (unsigned char)text[x + 1] == 0x80;   // U+3000..U+303F
        bool fullwidth = c == 0xEF && ((unsigned char)text[x + 1] == 0xBC || (unsigned char)text[x + 1] == 0xBD);
        if (c < 0x80) covered[x - r0] = true;
        if (cjk_punctuation || fullwidth)
            for (size_t y = x; y < x + 3 && y < r1; y++) covered[y - r0] = true;
        if (c >= 0xC0) x += (c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1);
    }
    for (size_t k = 0; k < g->reviewed->n; k++) {
        const char *form = on_a ? g->reviewed->from[k] : g->reviewed->to[k];
        bool *probe = calloc(r1 - r0 + 1, 1);
        bool here = mark_cover(text, r0, r1, form, probe) &&
                    (!on_a || mark_cover(run->b, run->b0, run->b1 > run->b0 ? run->b1 : run->b0 + 1,
                                         g->reviewed->to[k], ignored));
        if (here) {
            for (size_t x = 0; x < r1 - r0; x++) covered[x] = covered[x] || probe[x];
            g->reviewed->seen[k] = true;
            if (strcmp(g->reviewed->verdict[k], "corrected") == 0 && strstr(g->corrected, g->reviewed->to[k])) {
                printf("%s:%zu: %s -> %s is marked corrected, but the edition still has it: \"%s\"\n", g->path,
                       g->number, g->reviewed->from[k], g->reviewed->to[k], g->corrected);
                g->uncorrected++;
            }
        }
        free(probe);
    }
    bool all = true;
    for (size_t x = 0; x < r1 - r0; x++) all = all && covered[x];
    free(covered), free(ignored);
    if (all) return;
    printf("%s:%zu: unreviewed substitution %s -> %s in \"%s\"\n", g->path, g->number, run->from, run->to, g->line);
    g->unreviewed++;
}

// The gate over one line of the edition's text.
typedef struct {
    Reviewed *reviewed;
    const Corrections *corrections;
    opencc_t phrases, characters;
    int unreviewed, uncorrected, total;
} Gate;
static void gate_line(const char *path, size_t number, const char *line, void *data) {
    Gate *gate = data;
    if (strncmp(line, "source:", 7) == 0) return;   // characters only (convert)
    Buf by_phrase = {0}, by_character = {0}, edition = {0};
    Corrections none = {0};
    convert_line(&by_phrase, gate->phrases, gate->characters, &none, line);
    convert_line(&edition, gate->phrases, gate->characters, gate->corrections, line);
    convert_into(&by_character, gate->characters, line, strlen(line));
    const char *a = by_character.s ? by_character.s : "", *b = by_phrase.s ? by_phrase.s : "";
    GateLine g = {gate->reviewed, gate->corrections, path, line, edition.s ? edition.s : "", number, 0, 0};
    if (strcmp(a, b) != 0) gate->total += each_substitution(a, b, gate_one, &g);
    gate->unreviewed += g.unreviewed, gate->uncorrected += g.uncorrected;
    free(by_phrase.s), free(by_character.s), free(edition.s);
}

static int substitutions(const char *reviewed_path, const char *corrections_path, int n, char **paths) {
    Reviewed reviewed = read_reviewed(reviewed_path);
    Corrections corrections = read_corrections(corrections_path);
    Gate gate = {&reviewed, &corrections, open_config("tw2sp.json"), open_config("t2s.json"), 0, 0, 0};
    if (each_edition_line(n, paths, gate_line, &gate) != 0) return EXIT_BAD_INPUT;
    for (size_t k = 0; k < reviewed.n; k++) {
        if (!reviewed.seen[k]) printf("(reviewed, no longer made: %s -> %s)\n", reviewed.from[k], reviewed.to[k]);
        free(reviewed.from[k]), free(reviewed.to[k]), free(reviewed.verdict[k]);
    }
    free(reviewed.from), free(reviewed.to), free(reviewed.verdict), free(reviewed.seen);
    free_corrections(&corrections);
    opencc_close(gate.phrases), opencc_close(gate.characters);
    printf("%d substitution(s) beyond characters; %d unreviewed, %d marked corrected but left\n", gate.total,
           gate.unreviewed, gate.uncorrected);
    return gate.unreviewed || gate.uncorrected ? EXIT_CLAIM_FAILED : EXIT_AS_EXPECTED;
}

// ---- the term check: no Taiwan term of the table left in a zh-CN text -------------

// Is [o, o + n) of 'line' inside an occurrence of some correction's "to"?
static bool covered_by_a_to(const Corrections *c, const char *line, size_t o, size_t n) {
    for (size_t k = 0; k < c->n; k++) {
        size_t m = strlen(c->to[k]);
        if (m < n) continue;
        size_t first = o + n >= m ? o + n - m : 0;   // an occurrence starting here or later still ends past o + n
        for (size_t at = first; at <= o && at + m <= strlen(line); at++)
            if (strncmp(line + at, c->to[k], m) == 0) return true;
    }
    return false;
}

// --terms: in each zh-CN file (the derived edition), outside quotations (“...”,
// a document's words) and a lesson's "source:" lines (characters only), every
// place where a correction's "from" stands must be inside some correction's
// "to" (a word the table writes or keeps: 序列 keeps 列, 第 b 列 writes it);
// otherwise a Taiwan term the table covers is left, reported with its line.
// A Taiwan quotation mark (「 」 『 』) on any line of the edition is reported too.
// The term check over one line of the edition's text.
typedef struct {
    const Corrections *corrections;
    int found;
} TermCheck;
static void term_line(const char *path, size_t number, const char *line, void *data) {
    TermCheck *t = data;
    for (size_t q = 0; q < sizeof QUOTE_MARKS / sizeof QUOTE_MARKS[0]; q++)
        if (strstr(line, QUOTE_MARKS[q][0])) {
            printf("%s:%zu: Taiwan quotation mark %s (mainland: %s) in \"%s\"\n", path, number,
                   QUOTE_MARKS[q][0], QUOTE_MARKS[q][1], line);
            t->found++;
            break;
        }
    if (strncmp(line, "source:", 7) == 0) return;   // a document's section names: characters only
    size_t len = strlen(line);
    bool *quoted = calloc(len + 1, sizeof *quoted);
    for (size_t x = 0, depth = 0; x < len; x++) {   // “...” (and ‘...’ inside) is a quotation
        if (strncmp(line + x, "“", strlen("“")) == 0) depth++;
        quoted[x] = depth > 0;
        if (depth > 0 && strncmp(line + x, "”", strlen("”")) == 0) {
            for (size_t y = x; y < x + strlen("”"); y++) quoted[y] = true;
            x += strlen("”") - 1;
            depth--;
        }
    }
    for (size_t k = 0; k < t->corrections->n; k++) {
        size_t m = strlen(t->corrections->from[k]);
        if (strcmp(t->corrections->from[k], t->corrections->to[k]) == 0) continue;   // a word kept
        for (const char *at = strstr(line, t->corrections->from[k]); at; at = strstr(at + 1, t->corrections->from[k])) {
            size_t o = (size_t)(at - line);
            if (quoted[o] || covered_by_a_to(t->corrections, line, o, m)) continue;
            printf("%s:%zu: Taiwan term %s (the table writes %s) in \"%s\"\n", path, number,
                   t->corrections->from[k], t->corrections->to[k], line);
            t->found++;
        }
    }
    free(quoted);
}

static int terms(const char *corrections_path, int n, char **paths) {
    Corrections corrections = read_corrections(corrections_path);
    TermCheck t = {&corrections, 0};
    if (each_edition_line(n, paths, term_line, &t) != 0) return EXIT_BAD_INPUT;
    free_corrections(&corrections);
    printf("%d Taiwan term(s) of the table or quotation mark(s) left in the zh-CN texts\n", t.found);
    return t.found ? EXIT_CLAIM_FAILED : EXIT_AS_EXPECTED;
}

// --check: each line of each file against its t2s conversion.
typedef struct {
    opencc_t characters;
    int found;
} TraditionalCheck;
static void traditional_line(const char *path, size_t number, const char *line, void *data) {
    TraditionalCheck *t = data;
    char *converted = opencc_convert_utf8(t->characters, line, strlen(line));
    if (converted && strcmp(converted, line) != 0) {
        size_t k = 0;
        while (line[k] == converted[k]) k++;
        while (k > 0 && ((unsigned char)line[k] & 0xC0) == 0x80) k--;   // back to the character's start
        int len = 1;
        while (((unsigned char)line[k + (size_t)len] & 0xC0) == 0x80) len++;
        printf("%s:%zu: Traditional-only character %.*s in \"%.60s\"\n", path, number, len, line + k, line + k);
        t->found++;
    }
    opencc_convert_utf8_free(converted);
}

static int check(int n, char **paths) {
    TraditionalCheck t = {open_config("t2s.json"), 0};
    if (each_edition_line(n, paths, traditional_line, &t) != 0) return EXIT_BAD_INPUT;
    opencc_close(t.characters);
    if (t.found) printf("%d line(s) hold a Traditional-only character\n", t.found);
    return t.found ? EXIT_CLAIM_FAILED : EXIT_AS_EXPECTED;
}

int main(int argc, char **argv) {
    const char *corrections = NULL;
    bool po = false;
    int i = 1;
    if (argc >= 3 && strcmp(argv[1], "--check") == 0) return check(argc - 2, argv + 2);
    if (argc >= 4 && strcmp(argv[1], "--terms") == 0) return terms(argv[2], argc - 3, argv + 3);
    if (argc >= 4 && strcmp(argv[1], "--substitutions") == 0) {
        const char *fix = NULL;
        int first = 3;
        if (argc >= 6 && strcmp(argv[3], "--corrections") == 0) fix = argv[4], first = 5;
        return substitutions(argv[2], fix, argc - first, argv + first);
    }
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--corrections") == 0 && i + 1 < argc) corrections = argv[++i];
        else if (strcmp(argv[i], "--po") == 0) po = true;
        else break;
    }
    if (argc - i != 2) {
        fprintf(stderr,
                "usage: %s [--corrections FILE] [--po] IN OUT | %s --check FILE... | %s --substitutions REVIEWED "
                "[--corrections FILE] FILE... | %s --terms CORRECTIONS FILE...\n", PROGRAM, PROGRAM, PROGRAM, PROGRAM);
        return EXIT_BAD_INPUT;
    }
    return convert(argv[i], argv[i + 1], corrections, po);
}
