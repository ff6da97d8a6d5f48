// site_dir.c: the folder a published site goes to, written whole or not at
// all (site_dir.h).
#include "site_dir.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text_file.h"

// Remove 'path' and everything under it, never following a link (a link is
// removed, not what it names). True when nothing of it is left.
static bool remove_tree(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) return errno == ENOENT;
    if (!S_ISDIR(st.st_mode)) return unlink(path) == 0;
    DIR *d = opendir(path);
    if (d == NULL) return false;
    bool ok = true;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        size_t n = strlen(path) + strlen(e->d_name) + 2;
        char *child = malloc(n);
        if (child == NULL) {
            ok = false;
            break;
        }
        snprintf(child, n, "%s/%s", path, e->d_name);
        ok = remove_tree(child) && ok;
        free(child);
    }
    closedir(d);
    return rmdir(path) == 0 && ok;
}

static bool folder_empty(const char *path) {
    DIR *d = opendir(path);
    if (d == NULL) return false;
    bool empty = true;
    for (struct dirent *e; empty && (e = readdir(d)) != NULL;)
        empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
    closedir(d);
    return empty;
}

// A site this program wrote: its index.html carries the mark.
static bool previous_site(const char *path) {
    char index[4200];
    snprintf(index, sizeof index, "%s/index.html", path);
    char *text = text_file_read(index, NULL);
    bool site = text != NULL && strstr(text, SITE_DIR_MARK) != NULL;
    free(text);
    return site;
}

bool site_dir_begin(SiteDir *s, const char *dir, char *why, size_t why_size) {
    memset(s, 0, sizeof *s);
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/') len--;   // "site/" is "site"
    if (len == 0 || len >= 4000) {
        snprintf(why, why_size, "expected a folder's name (at most 4000 characters)");
        return false;
    }
    snprintf(s->dir, sizeof s->dir, "%.*s", (int)len, dir);
    const char *slash = strrchr(s->dir, '/');
    const char *base = slash ? slash + 1 : s->dir;
    if (base[0] == '\0' || strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
        snprintf(why, why_size, "name the site's folder itself (not '.', '..' or '/')");
        return false;
    }
    char parent[4096];
    if (slash == NULL) snprintf(parent, sizeof parent, ".");
    else if (slash == s->dir) snprintf(parent, sizeof parent, "/");
    else snprintf(parent, sizeof parent, "%.*s", (int)(slash - s->dir), s->dir);
    struct stat st;
    if (lstat(s->dir, &st) != 0) {
        if (errno != ENOENT) {
            snprintf(why, why_size, "cannot be looked at (%s)", strerror(errno));
            return false;
        }
        if (stat(parent, &st) != 0 || !S_ISDIR(st.st_mode)) {
            snprintf(why, why_size, "the folder it would go in, %s, does not exist", parent);
            return false;
        }
    } else if (S_ISLNK(st.st_mode)) {
        snprintf(why, why_size, "is a symbolic link: name the folder itself");
        return false;
    } else if (!S_ISDIR(st.st_mode)) {
        snprintf(why, why_size, "is a file, not a folder");
        return false;
    } else if (!folder_empty(s->dir) && !previous_site(s->dir)) {
        snprintf(why, why_size,
                 "holds files and is not a site the workbook wrote: choose a new or empty folder (a previous site is "
                 "replaced)");
        return false;
    } else {
        s->replaces = true;
    }
    snprintf(s->temp, sizeof s->temp, "%s.tmp-XXXXXX", s->dir);
    if (mkdtemp(s->temp) == NULL) {
        snprintf(why, why_size, "cannot make a folder beside it (%s)", strerror(errno));
        return false;
    }
    mode_t mask = umask(0);   // (mkdtemp makes it 0700: a web server must read it)
    umask(mask);
    chmod(s->temp, 0777 & ~mask);
    s->begun = true;
    return true;
}

bool site_dir_commit(SiteDir *s) {
    // An empty folder, or none, is replaced by the one rename.
    if (rename(s->temp, s->dir) == 0) {
        s->committed = true;
        return true;
    }
    if (!s->replaces || (errno != ENOTEMPTY && errno != EEXIST)) return false;
    // A previous site: moved aside, the new one named, the old one removed.
    char old[4096 + 16];
    snprintf(old, sizeof old, "%s.old-XXXXXX", s->dir);
    if (mkdtemp(old) == NULL) return false;
    if (rename(s->dir, old) != 0) {
        int saved = errno;
        rmdir(old);
        errno = saved;
        return false;
    }
    if (rename(s->temp, s->dir) != 0) {
        int saved = errno;
        rename(old, s->dir);
        errno = saved;
        return false;
    }
    s->committed = true;
    remove_tree(old);
    return true;
}

void site_dir_abandon(SiteDir *s) {
    if (s->begun && !s->committed) remove_tree(s->temp);
    s->begun = false;
}
