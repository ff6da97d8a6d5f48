// exercises.c: see exercises.h.
#include "run/exercises.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/faults.h"
#include "base/text_file.h"
#include "base/tsv.h"

int exercises_read(const char *dir, const char *chapter, Exercise **out, char *why, size_t why_size) {
    *out = NULL;
    size_t len = strlen(dir) + strlen(chapter) + 6;
    char *path = malloc(len);
    if (path == NULL) faults_out_of_memory("a path", len);
    snprintf(path, len, "%s/%s.tsv", dir, chapter);
    char *text = text_file_read(path, NULL);
    if (text == NULL) {
        int err = errno;
        if (err != ENOENT) snprintf(why, why_size, "%s: cannot be read (%s)", path, strerror(err));
        free(path);
        return err == ENOENT ? 0 : -1;
    }
    static const char *const NEEDED[] = {"id", "question", "options", "answer"};
    enum { N_NEEDED = sizeof NEEDED / sizeof NEEDED[0], MAX_FIELDS = 16 };
    size_t col[N_NEEDED];
    bool have_header = false;
    char **lines;
    size_t n_lines = text_file_lines(text, &lines);
    Exercise *exercises = calloc(n_lines ? n_lines : 1, sizeof *exercises);
    if (exercises == NULL) faults_out_of_memory("the exercises", n_lines * sizeof *exercises);
    int n = 0;
    for (size_t i = 0; i < n_lines && n >= 0; i++) {
        if (lines[i][0] == '#' || lines[i][0] == '\0') continue;
        char *fields[MAX_FIELDS];
        size_t nf = tsv_split(lines[i], fields, MAX_FIELDS);
        if (!have_header) {
            for (size_t k = 0; k < N_NEEDED && n >= 0; k++) {
                col[k] = tsv_column(fields, nf, NEEDED[k]);
                if (col[k] == nf) {
                    snprintf(why, why_size, "%s: the header row has no column '%s'", path, NEEDED[k]);
                    n = -1;
                }
            }
            have_header = true;
            continue;
        }
        const char *cell[N_NEEDED];
        for (size_t k = 0; k < N_NEEDED; k++) cell[k] = col[k] < nf ? fields[col[k]] : "";
        if (!cell[0][0] || !cell[1][0]) continue;   // a row without id or question is no exercise
        exercises[n++] = (Exercise){text_copy(cell[0]), text_copy(cell[1]), text_copy(cell[2]), text_copy(cell[3])};
    }
    free(lines);
    free(text);
    free(path);
    if (n <= 0) {
        exercises_free(exercises, n < 0 ? 0 : n);
        return n;
    }
    *out = exercises;
    return n;
}

void exercises_free(Exercise *exercises, int n) {
    for (int k = 0; k < n; k++) {
        free(exercises[k].id);
        free(exercises[k].question);
        free(exercises[k].options);
        free(exercises[k].answer);
    }
    free(exercises);
}
