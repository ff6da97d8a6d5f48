// unit_datafile.c: data files are complete or absent (common/base/datafile.h);
// temporaries are created exclusively, never through a link, and those of
// dead processes are swept. (Cache files: unit_cache_files.c.)
#include <errno.h>
#include <gsl/gsl_test.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/datafile.h"

static bool exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

int main(void) {
    char dir[] = "/tmp/pe-workbook-unit-XXXXXX";
    if (mkdtemp(dir) == NULL) return 1;
    char why[256], path[512], sub[512];

    snprintf(sub, sizeof sub, "%s/a/b/c", dir);
    gsl_test(!output_dir_prepare(sub, why, sizeof why), "nested folders are created");

    DataFile f;
    gsl_test(!datafile_open(&f, dir, "table.dat", "k value"), "open");
    datafile_printf(&f, "%d %g\n", 1, 0.5);
    snprintf(path, sizeof path, "%s/table.dat", dir);
    gsl_test(exists(path), "nothing under the real name before close");
    gsl_test(!datafile_close(&f), "close succeeds");
    gsl_test(!exists(path), "the file is there after close");
    FILE *fp = fopen(path, "r");
    char line[64] = "";
    if (fp) {
        if (fgets(line, sizeof line, fp) == NULL) line[0] = '\0';
        fclose(fp);
    }
    gsl_test(strcmp(line, "# k value\n") != 0, "first line names the columns");

    // A grid: "i j value" per entry, a blank line after each row.
    gsl_matrix *M = gsl_matrix_alloc(2, 2);
    gsl_matrix_set(M, 0, 0, 0.5);
    gsl_matrix_set(M, 0, 1, -2.385);
    gsl_matrix_set(M, 1, 0, 1e-300);
    gsl_matrix_set(M, 1, 1, 3.0);
    gsl_test(!datafile_open(&f, dir, "grid.dat", "i j value"), "open grid.dat");
    datafile_write_grid(&f, M);
    gsl_test(!datafile_close(&f), "close grid.dat");
    gsl_matrix_free(M);
    snprintf(path, sizeof path, "%s/grid.dat", dir);
    char grid[256] = "";
    fp = fopen(path, "r");
    if (fp) {
        size_t got = fread(grid, 1, sizeof grid - 1, fp);
        grid[got] = '\0';
        fclose(fp);
    }
    gsl_test(strcmp(grid, "# i j value\n0 0 0.5\n0 1 -2.3849999999999998\n\n1 0 1e-300\n1 1 3\n\n") != 0,
             "grid rows, values at full precision, blank line after each row");

    // A write that fails (a full disk, simulated with /dev/full) leaves nothing.
    gsl_test(!datafile_open(&f, dir, "full.dat", "x"), "open full.dat");
    fclose(f.fp);
    f.fp = fopen("/dev/full", "w");
    if (f.fp) {
        for (int i = 0; i < 10000; i++) datafile_printf(&f, "%d\n", i);
        snprintf(path, sizeof path, "%s/full.dat", dir);
        errno = 0;
        gsl_test(datafile_close(&f), "close reports the failed write");
        gsl_test(errno != ENOSPC || f.error != ENOSPC, "... as ENOSPC, in errno and f.error");
        gsl_test(exists(path), "no file left under the real name");
        gsl_test(exists(f.temp_path), "temporary file removed");
    }

    // abort removes the temporary file.
    gsl_test(!datafile_open(&f, dir, "gone.dat", NULL), "open gone.dat");
    datafile_abort(&f);
    gsl_test(exists(f.temp_path), "abort removes the temporary file");

    // finish, then commit: complete under the temporary name first, listed
    // for the signal handlers' clean-up until it is named.
    gsl_test(!datafile_open(&f, dir, "two_steps.dat", "x"), "open two_steps.dat");
    datafile_printf(&f, "1\n");
    snprintf(path, sizeof path, "%s/two_steps.dat", dir);
    gsl_test(!datafile_finish(&f), "finish succeeds");
    gsl_test(!exists(f.temp_path) || exists(path), "after finish: the temporary only");
    fp = fopen(f.temp_path, "r");
    line[0] = '\0';
    if (fp) {
        if (fgets(line, sizeof line, fp) == NULL) line[0] = '\0';
        fclose(fp);
    }
    gsl_test(strcmp(line, "# x\n") != 0, "the finished temporary can be read and checked");
    gsl_test(!datafile_commit(&f), "commit succeeds");
    gsl_test(!exists(path) || exists(f.temp_path), "after commit: the real name only");
    gsl_test(datafile_commit(&f), "a second commit is refused");
    gsl_test(!exists(path), "... and leaves the named file alone");

    gsl_test(!datafile_open(&f, dir, "signalled.dat", NULL), "open signalled.dat");
    gsl_test(!datafile_finish(&f), "finish signalled.dat");
    datafile_remove_temporaries();   // what a signal handler does
    gsl_test(exists(f.temp_path), "a finished temporary is still removed on a signal");
    gsl_test(datafile_commit(&f), "commit after the temporary was removed fails");
    snprintf(path, sizeof path, "%s/signalled.dat", dir);
    gsl_test(exists(path), "nothing named signalled.dat");

    gsl_test(!datafile_open(&f, dir, "dropped.dat", NULL), "open dropped.dat");
    gsl_test(!datafile_finish(&f), "finish dropped.dat");
    datafile_abort(&f);
    gsl_test(exists(f.temp_path), "abort after finish removes the temporary");
    gsl_test(datafile_commit(&f), "commit after abort fails");

    // folders_make: mkdir -p, and nothing left when it fails.
    snprintf(sub, sizeof sub, "%s/p/q/r", dir);
    gsl_test(!folders_make(sub), "folders_make makes nested folders");
    gsl_test(!folders_make(sub), "folders_make accepts a folder that is there");
    snprintf(sub, sizeof sub, "%s/two_steps.dat/s/t", dir);
    errno = 0;
    gsl_test(folders_make(sub) || errno != ENOTDIR, "folders_make refuses a file in the way (ENOTDIR)");
    char long_name[300];   // a name longer than a file system takes (255 bytes): k1 and k2 are made first
    memset(long_name, 'n', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    snprintf(sub, sizeof sub, "%s/k1/k2/%s", dir, long_name);
    errno = 0;
    gsl_test(folders_make(sub) || errno != ENAMETOOLONG, "folders_make fails on a name too long");
    snprintf(path, sizeof path, "%s/k1", dir);
    gsl_test(exists(path), "the folders folders_make made on the way are removed again");

    // A link at the temporary name (this PID's, as a stale file of an earlier
    // process with the same PID would be) is not written through: the file it
    // points to keeps its bytes, and the data file is written whole.
    char victim[512], temp[512];
    snprintf(victim, sizeof victim, "%s/victim.txt", dir);
    fp = fopen(victim, "w");
    if (fp) {
        fputs("keep me\n", fp);
        fclose(fp);
    }
    snprintf(temp, sizeof temp, "%s/.linked.dat.tmp.%ld", dir, (long)getpid());
    gsl_test(symlink(victim, temp) != 0, "a link at the temporary name");
    gsl_test(!datafile_open(&f, dir, "linked.dat", "x"), "open linked.dat over a stale link");
    datafile_printf(&f, "1\n");
    gsl_test(!datafile_close(&f), "close linked.dat");
    fp = fopen(victim, "r");
    line[0] = '\0';
    if (fp) {
        if (fgets(line, sizeof line, fp) == NULL) line[0] = '\0';
        fclose(fp);
    }
    gsl_test(strcmp(line, "keep me\n") != 0, "the link's target is untouched");
    snprintf(path, sizeof path, "%s/linked.dat", dir);
    struct stat st;
    gsl_test(lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size != 6, "linked.dat is a regular file, whole");

    // The sweep: the temporaries of dead processes go, the others stay. PID
    // 2^31 - 2 is never alive (above any pid_max), 1 always is.
    char dead[512], alive[512], own[512], other[512];
    snprintf(sub, sizeof sub, "%s/sweep", dir);
    gsl_test(!folders_make(sub), "a folder to sweep");
    snprintf(dead, sizeof dead, "%s/.x-1.bin.tmp.2147483646", sub);
    snprintf(alive, sizeof alive, "%s/.x-2.bin.tmp.1", sub);
    snprintf(own, sizeof own, "%s/.x-3.bin.tmp.%ld", sub, (long)getpid());
    snprintf(other, sizeof other, "%s/.x-4.dat.tmp.2147483646", sub);
    const char *made[] = {dead, alive, own, other};
    for (size_t i = 0; i < 4; i++) {
        fp = fopen(made[i], "w");
        if (fp) fclose(fp);
    }
    gsl_test(datafile_sweep_temporaries(sub, ".bin") != 1, "one temporary swept");
    gsl_test(exists(dead), "a dead process's temporary is removed");
    gsl_test(!exists(alive), "a live process's is kept");
    gsl_test(!exists(own), "this process's own is kept");
    gsl_test(!exists(other), "one whose name does not end with the suffix is kept");
    gsl_test(datafile_sweep_temporaries(sub, NULL) != 1, "without a suffix: any name");
    gsl_test(exists(other), "... so the .dat temporary goes too");

    // A temporary that is a folder (a site being written) goes whole, never
    // through a link: what a link in it names stays.
    char tree[512], outside[512], live_tree[512];
    snprintf(tree, sizeof tree, "%s/.new.site.tmp.2147483646", sub);
    snprintf(live_tree, sizeof live_tree, "%s/.new.site.tmp.1", sub);
    snprintf(outside, sizeof outside, "%s/outside.txt", dir);
    fp = fopen(outside, "w");
    if (fp) fclose(fp);
    snprintf(path, sizeof path, "%s/assets/katex", tree);
    gsl_test(!folders_make(path), "a folder temporary with folders in it");
    gsl_test(!folders_make(live_tree), "a live process's folder temporary");
    snprintf(path, sizeof path, "%s/assets/katex/page.html", tree);
    fp = fopen(path, "w");
    if (fp) fclose(fp);
    snprintf(path, sizeof path, "%s/assets/link", tree);
    gsl_test(symlink(dir, path) != 0, "a link to the folder above, in it");
    gsl_test(datafile_sweep_temporaries(sub, ".site") != 1, "the dead process's folder temporary swept");
    gsl_test(exists(tree), "... whole");
    gsl_test(!exists(outside), "... and what its link named stays");
    gsl_test(!exists(live_tree), "a live process's folder temporary stays");
    gsl_test(!folders_remove_tree(live_tree) || exists(live_tree), "folders_remove_tree removes a folder");
    gsl_test(!folders_remove_tree(live_tree), "... and an absent one is no failure");

    // A file where a folder should be; a folder we cannot create.
    snprintf(sub, sizeof sub, "%s/table.dat/sub", dir);
    gsl_test(output_dir_prepare(sub, why, sizeof why), "a file in the way is refused");
    gsl_test(output_dir_prepare("/proc/pe-workbook-unit", why, sizeof why), "/proc is refused");

    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) return 1;
    return gsl_test_summary();
}
