// answers.c: how the answers to the student's questions (--analogy,
// --neighbours; chapters/ch00_word_vectors.c, answer_questions) are laid out
// on the terminal: ranked words side by side, one column per question,
// padded by display width (a zh-TW heading is wider than its bytes). Moved
// from the chapter: layout, not lesson.
#include "ch00.h"

#include <stdio.h>

#include "base/i18n.h"

static int imax(int a, int b) { return a > b ? a : b; }

// Print ranked answers side by side: one column per question (n <= 4), k rows.
void print_columns(const char *const *heads, const long (*ids)[MAX_TOP], const double (*sims)[MAX_TOP],
                   const size_t *found, size_t n) {
    int width[4] = {0};
    size_t rows = 0;
    for (size_t q = 0; q < n; q++) {
        width[q] = display_width(heads[q]);
        for (size_t i = 0; i < found[q]; i++) width[q] = imax(width[q], display_width(corpus->words[ids[q][i]]) + 6);
        width[q] += 4;
        if (found[q] > rows) rows = found[q];
    }
    printf("  %s  ", _("rank"));
    for (size_t q = 0; q < n; q++) {
        if (q + 1 < n) print_padded(stdout, heads[q], width[q]);
        else printf("%s", heads[q]);   // (no spaces at the end of a line)
    }
    printf("\n");
    for (size_t i = 0; i < rows; i++) {
        printf("  %4zu  ", i + 1);
        for (size_t q = 0; q < n; q++) {
            char cell[CORPUS_MAX_WORD + 16] = "";
            if (i < found[q]) {
                int pad = width[q] - 4 - 5 - display_width(corpus->words[ids[q][i]]);
                snprintf(cell, sizeof cell, "%s%*s %.2f", corpus->words[ids[q][i]], pad > 0 ? pad : 0, "", sims[q][i]);
            }
            if (q + 1 < n) print_padded(stdout, cell, width[q]);
            else printf("%s", cell);
        }
        printf("\n");
    }
}
