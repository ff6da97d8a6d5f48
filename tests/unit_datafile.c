// unit_datafile.c: data files are complete or absent (common/datafile.h).
#include <gsl/gsl_test.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "datafile.h"

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
        gsl_test(datafile_close(&f), "close reports the failed write");
        gsl_test(exists(path), "no file left under the real name");
        gsl_test(exists(f.temp_path), "temporary file removed");
    }

    // abort removes the temporary file.
    gsl_test(!datafile_open(&f, dir, "gone.dat", NULL), "open gone.dat");
    datafile_abort(&f);
    gsl_test(exists(f.temp_path), "abort removes the temporary file");

    // A file where a folder should be; a folder we cannot create.
    snprintf(sub, sizeof sub, "%s/table.dat/sub", dir);
    gsl_test(output_dir_prepare(sub, why, sizeof why), "a file in the way is refused");
    gsl_test(output_dir_prepare("/proc/pe-workbook-unit", why, sizeof why), "/proc is refused");

    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) return 1;
    return gsl_test_summary();
}
