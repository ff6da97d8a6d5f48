// markdown_html.c FILE: FILE's CommonMark as HTML on standard output, as
// libcmark renders it with raw HTML allowed (the tests check that nothing
// from a run's data reaches REPORT.md as an HTML element).
#include <cmark.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/text_file.h"

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: markdown_html FILE\n");
        return 2;
    }
    size_t len = 0;
    char *text = text_file_read(argv[1], &len);
    if (text == NULL) {
        perror(argv[1]);
        return 2;
    }
    char *html = cmark_markdown_to_html(text, len, CMARK_OPT_UNSAFE);
    if (html == NULL) return 4;
    fputs(html, stdout);
    free(html);
    free(text);
    return fflush(stdout) == 0 ? 0 : 3;
}
