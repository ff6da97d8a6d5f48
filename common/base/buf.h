// buf.h: a growing string, the one the workbook's writers build text in (the
// lessons, the pages, a claim's narrative). 's' is '\0'-terminated once
// anything was added; out of memory ends the program (faults.h).
#ifndef WORKBOOK_BUF_H
#define WORKBOOK_BUF_H

#include <stddef.h>

typedef struct {
    char *s;
    size_t n, cap;
} Buf;

void buf_add(Buf *b, const char *s, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// The string (never NULL: "" when nothing was added), handed to the caller
// to free; the Buf is empty again.
char *buf_take(Buf *b);

#endif
