// cache_files.c: see cache_files.h.
#include "run/cache_files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

const char *cache_folder(const char *given, const char *out, char *buf, size_t size) {
    if (given != NULL) return given;
    char parent[4096];
    snprintf(parent, sizeof parent, "%s", out);
    size_t len = strlen(parent);
    while (len > 1 && parent[len - 1] == '/') parent[--len] = '\0';
    char *slash = strrchr(parent, '/');
    if (slash == NULL) snprintf(parent, sizeof parent, ".");
    else if (slash == parent) parent[1] = '\0';
    else *slash = '\0';
    snprintf(buf, size, "%s/cache", parent);
    return buf;
}

// ---- the key --------------------------------------------------------------------------

void cache_key_init(CacheKey *k, const char *what) {
    k->len = 0;
    k->overflow = false;
    k->text[0] = '\0';
    cache_key_add(k, "%s", what);
}

void cache_key_add(CacheKey *k, const char *fmt, ...) {
    if (k->overflow) return;
    size_t room = sizeof k->text - k->len;
    int sep = k->len > 0 ? snprintf(k->text + k->len, room, " ") : 0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(k->text + k->len + (size_t)sep, room - (size_t)sep, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)sep + (size_t)n >= room) {
        k->overflow = true;
        return;
    }
    k->len += (size_t)sep + (size_t)n;
}

bool cache_key_name(const CacheKey *k, const char *prefix, char *name, size_t size) {
    if (k->overflow) return false;
    uint64_t h = hash_bytes(HASH_START, k->text, k->len);
    int n = snprintf(name, size, "%s-%016llx.bin", prefix, (unsigned long long)h);
    return n > 0 && (size_t)n < size;
}

// ---- the file's frame: magic, key, payload, checksum -----------------------------------

static const char CACHE_MAGIC[8] = {'P', 'E', 'C', 'A', 'C', 'H', 'E', '2'};

// The temporaries of killed runs (.NAME.bin.tmp.PID) in a cache folder are
// swept once per run, the first time the run looks up or writes a file there.
static void sweep_once(const char *dir) {
    static char swept[4096];
    if (strcmp(swept, dir) == 0) return;
    snprintf(swept, sizeof swept, "%s", dir);
    (void)datafile_sweep_temporaries(dir, ".bin");
}

// zlib's crc32 of the first n bytes from fp's current position; false on a
// short read.
static bool crc_of(FILE *fp, long n, uint32_t *crc) {
    unsigned char buf[1 << 16];
    uLong c = crc32(0L, Z_NULL, 0);
    while (n > 0) {
        size_t want = n < (long)sizeof buf ? (size_t)n : sizeof buf;
        if (fread(buf, 1, want, fp) != want) return false;
        c = crc32(c, buf, (uInt)want);
        n -= (long)want;
    }
    *crc = (uint32_t)c;
    return true;
}

CacheLookup cache_open(CacheReader *r, const char *dir, const char *name, const CacheKey *key) {
    r->fp = NULL;
    r->payload_end = 0;
    if (key->overflow) return CACHE_ABSENT;
    sweep_once(dir);
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT || errno == ENOTDIR ? CACHE_ABSENT : CACHE_REJECTED;
    struct stat st;
    int flags = fcntl(fd, F_GETFL);
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        close(fd);
        return CACHE_REJECTED;
    }
    FILE *fp = fdopen(fd, "rb");
    if (fp == NULL) {
        close(fd);
        return CACHE_REJECTED;
    }
    // Frame: magic (8), key length (4), key, payload, checksum (4).
    long header = (long)(sizeof CACHE_MAGIC + sizeof(uint32_t) + key->len);
    long size = (long)st.st_size;
    char magic[sizeof CACHE_MAGIC];
    uint32_t key_len, stored, computed;
    char key_text[CACHE_KEY_MAX];
    bool ok = st.st_size >= header + (off_t)sizeof(uint32_t) && fread(magic, 1, sizeof magic, fp) == sizeof magic &&
              memcmp(magic, CACHE_MAGIC, sizeof magic) == 0 && fread(&key_len, sizeof key_len, 1, fp) == 1 &&
              key_len == key->len && fread(key_text, 1, key->len, fp) == key->len &&
              memcmp(key_text, key->text, key->len) == 0;
    // The checksum over everything before it, then nothing more (the file is
    // the size fstat said), then back to the payload.
    ok = ok && fseek(fp, 0, SEEK_SET) == 0 && crc_of(fp, size - (long)sizeof stored, &computed) &&
         fread(&stored, sizeof stored, 1, fp) == 1 && stored == computed && fgetc(fp) == EOF && !ferror(fp) &&
         fseek(fp, header, SEEK_SET) == 0;
    if (!ok) {
        fclose(fp);
        return CACHE_REJECTED;
    }
    r->fp = fp;
    r->payload_end = size - (long)sizeof stored;
    return CACHE_FOUND;
}

bool cache_close(CacheReader *r) {
    if (r->fp == NULL) return false;
    bool ok = !ferror(r->fp) && ftell(r->fp) == r->payload_end;
    fclose(r->fp);
    r->fp = NULL;
    return ok;
}

void cache_rejected_sentence(char *buf, size_t size, size_t rejected, const char *dir) {
    if (rejected == 1)
        snprintf(buf, size, "cache: 1 file in %s did not match its key or checksum (or was not a regular file); "
                            "trained again", dir);
    else
        snprintf(buf, size, "cache: %zu files in %s did not match their key or checksum (or were not regular "
                            "files); trained again", rejected, dir);
}

bool cache_create(DataFile *f, const char *dir, const char *name, const CacheKey *key) {
    if (key->overflow || !folders_make(dir)) return false;
    sweep_once(dir);
    if (!datafile_open(f, dir, name, NULL)) return false;
    uint32_t key_len = (uint32_t)key->len;
    datafile_write(f, CACHE_MAGIC, sizeof CACHE_MAGIC);
    datafile_write(f, &key_len, sizeof key_len);
    datafile_write(f, key->text, key->len);
    return true;
}

void cache_commit(DataFile *f, bool ok) {
    // The checksum of what was written, read back from the temporary (the
    // payload went to f->fp in whatever pieces its writer chose).
    ok = ok && !f->failed && f->fp != NULL && fflush(f->fp) == 0;
    long size = ok ? ftell(f->fp) : -1;
    int fd = ok && size >= 0 ? open(f->temp_path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) : -1;
    FILE *back = fd >= 0 ? fdopen(fd, "rb") : NULL;
    if (fd >= 0 && back == NULL) close(fd);
    uint32_t crc = 0;
    ok = back != NULL && crc_of(back, size, &crc);
    if (back) fclose(back);
    if (ok) datafile_write(f, &crc, sizeof crc);
    if (ok) (void)datafile_close(f);   // (a file that could not be written is removed: only slower next time)
    else datafile_abort(f);
}
