// run_data.c: see run_data.h.
#include "run/run_data.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/faults.h"
#include "base/hash.h"
#include "base/i18n.h"
#include "base/text_file.h"
#include "base/tsv.h"
#include "run/claims_tsv.h"
#include "run/manifest.h"

static char *path_join(const char *dir, const char *name) {
    size_t len = strlen(dir) + strlen(name) + 2;
    char *path = malloc(len);
    if (path == NULL) faults_out_of_memory("a path", len);
    snprintf(path, len, "%s/%s", dir, name);
    return path;
}

static void *grown(void *p, size_t count, size_t size) {
    void *q = realloc(p, (count ? count : 1) * size);
    if (q == NULL) faults_out_of_memory("reading a run", count * size);
    return q;
}

// Mark the chapter broken (the first reason counts).
static void broken(RunChapter *c, const char *fmt, const char *detail) {
    if (c->state == RUN_CHAPTER_BROKEN) return;
    c->state = RUN_CHAPTER_BROKEN;
    char text[512];
    snprintf(text, sizeof text, fmt, detail);
    free(c->problem);
    c->problem = text_copy(text);
}

// ---- the driver's record: run.tsv ----------------------------------------------

typedef struct {
    char **names, **hashes;
    size_t n;
} FreshFiles;

static const char *fresh_hash(const FreshFiles *f, const char *name) {
    for (size_t i = 0; i < f->n; i++)
        if (strcmp(f->names[i], name) == 0) return f->hashes[i];
    return NULL;
}

static bool parse_figure_state(const char *word, FigureState *state) {
    for (FigureState s = FIGURE_DRAWN; s <= FIGURE_NO_DATA; s++)
        if (strcmp(word, run_figure_state_name(s)) == 0) {
            *state = s;
            return true;
        }
    return false;
}

// The fields of one record row, unescaped; n_fields of them at most.
static size_t record_fields(char *line, char **fields, size_t max) {
    size_t n = tsv_split(line, fields, max);
    for (size_t k = 0; k < n; k++) tsv_unescape(fields[k]);
    return n;
}

static void read_record_row(RunChapter *c, FreshFiles *fresh, char **f, size_t n) {
    const char *field = f[0], *value = n > 1 ? f[1] : "";
    char *end = NULL;
    if (strcmp(field, "status") == 0) c->status = (int)strtol(value, &end, 10);
    else if (strcmp(field, "signal") == 0) c->signal = (int)strtol(value, &end, 10);
    else if (strcmp(field, "seconds") == 0) c->seconds = strtod(value, &end);
    else if (strcmp(field, "start_error") == 0) c->start_error = (free(c->start_error), text_copy(value));
    else if (strcmp(field, "settings") == 0) c->settings = (free(c->settings), text_copy(value));
    else if (strcmp(field, "gnuplot") == 0) c->gnuplot_found = strcmp(value, "found") == 0;
    else if (strcmp(field, "date") == 0) c->date = (free(c->date), text_copy(value));
    else if (strcmp(field, "commit") == 0) c->commit = (free(c->commit), text_copy(value));
    else if (strcmp(field, "machine") == 0) c->machine = (free(c->machine), text_copy(value));
    else if (strcmp(field, "cpu") == 0) c->cpu = (free(c->cpu), text_copy(value));
    else if (strcmp(field, "cores") == 0) c->cores = (int)strtol(value, &end, 10);
    else if (strcmp(field, "file") == 0 && n >= 3) {
        fresh->names = grown(fresh->names, fresh->n + 1, sizeof *fresh->names);
        fresh->hashes = grown(fresh->hashes, fresh->n + 1, sizeof *fresh->hashes);
        fresh->names[fresh->n] = text_copy(f[1]);
        fresh->hashes[fresh->n++] = text_copy(f[2]);
    } else if (strcmp(field, "figure") == 0 && n >= 5) {
        FigureState state;
        if (!parse_figure_state(f[2], &state)) {
            broken(c, "run.tsv names an unknown figure state '%.100s'", f[2]);
            return;
        }
        c->figures = grown(c->figures, c->n_figures + 1, sizeof *c->figures);
        c->figures[c->n_figures++] = (RunFigure){text_copy(f[1]), state, text_copy(f[3]), text_copy(f[4])};
    }
    if (end != NULL && (end == value || *end != '\0')) broken(c, "run.tsv has a bad %s value", field);
}

// False when there is no record (the chapter was not run, or did not finish).
static bool read_record(RunChapter *c, const char *dir, FreshFiles *fresh) {
    char *path = path_join(dir, "run.tsv");
    char *text = text_file_read(path, NULL);
    int err = errno;
    free(path);
    if (text == NULL) {
        if (err != ENOENT) broken(c, "run.tsv cannot be read (%s)", strerror(err));
        return false;
    }
    char **lines;
    size_t n = text_file_lines(text, &lines);
    if (n == 0 || strcmp(lines[0], "field\tvalue") != 0) broken(c, "run.tsv has no header row%s", "");
    for (size_t i = 1; i < n && c->state != RUN_CHAPTER_BROKEN; i++) {
        if (lines[i][0] == '\0') continue;
        char *f[5];
        size_t nf = record_fields(lines[i], f, 5);
        read_record_row(c, fresh, f, nf);
    }
    free(lines);
    free(text);
    return true;
}

// ---- the chapter's own files --------------------------------------------------------

// The file's text when this run wrote it (its hash is the recorded one), else NULL.
static char *read_fresh(RunChapter *c, const char *dir, const FreshFiles *fresh, const char *name) {
    const char *want = fresh_hash(fresh, name);
    if (want == NULL) return NULL;
    char *path = path_join(dir, name);
    size_t len = 0;
    char *text = text_file_read(path, &len);
    int err = errno;
    free(path);
    if (text == NULL) {
        char why[300];
        snprintf(why, sizeof why, "%s, written by this run, cannot be read (%s)", name, strerror(err));
        broken(c, "%s", why);
        return NULL;
    }
    char have[32];
    snprintf(have, sizeof have, "%016" PRIx64, hash_bytes(HASH_START, text, len));
    if (strcmp(have, want) != 0) {
        broken(c, "%s changed after the workbook ran this chapter (another run wrote it)", name);
        free(text);
        return NULL;
    }
    return text;
}

static void read_chapter_text(RunChapter *c, const char *dir, const FreshFiles *fresh) {
    char *text = read_fresh(c, dir, fresh, "chapter.txt");
    if (text == NULL) return;
    char *nl = strchr(text, '\n');
    if (nl) *nl = '\0';
    free(c->title);
    free(c->summary);
    c->title = text_copy(text);
    // The summary's lines joined by spaces, without the final newline.
    char *summary = text_copy(nl ? nl + 1 : "");
    size_t len = strlen(summary);
    while (len > 0 && summary[len - 1] == '\n') summary[--len] = '\0';
    for (char *p = summary; *p; p++)
        if (*p == '\n') *p = ' ';
    c->summary = summary;
    free(text);
}

static void read_claims(RunChapter *c, const char *dir, const FreshFiles *fresh) {
    char *text = read_fresh(c, dir, fresh, "claims.tsv");
    if (text == NULL) return;
    c->has_claims = true;
    char **lines;
    size_t n = text_file_lines(text, &lines);
    // One column more than claims.tsv has: a row with a stray tab shows as too long.
    char *header[CLAIMS_TSV_N + 1], *f[CLAIMS_TSV_N + 1];
    size_t col[CLAIMS_TSV_N];
    const char *missing = "id";
    if (n == 0 || !claims_tsv_columns(header, tsv_split(lines[0], header, CLAIMS_TSV_N + 1), col, &missing)) {
        broken(c, "claims.tsv has no column '%s'", missing);
        n = 0;
    }
    c->claims = grown(NULL, n, sizeof *c->claims);
    for (size_t i = 1; i < n; i++) {
        if (lines[i][0] == '\0') continue;
        size_t nf = tsv_split(lines[i], f, CLAIMS_TSV_N + 1);
        if (nf != CLAIMS_TSV_N) {
            char why[64];
            snprintf(why, sizeof why, "%zu", i + 1);
            broken(c, "claims.tsv's line %s does not have the header's columns", why);
            break;
        }
        RunClaim *cl = &c->claims[c->n_claims++];
#define CELL(name) text_copy(f[col[CLAIMS_TSV_##name]])
        *cl = (RunClaim){CELL(id),        CELL(source),  CELL(verdict),     CELL(expected_verdict),
                         CELL(measured),  CELL(document), CELL(tolerance),  CELL(key),
                         CELL(statement), CELL(finding), CELL(scope),      CELL(weight),
                         CELL(lesson_case), text_copy(""), {0}};
#undef CELL
    }
    free(lines);
    free(text);
}

static void read_narratives(RunChapter *c, const char *dir, const FreshFiles *fresh) {
    char *text = read_fresh(c, dir, fresh, "narratives.tsv");
    if (text == NULL) return;
    char **lines;
    size_t n = text_file_lines(text, &lines);
    if (n == 0 || strcmp(lines[0], "id\tnarrative") != 0) broken(c, "narratives.tsv has no header row%s", "");
    for (size_t i = 1; i < n && c->state != RUN_CHAPTER_BROKEN; i++) {
        char *f[3];
        if (lines[i][0] == '\0') continue;
        if (record_fields(lines[i], f, 3) != 2) {
            broken(c, "narratives.tsv has a row without two columns%s", "");
            break;
        }
        for (size_t k = 0; k < c->n_claims; k++)
            if (strcmp(c->claims[k].id, f[0]) == 0) {
                free(c->claims[k].narrative);
                c->claims[k].narrative = text_copy(f[1]);
            }
    }
    free(lines);
    free(text);
}

static void read_values(RunChapter *c, const char *dir, const FreshFiles *fresh) {
    char *text = read_fresh(c, dir, fresh, "values.tsv");
    if (text == NULL) return;
    char **lines;
    size_t n = text_file_lines(text, &lines);
    if (n == 0 || strcmp(lines[0], "id\tname\tvalue") != 0) broken(c, "values.tsv has no header row%s", "");
    for (size_t i = 1; i < n && c->state != RUN_CHAPTER_BROKEN; i++) {
        char *f[4];
        if (lines[i][0] == '\0') continue;
        if (record_fields(lines[i], f, 4) != 3) {
            broken(c, "values.tsv has a row without three columns%s", "");
            break;
        }
        for (size_t k = 0; k < c->n_claims; k++)
            if (strcmp(c->claims[k].id, f[0]) == 0) lesson_values_set(&c->claims[k].values, f[1], f[2]);
    }
    free(lines);
    free(text);
}

// The chapter's lesson in the current language (common/base/i18n.h), else English.
static void read_lesson(RunChapter *c, const char *lessons) {
    char *text = lesson_text(lessons, i18n_code(i18n_current()), c->name);
    if (text == NULL) text = lesson_text(lessons, "en", c->name);
    if (text == NULL) return;
    char why[256];
    c->has_lesson = lesson_parse(text, &c->lesson, why, sizeof why);
    free(text);
    if (!c->has_lesson) {
        free(c->lesson_problem);
        c->lesson_problem = text_copy(why);
    }
}

bool run_claim_lesson(const RunChapter *c, const RunClaim *cl, LessonParts *parts, char *why, size_t why_size) {
    *parts = (LessonParts){0};
    const LessonClaim *lc = c->has_lesson ? lesson_claim(&c->lesson, cl->id) : NULL;
    if (lc == NULL) {
        snprintf(why, why_size, "no lesson for claim %s", cl->id);
        return false;
    }
    LessonRun run = {cl->verdict, cl->lesson_case, cl->scope, cl->weight, &cl->values};
    return lesson_render_claim(lc, &run, parts, why, why_size);
}

const char *run_chapter_title(const RunChapter *c) {
    if (c->has_lesson && c->has_claims) return c->lesson.title;
    return c->title[0] ? c->title : _("(no chapter.txt from this run)");
}

bool run_at_course_settings(const RunChapter *c) {
    static const char *const FLAGS[] = {"--evidence", "--verbose", "--quiet", "--strict", "--retrain"};
    static const char *const WITH_VALUE[] = {"--lang", "--threads", "--cache"};
    char *words = text_copy(c->settings);
    bool course = true;
    char *save = NULL;
    for (char *w = strtok_r(words, " ", &save); w && course; w = strtok_r(NULL, " ", &save)) {
        bool how = false;
        for (size_t k = 0; k < sizeof FLAGS / sizeof *FLAGS; k++) how = how || strcmp(w, FLAGS[k]) == 0;
        for (size_t k = 0; k < sizeof WITH_VALUE / sizeof *WITH_VALUE; k++) {
            size_t n = strlen(WITH_VALUE[k]);
            if (strncmp(w, WITH_VALUE[k], n) == 0 && w[n] == '=') how = true;
            else if (strcmp(w, WITH_VALUE[k]) == 0) how = true, strtok_r(NULL, " ", &save);   // (and its value)
        }
        course = how;
    }
    free(words);
    return course;
}

char *run_claim_key(const RunChapter *c, const RunClaim *cl) {
    const LessonClaim *lc = c->has_lesson ? lesson_claim(&c->lesson, cl->id) : NULL;
    char why[256];
    char *md = lc && lc->key[0] ? lesson_render(lc->key, &cl->values, why, sizeof why) : NULL;
    if (md == NULL) return text_copy(cl->key);
    char *plain = lesson_plain(md, 1 << 20);
    free(md);
    size_t n = strlen(plain);
    while (n && (plain[n - 1] == '\n' || plain[n - 1] == ' ')) plain[--n] = '\0';
    return plain;
}

const char *run_claim_source(const RunChapter *c, const RunClaim *cl) {
    const LessonClaim *lc = c->has_lesson ? lesson_claim(&c->lesson, cl->id) : NULL;
    return lesson_source_label(lc && lc->source[0] ? lc->source : cl->source);
}

const char *run_figure_why(const RunFigure *fig, char *buf, size_t size) {
    // (the driver's words, tools/workbook_run.c: the same texts, marked there for the catalogue)
    static const char NO_GNUPLOT[] = "gnuplot was not found on PATH";
    char id[32], end[8];
    if (strcmp(fig->why, NO_GNUPLOT) == 0) return _(NO_GNUPLOT);
    if (sscanf(fig->why, "not drawn (claim %31[^ ] not run%7s", id, end) == 2 && strcmp(end, ")") == 0) {
        snprintf(buf, size, _("not drawn (claim %s not run)"), id);
        return buf;
    }
    return fig->why;
}

const char *run_figure_claim(const RunChapter *c, const char *figure) {
    for (size_t k = 0; c->has_lesson && k < c->n_claims; k++) {
        const LessonClaim *lc = lesson_claim(&c->lesson, c->claims[k].id);
        for (size_t f = 0; lc && f < lc->n_figures; f++)
            if (strcmp(lc->figures[f], figure) == 0) return c->claims[k].id;
    }
    return NULL;
}

static bool data_file_name(const char *name) { return strchr(name, '/') == NULL && name[0] != '.'; }

static void read_files(RunChapter *c, const char *dir) {
    Manifest m;
    if (!manifest_load(&m, dir, "MANIFEST", data_file_name)) {
        broken(c, "its MANIFEST cannot be read (%s)", strerror(errno));
        manifest_free(&m);
        return;
    }
    // A MANIFEST that says "running": the chapter stopped before its end.
    // (No MANIFEST at all: a program that lists no data files.)
    if (m.first_line[0] && strstr(m.first_line, ": complete") == NULL)
        broken(c, "its MANIFEST says the chapter did not finish its run%s", "");
    c->files = grown(NULL, m.n, sizeof *c->files);
    for (size_t i = 0; i < m.n; i++) c->files[c->n_files++] = text_copy(m.names[i]);
    manifest_free(&m);
}

static void free_fresh(FreshFiles *f) {
    for (size_t i = 0; i < f->n; i++) free(f->names[i]), free(f->hashes[i]);
    free(f->names);
    free(f->hashes);
}

// A translation's words in place of the English ones (lessons/LANG/exercises/
// chNN.tsv: id, question, answer); the options and checks stay exercises/'s.
static void translate_exercises(RunChapter *c, const char *lessons) {
    if (i18n_current() == LANG_EN || c->n_exercises <= 0) return;
    char name[32];
    snprintf(name, sizeof name, "exercises/%s", c->name);
    char *table = lesson_file_text(lessons, i18n_code(i18n_current()), name, ".tsv");
    for (int k = 0; table && k < c->n_exercises; k++) {
        Exercise *e = &c->exercises[k];
        char *question = tsv_lookup(table, e->id, "question"), *answer = tsv_lookup(table, e->id, "answer");
        if (question && answer) {
            free(e->question), free(e->answer);
            e->question = question, e->answer = answer;
        } else {
            free(question), free(answer);
        }
    }
    free(table);
}

// The figures' captions in the current language (lessons/LANG/figures.tsv).
static void translate_captions(RunChapter *c, const char *lessons) {
    if (i18n_current() == LANG_EN || c->n_figures == 0) return;
    char *table = lesson_file_text(lessons, i18n_code(i18n_current()), "figures", ".tsv");
    for (size_t k = 0; table && k < c->n_figures; k++) {
        char *caption = tsv_lookup(table, c->figures[k].name, "caption");
        if (caption) free(c->figures[k].caption), c->figures[k].caption = caption;
    }
    free(table);
}

static void read_chapter(RunChapter *c, const char *run_dir, const char *exercises, const char *lessons) {
    c->number = atoi(c->name + 2);
    c->state = RUN_CHAPTER_DONE;
    c->status = -1;
    c->problem = text_copy("");
    c->start_error = text_copy("");
    c->settings = text_copy("");
    c->date = text_copy(""), c->commit = text_copy(""), c->machine = text_copy(""), c->cpu = text_copy("");
    c->title = text_copy("");
    c->summary = text_copy("");
    c->exercises_problem = text_copy("");
    c->lesson_problem = text_copy("");
    read_lesson(c, lessons);
    if (exercises) {
        char why[600];
        c->n_exercises = exercises_read(exercises, c->name, &c->exercises, why, sizeof why);
        if (c->n_exercises < 0) {
            c->n_exercises = 0;
            free(c->exercises_problem);
            c->exercises_problem = text_copy(why);
        }
        translate_exercises(c, lessons);
    }
    char *dir = path_join(run_dir, c->name);
    DIR *d = opendir(dir);
    if (d == NULL) {
        c->state = RUN_CHAPTER_ABSENT;
        free(dir);
        return;
    }
    closedir(d);
    FreshFiles fresh = {0};
    if (!read_record(c, dir, &fresh)) {
        if (c->state != RUN_CHAPTER_BROKEN) {
            c->state = RUN_CHAPTER_INCOMPLETE;
            free(c->problem);
            c->problem = text_copy("its folder has no record of a finished run (the run was stopped, or the "
                                   "chapter was run outside the workbook)");
        }
    } else {
        translate_captions(c, lessons);
        read_chapter_text(c, dir, &fresh);
        read_claims(c, dir, &fresh);
        read_narratives(c, dir, &fresh);
        read_values(c, dir, &fresh);
        if (c->has_claims) read_files(c, dir);
        char *claims = path_join(dir, "claims.tsv");
        FILE *fp = c->has_claims ? NULL : fopen(claims, "r");
        c->stale_claims = fp != NULL;
        if (fp) fclose(fp);
        free(claims);
    }
    free_fresh(&fresh);
    free(dir);
}

void run_read(Run *run, const char *dir, char *const *names, size_t n_names, const char *exercises,
              const char *lessons) {
    run->chapters = grown(NULL, n_names, sizeof *run->chapters);
    run->n = n_names;
    memset(run->chapters, 0, n_names * sizeof *run->chapters);
    for (size_t i = 0; i < n_names; i++) {
        snprintf(run->chapters[i].name, sizeof run->chapters[i].name, "%.4s", names[i]);
        read_chapter(&run->chapters[i], dir, exercises, lessons);
    }
}

// A chapter's folder name: chNN.
static bool chapter_name(const char *s, const void *unused) {
    (void)unused;
    return s[0] == 'c' && s[1] == 'h' && s[2] >= '0' && s[2] <= '9' && s[3] >= '0' && s[3] <= '9' && s[4] == '\0';
}

size_t run_chapter_names(const char *dir, char ***names) { return folder_names(dir, chapter_name, NULL, names); }

void run_free(Run *run) {
    for (size_t i = 0; i < run->n; i++) {
        RunChapter *c = &run->chapters[i];
        for (size_t k = 0; k < c->n_claims; k++) {
            RunClaim *cl = &c->claims[k];
            char *fields[] = {cl->id,      cl->source,  cl->verdict, cl->expected,    cl->measured,
                              cl->document, cl->tolerance, cl->key,   cl->statement,   cl->finding,
                              cl->scope,   cl->weight,  cl->lesson_case, cl->narrative};
            for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++) free(fields[f]);
            lesson_values_free(&cl->values);
        }
        for (size_t k = 0; k < c->n_figures; k++)
            free(c->figures[k].name), free(c->figures[k].caption), free(c->figures[k].why);
        for (size_t k = 0; k < c->n_files; k++) free(c->files[k]);
        free(c->claims);
        free(c->figures);
        free(c->files);
        free(c->problem);
        free(c->start_error);
        free(c->settings);
        free(c->date), free(c->commit), free(c->machine), free(c->cpu);
        free(c->title);
        free(c->summary);
        free(c->exercises_problem);
        free(c->lesson_problem);
        if (c->has_lesson) lesson_free(&c->lesson);
        exercises_free(c->exercises, c->n_exercises);
    }
    free(run->chapters);
    memset(run, 0, sizeof *run);
}

// ---- what the writers share: counts and words ------------------------------------

// The verdicts as the counts name them: errata by their weight (the words of
// lesson_verdict_words, in the current language).
static const char *const VERDICT_KINDS[][2] = {{"holds", NULL},        {"partly holds", NULL},
                                               {"erratum", "error"},   {"erratum", "slip"},
                                               {"erratum", NULL},      {"does not hold", NULL}};
enum { N_VERDICT_KINDS = sizeof VERDICT_KINDS / sizeof VERDICT_KINDS[0] };

static size_t verdict_kind(const RunClaim *cl) {
    for (size_t k = 0; k < N_VERDICT_KINDS; k++)
        if (strcmp(cl->verdict, VERDICT_KINDS[k][0]) == 0 &&
            (VERDICT_KINDS[k][1] == NULL || strcmp(cl->weight, VERDICT_KINDS[k][1]) == 0))
            return k;
    return N_VERDICT_KINDS;   // not run
}

static void counts_of_scope(const RunChapter *c, bool beyond, char *buf, size_t size) {
    size_t counts[N_VERDICT_KINDS + 1] = {0};
    for (size_t i = 0; i < c->n_claims; i++) {
        const RunClaim *cl = &c->claims[i];
        if ((strcmp(cl->scope, "beyond") == 0) != beyond) continue;
        counts[verdict_kind(cl)]++;
    }
    bool first = true;   // (after "beyond the course: " too)
    for (size_t k = 0; k <= N_VERDICT_KINDS; k++) {
        if (counts[k] == 0) continue;
        size_t used = strlen(buf);
        const char *words = k < N_VERDICT_KINDS ? lesson_verdict_words(VERDICT_KINDS[k][0], VERDICT_KINDS[k][1])
                                                : _("not run");
        // TRANSLATORS: the separator between counts ("3 holds, 1 erratum").
        snprintf(buf + used, size - used, "%s", first ? "" : _(", "));
        used = strlen(buf);
        // TRANSLATORS: a count and a verdict, "3 holds".
        snprintf(buf + used, size - used, _("%zu %s"), counts[k], words);
        first = false;
    }
}

void run_verdict_counts(const RunChapter *c, char *buf, size_t size) {
    buf[0] = '\0';
    bool course = false, beyond = false;
    for (size_t i = 0; i < c->n_claims; i++) {
        if (strcmp(c->claims[i].scope, "beyond") == 0) beyond = true;
        else course = true;
    }
    if (course) counts_of_scope(c, false, buf, size);
    if (beyond) {
        size_t used = strlen(buf);
        snprintf(buf + used, size - used, "%s%s", course ? _("; ") : "", _("beyond the course: "));
        counts_of_scope(c, true, buf, size);
    }
    if (buf[0] == '\0') snprintf(buf, size, "%s", _("none"));
}

void run_verdict_counts_all(const Run *run, char *buf, size_t size) {
    RunChapter all = {0};   // the claims of every chapter side by side (shallow copies: only read)
    for (size_t i = 0; i < run->n; i++) all.n_claims += run->chapters[i].n_claims;
    all.claims = grown(NULL, all.n_claims, sizeof *all.claims);
    size_t k = 0;
    for (size_t i = 0; i < run->n; i++)
        for (size_t j = 0; j < run->chapters[i].n_claims; j++) all.claims[k++] = run->chapters[i].claims[j];
    run_verdict_counts(&all, buf, size);
    free(all.claims);
}

size_t run_figures_drawn(const RunChapter *c) {
    size_t n = 0;
    for (size_t i = 0; i < c->n_figures; i++) n += c->figures[i].state == FIGURE_DRAWN;
    return n;
}

bool run_chapter_ok(const RunChapter *c) {
    return c->state == RUN_CHAPTER_DONE && c->status == 0 && c->has_claims;
}

void run_status_words(const RunChapter *c, char *buf, size_t size) {
    buf[0] = '\0';
    if (c->state == RUN_CHAPTER_ABSENT) snprintf(buf, size, "%s", _("not run yet"));
    else if (c->state != RUN_CHAPTER_DONE) snprintf(buf, size, "%s", c->problem);
    else if (c->status < 0) snprintf(buf, size, _("could not be started (%s)"), c->start_error);
    else if (c->signal) snprintf(buf, size, _("killed by signal %d (%s), exit status %d"), c->signal, strsignal(c->signal), c->status);
    else if (c->status != 0) snprintf(buf, size, _("exit status %d"), c->status);
    else if (!c->has_claims) snprintf(buf, size, "%s", _("exit status 0 but no claims.tsv written"));
}

const char *run_figure_state_name(FigureState state) {
    static const char *const NAMES[] = {"drawn", "failed", "no-gnuplot", "no-data"};
    return state <= FIGURE_NO_DATA ? NAMES[state] : "failed";
}
