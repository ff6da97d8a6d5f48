// verdict.c: see verdict.h.
#include "verdict.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

void claim_key(ClaimResult *r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->key, sizeof r->key, fmt, ap);
    va_end(ap);
}

void claim_finding(ClaimResult *r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->finding, sizeof r->finding, fmt, ap);
    va_end(ap);
}

// Decode one UTF-8 code point starting at s; returns bytes consumed (>= 1).
static int next_code_point(const unsigned char *s, unsigned *cp) {
    if (s[0] < 0x80) { *cp = s[0]; return 1; }
    int n = (s[0] >= 0xF0) ? 4 : (s[0] >= 0xE0) ? 3 : (s[0] >= 0xC0) ? 2 : 1;
    unsigned v = (n == 4) ? (s[0] & 0x07u) : (n == 3) ? (s[0] & 0x0Fu) : (s[0] & 0x1Fu);
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) { *cp = 0xFFFD; return i; }
        v = (v << 6) | (s[i] & 0x3Fu);
    }
    *cp = v;
    return n;
}

int display_width(const char *text) {
    int width = 0;
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        unsigned cp;
        s += next_code_point(s, &cp);
        int wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                   (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                   (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                   (cp >= 0xFFE0 && cp <= 0xFFE6);
        width += wide ? 2 : 1;
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
