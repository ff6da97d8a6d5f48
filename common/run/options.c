// options.c: see options.h.
#include "run/options.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/utf8.h"

bool options_parse_long(const char *text, long min, long max, long *out) {
    if (text == NULL || *text == '\0') return false;
    const char *p = text;
    if (*p == '-') {
        if (min >= 0) return false;             // a sign where none is allowed
        p++;
    }
    if (!isdigit((unsigned char)*p)) return false;  // rejects "+5", " 5", "-", "--5"
    for (const char *q = p; *q; q++)
        if (!isdigit((unsigned char)*q)) return false;  // rejects "12abc", "1e3", "1.0"
    errno = 0;
    char *end = NULL;
    long v = strtol(text, &end, 10);
    if (errno == ERANGE || end == text || *end != '\0') return false;
    if (v < min || v > max) return false;
    *out = v;
    return true;
}

bool options_parse_real(const char *text, double min, double max, double *out) {
    if (text == NULL || *text == '\0') return false;
    // Decimal notation only: strtod would also take "nan", "inf" and hex floats.
    for (const char *q = text; *q; q++)
        if (!(isdigit((unsigned char)*q) || *q == '.' || *q == 'e' || *q == 'E' ||
              *q == '-' || *q == '+'))
            return false;
    if (!(isdigit((unsigned char)text[0]) || text[0] == '-' || text[0] == '.')) return false;
    errno = 0;
    char *end = NULL;
    double v = strtod(text, &end);
    if (errno == ERANGE || end == text || *end != '\0' || !isfinite(v)) return false;
    if (v < min || v > max) return false;
    *out = v;
    return true;
}

static void describe_accepted(const OptionSpec *s, char *buf, size_t size) {
    switch (s->kind) {
    case OPTION_INT:
        snprintf(buf, size, (s->flags & OPTION_EVEN) ? _("expected an even integer in [%.0f, %.0f]")
                                                     : _("expected an integer in [%.0f, %.0f]"),
                 s->min, s->max);
        break;
    case OPTION_REAL:
        snprintf(buf, size, _("expected a finite decimal number in [%g, %g]"), s->min, s->max);
        break;
    case OPTION_RANGE:
        snprintf(buf, size, _("expected FIRST:LAST, integers in [%.0f, %.0f] with FIRST <= LAST"),
                 s->min, s->max);
        break;
    case OPTION_TEXT:
        // (the option's help says what it takes: "TEXT: your own sentence, 2 to 16 tokens")
        if (!(s->flags & OPTION_WORDS))
            snprintf(buf, size, _("expected a non-empty %s%s%s"), s->meta ? s->meta : "value",
                     s->help ? ": " : "", s->help ? _(s->help) : "");
        else if (s->min == s->max) snprintf(buf, size, _("expected %.0f words (no space within a word)"), s->min);
        else snprintf(buf, size, _("expected %.0f to %.0f words (no space within a word)"), s->min, s->max);
        break;
    case OPTION_FLAG:
        snprintf(buf, size, "%s", _("takes no value"));
        break;
    }
}

void options_reject(const char *program, const char *option, const char *value,
                    const char *accepted) {
    // The value as typed, but on one line and never a terminal's command (utf8_shown).
    char *shown = value ? utf8_shown(value, 0) : NULL;
    fprintf(stderr, "%s: %s %s%s%s: %s\n", program, option, value ? "'" : "",
            value ? (shown ? shown : "?") : "", value ? "'" : "", accepted);
    free(shown);
}

// FIRST:LAST. Each part follows options_parse_long's rule (decimal digits,
// leading zeros allowed, any length), the same as a plain integer option.
static bool parse_range(const char *text, const OptionSpec *s, IntRange *out) {
    const char *colon = text ? strchr(text, ':') : NULL;
    if (colon == NULL || colon == text) return false;
    size_t len = (size_t)(colon - text);
    char *first = malloc(len + 1);
    if (first == NULL) return false;
    memcpy(first, text, len);
    first[len] = '\0';
    long a, b;
    bool ok = options_parse_long(first, (long)s->min, (long)s->max, &a) &&
              options_parse_long(colon + 1, (long)s->min, (long)s->max, &b) && a <= b;
    free(first);
    if (!ok) return false;
    out->first = a;
    out->last = b;
    return true;
}

static bool apply_value(const OptionSpec *s, const char *text) {
    switch (s->kind) {
    case OPTION_INT: {
        long v;
        if (!options_parse_long(text, (long)s->min, (long)s->max, &v)) return false;
        if ((s->flags & OPTION_EVEN) && (v % 2 != 0)) return false;
        *(long *)s->value = v;
        return true;
    }
    case OPTION_REAL:
        return options_parse_real(text, s->min, s->max, (double *)s->value);
    case OPTION_RANGE:
        return parse_range(text, s, (IntRange *)s->value);
    case OPTION_TEXT:
        if (text == NULL || *text == '\0') return false;
        *(const char **)s->value = text;
        return true;
    case OPTION_FLAG:
        return false;
    }
    return false;
}

// The option's default, read from its variable (the usage is printed before
// any option is applied), so the help text cannot drift from the code. ""
// for flags and for text options without a value.
static void describe_default(const OptionSpec *s, char *buf, size_t size) {
    buf[0] = '\0';
    switch (s->kind) {
    case OPTION_INT: snprintf(buf, size, "%ld", *(const long *)s->value); break;
    case OPTION_REAL: snprintf(buf, size, "%g", *(const double *)s->value); break;
    case OPTION_RANGE: {
        const IntRange *r = s->value;
        snprintf(buf, size, "%ld:%ld", r->first, r->last);
        break;
    }
    case OPTION_TEXT:   // (an OptionWords starts with its joined text)
        if (*(const char *const *)s->value) snprintf(buf, size, "%s", *(const char *const *)s->value);
        break;
    case OPTION_FLAG: break;
    }
}

void options_print_usage(const char *program, const char *summary,
                         const OptionSpec *specs, size_t n) {
    printf(_("usage: %s [options]\n"), program);
    if (summary) printf("%s\n", summary);
    printf("%s", _("\noptions:\n"));
    for (size_t i = 0; i < n; i++) {
        char left[64];
        snprintf(left, sizeof left, "%s%s%s", specs[i].name,
                 specs[i].kind == OPTION_FLAG ? "" : " ",
                 specs[i].kind == OPTION_FLAG ? "" : (specs[i].meta ? specs[i].meta : "VALUE"));
        // (in the reader's language: the tables mark their help texts with N_, common/base/i18n.h)
        const char *help = specs[i].help ? _(specs[i].help) : "";
        char def[96];
        describe_default(&specs[i], def, sizeof def);
        // A help text that names its default itself (in English: "(default") is left as it is.
        if (def[0] && !(specs[i].flags & OPTION_OWN_DEFAULT) &&
            (specs[i].help == NULL || strstr(specs[i].help, "(default") == NULL))
            printf(_("  %-22s %s (default %s)\n"), left, help, def);
        else printf("  %-22s %s\n", left, help);
    }
    printf("  %-22s %s\n", "--help", _("print this text and exit"));
}

// A word of an OPTION_WORDS option: non-empty, no white space.
static bool plain_word(const char *w) {
    if (w == NULL || *w == '\0') return false;
    for (const char *p = w; *p; p++)
        if (isspace((unsigned char)*p)) return false;
    return true;
}

// Add a word to an OPTION_WORDS value; false when it is not a plain word,
// one too many, or the joined text would not fit.
static bool add_word(const OptionSpec *s, OptionWords *v, const char *w) {
    if (!plain_word(w) || v->n >= OPTION_MAX_WORDS || (double)v->n >= s->max) return false;
    size_t used = strlen(v->joined), len = strlen(w);
    if (used + (used ? 1 : 0) + len + 1 > sizeof v->joined) return false;
    snprintf(v->joined + used, sizeof v->joined - used, "%s%s", used ? " " : "", w);
    v->words[v->n++] = w;
    return true;
}

OptionsResult options_parse(const char *program, const char *summary,
                            const OptionSpec *specs, size_t n, int argc, char **argv) {
    return options_parse_arguments(program, summary, specs, n, argc, argv, NULL);
}

// The index of the first "--" in argv, or argc.
static int end_of_options(int argc, char **argv, const OptionArguments *args) {
    if (args == NULL || !args->stop_at_dashes) return argc;
    for (int a = 1; a < argc; a++)
        if (strcmp(argv[a], "--") == 0) return a;
    return argc;
}

OptionsResult options_parse_arguments(const char *program, const char *summary, const OptionSpec *specs, size_t n,
                                      int argc, char **argv, OptionArguments *args) {
    bool seen[64] = {false};
    if (n > sizeof seen / sizeof seen[0]) {
        fprintf(stderr, "%s: internal error: too many options\n", program);
        return OPTIONS_ERROR;
    }
    int end = end_of_options(argc, argv, args);
    if (args) {
        args->n_positional = 0;
        args->rest = end < argc ? end + 1 : argc;
    }
    // --help anywhere: the usage, with the defaults as they are before any option is applied.
    for (int a = 1; a < end; a++)
        if (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0) {
            options_print_usage(program, summary, specs, n);
            return OPTIONS_HELP;
        }
    for (int a = 1; a < end; a++) {
        const char *arg = argv[a];
        if (args && args->positional && arg[0] != '-') {
            if (args->n_positional == args->max_positional) {
                char accepted[160];
                snprintf(accepted, sizeof accepted, "at most %zu %s (this is number %zu)", args->max_positional,
                         args->positional_plural, args->max_positional + 1);
                options_reject(program, args->positional_what, arg, accepted);
                return OPTIONS_ERROR;
            }
            args->positional[args->n_positional++] = arg;
            continue;
        }
        const char *eq = strchr(arg, '=');
        size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
        const OptionSpec *s = NULL;
        size_t idx = 0;
        for (size_t i = 0; i < n; i++) {
            if (strlen(specs[i].name) == name_len && strncmp(specs[i].name, arg, name_len) == 0) {
                s = &specs[i];
                idx = i;
                break;
            }
        }
        if (s == NULL) {
            char *shown = utf8_shown(arg, 0);
            fprintf(stderr, _("%s: unknown option '%s' (run %s --help for the list)\n"),
                    program, shown ? shown : "?", program);
            free(shown);
            return OPTIONS_ERROR;
        }
        if (seen[idx]) {
            fprintf(stderr, _("%s: %s: given more than once; give it once\n"), program, s->name);
            return OPTIONS_ERROR;
        }
        seen[idx] = true;
        char accepted[160];
        describe_accepted(s, accepted, sizeof accepted);
        if (s->kind == OPTION_FLAG) {
            if (eq) {
                options_reject(program, s->name, eq + 1, accepted);
                return OPTIONS_ERROR;
            }
            *(bool *)s->value = true;
            continue;
        }
        if (s->kind == OPTION_TEXT && (s->flags & OPTION_WORDS)) {
            // The words: after '=' (the first), then every argument up to the next option.
            OptionWords *v = s->value;
            v->n = 0;
            v->joined[0] = '\0';
            v->text = NULL;
            const char *refused = NULL;   // the word that could not be added
            if (eq && !add_word(s, v, eq + 1)) refused = eq + 1;
            while (refused == NULL && a + 1 < end && argv[a + 1][0] != '-')
                if (!add_word(s, v, argv[++a])) refused = argv[a];
            if (refused == NULL && v->n == 0) {
                fprintf(stderr, _("%s: %s: missing value; %s\n"), program, s->name, accepted);
                return OPTIONS_ERROR;
            }
            if (refused || (double)v->n < s->min) {
                char shown[OPTION_WORDS_TEXT + 64];   // the words given, up to the one refused
                snprintf(shown, sizeof shown, "%s%s%s", v->joined, refused && v->n ? " " : "", refused ? refused : "");
                options_reject(program, s->name, shown, accepted);
                return OPTIONS_ERROR;
            }
            v->text = v->joined;
            continue;
        }
        const char *value = NULL;
        if (eq) {
            value = eq + 1;
        } else if (a + 1 < end) {
            value = argv[++a];
        } else {
            fprintf(stderr, _("%s: %s: missing value; %s\n"), program, s->name, accepted);
            return OPTIONS_ERROR;
        }
        if (!apply_value(s, value)) {
            options_reject(program, s->name, value, accepted);
            return OPTIONS_ERROR;
        }
    }
    return OPTIONS_OK;
}
