// run_record.c: the record of a chapter's run, DIR/chNN/run.tsv (common/run/
// run_data.h says what each row holds): how it ended, where its results come
// from (when, which code, which machine) and the hash of each file it wrote
// (run_record.h). Its own file: what the driver writes about a run, apart
// from running it.
#include "run_record.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "base/datafile.h"
#include "base/hash.h"
#include "base/parallel.h"
#include "base/text_file.h"
#include "base/tsv.h"

FileVersion file_version(const char *dir, const char *name) {
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FileVersion v;
    memset(&v, 0, sizeof v);
    v.exists = stat(path, &v.st) == 0;
    return v;
}

bool same_version(const FileVersion *a, const FileVersion *b) {
    return a->exists == b->exists && (!a->exists || (a->st.st_dev == b->st.st_dev && a->st.st_ino == b->st.st_ino &&
           a->st.st_ctim.tv_sec == b->st.st_ctim.tv_sec && a->st.st_ctim.tv_nsec == b->st.st_ctim.tv_nsec &&
           a->st.st_mtim.tv_sec == b->st.st_mtim.tv_sec && a->st.st_mtim.tv_nsec == b->st.st_mtim.tv_nsec &&
           a->st.st_size == b->st.st_size));
}

// The chapter's own files the record names when this run wrote them.
const char *const CHAPTER_FILES[N_CHAPTER_FILES] = {"chapter.txt", "claims.tsv", "narratives.tsv", "values.tsv"};

// One record row: escaped fields joined by tabs.
static void record_row(DataFile *f, const char *const *fields, size_t n) {
    for (size_t k = 0; k < n; k++) {
        char *escaped = tsv_escaped(fields[k]);
        datafile_printf(f, "%s%s", k ? "\t" : "", escaped);
        free(escaped);
    }
    datafile_printf(f, "\n");
}

// A file's hash as the record holds it ("" when it cannot be read).
static void file_hash(const char *dir, const char *name, char *buf, size_t size) {
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t len = 0;
    char *text = text_file_read(path, &len);
    buf[0] = '\0';
    if (text) snprintf(buf, size, "%016" PRIx64, hash_bytes(HASH_START, text, len));
    free(text);
}

// ---- where the results come from: when, which code, which machine ----------------------

// The processor's name from /proc/cpuinfo ("model name", as x86 Linux gives
// it; "" where there is none: other systems, most ARM kernels).
static void cpu_model(char *buf, size_t size) {
    buf[0] = '\0';
    char *text = text_file_read("/proc/cpuinfo", NULL);
    char **lines = NULL;
    size_t n = text ? text_file_lines(text, &lines) : 0;
    for (size_t i = 0; i < n && !buf[0]; i++) {
        if (strncmp(lines[i], "model name", 10) != 0 || !strchr(lines[i], ':')) continue;
        const char *v = strchr(lines[i], ':') + 1;
        while (*v == ' ' || *v == '\t') v++;
        snprintf(buf, size, "%s", v);
    }
    free(lines);
    free(text);
}

// The rows "date", "commit", "machine", "cpu", "cores" of run.tsv (common/run/run_data.h).
static void where_from(char *date, size_t date_size, char *machine, size_t machine_size, char *cpu, size_t cpu_size,
                       char *cores, size_t cores_size) {
    time_t now = time(NULL);
    struct tm utc;
    if (now == (time_t)-1 || !gmtime_r(&now, &utc) || !strftime(date, date_size, "%Y-%m-%d %H:%M UTC", &utc))
        date[0] = '\0';
    struct utsname u;
    if (uname(&u) == 0) snprintf(machine, machine_size, "%s %s %s", u.sysname, u.release, u.machine);
    else machine[0] = '\0';
    cpu_model(cpu, cpu_size);
    snprintf(cores, cores_size, "%zu", parallel_cpu_count());
}

// DIR/chNN/run.tsv (common/run/run_data.h), listed in MANIFEST before it is named.
bool run_record_write(const char *dir, const RunRecord *record, const ChapterOutcome *o, Manifest *manifest,
                      const char *manifest_line) {
    DataFile f;
    if (!datafile_open(&f, dir, "run.tsv", NULL)) return false;
    char status[16], signal_number[16], seconds[32];
    snprintf(status, sizeof status, "%d", o->result.status);
    snprintf(signal_number, sizeof signal_number, "%d", o->result.signal);
    snprintf(seconds, sizeof seconds, "%.3f", o->seconds);
    char date[64], machine[600], cpu[256], cores[32];
    where_from(date, sizeof date, machine, sizeof machine, cpu, sizeof cpu, cores, sizeof cores);
    const char *rows[][2] = {{"field", "value"},
                             {"program", record->program},
                             {"status", status},
                             {"signal", signal_number},
                             {"start_error", o->result.status < 0 ? strerror(o->result.start_error) : ""},
                             {"seconds", seconds},
                             {"settings", record->settings},
                             {"gnuplot", record->gnuplot ? "found" : "missing"},
                             {"date", date},
                             {"commit", record->commit},
                             {"machine", machine},
                             {"cpu", cpu},
                             {"cores", cores}};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) record_row(&f, rows[r], 2);
    for (size_t k = 0; k < N_CHAPTER_FILES; k++) {
        if (!o->fresh[k]) continue;
        char hash[32];
        file_hash(dir, CHAPTER_FILES[k], hash, sizeof hash);
        const char *row[] = {"file", CHAPTER_FILES[k], hash};
        if (hash[0]) record_row(&f, row, 3);
    }
    for (size_t k = 0; k < o->n_figures; k++) {
        const RunFigure *fig = &o->figures[k];
        const char *row[] = {"figure", fig->name, run_figure_state_name(fig->state), fig->caption, fig->why};
        record_row(&f, row, 5);
    }
    char rel[32];
    snprintf(rel, sizeof rel, "%s/run.tsv", record->name);
    manifest_add(manifest, rel);
    if (!datafile_finish(&f) || !manifest_save(manifest, manifest_line)) {
        int saved = errno;
        datafile_abort(&f);
        errno = saved;
        return false;
    }
    return datafile_commit(&f);
}
