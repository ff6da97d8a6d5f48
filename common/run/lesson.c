// lesson.c: see lesson.h.
#include "run/lesson.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/buf.h"
#include "base/faults.h"
#include "base/i18n.h"
#include "base/text_file.h"
#include "base/utf8.h"

static char *copy_of(const char *s, size_t n) {
    char *c = malloc(n + 1);
    if (c == NULL) faults_out_of_memory("a lesson", n + 1);
    memcpy(c, s, n);
    c[n] = '\0';
    return c;
}

static void *grow(void *items, size_t *cap, size_t n, size_t size) {
    if (n < *cap) return items;
    size_t new_cap = *cap ? 2 * *cap : 8;
    void *grown = realloc(items, new_cap * size);
    if (grown == NULL) faults_out_of_memory("a lesson", new_cap * size);
    *cap = new_cap;
    return grown;
}

static void why_set(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void why_set(char *why, size_t size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (why && size) vsnprintf(why, size, fmt, ap);
    va_end(ap);
}

// ---- values ----------------------------------------------------------------------

void lesson_values_set(LessonValues *v, const char *name, const char *value) {
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->items[i].name, name) == 0) {
            free(v->items[i].value);
            v->items[i].value = copy_of(value, strlen(value));
            return;
        }
    v->items = grow(v->items, &v->cap, v->n, sizeof *v->items);
    v->items[v->n++] = (LessonValue){copy_of(name, strlen(name)), copy_of(value, strlen(value))};
}

void lesson_values_set_number(LessonValues *v, const char *name, double x) {
    char buf[40];
    snprintf(buf, sizeof buf, "%.17g", x);
    lesson_values_set(v, name, buf);
}

const char *lesson_values_get(const LessonValues *v, const char *name) {
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->items[i].name, name) == 0) return v->items[i].value;
    return NULL;
}

void lesson_values_free(LessonValues *v) {
    for (size_t i = 0; i < v->n; i++) {
        free(v->items[i].name);
        free(v->items[i].value);
    }
    free(v->items);
    *v = (LessonValues){0};
}

const char *lesson_source(const char *lang, const char *chapter) {
    for (const LessonSource *l = LESSON_SOURCES; l->text; l++)
        if (strcmp(l->lang, lang) == 0 && strcmp(l->chapter, chapter) == 0) return l->text;
    return NULL;
}

char *lesson_file_text(const char *dir, const char *lang, const char *name, const char *extension) {
    if (dir == NULL) {
        const char *text = lesson_source(lang, name);
        return text ? copy_of(text, strlen(text)) : NULL;
    }
    size_t size = strlen(dir) + strlen(lang) + strlen(name) + strlen(extension) + 8;
    char *path = malloc(size);
    if (path == NULL) faults_out_of_memory("a lesson's path", size);
    snprintf(path, size, "%s/%s", dir, lang);
    struct stat st;
    if (stat(path, &st) != 0) {   // no DIR/LANG/: a derived edition (zh-CN) lives only in the programs
        free(path);
        const char *embedded = lesson_source(lang, name);
        if (embedded) return copy_of(embedded, strlen(embedded));
        errno = ENOENT;
        return NULL;
    }
    snprintf(path, size, "%s/%s/%s%s", dir, lang, name, extension);
    char *text = text_file_read(path, NULL);
    int error = errno;
    free(path);
    errno = error;
    return text;
}

char *lesson_text(const char *dir, const char *lang, const char *chapter) {
    return lesson_file_text(dir, lang, chapter, ".md");
}

// ---- parsing a lesson file -------------------------------------------------------

static const char *const VERDICT_WORDS[] = {"holds", "partly holds", "erratum", "does not hold"};

// The file without its <!-- comments -->.
static char *without_comments(const char *text) {
    Buf t = {0};
    for (const char *p = text; *p;) {
        const char *open = strstr(p, "<!--");
        if (open == NULL) {
            buf_puts(&t, p);
            break;
        }
        buf_add(&t, p, (size_t)(open - p));
        const char *close = strstr(open + 4, "-->");
        if (close == NULL) break;
        p = close + 3;
    }
    return buf_take(&t);
}

static bool blank(const char *line) {
    for (; *line; line++)
        if (!isspace((unsigned char)*line)) return false;
    return true;
}

// Trailing spaces and blank lines at both ends removed (a new string).
static char *trimmed(const char *s) {
    while (*s == '\n' || *s == '\r') s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) n--;
    return copy_of(s, n);
}

typedef enum { IN_NOTHING, IN_HEAD, IN_INTRO, IN_META, IN_IDEA, IN_VERDICT, IN_EVIDENCE } ParseState;

typedef struct {
    Lesson *lesson;
    ParseState state;
    Buf body;                     // the paragraph text of the current part
    int line;
    char *why;
    size_t why_size;
} Parser;

static LessonClaim *current_claim(Parser *p) { return &p->lesson->claims[p->lesson->n_claims - 1]; }

// The text gathered since the last heading goes where it belongs.
static void close_part(Parser *p) {
    char *raw = buf_take(&p->body);
    char *body = trimmed(raw);
    free(raw);
    if (p->state == IN_INTRO) {
        free(p->lesson->intro);
        p->lesson->intro = body;
    } else if (p->state == IN_IDEA || p->state == IN_META) {
        free(current_claim(p)->idea);
        current_claim(p)->idea = body;
    } else if (p->state == IN_VERDICT) {
        LessonClaim *c = current_claim(p);
        free(c->verdicts[c->n_verdicts - 1].text);
        c->verdicts[c->n_verdicts - 1].text = body;
    } else if (p->state == IN_EVIDENCE) {
        free(current_claim(p)->evidence);
        current_claim(p)->evidence = body;
    } else {
        free(body);
    }
}

static bool fail(Parser *p, const char *what) {
    why_set(p->why, p->why_size, "line %d: %s", p->line, what);
    return false;
}

static bool start_claim(Parser *p, const char *id) {
    Lesson *l = p->lesson;
    if (*id == '\0') return fail(p, "'## ' without a claim id");
    if (lesson_claim(l, id)) return fail(p, "a second lesson for the same claim");
    l->claims = realloc(l->claims, (l->n_claims + 1) * sizeof *l->claims);
    if (l->claims == NULL) faults_out_of_memory("a lesson", (l->n_claims + 1) * sizeof *l->claims);
    l->claims[l->n_claims++] = (LessonClaim){.id = copy_of(id, strlen(id)), .source = copy_of("", 0),
                                             .phrase = copy_of("", 0), .says = copy_of("", 0),
                                             .expected = copy_of("", 0), .key = copy_of("", 0),
                                             .idea = copy_of("", 0), .evidence = copy_of("", 0)};
    p->state = IN_META;
    return true;
}

static bool start_verdict(Parser *p, const char *heading) {
    if (p->lesson->n_claims == 0) return fail(p, "a verdict section before any '## ID'");
    if (strcmp(heading, "evidence") == 0) {
        if (current_claim(p)->evidence[0]) return fail(p, "a second '### evidence' for the same claim");
        p->state = IN_EVIDENCE;
        return true;
    }
    const char *when = strstr(heading, " when ");
    size_t verdict_len = when ? (size_t)(when - heading) : strlen(heading);
    bool known = false;
    for (size_t i = 0; i < sizeof VERDICT_WORDS / sizeof VERDICT_WORDS[0]; i++)
        if (strlen(VERDICT_WORDS[i]) == verdict_len && strncmp(heading, VERDICT_WORDS[i], verdict_len) == 0)
            known = true;
    if (!known) return fail(p, "'### ' names no verdict (holds, partly holds, erratum, does not hold) nor the evidence");
    LessonClaim *c = current_claim(p);
    c->verdicts = realloc(c->verdicts, (c->n_verdicts + 1) * sizeof *c->verdicts);
    if (c->verdicts == NULL) faults_out_of_memory("a lesson", (c->n_verdicts + 1) * sizeof *c->verdicts);
    const char *case_name = when ? when + 6 : "";
    c->verdicts[c->n_verdicts++] = (LessonVerdictText){copy_of(heading, verdict_len),
                                                       copy_of(case_name, strlen(case_name)), copy_of("", 0)};
    p->state = IN_VERDICT;
    return true;
}

// "key: value" in a claim's first block; false when the line is not one.
static bool meta_line(LessonClaim *c, const char *line) {
    static const char *const KEYS[] = {"source:", "phrase:", "figure:", "says:", "expected:", "key:"};
    for (size_t k = 0; k < sizeof KEYS / sizeof *KEYS; k++) {
        size_t n = strlen(KEYS[k]);
        if (strncmp(line, KEYS[k], n) != 0) continue;
        const char *value = line + n;
        while (*value == ' ') value++;
        char *v = trimmed(value);
        if (k == 0) free(c->source), c->source = v;
        else if (k == 1) free(c->phrase), c->phrase = v;
        else if (k == 3) free(c->says), c->says = v;
        else if (k == 4) free(c->expected), c->expected = v;
        else if (k == 5) free(c->key), c->key = v;
        else {
            for (char *save = NULL, *w = strtok_r(v, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
                c->figures = realloc(c->figures, (c->n_figures + 1) * sizeof *c->figures);
                if (c->figures == NULL) faults_out_of_memory("a lesson", c->n_figures + 1);
                c->figures[c->n_figures++] = copy_of(w, strlen(w));
            }
            free(v);
        }
        return true;
    }
    return false;
}

static bool parse_line(Parser *p, const char *line) {
    if (strncmp(line, "# ", 2) == 0) {
        if (p->state != IN_NOTHING) return fail(p, "a second '# ' title");
        p->lesson->title = trimmed(line + 2);
        p->state = IN_HEAD;
        return true;
    }
    if (p->state == IN_NOTHING) {
        if (blank(line)) return true;
        return fail(p, "text before the '# ' title");
    }
    if (p->state == IN_HEAD) {   // right under the title: its "summary:" line, if any
        p->state = IN_INTRO;
        if (strncmp(line, "summary:", 8) == 0) {
            const char *value = line + 8;
            while (*value == ' ') value++;
            free(p->lesson->summary);
            p->lesson->summary = trimmed(value);
            return true;
        }
    }
    if (strncmp(line, "## ", 3) == 0) {
        close_part(p);
        char *id = trimmed(line + 3);
        bool ok = start_claim(p, id);
        free(id);
        return ok;
    }
    if (strncmp(line, "### ", 4) == 0) {
        close_part(p);
        char *heading = trimmed(line + 4);
        bool ok = start_verdict(p, heading);
        free(heading);
        return ok;
    }
    if (p->state == IN_META) {
        if (blank(line)) {
            p->state = IN_IDEA;
            return true;
        }
        if (meta_line(current_claim(p), line)) return true;
        p->state = IN_IDEA;   // no blank line after the block: the idea starts here
    }
    buf_puts(&p->body, line);
    buf_puts(&p->body, "\n");
    return true;
}

bool lesson_parse(const char *source, Lesson *out, char *why, size_t why_size) {
    *out = (Lesson){0};
    char *text = without_comments(source);
    Parser p = {.lesson = out, .state = IN_NOTHING, .why = why, .why_size = why_size};
    bool ok = true;
    char *save = NULL;
    // Lines one by one (strtok_r would drop empty lines: split by hand).
    for (char *line = text; ok && line; line = save) {
        char *nl = strchr(line, '\n');
        save = nl ? nl + 1 : NULL;
        if (nl) *nl = '\0';
        if (nl && nl > line && nl[-1] == '\r') nl[-1] = '\0';
        p.line++;
        ok = parse_line(&p, line);
    }
    if (ok) close_part(&p);
    free(p.body.s);
    free(text);
    if (ok && out->title == NULL) ok = fail(&p, "no '# ' title");
    if (ok && out->intro == NULL) out->intro = copy_of("", 0);
    if (ok && out->summary == NULL) out->summary = copy_of("", 0);
    if (!ok) lesson_free(out);
    return ok;
}

void lesson_free(Lesson *l) {
    for (size_t i = 0; i < l->n_claims; i++) {
        LessonClaim *c = &l->claims[i];
        free(c->id), free(c->source), free(c->phrase), free(c->says), free(c->idea);
        free(c->expected), free(c->key), free(c->evidence);
        for (size_t f = 0; f < c->n_figures; f++) free(c->figures[f]);
        free(c->figures);
        for (size_t v = 0; v < c->n_verdicts; v++)
            free(c->verdicts[v].verdict), free(c->verdicts[v].when), free(c->verdicts[v].text);
        free(c->verdicts);
    }
    free(l->claims), free(l->title), free(l->summary), free(l->intro);
    *l = (Lesson){0};
}

const LessonClaim *lesson_claim(const Lesson *l, const char *id) {
    for (size_t i = 0; i < l->n_claims; i++)
        if (strcmp(l->claims[i].id, id) == 0) return &l->claims[i];
    return NULL;
}

const char *lesson_verdict_text(const LessonClaim *c, const char *verdict, const char *when) {
    const char *plain = NULL;
    for (size_t i = 0; i < c->n_verdicts; i++) {
        if (strcmp(c->verdicts[i].verdict, verdict) != 0) continue;
        if (when && *when && strcmp(c->verdicts[i].when, when) == 0) return c->verdicts[i].text;
        if (c->verdicts[i].when[0] == '\0') plain = c->verdicts[i].text;
    }
    return plain;
}

// ---- placeholders --------------------------------------------------------------

// 'x' (finite, not 0) with 'digits' significant digits written out, no
// exponent; trailing zeros dropped or kept. The digits count after rounding
// (99.97 to 3 digits is "100", not "100.0").
static void fixed_digits(char *buf, size_t size, double x, int digits, bool keep_zeros) {
    char e[64];
    snprintf(e, sizeof e, "%.*e", digits - 1, x);   // the magnitude after rounding: 1.00e+02 for 99.97
    int magnitude = atoi(strchr(e, 'e') + 1);
    int decimals = digits - 1 - magnitude;
    if (decimals <= 0) {
        double unit = pow(10.0, -decimals);
        snprintf(buf, size, "%.0f", round(x / unit) * unit);
    } else {
        snprintf(buf, size, "%.*f", decimals, x);
        if (!keep_zeros && strchr(buf, '.')) {   // drop trailing zeros, as %g does
            char *end = buf + strlen(buf) - 1;
            while (*end == '0') *end-- = '\0';
            if (*end == '.') *end = '\0';
        }
    }
}

// 'x' with 'digits' significant digits, written out (no exponent) between
// 1e-4 and 1e15, trailing zeros dropped: 0.0442, 11.3, 8660, 54400.
static void significant(char *buf, size_t size, double x, int digits) {
    if (isnan(x)) {
        snprintf(buf, size, "n/a");
        return;
    }
    if (isinf(x)) {
        snprintf(buf, size, x > 0 ? "∞" : "-∞");
        return;
    }
    double a = fabs(x);
    if (a == 0.0) {
        snprintf(buf, size, "0");
        return;
    }
    if (a < 1e-4 || a >= 1e15) {
        snprintf(buf, size, "%.*g", digits, x);
        return;
    }
    fixed_digits(buf, size, x, digits, false);
    if (strcmp(buf, "-0") == 0) snprintf(buf, size, "0");
}

void lesson_number(char *buf, size_t size, double x);

// A percentage 'p' (already times 100) with 'digits' significant digits,
// trailing zeros kept, written out: 15.0, 9.50, 100, 0.0200, 2.00e-05 below
// 1e-4. The digits count after rounding (99.97 to 3 digits is "100", not
// "100.0").
static void percent_digits(char *buf, size_t size, double p, int digits) {
    if (!isfinite(p) || p == 0.0 || fabs(p) < 1e-4 || fabs(p) >= 1e15) {
        significant(buf, size, p, digits);
        return;
    }
    fixed_digits(buf, size, p, digits, true);
}

// Text as Markdown text: its ASCII punctuation backslash-escaped (CommonMark
// shows it as it is; lesson_plain drops the backslashes).
static void buf_add_escaped(Buf *out, const char *text) {
    for (const char *v = text; *v; v++) {
        if (ispunct((unsigned char)*v)) buf_add(out, "\\", 1);
        buf_add(out, v, 1);
    }
}

char *lesson_escaped(const char *text) {
    Buf out = {0};
    buf_add_escaped(&out, text);
    return buf_take(&out);
}

// One placeholder's text: 'spec' is what follows ':' ("" when none).
static bool format_value(Buf *out, const char *value, const char *spec, char *why, size_t why_size) {
    char *end;
    double x = strtod(value, &end);
    bool number = *value && *end == '\0';
    char buf[64];
    // A text that reads as a number ("0.10", the digits a document printed)
    // is shown as it is: a recorded number is always "%.17g".
    snprintf(buf, sizeof buf, "%.17g", x);
    if (number && *spec == '\0' && strcmp(buf, value) != 0) number = false;
    if (!number) {
        if (*spec) {
            why_set(why, why_size, "the text \"%s\" given a number's form ':%s'", value, spec);
            return false;
        }
        buf_puts(out, value);
        return true;
    }
    if (*spec == '\0') {
        lesson_number(buf, sizeof buf, x);
    } else if (strcmp(spec, "d") == 0) {
        snprintf(buf, sizeof buf, "%.0f", round(x) == 0.0 ? 0.0 : round(x));
    } else if (strcmp(spec, "%") == 0) {
        // Three significant digits, trailing zeros kept (15.0% for 0.1501: "15%"
        // would claim less precision than the README promises); 99.97% is not
        // "100%", nor 0.02% "0%": more digits until the rounding says so.
        int digits = 3;
        percent_digits(buf, sizeof buf - 1, 100.0 * x, digits);
        while (digits < 7 && ((strcmp(buf, "100") == 0 && x != 1.0) || (strcmp(buf, "0") == 0 && x != 0.0)))
            percent_digits(buf, sizeof buf - 1, 100.0 * x, ++digits);
        strcat(buf, "%");
    } else {
        int precision = -1;
        char conversion = 0, extra = 0;
        bool sign = *spec == '+';   // {x:+.3f}: a sign on positive numbers too (a margin, a gap)
        if (sscanf(spec + sign, ".%d%c%c", &precision, &conversion, &extra) != 2 || precision < 0 || precision > 17 ||
            !strchr("fge", conversion)) {
            why_set(why, why_size, "the form ':%s' (expected .Nf, .Ng, .Ne, +.Nf..., d or %%)", spec);
            return false;
        }
        char fmt[16];
        snprintf(fmt, sizeof fmt, "%%%s.%d%c", sign ? "+" : "", precision, conversion);
        snprintf(buf, sizeof buf, fmt, x);
    }
    buf_puts(out, buf);
    return true;
}

// A name: letters, digits and '_'; a table's cell adds '.', '[' and ']'
// ("turns[2].s", written "turns.s" in a row template).
static bool name_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '[' || c == ']'; }

// If s starts a placeholder "{name}", "{name:spec}" or "{name?WORDS|WORDS}",
// its length; else 0.
static size_t placeholder_length(const char *s) {
    if (*s != '{' || !(isalpha((unsigned char)s[1]) || s[1] == '_')) return 0;
    size_t i = 1;
    while (name_char(s[i])) i++;
    if (s[i] == ':') {
        i++;
        while (s[i] && s[i] != '}' && s[i] != '{' && s[i] != ' ' && s[i] != '\n') i++;
    } else if (s[i] == '?') {
        int bars = 0;
        for (i++; s[i] && s[i] != '}' && s[i] != '{' && s[i] != '\n'; i++) bars += s[i] == '|';
        if (bars != 1) return 0;
    }
    return s[i] == '}' ? i + 1 : 0;
}

// True when 'name' was recorded and is not zero (a text: not empty).
static bool value_true(const LessonValues *values, const char *name) {
    const char *v = lesson_values_get(values, name);
    if (v == NULL || *v == '\0') return false;
    char *end;
    double x = strtod(v, &end);
    return *end != '\0' || x != 0.0;
}

// The rows recorded in table 'table': values "table[0].col", "table[1].col", ...
static size_t table_rows(const LessonValues *values, const char *table) {
    char prefix[96];
    size_t rows = 0;
    for (bool found = true; found; rows += found) {
        int n = snprintf(prefix, sizeof prefix, "%s[%zu].", table, rows);
        found = false;
        for (size_t i = 0; i < values->n && !found; i++) found = strncmp(values->items[i].name, prefix, (size_t)n) == 0;
    }
    return rows;
}

// If 'line' is a table row ('|' first, after a guard) naming a table's column
// ("{T.col", "{?T.col", "{!T.col"), the table's name; else false.
static bool row_template(const char *line, size_t n, char *table, size_t size) {
    const char *p = line;
    if (p[0] == '{' && (p[1] == '?' || p[1] == '!')) p += strcspn(p, "}") + 1;
    while (*p == ' ') p++;
    if (*p != '|') return false;
    for (const char *q = line; q < line + n; q++) {
        if (*q != '{') continue;
        const char *name = q + 1 + (q[1] == '?' || q[1] == '!');
        size_t len = 0;
        while (name_char(name[len]) && name[len] != '.') len++;
        if (len == 0 || name[len] != '.' || !isalpha((unsigned char)name[0])) continue;
        snprintf(table, size, "%.*s", (int)len, name);
        return true;
    }
    return false;
}

// Pass 1: every row template repeated for each recorded row, "{T." made "{T[i].".
static char *expand_rows(const char *text, const LessonValues *values) {
    Buf out = {0};
    for (const char *line = text; *line;) {
        size_t n = strcspn(line, "\n");
        char table[64];
        if (!row_template(line, n, table, sizeof table)) {
            buf_add(&out, line, n);
        } else {
            size_t rows = table_rows(values, table), t = strlen(table);
            for (size_t r = 0; r < rows; r++) {
                for (const char *q = line; q < line + n; q++) {
                    bool opens = *q == '{' && (strncmp(q + 1, table, t) == 0 ||
                                               ((q[1] == '?' || q[1] == '!') && strncmp(q + 2, table, t) == 0));
                    size_t skip = opens ? 1 + (q[1] == '?' || q[1] == '!') + t : 0;
                    if (opens && q[skip] == '.') {
                        buf_add(&out, q, skip);
                        buf_printf(&out, "[%zu]", r);
                        q += skip - 1;
                    } else {
                        buf_add(&out, q, 1);
                    }
                }
                if (r + 1 < rows) buf_puts(&out, "\n");
            }
            if (rows == 0 && line[n] == '\n') n++;   // no rows: not even an empty line
        }
        line += n;
        if (*line == '\n') buf_add(&out, line++, 1);
    }
    return buf_take(&out);
}

static bool blank_line(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!isspace((unsigned char)s[i])) return false;
    return true;
}

// Where a list item or table row begins: the end of a guarded item.
static bool item_start(const char *s) {
    return s[0] == '|' || strncmp(s, "- ", 2) == 0 || strncmp(s, "* ", 2) == 0 ||
           (s[0] == '{' && (s[1] == '?' || s[1] == '!')) || (isdigit((unsigned char)s[0]) && strstr(s, ". ") == s + strspn(s, "0123456789"));
}

// Pass 2: a block starting with {?name} or {!name} kept (without its guard)
// or dropped. A table row is its own block; a list item runs to the next
// item or a blank line; a paragraph runs to a blank line.
static char *apply_guards(const char *text, const LessonValues *values) {
    Buf out = {0};
    for (const char *line = text; *line;) {
        size_t n = strcspn(line, "\n");
        size_t g = (line[0] == '{' && (line[1] == '?' || line[1] == '!')) ? strcspn(line, "}") : 0;
        if (g == 0 || g >= n) {
            buf_add(&out, line, n + (line[n] == '\n'));
            line += n + (line[n] == '\n');
            continue;
        }
        char name[96];
        snprintf(name, sizeof name, "%.*s", (int)(g - 2), line + 2);
        bool keep = value_true(values, name) == (line[1] == '?');
        const char *rest = line + g + 1;
        while (*rest == ' ') rest++;
        bool one_line = rest[0] == '|', item = item_start(rest);
        // The block: this line, then (a paragraph or an item) the lines up to its end.
        const char *end = line + n + (line[n] == '\n');
        if (!one_line)
            while (*end) {
                size_t m = strcspn(end, "\n");
                if (blank_line(end, m) || (item && item_start(end))) break;
                end += m + (end[m] == '\n');
            }
        if (keep) buf_add(&out, rest, (size_t)(end - rest));
        line = end;
    }
    return buf_take(&out);
}

// The length of the maths span starting at s ("$...$" or "$$...$$"), 0 if none.
size_t lesson_math_length(const char *s) {
    if (*s != '$') return 0;
    size_t fence = s[1] == '$' ? 2 : 1;
    for (size_t i = fence; s[i]; i++) {
        if (s[i] == '\\' && s[i + 1]) {
            i++;
            continue;
        }
        if (s[i] == '$' && (fence == 1 || s[i + 1] == '$')) return i + fence;
    }
    return 0;
}

void lesson_number(char *buf, size_t size, double x) {
    if (!isnan(x) && x == floor(x) && fabs(x) < 1e15) snprintf(buf, size, "%.0f", x == 0.0 ? 0.0 : x);
    else significant(buf, size, x, 3);
}

static char *fill_placeholders(const char *text, const LessonValues *values, char *why, size_t why_size);

char *lesson_render(const char *text, const LessonValues *values, char *why, size_t why_size) {
    char *rows = expand_rows(text, values);
    char *kept = apply_guards(rows, values);
    free(rows);
    char *out = fill_placeholders(kept, values, why, why_size);
    free(kept);
    return out;
}

// Pass 3: the placeholders.
static char *fill_placeholders(const char *text, const LessonValues *values, char *why, size_t why_size) {
    Buf out = {0};
    for (const char *p = text; *p;) {
        size_t m = lesson_math_length(p);
        if (m) {
            // Braces in maths are TeX: a recorded name there is a mistake, not a
            // placeholder ($R \le {last}$), unless it is a command's or a
            // script's group (\sqrt{d}, x^{d}, P_{k}).
            for (size_t i = 0; i < m; i++) {
                size_t n = placeholder_length(p + i);
                if (n == 0) continue;
                size_t k = i;
                while (k > 0 && isalpha((unsigned char)p[k - 1])) k--;
                if (i > 0 && (p[i - 1] == '^' || p[i - 1] == '_' || (k > 0 && k < i && p[k - 1] == '\\'))) continue;
                char name[64];
                snprintf(name, sizeof name, "%.*s", (int)(strcspn(p + i + 1, ":}")), p + i + 1);
                if (lesson_values_get(values, name)) {
                    why_set(why, why_size, "{%s} inside maths: placeholders are filled only outside $...$", name);
                    free(out.s);
                    return NULL;
                }
            }
            buf_add(&out, p, m);
            p += m;
            continue;
        }
        if (p[0] == '{' && p[1] == '{') {   // "{{" is a literal brace
            buf_add(&out, "{", 1);
            p += 2;
            continue;
        }
        size_t n = placeholder_length(p);
        if (n == 0) {
            buf_add(&out, p, 1);
            p++;
            continue;
        }
        char inside[512];
        snprintf(inside, sizeof inside, "%.*s", (int)(n - 2), p + 1);
        char *choice = strchr(inside, '?');
        if (choice && choice < inside + strcspn(inside, ":")) {
            // {name?WORDS|WORDS}: lesson text, not a value (not escaped)
            *choice = '\0';
            if (lesson_values_get(values, inside) == NULL) {
                why_set(why, why_size, "{%s?...}: the claim recorded no value of that name", inside);
                free(out.s);
                return NULL;
            }
            char *bar = strchr(choice + 1, '|');
            if (value_true(values, inside)) buf_add(&out, choice + 1, (size_t)(bar - choice - 1));
            else buf_puts(&out, bar + 1);
            p += n;
            continue;
        }
        char *colon = strchr(inside, ':');
        const char *spec = "";
        if (colon) *colon = '\0', spec = colon + 1;
        const char *value = lesson_values_get(values, inside);
        if (value == NULL) {
            why_set(why, why_size, "{%s}: the claim recorded no value of that name", inside);
            free(out.s);
            return NULL;
        }
        Buf formatted = {0};
        if (!format_value(&formatted, value, spec, why, why_size)) {
            free(formatted.s);
            free(out.s);
            return NULL;
        }
        char *shown = buf_take(&formatted);   // a value is text, never markup
        buf_add_escaped(&out, shown);
        free(shown);
        p += n;
    }
    return buf_take(&out);
}

// ---- a claim's lesson ---------------------------------------------------------------

const char *lesson_verdict_words(const char *verdict, const char *weight) {
    if (strcmp(verdict, "erratum") == 0 && weight) {
        if (strcmp(weight, "slip") == 0) return _("erratum (a slip)");
        if (strcmp(weight, "error") == 0) return _("erratum (an error)");
    }
    return _(verdict);
}

const char *lesson_source_label(const char *source) {
    // The English words a claim table's source is made of, each translated
    // (TRANSLATORS: pieces of a source such as "Doc B §5-2; Doc C §五.1; Doc D
    // §3 table"; keep the spaces at their ends; "chapter " and " (condition "
    // may take the number that follows them as %s: 第%s章, （條件 %s）).
    static const char *const PIECES[] = {N_("Doc "),           N_("Beyond the documents"), N_("Beyond the papers"),
                                         N_(" (its wish)"),    N_(" (follows)"),           N_(" names "),
                                         N_("cf. "),           N_("claim "),               N_("chapter "),
                                         N_(" table"),         N_(" vs "),                 N_(" (condition "),
                                         N_("; "),             N_(", ")};
    static char label[320];
    if (i18n_current() == LANG_EN) return source;
    size_t n = 0;
    for (const char *p = source; *p && n + 1 < sizeof label;) {
        size_t k = 0;
        while (k < sizeof PIECES / sizeof *PIECES && strncmp(p, PIECES[k], strlen(PIECES[k])) != 0) k++;
        const char *piece = k < sizeof PIECES / sizeof *PIECES ? _(PIECES[k]) : NULL;
        const char *hole = piece ? strstr(piece, "%s") : NULL;
        if (hole) {
            // a piece that takes the number after it ("chapter 1" -> 第1章)
            // (and one that opens a parenthesis closes it: " (condition " -> （條件%s）)
            const char *number = p + strlen(PIECES[k]);
            size_t digits = strspn(number, "0123456789");
            int len = snprintf(label + n, sizeof label - n, "%.*s%.*s%s", (int)(hole - piece), piece, (int)digits,
                               number, hole + 2);
            if (len < 0 || n + (size_t)len >= sizeof label) break;
            n += (size_t)len;
            p = number + digits;
            if (strchr(PIECES[k], '(') && *p == ')') p++;
            continue;
        }
        size_t len = piece ? strlen(piece) : 1;
        if (n + len >= sizeof label) break;
        memcpy(label + n, piece ? piece : p, len);
        n += len;
        p += piece ? strlen(PIECES[k]) : 1;
    }
    label[n] = '\0';
    return label;
}

bool lesson_render_claim(const LessonClaim *c, const LessonRun *run, LessonParts *parts, char *why,
                         size_t why_size) {
    *parts = (LessonParts){0};
    bool beyond = run->scope && strcmp(run->scope, "beyond") == 0;
    Buf says = {0};
    // (The source stands in every writer's heading of the claim: not repeated here.)
    buf_puts(&says, beyond ? _("**Beyond the course:** ") : _("**The course says:** "));
    buf_puts(&says, c->says);
    if (c->phrase[0]) {
        // (after Chinese the quote follows without a space, as the full-width 「 has its own)
        if (!utf8_is_wide(utf8_before(c->says, c->says + strlen(c->says)))) buf_puts(&says, " ");
        buf_puts(&says, c->phrase);
    }
    parts->says = lesson_render(says.s, run->values, why, why_size);
    free(says.s);
    if (parts->says) parts->idea = lesson_render(c->idea, run->values, why, why_size);
    const char *words = lesson_verdict_text(c, run->verdict, run->lesson_case);
    parts->verdict_missing = words == NULL;
    if (parts->idea) parts->verdict = lesson_render(words ? words : "", run->values, why, why_size);
    if (parts->verdict) parts->evidence = lesson_render(c->evidence, run->values, why, why_size);
    if (parts->evidence) parts->key = lesson_render(c->key, run->values, why, why_size);
    if (parts->key) parts->expected = lesson_render(c->expected, run->values, why, why_size);
    if (parts->expected == NULL) {
        lesson_parts_free(parts);
        return false;
    }
    return true;
}

void lesson_parts_free(LessonParts *parts) {
    free(parts->says), free(parts->idea), free(parts->verdict), free(parts->evidence), free(parts->key),
        free(parts->expected);
    *parts = (LessonParts){0};
}

// ---- plain text for a terminal ---------------------------------------------------

// TeX commands shown as a reader writes them on paper.
static const struct {
    const char *command, *shown;
} TEX_WORDS[] = {
    {"sin", "sin"}, {"cos", "cos"}, {"tan", "tan"}, {"exp", "exp"}, {"log", "log"}, {"max", "max"},
    {"min", "min"}, {"arg", "arg"}, {"bmod", "mod"}, {"mod", "mod"}, {"cdot", "·"}, {"times", "×"},
    {"le", "≤"}, {"leq", "≤"}, {"ge", "≥"}, {"geq", "≥"}, {"ne", "≠"}, {"neq", "≠"}, {"approx", "≈"},
    {"sim", "~"}, {"to", "→"}, {"mapsto", "↦"}, {"sum", "Σ"}, {"prod", "Π"}, {"pi", "π"}, {"theta", "θ"},
    {"alpha", "α"}, {"beta", "β"}, {"gamma", "γ"}, {"delta", "δ"}, {"Delta", "Δ"}, {"epsilon", "ε"},
    {"varepsilon", "ε"}, {"lambda", "λ"}, {"mu", "μ"}, {"sigma", "σ"}, {"omega", "ω"}, {"phi", "φ"},
    {"infty", "∞"}, {"in", "∈"}, {"top", "ᵀ"}, {"ldots", "…"}, {"dots", "…"}, {"cdots", "…"},
    {"langle", "⟨"}, {"rangle", "⟩"}, {"lVert", "‖"}, {"rVert", "‖"}, {"|", "‖"}, {"lvert", "|"},
    {"rvert", "|"}, {"quad", "  "}, {"qquad", "    "}, {",", " "}, {";", " "}, {":", " "}, {"!", ""},
    {" ", " "}, {"left", ""}, {"right", ""}, {"big", ""}, {"Big", ""}, {"{", "{"}, {"}", "}"}, {"%", "%"},
    {"_", "_"}, {"$", "$"}, {"#", "#"}, {"&", "&"}, {"lfloor", "⌊"}, {"rfloor", "⌋"}, {"pm", "±"},
    {"propto", "∝"}, {"equiv", "≡"}, {"forall", "for all"}, {"mid", "|"},
};
// Commands whose one argument is shown as it is: \text{x} -> x.
static const char *const TEX_KEEP_ARGUMENT[] = {"text", "mathrm", "mathbf", "mathit", "operatorname", "textbf",
                                                "boldsymbol", "mathsf", "mathcal", "bm", "hat", "tilde", "bar"};

static void plain_math(Buf *out, const char *s, size_t n);

// The group "{...}" starting at s (s[0] == '{'): its inside and its whole length.
static size_t group(const char *s, size_t n, const char **inside, size_t *inside_n) {
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n) {
            i++;
            continue;
        }
        if (s[i] == '{') depth++;
        if (s[i] == '}' && --depth == 0) {
            *inside = s + 1;
            *inside_n = i - 1;
            return i + 1;
        }
    }
    *inside = s + 1;
    *inside_n = n > 0 ? n - 1 : 0;
    return n;
}

// An argument shown in parentheses when it is more than one symbol.
static void plain_argument(Buf *out, const char *s, size_t n) {
    bool simple = n == 1 || (n > 1 && s[0] != '\\' && strspn(s, "0123456789") == n);
    if (!simple) buf_puts(out, "(");
    plain_math(out, s, n);
    if (!simple) buf_puts(out, ")");
}

static size_t plain_command(Buf *out, const char *s, size_t n) {
    size_t len = 1;   // the backslash
    if (len < n && isalpha((unsigned char)s[len]))
        while (len < n && isalpha((unsigned char)s[len])) len++;
    else if (len < n)
        len++;
    size_t name_n = len - 1;
    const char *name = s + 1;
    const char *a, *b;
    size_t an, bn;
    if (name_n == 4 && strncmp(name, "frac", 4) == 0 && len < n && s[len] == '{') {
        size_t g1 = group(s + len, n - len, &a, &an);
        if (len + g1 < n && s[len + g1] == '{') {
            size_t g2 = group(s + len + g1, n - len - g1, &b, &bn);
            plain_argument(out, a, an);
            buf_puts(out, "/");
            plain_argument(out, b, bn);
            return len + g1 + g2;
        }
    }
    if (name_n == 4 && strncmp(name, "sqrt", 4) == 0 && len < n && s[len] == '{') {
        size_t g = group(s + len, n - len, &a, &an);
        buf_puts(out, "√");
        plain_argument(out, a, an);
        return len + g;
    }
    for (size_t k = 0; k < sizeof TEX_KEEP_ARGUMENT / sizeof TEX_KEEP_ARGUMENT[0]; k++)
        if (strlen(TEX_KEEP_ARGUMENT[k]) == name_n && strncmp(name, TEX_KEEP_ARGUMENT[k], name_n) == 0 && len < n &&
            s[len] == '{') {
            size_t g = group(s + len, n - len, &a, &an);
            plain_math(out, a, an);
            return len + g;
        }
    for (size_t k = 0; k < sizeof TEX_WORDS / sizeof TEX_WORDS[0]; k++)
        if (strlen(TEX_WORDS[k].command) == name_n && strncmp(name, TEX_WORDS[k].command, name_n) == 0) {
            buf_puts(out, TEX_WORDS[k].shown);
            return len;
        }
    buf_add(out, name, name_n);   // an unknown command: its name
    return len;
}

static void plain_math(Buf *out, const char *s, size_t n) {
    for (size_t i = 0; i < n;) {
        if (s[i] == '\\') {
            i += plain_command(out, s + i, n - i);
        } else if ((s[i] == '_' || s[i] == '^') && i + 1 < n && s[i + 1] == '{') {
            const char *a;
            size_t an, g = group(s + i + 1, n - i - 1, &a, &an);
            if (s[i] == '^' && an == 4 && strncmp(a, "\\top", 4) == 0) {
                buf_puts(out, "ᵀ");
            } else {
                buf_add(out, s + i, 1);
                plain_argument(out, a, an);
            }
            i += 1 + g;
        } else if (s[i] == '^' && i + 4 < n + 0 && strncmp(s + i + 1, "\\top", 4) == 0) {
            buf_puts(out, "ᵀ");
            i += 5;
        } else if (s[i] == '{' || s[i] == '}') {
            i++;
        } else {
            buf_add(out, s + i, 1);
            i++;
        }
    }
}

// Inline Markdown of one paragraph to plain text: maths made readable, marks dropped.
static void plain_inline(Buf *out, const char *s) {
    for (size_t i = 0; s[i];) {
        size_t m = lesson_math_length(s + i);
        if (m) {
            size_t fence = s[i + 1] == '$' ? 2 : 1;
            plain_math(out, s + i + fence, m - 2 * fence);
            i += m;
        } else if (s[i] == '*' || s[i] == '`') {
            i++;
        } else if (s[i] == '\\' && s[i + 1] && ispunct((unsigned char)s[i + 1])) {
            buf_add(out, s + i + 1, 1);
            i += 2;
        } else {
            buf_add(out, s + i, 1);
            i++;
        }
    }
}

// Append 'words' wrapped to 'width' columns, every line starting with 'indent'
// (the first with 'first' instead).
// Punctuation that opens (「 『 （ 《 〈, and zh-CN's “ ‘) or closes (，。、：；」』）》〉！？,
// and ” ’) a phrase: neither is left alone at a line's end or start.
static bool opens(unsigned cp) {
    return cp == 0x300C || cp == 0x300E || cp == 0xFF08 || cp == 0x300A || cp == 0x3008 || cp == 0x201C || cp == 0x2018;
}
static bool closes(unsigned cp) {
    return cp == 0xFF0C || cp == 0x3002 || cp == 0x3001 || cp == 0xFF1A || cp == 0xFF1B || cp == 0x300D ||
           cp == 0x300F || cp == 0xFF09 || cp == 0x300B || cp == 0x3009 || cp == 0xFF01 || cp == 0xFF1F ||
           cp == 0x201D || cp == 0x2019;
}

static void wrap(Buf *out, const char *words, int width, const char *first, const char *indent) {
    Buf line = {0};
    buf_puts(&line, first);
    int column = (int)strlen(first), line_start = column;
    const unsigned char *p = (const unsigned char *)words;
    while (*p) {
        while (*p == ' ') p++;
        if (!*p) break;
        // The next unit: a wide character alone, or a run up to a space or a wide
        // character; an opening bracket takes the unit after it, and closing
        // punctuation joins the unit before it (no line starts with 。 or ）).
        const unsigned char *start = p;
        unsigned cp;
        int n = utf8_decode(p, &cp), unit_width = 0;
        if (opens(cp)) {
            p += n;
            unit_width = utf8_is_wide(cp) ? 2 : 1;   // (“ and ‘ take one column)
            n = utf8_decode(p, &cp);
        }
        if (*p && utf8_is_wide(cp)) {
            p += n;
            unit_width += 2;
        } else {
            while (*p && *p != ' ') {
                int m = utf8_decode(p, &cp);
                if (utf8_is_wide(cp)) break;
                p += m;
                unit_width++;
            }
        }
        for (;;) {
            int m = utf8_decode(p, &cp);
            if (*p && closes(cp)) {
                p += m;
                unit_width += utf8_is_wide(cp) ? 2 : 1;
            } else if (*p && *p != ' ' && *p < 0x80 && ispunct(*p) && p > start &&
                       utf8_is_wide(utf8_before((const char *)start, (const char *)p))) {
                p++;   // ASCII punctuation written right after a wide character ("我, every")
                unit_width++;
            } else {
                break;
            }
        }
        bool joined = start > (const unsigned char *)words && start[-1] != ' ';   // no space before it
        int need = unit_width + (joined || column == line_start ? 0 : 1);
        if (column + need > width && column > line_start) {
            buf_puts(out, line.s);
            buf_puts(out, "\n");
            line.n = 0;
            line.s[0] = '\0';
            buf_puts(&line, indent);
            column = line_start = (int)strlen(indent);
            need = unit_width;
        } else if (need > unit_width) {
            buf_puts(&line, " ");
        }
        buf_add(&line, (const char *)start, (size_t)(p - start));
        column += need;
    }
    if (column > line_start || line.n > 0) {
        buf_puts(out, line.s);
        buf_puts(out, "\n");
    }
    free(line.s);
}

// One paragraph's lines joined: a line break is a space, except between two wide characters.
static char *joined_lines(const char *s, size_t n) {
    Buf t = {0};
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '\n') {
            buf_add(&t, s + i, 1);
            continue;
        }
        unsigned before = 0, after = 0;
        if (t.n) {   // the code point ending t
            size_t k = t.n - 1;
            while (k > 0 && ((unsigned char)t.s[k] & 0xC0) == 0x80) k--;
            utf8_decode((const unsigned char *)t.s + k, &before);
        }
        if (i + 1 < n) utf8_decode((const unsigned char *)s + i + 1, &after);
        if (!(utf8_is_wide(before) && utf8_is_wide(after))) buf_puts(&t, " ");
    }
    return buf_take(&t);
}

// Terminal columns of plain text (CJK two).
static int plain_columns(const char *s) {
    int columns = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        unsigned cp;
        p += utf8_decode(p, &cp);
        columns += utf8_is_wide(cp) ? 2 : 1;
    }
    return columns;
}

size_t lesson_table_cells(const char *line, size_t n, const char **cells, size_t *lengths, size_t max) {
    const char *p = line, *end = line + n;
    while (p < end && *p == ' ') p++;
    if (p < end && *p == '|') p++;
    size_t count = 0;
    const char *start = p;
    while (p <= end) {
        size_t m = p < end ? lesson_math_length(p) : 0;
        if (m && p + m <= end) {
            p += m;
            continue;
        }
        if (p < end && *p == '\\' && p + 1 < end) {
            p += 2;
            continue;
        }
        if (p == end || *p == '|') {
            const char *a = start, *b = p;
            while (a < b && *a == ' ') a++;
            while (b > a && b[-1] == ' ') b--;
            bool last_empty = p == end && a == b;
            if (!last_empty && count < max) cells[count] = a, lengths[count] = (size_t)(b - a), count++;
            start = p + 1;
        }
        p++;
    }
    return count;
}

bool lesson_table_delimiter(const char *line, size_t n) {
    bool dash = false;
    for (size_t i = 0; i < n; i++) {
        if (line[i] == '-') dash = true;
        else if (!strchr("|: ", line[i])) return false;
    }
    return dash;
}

// A pipe table (header, alignment row, rows) laid out in aligned columns.
static void plain_table(Buf *out, const char *p, const char *end) {
    enum { MAX_COLUMNS = 16, MAX_ROWS = 512 };
    char *text[MAX_ROWS][MAX_COLUMNS] = {{0}};
    size_t n_rows = 0, n_columns = 0;
    bool right[MAX_COLUMNS] = {0};
    int widths[MAX_COLUMNS] = {0};
    for (const char *line = p; line < end && n_rows < MAX_ROWS;) {
        size_t n = strcspn(line, "\n");
        if (line + n > end) n = (size_t)(end - line);
        const char *cells[MAX_COLUMNS];
        size_t lengths[MAX_COLUMNS];
        size_t count = lesson_table_cells(line, n, cells, lengths, MAX_COLUMNS);
        if (lesson_table_delimiter(line, n)) {
            for (size_t c = 0; c < count; c++) right[c] = lengths[c] && cells[c][lengths[c] - 1] == ':';
        } else {
            for (size_t c = 0; c < count; c++) {
                char *cell = copy_of(cells[c], lengths[c]);
                Buf shown = {0};
                plain_inline(&shown, cell);
                free(cell);
                text[n_rows][c] = buf_take(&shown);
                if (text[n_rows][c] == NULL) text[n_rows][c] = copy_of("", 0);
                int w = plain_columns(text[n_rows][c]);
                if (w > widths[c]) widths[c] = w;
            }
            if (count > n_columns) n_columns = count;
            n_rows++;
        }
        line += n + 1;
    }
    for (size_t r = 0; r < n_rows; r++) {
        Buf row = {0};
        buf_puts(&row, "  ");
        for (size_t c = 0; c < n_columns; c++) {
            const char *t = text[r][c] ? text[r][c] : "";
            int pad = widths[c] - plain_columns(t);
            if (c) buf_puts(&row, "   ");
            if (right[c]) buf_printf(&row, "%*s", pad, "");
            buf_puts(&row, t);
            if (!right[c]) buf_printf(&row, "%*s", pad, "");
            free(text[r][c]);
        }
        while (row.n && row.s[row.n - 1] == ' ') row.s[--row.n] = '\0';
        buf_add(out, row.s, row.n);
        buf_puts(out, "\n");
        free(row.s);
    }
}

char *lesson_plain(const char *markdown, int width) {
    Buf out = {0};
    const char *p = markdown;
    while (*p) {
        while (*p == '\n') p++;
        if (!*p) break;
        const char *end = strstr(p, "\n\n");
        if (end == NULL) end = p + strlen(p);
        if (strncmp(p, "$$", 2) == 0) {   // display maths: its own indented line(s)
            Buf math = {0};
            size_t m = lesson_math_length(p);
            if (m == 0 || p + m > end) m = (size_t)(end - p);
            plain_math(&math, p + 2, m >= 4 ? m - 4 : 0);
            char *flat = joined_lines(math.s ? math.s : "", math.n);
            if (out.n) buf_puts(&out, "\n");
            wrap(&out, flat, width, "    ", "      ");
            free(flat);
            free(math.s);
            p += m;
            continue;
        }
        Buf inline_text = {0};
        if (out.n) buf_puts(&out, "\n");
        size_t first = strcspn(p, "\n");
        if (p[0] == '|' && p + first < end && lesson_table_delimiter(p + first + 1, strcspn(p + first + 1, "\n"))) {
            plain_table(&out, p, end);
        } else if (p[0] == '-' && p[1] == ' ') {   // a list: each item starts a line with "- "
            for (const char *item = p; item < end;) {
                const char *next = item + 2;
                while (next < end && !(next[-1] == '\n' && next[0] == '-' && next[1] == ' ')) next++;
                char *flat = joined_lines(item + 2, (size_t)(next - item - 2));
                inline_text.n = 0;
                plain_inline(&inline_text, flat);
                wrap(&out, inline_text.s ? inline_text.s : "", width, "  - ", "    ");
                free(flat);
                item = next;
            }
        } else {
            char *para = joined_lines(p, (size_t)(end - p));
            plain_inline(&inline_text, para);
            wrap(&out, inline_text.s ? inline_text.s : "", width, "", "");
            free(para);
        }
        free(inline_text.s);
        p = end;
    }
    return buf_take(&out);
}

size_t lesson_word_count(const char *text) {
    size_t words = 0;
    bool in_word = false;
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        unsigned cp;
        int n = utf8_decode(p, &cp);
        p += n;
        if (utf8_is_wide(cp)) {
            bool punctuation = (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF00 && cp <= 0xFF0F) ||
                               (cp >= 0xFF1A && cp <= 0xFF20);
            if (!punctuation) words++;
            in_word = false;
        } else if (cp == ' ' || cp == '\n' || cp == '\t' || cp == '\r') {
            in_word = false;
        } else if (!in_word) {
            words++;
            in_word = true;
        }
    }
    return words;
}
