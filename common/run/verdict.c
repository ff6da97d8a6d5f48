// verdict.c: see verdict.h.
#include "run/verdict.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/faults.h"
#include "base/i18n.h"
#include "base/utf8.h"

const char *verdict_name(Verdict v) {
    switch (v) {
    case VERDICT_HOLDS: return "holds";
    case VERDICT_PARTLY_HOLDS: return "partly holds";
    case VERDICT_ERRATUM: return "erratum";
    case VERDICT_DOES_NOT_HOLD: return "does not hold";
    case VERDICT_NOT_RUN: return "not run";
    }
    return "?";
}

const char *verdict_label(Verdict v) { return _(verdict_name(v)); }

// The words verdict_name gives, for the catalogue (po/): translated where they are read.
static const char *const VERDICT_MESSAGES[] __attribute__((unused)) = {
    N_("holds"), N_("partly holds"), N_("erratum"), N_("does not hold"), N_("not run"), N_("course"), N_("beyond")};


int display_width(const char *text) {
    int width = 0;
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        unsigned cp;
        s += utf8_decode(s, &cp);
        width += utf8_is_wide(cp) ? 2 : 1;
    }
    return width;
}

void print_padded(FILE *fp, const char *text, int width) {
    fputs(text, fp);
    for (int w = display_width(text); w < width; w++) fputc(' ', fp);
}

const char *format_number(double x, char *buf, size_t size) {
    if (isnan(x)) snprintf(buf, size, "-");
    else snprintf(buf, size, "%.6g", x);
    return buf;
}

const char *claim_scope_name(ClaimScope s) { return s == SCOPE_BEYOND ? "beyond" : "course"; }

const char *erratum_weight_name(ErratumWeight w) {
    return w == WEIGHT_SLIP ? "slip" : w == WEIGHT_ERROR ? "error" : "-";
}

void claim_value(ClaimResult *r, const char *name, double x) { lesson_values_set_number(&r->values, name, x); }

// The table's entry (a new one when 'create'); a table used before claim_row,
// or a ninth table, is the chapter's mistake: it stops the program.
static size_t table_index(ClaimResult *r, const char *table, bool create) {
    for (size_t t = 0; t < r->n_tables; t++)
        if (strcmp(r->tables[t].name, table) == 0) return t;
    size_t limit = sizeof r->tables / sizeof r->tables[0];
    if (!create || r->n_tables == limit || strlen(table) >= sizeof r->tables[0].name) {
        fprintf(stderr, "internal error: table \"%s\": %s\n", table,
                create ? "one table too many, or its name too long" : "a cell before claim_row");
        abort();
    }
    snprintf(r->tables[r->n_tables].name, sizeof r->tables[0].name, "%s", table);
    r->tables[r->n_tables].rows = 0;
    return r->n_tables++;
}

size_t claim_row(ClaimResult *r, const char *table) { return r->tables[table_index(r, table, true)].rows++; }

static void cell_name(ClaimResult *r, const char *table, const char *column, char *name, size_t size) {
    size_t t = table_index(r, table, false);
    if (r->tables[t].rows == 0) table_index(r, "", false);   // (no row yet: the same mistake)
    snprintf(name, size, "%s[%zu].%s", table, r->tables[t].rows - 1, column);
}

void claim_cell(ClaimResult *r, const char *table, const char *column, double x) {
    char name[128];
    cell_name(r, table, column, name, sizeof name);
    lesson_values_set_number(&r->values, name, x);
}

void claim_cell_text(ClaimResult *r, const char *table, const char *column, const char *fmt, ...) {
    char name[128], text[256];
    cell_name(r, table, column, name, sizeof name);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    lesson_values_set(&r->values, name, text);
}

void claim_text(ClaimResult *r, const char *name, const char *fmt, ...) {
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char small[256], *text = n >= 0 && (size_t)n < sizeof small ? small : malloc(n > 0 ? (size_t)n + 1 : 1);
    if (text == NULL) faults_out_of_memory("a lesson's text", (size_t)n + 1);
    vsnprintf(text, n >= 0 ? (size_t)n + 1 : 1, fmt, again);
    va_end(again);
    lesson_values_set(&r->values, name, text);
    if (text != small) free(text);
}

void claim_case(ClaimResult *r, const char *name) { snprintf(r->lesson_case, sizeof r->lesson_case, "%s", name); }
