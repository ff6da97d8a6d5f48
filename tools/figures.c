// figures.c: see figures.h.
#include "figures.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/datafile.h"
#include "base/faults.h"
#include "base/text_file.h"
#include "base/tsv.h"
#include "run/lesson.h"
#include "run/options.h"
#include "child.h"

// The figure options as gnuplot assignments ("; figure_w=1600; figure_h=900;
// font_scale=1.5"), appended to every script's -e variables; "" without them.
static char g_figure_vars[128] = "";

bool figures_set_options(const char *program, const char *size, const char *scale) {
    long w = 0, h = 0;
    double x = 1.0;
    if (size) {
        const char *times = strchr(size, 'x');
        char width[32] = "";
        bool ok = times != NULL && (size_t)(times - size) < sizeof width;
        if (ok) {
            memcpy(width, size, (size_t)(times - size));
            width[times - size] = '\0';
            ok = options_parse_long(width, 400, 4000, &w) && options_parse_long(times + 1, 300, 3000, &h);
        }
        if (!ok) {
            options_reject(program, "--figure-size", size,
                           "expected WxH in pixels, W 400..4000 and H 300..3000 (e.g. 1600x960)");
            return false;
        }
    }
    if (scale && !options_parse_real(scale, 0.5, 4.0, &x)) {
        options_reject(program, "--font-scale", scale, "expected a number from 0.5 to 4 (e.g. 1.5)");
        return false;
    }
    int n = 0;
    if (size) n += snprintf(g_figure_vars + n, sizeof g_figure_vars - (size_t)n, "; figure_w=%ld; figure_h=%ld", w, h);
    if (scale) snprintf(g_figure_vars + n, sizeof g_figure_vars - (size_t)n, "; font_scale=%.6g", x);
    return true;
}

// ---- the reader's words -------------------------------------------------------------

static const char *g_lessons;      // lessons/ (NULL: the ones built in)
static char *g_words[LANG_COUNT];  // each language's figure_words.tsv, read once ("" when it has none)

void figures_set_lessons(const char *dir) { g_lessons = dir; }

const char *figures_language_dir(Lang lang) {
    static const char *const DIRS[LANG_COUNT] = {"", "zh-TW/", "zh-CN/"};
    return DIRS[lang < LANG_COUNT ? lang : LANG_EN];
}

bool figures_file_name(const char *rel) {
    for (Lang lang = 1; lang < LANG_COUNT; lang++) {
        size_t len = strlen(figures_language_dir(lang));
        if (strncmp(rel, figures_language_dir(lang), len) == 0) {
            rel += len;
            break;
        }
    }
    size_t len = strlen(rel);
    if (len < 5 || (strcmp(rel + len - 4, ".png") != 0 && strcmp(rel + len - 4, ".svg") != 0)) return false;
    char stem[256];
    if (len - 4 >= sizeof stem) return false;
    snprintf(stem, sizeof stem, "%.*s", (int)(len - 4), rel);
    return figures_name_ok(stem);
}

bool figures_file_exists(const char *run_dir, Lang lang, const char *name, const char *ext) {
    size_t size = strlen(run_dir) + strlen(name) + strlen(ext) + 32;
    char *path = malloc(size);
    if (path == NULL) faults_out_of_memory("a figure's path", size);
    snprintf(path, size, "%s/figures/%s%s.%s", run_dir, figures_language_dir(lang), name, ext);
    struct stat st;
    bool found = stat(path, &st) == 0 && S_ISREG(st.st_mode);
    free(path);
    return found;
}

// The face whose glyphs are the language's: Noto Sans CJK draws 骨 or 直 in
// the Traditional (TC) or the Simplified (SC) forms as its name says, where a
// fallback font would pick one form for both (fonts-noto-cjk, ./workbook's set-up).
static const char *font_face(Lang lang) {
    static const char *const FACES[LANG_COUNT] = {"DejaVu Sans", "Noto Sans CJK TC", "Noto Sans CJK SC"};
    return FACES[lang < LANG_COUNT ? lang : LANG_EN];
}

// 'text' as a gnuplot string expression. Single quotes, in which gnuplot
// expands nothing (a double-quoted string would run `...` as a shell
// command), a quote written twice; a line break, which single quotes cannot
// hold, as "\n" joined on: 'line 1'."\n".'line 2'.
static void gp_string(Buf *b, const char *text) {
    buf_puts(b, "'");
    for (const char *p = text; *p; p++) {
        if (*p == '\'') buf_puts(b, "''");
        else if (*p == '\n') buf_puts(b, "'.\"\\n\".'");
        else if (*p != '\r') buf_add(b, p, 1);
    }
    buf_puts(b, "'");
}

// A key gnuplot takes as part of a variable's name: [a-z0-9_], at most 64.
static bool key_ok(const char *key) {
    size_t len = strlen(key);
    if (len == 0 || len > 64) return false;
    for (const char *p = key; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_')) return false;
    return true;
}

// Append "; w_KEY='text'" for each row of 'lang''s words whose figure is
// 'name' (lessons/LANG/figure_words.tsv: figure, key, text; '#' lines and
// blank lines skipped, the text TSV-escaped: \n a line break).
static void append_words(Buf *vars, Lang lang, const char *name) {
    if (g_words[lang] == NULL) {
        char *text = lesson_file_text(g_lessons, i18n_code(lang), "figure_words", ".tsv");
        g_words[lang] = text ? text : text_copy("");
    }
    char *table = text_copy(g_words[lang]);
    size_t c_figure = 0, c_key = 0, c_text = 0, n_header = 0;
    char *line = table;
    while (line && *line) {
        char *next = strchr(line, '\n');
        if (next) *next++ = '\0';
        size_t len = strlen(line);
        if (len && line[len - 1] == '\r') line[len - 1] = '\0';
        if (line[0] != '#' && line[0] != '\0') {
            char *f[8];
            size_t n = tsv_split(line, f, 8);
            if (n_header == 0) {
                n_header = n;
                c_figure = tsv_column(f, n, "figure"), c_key = tsv_column(f, n, "key"), c_text = tsv_column(f, n, "text");
            } else if (c_figure < n && c_key < n && c_text < n && strcmp(f[c_figure], name) == 0 && key_ok(f[c_key])) {
                tsv_unescape(f[c_text]);
                buf_printf(vars, "; w_%s=", f[c_key]);
                gp_string(vars, f[c_text]);
            }
        }
        line = next;
    }
    free(table);
}

// plots/<chapter>_*.gp
static bool script_of(const char *name, const void *chapter) {
    size_t len = strlen(chapter), nl = strlen(name);
    return strncmp(name, chapter, len) == 0 && name[len] == '_' && nl > len + 3 && strcmp(name + nl - 3, ".gp") == 0;
}

size_t figures_find(const char *plots, const char *chapter, char ***scripts) {
    size_t n = folder_names(plots, script_of, chapter, scripts);
    for (size_t i = 0; i < n; i++) {   // each name as a path
        size_t size = strlen(plots) + strlen((*scripts)[i]) + 2;
        char *path = malloc(size);
        if (path == NULL) faults_out_of_memory("a script's path", size);
        snprintf(path, size, "%s/%s", plots, (*scripts)[i]);
        free((*scripts)[i]);
        (*scripts)[i] = path;
    }
    return n;
}

char *figures_caption(const char *script) {
    char line[512] = "";
    FILE *fp = fopen(script, "r");
    if (fp) {
        if (fgets(line, sizeof line, fp) == NULL) line[0] = '\0';
        fclose(fp);
    }
    line[strcspn(line, "\r\n")] = '\0';
    static const char TAG[] = "# Figure: ";
    if (strncmp(line, TAG, sizeof TAG - 1) == 0) return text_copy(line + sizeof TAG - 1);
    const char *slash = strrchr(script, '/');
    return text_copy(slash ? slash + 1 : script);
}

bool figures_name_ok(const char *name) {
    size_t len = strlen(name);
    if (len < 6 || strncmp(name, "ch", 2) != 0 || name[4] != '_') return false;
    for (size_t i = 0; i < len; i++) {
        char ch = name[i];
        bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
                  ch == '-';
        if (!ok) return false;
    }
    return true;
}

// ---- is it a whole picture? ------------------------------------------------------

static unsigned long be32(const unsigned char *p) {
    return ((unsigned long)p[0] << 24) | ((unsigned long)p[1] << 16) | ((unsigned long)p[2] << 8) | p[3];
}

static long file_size(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : 0;
}

// PNG signature, IHDR at least 300x200, more than a blank canvas's worth of
// bytes, and complete: chunk after chunk up to an IEND that ends the file
// exactly (a cut file ends inside a chunk).
static bool png_is_real(const char *path, char *why, size_t why_size) {
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        snprintf(why, why_size, "no PNG was written");
        return false;
    }
    long size = file_size(path);
    unsigned char h[24];
    size_t got = fread(h, 1, sizeof h, fp);
    static const unsigned char SIGNATURE[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (got < sizeof h || memcmp(h, SIGNATURE, 8) != 0 || memcmp(h + 12, "IHDR", 4) != 0) {
        fclose(fp);
        snprintf(why, why_size, "the file is not a PNG (%ld bytes)", size);
        return false;
    }
    unsigned long w = be32(h + 16), ht = be32(h + 20);
    long offset = 8;
    bool complete = false;
    while (offset + 12 <= size) {
        unsigned char chunk[8];
        if (fseek(fp, offset, SEEK_SET) != 0 || fread(chunk, 1, 8, fp) != 8) break;
        unsigned long len = be32(chunk);
        if (len > 0x7fffffffUL) break;
        offset += 12 + (long)len;
        if (memcmp(chunk + 4, "IEND", 4) == 0) {
            complete = offset == size;
            break;
        }
    }
    fclose(fp);
    if (!complete) {
        snprintf(why, why_size, "the PNG is cut short or damaged (%ld bytes, no IEND chunk ending it)", size);
        return false;
    }
    if (w < 300 || ht < 200 || size < 5000) {
        snprintf(why, why_size, "the PNG is too small to be a figure (%lux%lu, %ld bytes)", w, ht, size);
        return false;
    }
    return true;
}

// A complete SVG ends with </svg> (and perhaps white space).
static bool svg_is_real(const char *path, char *why, size_t why_size) {
    long size = file_size(path);
    FILE *fp = fopen(path, "rb");
    if (fp == NULL || size < 1000) {
        if (fp) fclose(fp);
        snprintf(why, why_size, "the SVG is missing or empty (%ld bytes)", size);
        return false;
    }
    char tail[65];
    size_t got = 0;
    if (fseek(fp, size > 64 ? size - 64 : 0, SEEK_SET) == 0) got = fread(tail, 1, 64, fp);
    fclose(fp);
    tail[got] = '\0';
    size_t end = strlen(tail);
    while (end > 0 && strchr(" \t\r\n", tail[end - 1])) end--;
    if (end < 6 || strncmp(tail + end - 6, "</svg>", 6) != 0) {
        snprintf(why, why_size, "the SVG is cut short (%ld bytes, it does not end with </svg>)", size);
        return false;
    }
    return true;
}

// gnuplot's SVG draws a heatmap (`with image`) as one small PNG stretched
// over the plot, which a browser smooths into gradients: ch01's 4x4
// attention weights became a blur. Each <image> is told to stay pixelated,
// as the PNG figures are. The file is the finished temporary, not yet named:
// rewritten in place. False (errno set) when it cannot be.
static bool svg_pixelated(const char *path) {
    static const char IMAGE[] = "<image ", CRISP[] = "<image style='image-rendering:pixelated' ";
    size_t len = 0;
    char *svg = text_file_read(path, &len);
    if (svg == NULL) return false;
    if (strstr(svg, IMAGE) == NULL) {
        free(svg);
        return true;
    }
    FILE *fp = fopen(path, "w");
    bool ok = fp != NULL;
    for (const char *p = svg, *at; ok && *p; p = at + sizeof IMAGE - 1) {
        at = strstr(p, IMAGE);
        size_t n = at ? (size_t)(at - p) : strlen(p);
        ok = fwrite(p, 1, n, fp) == n;
        if (at == NULL) break;
        ok = ok && fputs(CRISP, fp) >= 0;
    }
    int saved = errno;
    if (fp && (fflush(fp) != 0 || fsync(fileno(fp)) != 0)) ok = false, saved = errno;
    if (fp && fclose(fp) != 0 && ok) ok = false, saved = errno;
    free(svg);
    errno = saved ? saved : EIO;
    return ok;
}

// gnuplot's message: its non-blank lines, trimmed, joined by " / ", leaving
// out the lines that only point a caret at the error.
static void gnuplot_message(const char *text, char *buf, size_t size) {
    buf[0] = '\0';
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "\n"), a = 0, b = len;
        while (a < b && strchr(" \t\r", p[a])) a++;
        while (b > a && strchr(" \t\r", p[b - 1])) b--;
        bool caret_only = b > a && strspn(p + a, "^ ") >= b - a;
        if (b > a && !caret_only) {
            size_t used = strlen(buf);
            snprintf(buf + used, size - used, "%s%.*s", used ? " / " : "", (int)(b - a), p + a);
        }
        p += len;
        if (*p == '\n') p++;
    }
}

// gnuplot single-quoted strings write a single quote as two. New string.
static char *gp_quoted(const char *src) {
    size_t n = 0, len = strlen(src);
    char *dst = malloc(2 * len + 1);
    if (dst == NULL) return text_copy("");
    for (const char *p = src; *p; p++) {
        if (*p == '\'') dst[n++] = '\'';
        dst[n++] = *p;
    }
    dst[n] = '\0';
    return dst;
}

// One file of a batch (figures_draw_all): a format of one draw.
typedef struct {
    FigureDraw *draw;
    const char *format;            // "png", "svg"
    char file[256], listed_as[512];
    char *vars;                    // gnuplot's -e assignments
    char *argv[5];
    DataFile out;
    bool open;                     // 'out' is open, until named or given up
    bool made_folder;              // its start made the draw's folder
    bool reached;                  // handed over as one at a time would reach it (not given up)
    const char *not_made;          // "create" or "write": its folder or its file could not be made (errno: made_error)
    int made_error;
    char err[4096];                // gnuplot's standard error
} FigureFile;

typedef struct {
    const char *gnuplot;
    FigureDraw *draws;
    FigureFile *files;
    Manifest *manifest;
    bool stopped;                  // after a write error nothing more is drawn
} Batch;

// Has a draw of d's group, d included, failed (in the draws' order, so far)?
static bool group_failed(const Batch *b, const FigureDraw *d) {
    for (const FigureDraw *e = b->draws; e <= d; e++)
        if (e->group == d->group && e->why[0]) return true;
    return false;
}

// child_run_jobs's start: gnuplot for file i, its output into a temporary file.
static void start_file(size_t i, ChildJob *job, void *ctx) {
    Batch *b = ctx;
    FigureFile *f = &b->files[i];
    FigureDraw *d = f->draw;
    if (b->stopped || group_failed(b, d)) return;   // (not reached: no child)
    struct stat st;
    f->made_folder = stat(d->figdir, &st) != 0;
    if (!folders_make(d->figdir)) {
        f->not_made = "create", f->made_error = errno;
        return;
    }
    if (!datafile_open(&f->out, d->figdir, f->file, NULL)) {
        f->not_made = "write", f->made_error = errno;
        return;
    }
    f->open = true;
    f->argv[0] = (char *)b->gnuplot, f->argv[1] = "-e", f->argv[2] = f->vars, f->argv[3] = (char *)d->script;
    *job = (ChildJob){f->argv, &f->out, false, f->err, sizeof f->err, {-1, 0, 0}};
}

// The file gnuplot wrote: checked, listed in the manifest, named. False with
// the draw's why (and write_error) set.
static bool finish_file(Batch *b, FigureFile *f, ChildResult r) {
    FigureDraw *d = f->draw;
    char *why = d->why;
    size_t why_size = sizeof d->why;
    const char *figdir = d->figdir, *file = f->file, *format = f->format;
    DataFile *out = &f->out;
    char message[400], check[FIGURE_WHY_LEN];
    gnuplot_message(f->err, message, sizeof message);
    bool ok = false;
    if (r.status < 0)
        snprintf(why, why_size, "could not start gnuplot %s (%s)", b->gnuplot, strerror(r.start_error));
    else if (out->failed)
        d->write_error = out->error, snprintf(why, why_size, "cannot write %s/%s: %s", figdir, file, strerror(out->error));
    else if (r.signal)
        snprintf(why, why_size, "gnuplot was killed by signal %d (%s) on %s: %s", r.signal, strsignal(r.signal), format,
                 message[0] ? message : "no message");
    else if (r.status != 0)
        snprintf(why, why_size, "gnuplot failed (exit %d) on %s: %s", r.status, format,
                 message[0] ? message : "no message");
    else if (!datafile_finish(out))
        d->write_error = errno, snprintf(why, why_size, "cannot write %s/%s: %s", figdir, file, strerror(errno));
    else if (strcmp(format, "svg") == 0 && !svg_pixelated(out->temp_path))
        d->write_error = errno, snprintf(why, why_size, "cannot write %s/%s: %s", figdir, file, strerror(errno));
    else if (!(strcmp(format, "png") == 0 ? png_is_real : svg_is_real)(out->temp_path, check, sizeof check))
        snprintf(why, why_size, "%s%s%s", check, message[0] ? "; gnuplot said: " : "", message);
    else
        ok = true;
    if (!ok) {
        datafile_abort(out);
        return false;
    }
    Manifest *manifest = b->manifest;
    if (manifest) {
        manifest_add(manifest, f->listed_as);
        if (!manifest_save(manifest, manifest->first_line)) {
            d->write_error = errno;
            snprintf(why, why_size, "cannot write %s/%s: %s", manifest->dir, manifest->file, strerror(errno));
            datafile_abort(out);
            return false;
        }
    }
    if (!datafile_commit(out)) {
        d->write_error = errno;
        snprintf(why, why_size, "cannot put %s/%s in place: %s", figdir, file, strerror(errno));
        return false;
    }
    return true;
}

// child_run_jobs's done, in the files' order: what one-at-a-time drawing
// would have done with file i. False once a write error stops the batch.
static bool file_done(size_t i, ChildJob *job, void *ctx) {
    Batch *b = ctx;
    FigureFile *f = &b->files[i];
    FigureDraw *d = f->draw;
    if (b->stopped || group_failed(b, d)) {   // not reached one at a time: given up
        if (f->open) datafile_abort(&f->out);
        return !b->stopped;
    }
    f->reached = true;
    if (f->not_made) {
        d->write_error = f->made_error;
        if (strcmp(f->not_made, "create") == 0)
            snprintf(d->why, sizeof d->why, "cannot create %s: %s", d->figdir, strerror(f->made_error));
        else
            snprintf(d->why, sizeof d->why, "cannot write %s/%s: %s", d->figdir, f->file, strerror(f->made_error));
    } else if (finish_file(b, f, job->result)) {
        d->drawn = strcmp(f->format, "svg") == 0;   // (the draw's last file)
        return true;
    }
    if (d->write_error) b->stopped = true;
    return !b->stopped;
}

// The -e assignments of each format of draw d, one FigureFile each from 'files' on; how many.
static size_t prepare_files(FigureDraw *d, FigureFile *files) {
    const char *script = d->script;
    const char *base = strrchr(script, '/');
    base = base ? base + 1 : script;
    size_t stem = strlen(base) - 3;   // without ".gp"
    char *plotdir = text_copy(script);
    char *slash = strrchr(plotdir, '/');
    if (slash) *slash = '\0';
    else snprintf(plotdir, 2, ".");
    char *q_data = gp_quoted(d->datadir), *q_plot = gp_quoted(plotdir);
    // The words: English first, then the language's over them (a key it lacks stays English).
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)stem, base);
    Buf words = {0};
    buf_printf(&words, "; font_face='%s'", font_face(d->lang));
    append_words(&words, LANG_EN, name);
    if (d->lang != LANG_EN) append_words(&words, d->lang, name);
    char *words_vars = buf_take(&words);
    static const char *const FORMATS[2] = {"png", "svg"};
    size_t n = 0;
    for (int k = d->png ? 0 : 1; k < 2; k++) {
        FigureFile *f = &files[n++];
        memset(f, 0, sizeof *f);
        f->draw = d;
        f->format = FORMATS[k];
        snprintf(f->file, sizeof f->file, "%.*s.%s", (int)stem, base, FORMATS[k]);
        snprintf(f->listed_as, sizeof f->listed_as, "%s%s", d->manifest_prefix ? d->manifest_prefix : "", f->file);
        Buf vars = {0};
        buf_printf(&vars, "datadir='%s'; plotdir='%s'; fmt='%s'; outfile='/dev/stdout'%s%s", q_data, q_plot,
                   FORMATS[k], g_figure_vars, words_vars);
        f->vars = buf_take(&vars);
    }
    free(words_vars);
    free(q_data);
    free(q_plot);
    free(plotdir);
    return n;
}

bool figures_draw_all(const char *gnuplot, FigureDraw *draws, size_t n, Manifest *manifest) {
    FigureFile *files = calloc(2 * n + 1, sizeof *files);
    if (files == NULL) faults_out_of_memory("the figures' files", (2 * n + 1) * sizeof *files);
    size_t n_files = 0;
    for (size_t i = 0; i < n; i++) {
        draws[i].drawn = false, draws[i].why[0] = '\0', draws[i].write_error = 0;
        n_files += prepare_files(&draws[i], files + n_files);
    }
    Batch b = {gnuplot, draws, files, manifest, false};
    child_run_jobs(n_files, child_processors(), start_file, file_done, &b);
    // A folder that only files given up made (they started before an earlier
    // failure was known) goes again, as one at a time would not have made it.
    for (size_t i = 0; i < n_files; i++) {
        if (!files[i].made_folder || files[i].reached) continue;
        bool reached_there = false;   // a file reached in order went into that folder: it stays
        for (size_t k = 0; k < n_files && !reached_there; k++)
            reached_there = files[k].reached && strcmp(files[k].draw->figdir, files[i].draw->figdir) == 0;
        if (!reached_there) rmdir(files[i].draw->figdir);   // (only if empty)
    }
    for (size_t i = 0; i < n_files; i++) free(files[i].vars);
    free(files);
    return !b.stopped;
}

bool figures_draw(const char *gnuplot, const char *script, const char *datadir, const char *figdir, Lang lang,
                  bool png, Manifest *manifest, const char *manifest_prefix, char *why, size_t why_size, int *write_error) {
    FigureDraw d = {script, datadir, figdir, lang, png, manifest_prefix, 0, false, "", 0};
    figures_draw_all(gnuplot, &d, 1, manifest);
    snprintf(why, why_size, "%s", d.why);
    *write_error = d.write_error;
    return d.drawn;
}
