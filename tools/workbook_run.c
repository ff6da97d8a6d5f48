// workbook_run.c: the driver behind ./workbook and `cmake --workflow --preset workbook`.
//
// Two modes:
//
//   workbook_run --out DIR --plots DIR [--gnuplot PATH] CHAPTER_PROGRAM...
//       Runs every chapter in order into DIR/chNN/ (its narrative goes to
//       DIR/chNN/output.txt), renders every plots/chNN_*.gp into
//       DIR/figures/ as PNG and SVG, writes DIR/REPORT.md, and prints a
//       summary table. Exit 0 when every chapter exited 0 and every figure
//       rendered (figures count as skipped, not failed, without gnuplot).
//
//   workbook_run --render SCRIPT --data DIR --figures DIR [--gnuplot PATH]
//       Renders one figure (the figure tests). Exit 0 rendered and checked,
//       1 failed, 77 skipped because there is no gnuplot.
//
// A gnuplot script receives these variables (-e):
//   datadir  the chapter's data folder      plotdir  the plots/ folder
//   fmt      'png' or 'svg'                 outfile  where to write the picture
// and loads plotdir.'/common.gp' for the terminal. Its first line is
//   # Figure: caption text
// which becomes the caption in REPORT.md.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "datafile.h"
#include "exitcodes.h"
#include "verdict.h"
#include "wallclock.h"

extern char **environ;

enum { MAX_CHAPTERS = 32, MAX_FIGURES = 16, MAX_CLAIMS = 16, PATH_LEN = 4096 };

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

// Run argv[0] with stdout and stderr redirected to files (NULL: inherit).
// Returns the exit status, or -1 if it could not be started.
static int run_program(char *const argv[], const char *stdout_path, const char *stderr_path) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (stdout_path)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (stderr_path)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
        errno = rc;
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

static bool file_size(const char *path, long *size) {
    struct stat st;
    if (stat(path, &st) != 0) return false;
    *size = (long)st.st_size;
    return true;
}

// A real picture: PNG signature, IHDR at least 300x200, and more than a blank
// canvas's worth of bytes.
static bool png_is_real(const char *path, char *why, size_t why_size) {
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        snprintf(why, why_size, "no PNG was written");
        return false;
    }
    unsigned char h[24];
    size_t got = fread(h, 1, sizeof h, fp);
    fclose(fp);
    static const unsigned char SIGNATURE[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (got < sizeof h || memcmp(h, SIGNATURE, 8) != 0 || memcmp(h + 12, "IHDR", 4) != 0) {
        snprintf(why, why_size, "the file is not a PNG");
        return false;
    }
    unsigned long w = ((unsigned long)h[16] << 24) | ((unsigned long)h[17] << 16) | ((unsigned long)h[18] << 8) | h[19];
    unsigned long ht = ((unsigned long)h[20] << 24) | ((unsigned long)h[21] << 16) | ((unsigned long)h[22] << 8) | h[23];
    long size = 0;
    file_size(path, &size);
    if (w < 300 || ht < 200 || size < 5000) {
        snprintf(why, why_size, "the PNG is too small to be a figure (%lux%lu, %ld bytes)", w, ht, size);
        return false;
    }
    return true;
}

static void first_line(const char *path, char *buf, size_t size) {
    buf[0] = '\0';
    FILE *fp = fopen(path, "r");
    if (fp == NULL) return;
    if (fgets(buf, (int)size, fp) == NULL) buf[0] = '\0';
    fclose(fp);
    buf[strcspn(buf, "\r\n")] = '\0';
}

// The caption is the script's "# Figure: ..." first line.
static void figure_caption(const char *script, char *buf, size_t size) {
    char line[512];
    first_line(script, line, sizeof line);
    const char *tag = "# Figure: ";
    if (strncmp(line, tag, strlen(tag)) == 0)
        snprintf(buf, size, "%s", line + strlen(tag));
    else
        snprintf(buf, size, "%s", base_name(script));
}

typedef struct {
    char name[128];                // ch01_attention_weights
    char caption[512];
    bool rendered;
    char why[512];                 // when not rendered
} Figure;

// Render 'script' as PNG and SVG into figdir. Returns true when both were
// written and the PNG checks out; otherwise 'why' says what went wrong.
static bool render_figure(const char *gnuplot, const char *script, const char *datadir,
                          const char *figdir, Figure *fig) {
    snprintf(fig->name, sizeof fig->name, "%.*s", (int)(strlen(base_name(script)) - 3), base_name(script));
    figure_caption(script, fig->caption, sizeof fig->caption);
    fig->rendered = false;
    if (gnuplot == NULL || gnuplot[0] == '\0') {
        snprintf(fig->why, sizeof fig->why, "gnuplot is not installed");
        return false;
    }
    if (strchr(script, '\'') || strchr(datadir, '\'') || strchr(figdir, '\'')) {
        snprintf(fig->why, sizeof fig->why, "a path contains a single quote, which gnuplot strings cannot hold");
        return false;
    }
    char plotdir[PATH_LEN];
    snprintf(plotdir, sizeof plotdir, "%s", script);
    char *slash = strrchr(plotdir, '/');
    if (slash) *slash = '\0';
    else snprintf(plotdir, sizeof plotdir, ".");

    static const char *const FORMATS[2] = {"png", "svg"};
    for (int f = 0; f < 2; f++) {
        char temp[PATH_LEN], final[PATH_LEN], log[PATH_LEN], vars[4 * PATH_LEN + 128];
        snprintf(temp, sizeof temp, "%s/.%s.tmp.%s", figdir, fig->name, FORMATS[f]);
        snprintf(final, sizeof final, "%s/%s.%s", figdir, fig->name, FORMATS[f]);
        snprintf(log, sizeof log, "%s/.%s.%s.log", figdir, fig->name, FORMATS[f]);
        snprintf(vars, sizeof vars, "datadir='%s'; plotdir='%s'; fmt='%s'; outfile='%s'", datadir, plotdir,
                 FORMATS[f], temp);
        char *argv[] = {(char *)gnuplot, "-e", vars, (char *)script, NULL};
        int rc = run_program(argv, "/dev/null", log);
        char err[400];
        first_line(log, err, sizeof err);
        if (rc != 0) {
            snprintf(fig->why, sizeof fig->why, "gnuplot failed (exit %d) on %s: %s", rc, FORMATS[f],
                     err[0] ? err : "no message");
            remove(temp);
            return false;
        }
        if (f == 0 && !png_is_real(temp, fig->why, sizeof fig->why)) {
            remove(temp);
            return false;
        }
        long size = 0;
        if (f == 1 && (!file_size(temp, &size) || size < 1000)) {
            snprintf(fig->why, sizeof fig->why, "the SVG is missing or empty");
            remove(temp);
            return false;
        }
        if (rename(temp, final) != 0) {
            snprintf(fig->why, sizeof fig->why, "cannot move the figure into place: %s", strerror(errno));
            remove(temp);
            return false;
        }
        remove(log);
    }
    fig->rendered = true;
    return true;
}

// ---- one chapter's results ---------------------------------------------------

typedef struct {
    char id[16], source[128], verdict[32], expected[32], measured[32], document[32], tolerance[32];
    char key[160], statement[400], finding[800];
} ClaimRow;

typedef struct {
    char name[16];                 // ch01
    char title[256];
    char summary[1024];
    int status;                    // the chapter's exit status
    double seconds;
    ClaimRow claims[MAX_CLAIMS];
    int n_claims;
    Figure figures[MAX_FIGURES];
    int n_figures;
} ChapterRun;

static void copy_field(char *dst, size_t size, const char *src) { snprintf(dst, size, "%s", src ? src : ""); }

static void read_claims(const char *path, ChapterRun *c) {
    c->n_claims = 0;
    FILE *fp = fopen(path, "r");
    if (fp == NULL) return;
    char line[4096];
    bool header = true;
    while (fgets(line, sizeof line, fp) && c->n_claims < MAX_CLAIMS) {
        line[strcspn(line, "\r\n")] = '\0';
        if (header) {
            header = false;
            continue;
        }
        char *fields[10] = {0};
        int n = 0;
        char *p = line;
        while (n < 10) {
            fields[n++] = p;
            char *tab = strchr(p, '\t');
            if (tab == NULL) break;
            *tab = '\0';
            p = tab + 1;
        }
        if (n < 10) continue;
        ClaimRow *r = &c->claims[c->n_claims++];
        copy_field(r->id, sizeof r->id, fields[0]);
        copy_field(r->source, sizeof r->source, fields[1]);
        copy_field(r->verdict, sizeof r->verdict, fields[2]);
        copy_field(r->expected, sizeof r->expected, fields[3]);
        copy_field(r->measured, sizeof r->measured, fields[4]);
        copy_field(r->document, sizeof r->document, fields[5]);
        copy_field(r->tolerance, sizeof r->tolerance, fields[6]);
        copy_field(r->key, sizeof r->key, fields[7]);
        copy_field(r->statement, sizeof r->statement, fields[8]);
        copy_field(r->finding, sizeof r->finding, fields[9]);
    }
    fclose(fp);
}

static void read_chapter_text(const char *path, ChapterRun *c) {
    c->title[0] = c->summary[0] = '\0';
    FILE *fp = fopen(path, "r");
    if (fp == NULL) return;
    char line[1024];
    if (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        copy_field(c->title, sizeof c->title, line);
    }
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = ' ';
        strncat(c->summary, line, sizeof c->summary - strlen(c->summary) - 1);
    }
    fclose(fp);
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

// plots/<chapter>_*.gp, sorted.
static int find_scripts(const char *plots, const char *chapter, char out[][PATH_LEN], int max) {
    DIR *dir = opendir(plots);
    if (dir == NULL) return 0;
    char *names[MAX_FIGURES];
    int n = 0;
    struct dirent *e;
    size_t len = strlen(chapter);
    while ((e = readdir(dir)) != NULL && n < max) {
        size_t nl = strlen(e->d_name);
        if (strncmp(e->d_name, chapter, len) == 0 && e->d_name[len] == '_' && nl > 3 &&
            strcmp(e->d_name + nl - 3, ".gp") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(dir);
    qsort(names, (size_t)n, sizeof names[0], compare_names);
    for (int i = 0; i < n; i++) {
        snprintf(out[i], PATH_LEN, "%s/%s", plots, names[i]);
        free(names[i]);
    }
    return n;
}

static void count_verdicts(const ChapterRun *c, char *buf, size_t size) {
    static const char *const KINDS[] = {"holds", "partly holds", "erratum", "does not hold", "not run"};
    buf[0] = '\0';
    for (int k = 0; k < 5; k++) {
        int n = 0;
        for (int i = 0; i < c->n_claims; i++) n += strcmp(c->claims[i].verdict, KINDS[k]) == 0;
        if (n == 0) continue;
        char part[64];
        snprintf(part, sizeof part, "%s%d %s", buf[0] ? ", " : "", n, KINDS[k]);
        strncat(buf, part, size - strlen(buf) - 1);
    }
    if (buf[0] == '\0') snprintf(buf, size, "none");
}

static int rendered_count(const ChapterRun *c) {
    int n = 0;
    for (int i = 0; i < c->n_figures; i++) n += c->figures[i].rendered;
    return n;
}

// Markdown table cells cannot hold '|'.
static void md_cell(DataFile *f, const char *text) {
    for (const char *p = text; *p; p++) {
        if (*p == '|') datafile_printf(f, "\\|");
        else datafile_printf(f, "%c", *p);
    }
}

static bool write_report(const char *out, const ChapterRun *runs, int n, const char *gnuplot) {
    DataFile f;
    if (!datafile_open(&f, out, "REPORT.md", NULL)) return false;
    datafile_printf(&f, "# pe-workbook report: how a Transformer knows word order\n\n");
    datafile_printf(&f, "Every claim the four course documents make about self-attention and positional\n"
                        "encoding, computed and checked. A verdict is computed from the measured number;\n"
                        "*expected* is the verdict the workbook stands behind after checking the maths.\n"
                        "Data files: `chNN/` next to this report; figures: `figures/` (PNG and SVG);\n"
                        "each chapter's full narrative: `chNN/output.txt`.\n\n");
    if (gnuplot == NULL || gnuplot[0] == '\0')
        datafile_printf(&f, "> gnuplot was not found, so no figure was drawn. Install `gnuplot-nox` and run "
                            "`./workbook` again.\n\n");
    datafile_printf(&f, "## At a glance\n\n| chapter | title | claims | verdicts | figures | seconds |\n"
                        "|---|---|---|---|---|---|\n");
    for (int i = 0; i < n; i++) {
        char verdicts[256];
        count_verdicts(&runs[i], verdicts, sizeof verdicts);
        datafile_printf(&f, "| [%s](#%s) | ", runs[i].name, runs[i].name);
        md_cell(&f, runs[i].title);
        datafile_printf(&f, " | %d | %s%s | %d/%d | %.1f |\n", runs[i].n_claims, verdicts,
                        runs[i].status == 0 ? "" : " (**exit status %d: see below**)", rendered_count(&runs[i]),
                        runs[i].n_figures, runs[i].seconds);
    }
    for (int i = 0; i < n; i++) {
        const ChapterRun *c = &runs[i];
        datafile_printf(&f, "\n<a id=\"%s\"></a>\n## %s: %s\n\n%s\n\n", c->name, c->name, c->title, c->summary);
        datafile_printf(&f, "The chapter's full narrative, with every number it printed: [%s/output.txt](%s/output.txt); "
                            "its data: `%s/`.\n\n", c->name, c->name, c->name);
        if (c->status != 0)
            datafile_printf(&f, "**The chapter exited with status %d**: %s\n\n", c->status,
                            c->status == 1 ? "a verdict differs from the expected one (marked below)"
                                           : "it did not finish; see the terminal output");
        if (c->n_claims > 0) {
            datafile_printf(&f, "| claim | source | the claim | verdict | key number | document | finding |\n"
                                "|---|---|---|---|---|---|---|\n");
            for (int k = 0; k < c->n_claims; k++) {
                const ClaimRow *r = &c->claims[k];
                bool ok = strcmp(r->verdict, r->expected) == 0;
                datafile_printf(&f, "| %s | ", r->id);
                md_cell(&f, r->source);
                datafile_printf(&f, " | ");
                md_cell(&f, r->statement);
                datafile_printf(&f, " | **%s**%s%s%s | ", r->verdict, ok ? "" : " (expected ", ok ? "" : r->expected,
                                ok ? "" : ")");
                md_cell(&f, r->key);
                datafile_printf(&f, " = %s | %s | ", r->measured, r->document);
                md_cell(&f, r->finding);
                datafile_printf(&f, " |\n");
            }
        }
        for (int k = 0; k < c->n_figures; k++) {
            const Figure *fig = &c->figures[k];
            if (fig->rendered)
                datafile_printf(&f, "\n![%s](figures/%s.png)\n\n*Figure %s: %s* ([SVG](figures/%s.svg))\n",
                                fig->caption, fig->name, fig->name, fig->caption, fig->name);
            else
                datafile_printf(&f, "\n*Figure %s (%s) is missing: %s.*\n", fig->name, fig->caption, fig->why);
        }
    }
    return datafile_close(&f);
}

// ---- modes ----------------------------------------------------------------------

static int usage(void) {
    fprintf(stderr, "usage: workbook_run --out DIR --plots DIR [--gnuplot PATH] CHAPTER...\n"
                    "       workbook_run --render SCRIPT --data DIR --figures DIR [--gnuplot PATH]\n");
    return EXIT_BAD_INPUT;
}

static int render_one(const char *script, const char *data, const char *figures, const char *gnuplot) {
    char why[512];
    if (!output_dir_prepare(figures, why, sizeof why)) {
        fprintf(stderr, "workbook_run: --figures '%s': %s\n", figures, why);
        return EXIT_BAD_INPUT;
    }
    Figure fig;
    if (gnuplot == NULL) {
        printf("SKIPPED: gnuplot is not installed, %s was not rendered\n", base_name(script));
        return EXIT_SKIPPED;
    }
    if (!render_figure(gnuplot, script, data, figures, &fig)) {
        fprintf(stderr, "workbook_run: %s: %s\n", base_name(script), fig.why);
        return EXIT_CLAIM_FAILED;
    }
    printf("rendered %s/%s.png and .svg\n", figures, fig.name);
    return EXIT_AS_EXPECTED;
}

int main(int argc, char **argv) {
    const char *out = NULL, *plots = NULL, *gnuplot = NULL, *render = NULL, *data = NULL, *figures = NULL;
    char *chapters[MAX_CHAPTERS];
    int n_chapters = 0;
    for (int a = 1; a < argc; a++) {
        const char **target = NULL;
        if (strcmp(argv[a], "--out") == 0) target = &out;
        else if (strcmp(argv[a], "--plots") == 0) target = &plots;
        else if (strcmp(argv[a], "--gnuplot") == 0) target = &gnuplot;
        else if (strcmp(argv[a], "--render") == 0) target = &render;
        else if (strcmp(argv[a], "--data") == 0) target = &data;
        else if (strcmp(argv[a], "--figures") == 0) target = &figures;
        else if (argv[a][0] == '-') return usage();
        else if (n_chapters < MAX_CHAPTERS) chapters[n_chapters++] = argv[a];
        if (target) {
            if (a + 1 >= argc) return usage();
            *target = argv[++a];
        }
    }
    if (render) {
        if (!data || !figures) return usage();
        return render_one(render, data, figures, gnuplot);
    }
    if (!out || !plots || n_chapters == 0) return usage();

    char why[512], figdir[PATH_LEN];
    snprintf(figdir, sizeof figdir, "%s/figures", out);
    if (!output_dir_prepare(out, why, sizeof why) || !output_dir_prepare(figdir, why, sizeof why)) {
        fprintf(stderr, "workbook_run: --out '%s': %s\n", out, why);
        return EXIT_BAD_INPUT;
    }

    static ChapterRun runs[MAX_CHAPTERS];
    bool all_ok = true;
    double total_start = wallclock_seconds();
    for (int i = 0; i < n_chapters; i++) {
        ChapterRun *c = &runs[i];
        memset(c, 0, sizeof *c);
        snprintf(c->name, sizeof c->name, "%.15s", base_name(chapters[i]));
        char dir[PATH_LEN], transcript[PATH_LEN], temp[PATH_LEN], path[PATH_LEN];
        snprintf(dir, sizeof dir, "%s/%s", out, c->name);
        printf("[%d/%d] %s ", i + 1, n_chapters, c->name);
        fflush(stdout);
        if (!output_dir_prepare(dir, why, sizeof why)) {
            fprintf(stderr, "workbook_run: %s: %s\n", dir, why);
            return EXIT_IO_FAILED;
        }
        snprintf(transcript, sizeof transcript, "%s/output.txt", dir);
        snprintf(temp, sizeof temp, "%s/.output.txt.tmp", dir);
        char *cargv[] = {chapters[i], "--out", dir, NULL};
        double start = wallclock_seconds();
        c->status = run_program(cargv, temp, NULL);
        c->seconds = wallclock_seconds() - start;
        rename(temp, transcript);
        snprintf(path, sizeof path, "%s/chapter.txt", dir);
        read_chapter_text(path, c);
        snprintf(path, sizeof path, "%s/claims.tsv", dir);
        read_claims(path, c);
        printf("%s: ", c->title[0] ? c->title : "(no title)");
        char verdicts[256];
        count_verdicts(c, verdicts, sizeof verdicts);
        printf("%d claims (%s) in %.1f s", c->n_claims, verdicts, c->seconds);
        if (c->status != 0) {
            all_ok = false;
            printf("  EXIT STATUS %d: see %s", c->status, transcript);
        }
        printf("\n");
        fflush(stdout);

        char scripts[MAX_FIGURES][PATH_LEN];
        c->n_figures = find_scripts(plots, c->name, scripts, MAX_FIGURES);
        for (int k = 0; k < c->n_figures; k++) {
            Figure *fig = &c->figures[k];
            bool ok = render_figure(gnuplot, scripts[k], dir, figdir, fig);
            printf("        figure %-34s %s%s\n", fig->name, ok ? "drawn" : "MISSING: ", ok ? "" : fig->why);
            if (!ok && gnuplot) all_ok = false;
        }
        fflush(stdout);
    }

    if (!write_report(out, runs, n_chapters, gnuplot)) {
        fprintf(stderr, "workbook_run: cannot write %s/REPORT.md: %s\n", out, strerror(errno));
        return EXIT_IO_FAILED;
    }

    printf("\n");
    printf("  ");
    print_padded(stdout, "chapter", 9);
    print_padded(stdout, "title", 46);
    print_padded(stdout, "claims", 8);
    print_padded(stdout, "verdicts", 44);
    print_padded(stdout, "figures", 9);
    printf("seconds\n");
    for (int i = 0; i < n_chapters; i++) {
        char verdicts[256], figs[32];
        count_verdicts(&runs[i], verdicts, sizeof verdicts);
        snprintf(figs, sizeof figs, "%d/%d", rendered_count(&runs[i]), runs[i].n_figures);
        printf("%s ", runs[i].status == 0 ? " " : "!");
        print_padded(stdout, runs[i].name, 9);
        char title[46];
        snprintf(title, sizeof title, "%.44s", runs[i].title);
        print_padded(stdout, title, 46);
        char nclaims[16];
        snprintf(nclaims, sizeof nclaims, "%d", runs[i].n_claims);
        print_padded(stdout, nclaims, 8);
        print_padded(stdout, verdicts, 44);
        print_padded(stdout, figs, 9);
        printf("%6.1f\n", runs[i].seconds);
    }
    printf("\nTotal %.1f s. Report: %s/REPORT.md   figures: %s/   data: %s/chNN/\n", wallclock_seconds() - total_start,
           out, figdir, out);
    if (!all_ok) {
        printf("Something did not come out as expected (marked !); the report says what.\n");
        return EXIT_CLAIM_FAILED;
    }
    return EXIT_AS_EXPECTED;
}
