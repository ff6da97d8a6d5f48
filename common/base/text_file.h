// text_file.h: reading a whole text file, and its lines, with no fixed limit
// on a file's or a line's length (the readers of a run's files and of the
// manifests use these; a 100 kB claims.tsv row is read whole).
#ifndef WORKBOOK_TEXT_FILE_H
#define WORKBOOK_TEXT_FILE_H

#include <stdbool.h>
#include <stddef.h>

// The file's bytes with a '\0' after them (*len, when not NULL, is the count
// without it). NULL with errno set when it cannot be opened or read; a file
// holding a NUL byte is refused (errno EILSEQ): it is not text. Out of memory
// ends the program (faults_out_of_memory).
char *text_file_read(const char *path, size_t *len);

// Split 'text' in place into its lines (the '\n' and a '\r' before it
// removed); *lines is a new array of pointers into 'text' (free it, not the
// lines). A last line without '\n' counts; an empty text has no lines.
size_t text_file_lines(char *text, char ***lines);

// The names in folder 'dir' that keep(name, context) accepts, sorted
// (strcmp); *names is a new array of new strings (names_free). An absent or
// unreadable folder has none.
size_t folder_names(const char *dir, bool (*keep)(const char *name, const void *context), const void *context,
                    char ***names);
void names_free(char **names, size_t n);

// malloc'd copy; out of memory ends the program.
char *text_copy(const char *s);

#endif
