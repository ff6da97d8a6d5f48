// exercises.h: a chapter's exercises, exercises/chNN.tsv (exercises/README.md
// describes the file): '#' lines, a header row naming the columns, then one
// exercise a row. common/run_data reads them here, by column name, for the
// report, the pages and the end of a one-chapter run; the test wiring checks
// each row's answer (tests/expect_exercise.cmake). No fixed limit on a row,
// a field or the count.
#ifndef WORKBOOK_EXERCISES_H
#define WORKBOOK_EXERCISES_H

#include <stddef.h>

typedef struct {
    char *id;                      // "3.a"
    char *question;                // asks the learner to predict
    char *options;                 // the command is ./workbook chNN OPTIONS
    char *answer;                  // what the run prints, in words
} Exercise;

// Read DIR/CHAPTER.tsv: *out is a new array (exercises_free). Returns how
// many (0, and *out NULL, when there is no such file), or -1 with a reason in
// 'why' when the file cannot be read or has no header with the columns id,
// question, options and answer.
int exercises_read(const char *dir, const char *chapter, Exercise **out, char *why, size_t why_size);

void exercises_free(Exercise *exercises, int n);

#endif
