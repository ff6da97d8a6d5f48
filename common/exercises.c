// exercises.c: see exercises.h.
#include "exercises.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "tsv.h"

// Copy a field; false when it does not fit.
static bool copy_fitting(char *dst, size_t size, const char *src) {
    return (size_t)snprintf(dst, size, "%s", src) < size;
}

int exercises_read(const char *dir, const char *chapter, Exercise *out, char *why, size_t why_size) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%s.tsv", dir, chapter);
    FILE *fp = fopen(path, "r");
    if (fp == NULL) return 0;
    static const char *const NEEDED[] = {"id", "question", "options", "answer"};
    enum { N_NEEDED = sizeof NEEDED / sizeof NEEDED[0], MAX_FIELDS = 16 };
    size_t col[N_NEEDED];
    bool have_header = false;
    int n = 0;
    char line[8192];
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0') continue;
        char *fields[MAX_FIELDS];
        size_t nf = tsv_split(line, fields, MAX_FIELDS);
        if (!have_header) {
            for (size_t k = 0; k < N_NEEDED; k++) {
                col[k] = tsv_column(fields, nf, NEEDED[k]);
                if (col[k] == nf) {
                    snprintf(why, why_size, "%s: the header row has no column '%s'", path, NEEDED[k]);
                    fclose(fp);
                    return -1;
                }
            }
            have_header = true;
            continue;
        }
        if (n == EXERCISES_MAX) {
            snprintf(why, why_size, "%s: more than %d exercises", path, EXERCISES_MAX);
            fclose(fp);
            return -1;
        }
        Exercise *e = &out[n];
        const char *cell[N_NEEDED];
        for (size_t k = 0; k < N_NEEDED; k++) cell[k] = col[k] < nf ? fields[col[k]] : "";
        if (!copy_fitting(e->id, sizeof e->id, cell[0]) || !copy_fitting(e->question, sizeof e->question, cell[1]) ||
            !copy_fitting(e->options, sizeof e->options, cell[2]) ||
            !copy_fitting(e->answer, sizeof e->answer, cell[3])) {
            snprintf(why, why_size, "%s: exercise '%.15s' has a field longer than it may be", path, cell[0]);
            fclose(fp);
            return -1;
        }
        if (e->id[0] && e->question[0]) n++;
    }
    fclose(fp);
    return n;
}
