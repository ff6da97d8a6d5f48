// site_files.c: the files a chapter's page lists, and the run's files the
// published site copies: exactly those its pages link (site_files.h). Its own
// file: the one place that decides which of a run's files a reader gets.
#include "site_files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/i18n.h"
#include "figures.h"
#include "page_text.h"

// A file's size for a reader: "0.3 kB", "195.1 kB", "43.6 MB" (1 kB = 1000 bytes).
static void file_size_words(char *buf, size_t size, unsigned long long bytes) {
    if (bytes < 1000ULL * 1000ULL) snprintf(buf, size, "%.1f kB", (double)bytes / 1e3);
    else snprintf(buf, size, "%.1f MB", (double)bytes / 1e6);
}

// The section "The chapter's files" of chapter c's page: every file its
// MANIFEST lists, linked with its size; on a site one above
// SITE_LARGEST_FILE is named, not linked.
void site_files_section(Buf *md, const ChapterPage *c, bool site) {
    buf_puts(md, _("<section class=\"files\">\n\n## The chapter's files\n\n"));
    // (the folder named, never linked: a static web host answers a folder's address with 404)
    buf_puts(md, _("Written by this run into "));
    char folder[16];
    snprintf(folder, sizeof folder, "%s/", c->name);
    md_code(md, folder);
    buf_puts(md, _(", as its MANIFEST lists them, with the narrative "));
    char out_rel[32];
    snprintf(out_rel, sizeof out_rel, "%s%s/output.txt", c->root, c->name);
    buf_puts(md, "[`output.txt`](");
    md_dest(md, out_rel);
    buf_puts(md, "):\n\n");
    for (size_t f = 0; f < c->n_files; f++) {
        char rel[8192], path[8192];
        snprintf(rel, sizeof rel, "%s%s/%s", c->root, c->name, c->files[f]);
        snprintf(path, sizeof path, "%s/%s/%s", c->run_dir, c->name, c->files[f]);
        struct stat st;
        bool there = stat(path, &st) == 0 && S_ISREG(st.st_mode);
        char size[32] = "";
        if (there) file_size_words(size, sizeof size, (unsigned long long)st.st_size);
        buf_puts(md, "- ");
        if (!there) {            // (listed by its MANIFEST, removed since)
            md_code(md, c->files[f]);
            buf_puts(md, _(" (no longer there)"));
        } else if (site && st.st_size > SITE_LARGEST_FILE) {
            md_code(md, c->files[f]);
            buf_printf(md, " (%s)", size);
            char command[32];
            snprintf(command, sizeof command, "./workbook %s", c->name);
            Buf code = {0};
            md_code(&code, command);
            buf_printf(md, _(": left out of the published pages, which stay small; %s writes it"), code.s);
            free(code.s);
        } else {
            buf_puts(md, "[");
            md_code(md, c->files[f]);
            buf_puts(md, "](");
            md_dest(md, rel);
            buf_printf(md, ") (%s)", size);
        }
        buf_puts(md, "\n");
    }
    buf_puts(md, "\n</section>\n\n");
}

// Each chapter's drawn figures (the SVG in every language: each language's
// pages show their own; the PNG where the run drew one), its data files (those its page links:
// none above SITE_LARGEST_FILE) and what it printed.
void site_files_copy(const ChapterPage *pages, size_t n_pages, const char *run_dir, void (*make_dir)(const char *rel),
                     void (*copy_run_file)(const char *rel, bool required)) {
    make_dir("figures");
    for (Lang lang = 1; lang < LANG_COUNT; lang++) {
        char sub[64];
        snprintf(sub, sizeof sub, "figures/%.*s", (int)strlen(figures_language_dir(lang)) - 1, figures_language_dir(lang));
        make_dir(sub);
    }
    for (size_t i = 0; i < n_pages; i++) {
        const ChapterPage *c = &pages[i];
        char rel[8192];
        for (size_t k = 0; k < c->n_figures; k++)
            for (Lang lang = 0; lang < LANG_COUNT; lang++) {
                snprintf(rel, sizeof rel, "figures/%s%s.svg", figures_language_dir(lang), c->figures[k].name);
                if (lang == LANG_EN || figures_file_exists(run_dir, lang, c->figures[k].name, "svg"))
                    copy_run_file(rel, true);
                snprintf(rel, sizeof rel, "figures/%s%s.png", figures_language_dir(lang), c->figures[k].name);
                if (figures_file_exists(run_dir, lang, c->figures[k].name, "png")) copy_run_file(rel, true);
            }
        make_dir(c->name);
        snprintf(rel, sizeof rel, "%s/output.txt", c->name);
        copy_run_file(rel, true);
        for (size_t f = 0; f < c->n_files; f++) {
            snprintf(rel, sizeof rel, "%s/%s/%s", run_dir, c->name, c->files[f]);
            struct stat st;
            if (stat(rel, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > SITE_LARGEST_FILE) continue;
            snprintf(rel, sizeof rel, "%s/%s", c->name, c->files[f]);
            copy_run_file(rel, true);
        }
    }
}
