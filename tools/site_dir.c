// site_dir.c: the folder a published site goes to, written whole or not at
// all, and never over anything but a site the workbook wrote (site_dir.h).
#include "site_dir.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/datafile.h"
#include "base/faults.h"
#include "base/i18n.h"
#include "base/text_file.h"
#include "base/utf8.h"

// The temporaries of a site run in DIR: ".new.site.tmp.PID" (the site being
// written) and ".old.site.tmp.PID" (the previous site's files, moved aside
// while the new ones move in); common/base/datafile.h's ".NAME.tmp.PID" with
// NAME ending in SITE_TEMP_SUFFIX, so its sweep removes those of dead runs.
#define SITE_TEMP_SUFFIX ".site"
static const char *const SITE_TEMPS[] = {".new.site.tmp.", ".old.site.tmp."};

static char *joined(const char *a, const char *b) {
    size_t n = strlen(a) + strlen(b) + 2;
    char *path = malloc(n);
    if (path == NULL) faults_out_of_memory("a site's path", n);
    snprintf(path, n, "%s%s%s", a, a[0] && b[0] ? "/" : "", b);
    return path;
}

// Names a site's manifest may list: relative, every part a plain name (none
// empty, none starting with '.': no "..", no hidden file), not the manifest.
static bool site_name_ok(const char *rel) {
    if (rel[0] == '\0' || rel[0] == '/' || strlen(rel) > 2048 || strcmp(rel, SITE_DIR_MANIFEST) == 0) return false;
    for (const char *part = rel; part; part = strchr(part, '/') ? strchr(part, '/') + 1 : NULL)
        if (part[0] == '\0' || part[0] == '/' || part[0] == '.') return false;
    return true;
}

// Is 'rel' a folder on the way to a listed name?
static bool listed_folder(const Manifest *m, const char *rel) {
    size_t len = strlen(rel);
    for (size_t i = 0; i < m->n; i++)
        if (strncmp(m->names[i], rel, len) == 0 && m->names[i][len] == '/') return true;
    return false;
}

// A site temporary in DIR (SITE_TEMPS), and its PID.
static bool site_temporary(const char *name, long *pid) {
    if (!datafile_temporary_of(name, SITE_TEMP_SUFFIX, pid)) return false;
    for (size_t i = 0; i < sizeof SITE_TEMPS / sizeof SITE_TEMPS[0]; i++)
        if (strncmp(name, SITE_TEMPS[i], strlen(SITE_TEMPS[i])) == 0) return true;
    return false;
}

// Check everything under DIR/rel ("" for DIR itself) against the previous
// site's manifest (has_manifest false: DIR has none, so must be empty).
// False, with 'why', at the first thing that is not the previous site's.
static bool only_site_files(const SiteDir *s, bool has_manifest, const char *rel, char *why, size_t why_size) {
    char *path = joined(s->dir, rel);
    DIR *d = opendir(path);
    if (d == NULL) {
        snprintf(why, why_size, _("cannot be read (%s)"), strerror(errno));
        free(path);
        return false;
    }
    bool ok = true;
    for (struct dirent *e; ok && (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char *child_rel = joined(rel, e->d_name);
        char *child = joined(s->dir, child_rel);
        struct stat st;
        bool there = lstat(child, &st) == 0;
        long pid;
        if (!there) {
            // (gone since it was listed: nothing there to keep)
        } else if (rel[0] == '\0' && site_temporary(e->d_name, &pid)) {
            if (pid != (long)getpid() && (kill((pid_t)pid, 0) == 0 || errno == EPERM)) {
                snprintf(why, why_size, _("a site is being written into it now (process %ld): wait for it to finish, "
                                          "or choose another folder"),
                         pid);
                ok = false;
            }   // (a dead run's: swept by site_dir_begin)
        } else if (rel[0] == '\0' && strcmp(e->d_name, "lost+found") == 0 && S_ISDIR(st.st_mode)) {
            // a file system's own folder, at a mount point: never touched, so left there
        } else if (rel[0] == '\0' && strcmp(e->d_name, SITE_DIR_MANIFEST) == 0 && has_manifest) {
            // the previous site's list itself (read as one: a regular file)
        } else if (!has_manifest) {
            snprintf(why, why_size, _("holds files and is not a site the workbook wrote (it has no %s): choose a new "
                                      "or empty folder (a site written there before is replaced)"),
                     SITE_DIR_MANIFEST);
            ok = false;
        } else if (S_ISREG(st.st_mode) && manifest_has(&s->previous, child_rel)) {
            // a file of the previous site
        } else if (S_ISDIR(st.st_mode) && listed_folder(&s->previous, child_rel)) {
            ok = only_site_files(s, has_manifest, child_rel, why, why_size);
        } else {
            // (the name on one line, never a terminal's command: common/base/utf8.h)
            char *shown = utf8_shown(child_rel, 200);
            if (shown == NULL) faults_out_of_memory("a file's name", strlen(child_rel));
            if (manifest_has(&s->previous, child_rel))
                snprintf(why, why_size, _("holds %s where the site written there before had a file (now a link, a "
                                          "folder or another kind of file): nothing was touched; move it out, or "
                                          "choose a new or empty folder"),
                         shown);
            else
                snprintf(why, why_size, _("holds %s, which the site written there before does not list (%s): nothing "
                                          "was touched; move it out, or choose a new or empty folder"),
                         shown, SITE_DIR_MANIFEST);
            free(shown);
            ok = false;
        }
        free(child);
        free(child_rel);
    }
    closedir(d);
    free(path);
    return ok;
}

bool site_dir_check(SiteDir *s, const char *dir, char *why, size_t why_size) {
    manifest_free(&s->previous);
    memset(s, 0, sizeof *s);
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/') len--;   // "site/" is "site"
    if (len == 0 || len >= 4000) {
        snprintf(why, why_size, "%s", _("expected a folder's name (at most 4000 characters)"));
        return false;
    }
    snprintf(s->dir, sizeof s->dir, "%.*s", (int)len, dir);
    const char *slash = strrchr(s->dir, '/');
    const char *base = slash ? slash + 1 : s->dir;
    if (base[0] == '\0' || strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
        snprintf(why, why_size, "%s", _("name the site's folder itself (not '.', '..' or '/')"));
        return false;
    }
    char parent[4096];
    if (slash == NULL) snprintf(parent, sizeof parent, ".");
    else if (slash == s->dir) snprintf(parent, sizeof parent, "/");
    else snprintf(parent, sizeof parent, "%.*s", (int)(slash - s->dir), s->dir);
    struct stat st;
    if (lstat(s->dir, &st) != 0) {
        if (errno != ENOENT) {
            snprintf(why, why_size, _("cannot be looked at (%s)"), strerror(errno));
            return false;
        }
        if (stat(parent, &st) != 0 || !S_ISDIR(st.st_mode)) {
            snprintf(why, why_size, _("the folder it would go in, %s, does not exist"), parent);
            return false;
        }
        return true;   // new: this run makes it
    }
    if (S_ISLNK(st.st_mode)) {
        snprintf(why, why_size, "%s", _("is a symbolic link: name the folder itself"));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(why, why_size, "%s", _("is a file, not a folder"));
        return false;
    }
    s->exists = true;
    // The previous site's list: a regular file (never read through a link)
    // whose first line makes it one; anything else at the name is no list.
    char *list = joined(s->dir, SITE_DIR_MANIFEST);
    bool has_manifest = lstat(list, &st) == 0 && S_ISREG(st.st_mode);
    free(list);
    manifest_free(&s->previous);
    if (has_manifest && (!manifest_load(&s->previous, s->dir, SITE_DIR_MANIFEST, site_name_ok) ||
                         strcmp(s->previous.first_line, SITE_DIR_MANIFEST_LINE) != 0)) {
        manifest_free(&s->previous);
        has_manifest = false;
    }
    if (!has_manifest) manifest_init(&s->previous, s->dir, SITE_DIR_MANIFEST);
    return only_site_files(s, has_manifest, "", why, why_size);
}

bool site_dir_begin(SiteDir *s, char *why, size_t why_size) {
    char dir[sizeof s->dir];
    snprintf(dir, sizeof dir, "%s", s->dir);
    if (!site_dir_check(s, dir, why, why_size)) return false;   // (it may have changed meanwhile)
    if (!s->exists) {
        if (mkdir(s->dir, 0777) != 0) {
            snprintf(why, why_size, _("cannot make the folder (%s)"), strerror(errno));
            return false;
        }
        s->made_dir = true;
    } else {
        (void)datafile_sweep_temporaries(s->dir, SITE_TEMP_SUFFIX);   // those of runs killed outright
    }
    snprintf(s->stage, sizeof s->stage, "%s/.new.site.tmp.%ld", s->dir, (long)getpid());
    snprintf(s->aside, sizeof s->aside, "%s/.old.site.tmp.%ld", s->dir, (long)getpid());
    // (one of this PID is an earlier process's: PIDs are reused)
    if (!folders_remove_tree(s->stage) || !folders_remove_tree(s->aside) || mkdir(s->stage, 0777) != 0) {
        snprintf(why, why_size, _("cannot write in it (%s)"), strerror(errno));
        if (s->made_dir) rmdir(s->dir);
        s->made_dir = false;
        return false;
    }
    s->begun = true;
    return true;
}

// Move FROM/rel to TO/rel, making the folders on its way in TO.
static bool move_file(const char *from, const char *to, const char *rel) {
    char *source = joined(from, rel), *target = joined(to, rel);
    char *folder = text_copy(target);
    *strrchr(folder, '/') = '\0';
    bool ok = folders_make(folder) && rename(source, target) == 0;
    int saved = errno;
    free(folder), free(source), free(target);
    errno = saved;
    return ok;
}

// Remove the folders on the way to each name of 'm' that 'keep' does not
// list under DIR, deepest first, when they are empty (rmdir: a folder that
// still holds something stays).
static void remove_empty_folders(const char *dir, const Manifest *m, const Manifest *keep) {
    for (size_t i = 0; i < m->n; i++) {
        char *rel = text_copy(m->names[i]);
        for (char *slash; (slash = strrchr(rel, '/')) != NULL;) {
            *slash = '\0';
            if (keep && listed_folder(keep, rel)) break;
            char *path = joined(dir, rel);
            bool gone = rmdir(path) == 0;
            free(path);
            if (!gone) break;
        }
        free(rel);
    }
}

bool site_dir_commit(SiteDir *s, const Manifest *files, char *why, size_t why_size) {
    bool ok = true;
    int err = 0;
    // While files move, the list names both sites' files.
    Manifest both;
    manifest_init(&both, s->dir, SITE_DIR_MANIFEST);
    for (size_t i = 0; i < s->previous.n; i++) manifest_add(&both, s->previous.names[i]);
    for (size_t i = 0; i < files->n; i++) manifest_add(&both, files->names[i]);
    if (!manifest_save(&both, SITE_DIR_MANIFEST_LINE)) {
        snprintf(why, why_size, _("cannot write %s/%s (%s)"), s->dir, SITE_DIR_MANIFEST, strerror(errno));
        manifest_free(&both);
        return false;
    }
    // The previous site's files aside, then the new ones in.
    bool *aside = calloc(s->previous.n + 1, sizeof *aside);
    if (aside == NULL) faults_out_of_memory("a site's list", s->previous.n);
    size_t moved_in = 0;
    for (size_t i = 0; ok && i < s->previous.n; i++) {
        char *path = joined(s->dir, s->previous.names[i]);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            ok = move_file(s->dir, s->aside, s->previous.names[i]);
            aside[i] = ok;
            if (!ok) err = errno;
        }
        free(path);
    }
    // (a folder the previous site's files left empty is gone: the new site may have a file of that name)
    if (ok) remove_empty_folders(s->dir, &s->previous, NULL);
    for (; ok && moved_in < files->n; moved_in++)
        if (!move_file(s->stage, s->dir, files->names[moved_in])) {
            ok = false;
            err = errno;
            break;
        }
    if (!ok) {
        // Back as it was: the new files out again, the previous ones back, their list back.
        for (size_t i = 0; i < moved_in; i++) (void)move_file(s->dir, s->stage, files->names[i]);
        remove_empty_folders(s->dir, files, &s->previous);
        bool back = true;
        for (size_t i = 0; i < s->previous.n; i++)
            if (aside[i] && !move_file(s->aside, s->dir, s->previous.names[i])) back = false;
        if (back) folders_remove_tree(s->aside);
        char *list = joined(s->dir, SITE_DIR_MANIFEST);
        if (s->previous.n > 0) (void)manifest_save(&s->previous, SITE_DIR_MANIFEST_LINE);
        else unlink(list);
        free(list);
        if (back)
            snprintf(why, why_size, _("cannot move the site into %s (%s); it is as it was"), s->dir, strerror(err));
        else
            snprintf(why, why_size, _("cannot move the site into %s (%s); the previous site's files that could not "
                                      "be put back are in %s"),
                     s->dir, strerror(err), s->aside);
        free(aside);
        manifest_free(&both);
        return false;
    }
    s->committed = true;
    // Only the new site's files listed now (should this fail, the list of both stays: every file is still listed).
    Manifest now;
    manifest_init(&now, s->dir, SITE_DIR_MANIFEST);
    for (size_t i = 0; i < files->n; i++) manifest_add(&now, files->names[i]);
    (void)manifest_save(&now, SITE_DIR_MANIFEST_LINE);
    manifest_free(&now);
    char *list = joined(s->dir, SITE_DIR_MANIFEST);
    struct stat st;
    if (stat(list, &st) == 0) s->manifest_bytes = (unsigned long long)st.st_size;
    free(list);
    folders_remove_tree(s->aside);
    folders_remove_tree(s->stage);
    free(aside);
    manifest_free(&both);
    manifest_free(&s->previous);
    return true;
}

void site_dir_abandon(SiteDir *s) {
    if (s->begun && !s->committed) {
        folders_remove_tree(s->stage);
        if (s->made_dir) rmdir(s->dir);
    }
    s->begun = false;
}
