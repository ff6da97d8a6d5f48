// claims_tsv.c: see claims_tsv.h.
#include "run/claims_tsv.h"

#include <stdio.h>
#include <string.h>

#include "base/tsv.h"

const char *const CLAIMS_TSV_NAMES[CLAIMS_TSV_N] = {
#define CLAIMS_TSV_NAME(name) #name,
    CLAIMS_TSV_COLUMNS(CLAIMS_TSV_NAME)
#undef CLAIMS_TSV_NAME
};

void claims_tsv_header(char *buf, size_t size) {
    size_t used = 0;
    buf[0] = '\0';
    for (size_t c = 0; c < CLAIMS_TSV_N && used < size; c++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", c ? "\t" : "", CLAIMS_TSV_NAMES[c]);
}

bool claims_tsv_columns(char *const *header, size_t n, size_t index[CLAIMS_TSV_N], const char **missing) {
    for (size_t c = 0; c < CLAIMS_TSV_N; c++) {
        size_t k = tsv_column(header, n, CLAIMS_TSV_NAMES[c]);
        if (k == n) {
            *missing = CLAIMS_TSV_NAMES[c];
            return false;
        }
        index[c] = k;
    }
    return true;
}
