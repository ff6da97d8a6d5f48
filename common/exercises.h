// exercises.h: a chapter's exercises, exercises/chNN.tsv (exercises/README.md
// describes the file): '#' lines, a header row naming the columns, then one
// exercise a row. The driver (the report and the end of a one-chapter run) and
// the pages read it here, by column name; the test wiring checks each row's
// answer (tests/expect_exercise.cmake).
#ifndef WORKBOOK_EXERCISES_H
#define WORKBOOK_EXERCISES_H

#include <stddef.h>

enum { EXERCISES_MAX = 8 };

typedef struct {
    char id[16];                   // "3.a"
    char question[1024];           // asks the learner to predict
    char options[512];             // the command is ./workbook chNN OPTIONS
    char answer[2048];             // what the run prints, in words
} Exercise;

// Read DIR/CHAPTER.tsv into out (EXERCISES_MAX entries). Returns how many
// (0 when there is no such file), or -1 with a reason in 'why' when the file
// has no header with the columns id, question, options and answer, a field
// is too long, or it holds more than EXERCISES_MAX exercises.
int exercises_read(const char *dir, const char *chapter, Exercise *out, char *why, size_t why_size);

#endif
