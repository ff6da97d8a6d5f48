// unit_cache_files.c: a cache file is served only when it is exactly what was
// written under its key (common/run/cache_files.h), and a run read back only when
// every number in it could have come from a run (copy_task.h, copy_run_read).
#include <gsl/gsl_errno.h>
#include <gsl/gsl_test.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/copy_task.h"
#include "run/cache_files.h"

static bool exists(const char *path) {
    struct stat st;
    return lstat(path, &st) == 0;
}

static const char PAYLOAD[] = "twenty-four bytes of it";   // 24 bytes with its NUL

static void write_file(const char *dir, const char *name, const CacheKey *key) {
    DataFile f;
    gsl_test(!cache_create(&f, dir, name, key), "cache_create %s", name);
    datafile_write(&f, PAYLOAD, sizeof PAYLOAD);
    cache_commit(&f, true);
}

// Look dir/name up for key and read the payload: CACHE_FOUND only when the
// payload is PAYLOAD, read to its end.
static CacheLookup look_up(const char *dir, const char *name, const CacheKey *key) {
    CacheReader r;
    CacheLookup found = cache_open(&r, dir, name, key);
    if (found != CACHE_FOUND) return found;
    char got[sizeof PAYLOAD];
    bool ok = fread(got, 1, sizeof got, r.fp) == sizeof got && memcmp(got, PAYLOAD, sizeof got) == 0;
    return cache_close(&r) && ok ? CACHE_FOUND : CACHE_REJECTED;
}

// Write n bytes (and one NUL more when 'extra') as the file at path.
static void put_file(const char *path, const unsigned char *bytes, size_t n, bool extra) {
    FILE *fp = fopen(path, "wb");
    if (fp == NULL) return;
    gsl_test(fwrite(bytes, 1, n, fp) != n || (extra && fputc(0, fp) == EOF), "writing %s", path);
    fclose(fp);
}

static long file_size(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

// A copy of the run cache's path: a run written with copy_run_write through a
// cache file, read back with copy_run_read. True when it was read.
static bool round_trip(const char *dir, const CopyRun *run, const CopyConfig *cfg, CopyRun *back) {
    CacheKey key;
    cache_key_init(&key, "unit-run");
    DataFile f;
    if (!cache_create(&f, dir, "run.bin", &key)) return false;
    cache_commit(&f, copy_run_write(f.fp, run, cfg));
    CacheReader r;
    if (cache_open(&r, dir, "run.bin", &key) != CACHE_FOUND) return false;
    bool ok = copy_run_read(r.fp, cfg, back);
    return cache_close(&r) && ok;
}

int main(void) {
    gsl_set_error_handler_off();
    char dir[] = "/tmp/pe-workbook-unit-cache-XXXXXX";
    if (mkdtemp(dir) == NULL) return 1;
    char path[512], sub[512], name[DATAFILE_MAX_NAME + 1], name2[DATAFILE_MAX_NAME + 1];

    // ---- keys: text, named by its hash ----
    CacheKey key, other;
    cache_key_init(&key, "unit");
    cache_key_add(&key, "d=%d lr=%a", 16, 0.003);
    gsl_test(strcmp(key.text, "unit d=16 lr=0x1.89374bc6a7efap-9") != 0, "the key's text: %s", key.text);
    cache_key_init(&other, "unit");
    cache_key_add(&other, "d=%d lr=%a", 16, 0.0030000000000000005);
    gsl_test(!cache_key_name(&key, "u", name, sizeof name) || !cache_key_name(&other, "u", name2, sizeof name2),
             "keys are named");
    gsl_test(strncmp(name, "u-", 2) != 0 || strlen(name) != 2 + 16 + 4, "name u-HASH.bin: %s", name);
    gsl_test(strcmp(name, name2) == 0, "a number one bit apart is another key, another name");
    CacheKey full;
    cache_key_init(&full, "unit");
    for (int i = 0; i < CACHE_KEY_MAX; i++) cache_key_add(&full, "x");
    gsl_test(!full.overflow || cache_key_name(&full, "u", name2, sizeof name2), "an overlong key names nothing");

    // ---- a file written is read back; anything else is not ----
    snprintf(sub, sizeof sub, "%s/cache/deeper", dir);
    write_file(sub, name, &key);
    snprintf(path, sizeof path, "%s/%s", sub, name);
    gsl_test(look_up(sub, name, &key) != CACHE_FOUND, "the file written is read back");
    gsl_test(look_up(sub, "absent.bin", &key) != CACHE_ABSENT, "no file: absent");
    gsl_test(look_up(sub, name, &other) != CACHE_REJECTED, "another key at the name: rejected (the file holds its key)");
    long size = file_size(path);
    gsl_test(size != 8 + 4 + (long)key.len + (long)sizeof PAYLOAD + 4, "magic, key, payload, checksum: %ld bytes",
             size);

    // Every single byte changed (the magic, the key's length, the key, the
    // payload, the checksum) is caught.
    FILE *fp = fopen(path, "rb");
    unsigned char bytes[512];
    size_t n = fp ? fread(bytes, 1, sizeof bytes, fp) : 0;
    if (fp) fclose(fp);
    int missed = 0;
    for (size_t i = 0; i < n; i++) {
        bytes[i] ^= 0x20;
        put_file(path, bytes, n, false);
        missed += look_up(sub, name, &key) != CACHE_REJECTED;
        bytes[i] ^= 0x20;
    }
    gsl_test(missed != 0, "each of the %zu bytes changed: rejected (%d missed)", n, missed);
    // Cut short by one byte, one byte more.
    put_file(path, bytes, n - 1, false);
    gsl_test(look_up(sub, name, &key) != CACHE_REJECTED, "one byte short: rejected");
    put_file(path, bytes, n, true);
    gsl_test(look_up(sub, name, &key) != CACHE_REJECTED, "one byte more: rejected");
    put_file(path, bytes, n, false);
    gsl_test(look_up(sub, name, &key) != CACHE_FOUND, "restored: read again");
    // A payload read short of its end is no payload.
    CacheReader r;
    if (cache_open(&r, sub, name, &key) == CACHE_FOUND) {
        char got[4];
        gsl_test(fread(got, 1, sizeof got, r.fp) != sizeof got, "read 4 bytes");
        gsl_test(cache_close(&r), "a payload not read to its end: cache_close says so");
    }

    // Not a regular file at the name: a FIFO (opened without blocking), a
    // link, a folder.
    unlink(path);
    gsl_test(mkfifo(path, 0600) != 0, "a FIFO at the name");
    gsl_test(look_up(sub, name, &key) != CACHE_REJECTED, "a FIFO: rejected, without waiting for a writer");
    unlink(path);
    write_file(sub, "real.bin", &key);
    char real[600];
    snprintf(real, sizeof real, "%s/real.bin", sub);
    gsl_test(symlink(real, path) != 0, "a link at the name");
    gsl_test(look_up(sub, name, &key) != CACHE_REJECTED, "a link (to a good file): rejected");
    unlink(path);
    gsl_test(mkdir(path, 0700) != 0, "a folder at the name");
    gsl_test(look_up(sub, name, &key) != CACHE_REJECTED, "a folder: rejected");
    rmdir(path);

    // A failed write names nothing; a dead process's temporary is swept by
    // the next write into the folder (cache_create).
    DataFile f;
    gsl_test(!cache_create(&f, sub, "dropped.bin", &key), "cache_create dropped.bin");
    cache_commit(&f, false);
    snprintf(path, sizeof path, "%s/dropped.bin", sub);
    gsl_test(exists(path) || exists(f.temp_path), "a cache file that went wrong is removed");
    snprintf(path, sizeof path, "%s/swept", dir);
    char dead[600];
    snprintf(dead, sizeof dead, "%s/.x-0.bin.tmp.2147483646", path);
    gsl_test(!folders_make(path), "a folder with a dead process's temporary");
    fp = fopen(dead, "w");
    if (fp) fclose(fp);
    write_file(path, "x-1.bin", &key);
    gsl_test(exists(dead), "cache_create sweeps the temporaries of dead processes");

    char sentence[600];
    cache_rejected_sentence(sentence, sizeof sentence, 2, "c");
    gsl_test(strcmp(sentence, "cache: 2 files in c did not match their key or checksum (or were not regular files); "
                              "trained again") != 0, "the sentence: %s", sentence);

    // ---- a run read back only when every number could be a run's ----
    CopyConfig cfg = {.vocab = 2, .d = 2, .train_len = 3, .steps = 2, .eval_len = 6, .task = {COPY_TASK_PREVIOUS, 1}};
    enum { N_PE = 2 };
    double loss[3] = {0.7, 0.6, 0.0}, acc[6] = {NAN, 0.5, 1.0, 0.0, 0.25, 0.75}, acc_L[3] = {NAN, 1.0, 0.5};
    double pe0[N_PE] = {0.1, -0.2}, pe1[N_PE] = {0.3, -0.4}, E0[4] = {1, 2, 3, 4}, E1[4] = {-1, -2, -3, -4};
    CopyRun run = {.n_params = 20, .n_pe = N_PE, .loss = loss, .accuracy = acc, .accuracy_train_len = acc_L,
                   .pe_initial = pe0, .pe_final = pe1, .E_initial = E0, .E_final = E1,
                   .probe = {0.5, NAN, NAN, NAN}, .train_seconds = 1.5, .eval_seconds = 0.25};
    CopyRun back;
    snprintf(path, sizeof path, "%s/runs", dir);
    gsl_test(!round_trip(path, &run, &cfg, &back), "a run is read back");
    gsl_test(back.status != GSL_SUCCESS || memcmp(back.E_final, E1, sizeof E1) != 0 ||
             memcmp(back.accuracy, acc, sizeof acc) != 0 || back.train_seconds != 1.5, "... bit for bit");
    copy_run_free(&back);
    struct {
        double *at, value;
        const char *what;
    } bad[] = {
        {&loss[1], NAN, "a NaN loss"},
        {&loss[0], INFINITY, "an infinite loss"},
        {&acc[2], NAN, "a NaN accuracy where the task has a target"},
        {&acc[0], 0.5, "a number where the task has no target"},
        {&acc_L[1], 1.5, "an accuracy above 1"},
        {&E1[3], NAN, "a NaN embedding"},
        {&pe0[0], -INFINITY, "an infinite encoding parameter"},
        {&run.probe[1], INFINITY, "an infinite probe value"},
        {&run.eval_seconds, -1.0, "a negative time"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        double kept = *bad[i].at;
        *bad[i].at = bad[i].value;
        bool read = round_trip(path, &run, &cfg, &back);
        gsl_test(read, "%s: not read back", bad[i].what);
        gsl_test(back.loss != NULL, "%s: the run left empty", bad[i].what);
        copy_run_free(&back);
        *bad[i].at = kept;
    }

    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) return 1;
    return gsl_test_summary();
}
