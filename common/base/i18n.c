// i18n.c: choosing the language, and its messages from the catalogues (i18n.h).
#include "base/i18n.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef WORKBOOK_LOCALE_DIR
#define WORKBOOK_LOCALE_DIR "locale"
#endif

static const char *const DOMAIN = "workbook";
static const char *const CODES[LANG_COUNT] = {"en", "zh-TW", "zh-CN"};
static const char *const HTML_LANGS[LANG_COUNT] = {"en", "zh-Hant-TW", "zh-Hans-CN"};
static const char *const OWN_NAMES[LANG_COUNT] = {"English", "繁體中文", "简体中文"};
// gettext's names for the catalogues (the locale folder's subfolders).
static const char *const GETTEXT_NAMES[LANG_COUNT] = {"en", "zh_TW", "zh_CN"};

static Lang g_current = LANG_EN;

const char *i18n_code(Lang lang) { return CODES[lang < LANG_COUNT ? lang : LANG_EN]; }
const char *i18n_html_lang(Lang lang) { return HTML_LANGS[lang < LANG_COUNT ? lang : LANG_EN]; }
const char *i18n_own_name(Lang lang) { return OWN_NAMES[lang < LANG_COUNT ? lang : LANG_EN]; }
Lang i18n_current(void) { return g_current; }

// Does TEXT start with PREFIX (case-insensitive, '-' and '_' alike), followed
// by the end, '.', '@', '_', '-' or ':'?
static bool starts_as(const char *text, const char *prefix) {
    size_t i = 0;
    for (; prefix[i]; i++) {
        char a = text[i], b = prefix[i];
        if (a == '_') a = '-';
        if (b == '_') b = '-';
        if (a >= 'A' && a <= 'Z') a = (char)(a - 'A' + 'a');
        if (b >= 'A' && b <= 'Z') b = (char)(b - 'A' + 'a');
        if (a != b) return false;
    }
    char next = text[i];
    return next == '\0' || next == '.' || next == '@' || next == '_' || next == '-' || next == ':';
}

bool i18n_parse(const char *text, Lang *lang) {
    if (text == NULL || text[0] == '\0') return false;
    // Traditional script first: "zh-Hant-CN" is still Traditional.
    static const char *const TRADITIONAL[] = {"zh-Hant", "zh-TW", "zh-HK", "zh-MO"};
    static const char *const SIMPLIFIED[] = {"zh-Hans", "zh-CN", "zh-SG", "zh-MY", "zh"};
    static const char *const ENGLISH[] = {"en", "C", "POSIX"};
    for (size_t i = 0; i < sizeof TRADITIONAL / sizeof *TRADITIONAL; i++)
        if (starts_as(text, TRADITIONAL[i])) return *lang = LANG_ZH_TW, true;
    if (starts_as(text, "zh") && strstr(text, "Hant")) return *lang = LANG_ZH_TW, true;
    for (size_t i = 0; i < sizeof SIMPLIFIED / sizeof *SIMPLIFIED; i++)
        if (starts_as(text, SIMPLIFIED[i])) return *lang = LANG_ZH_CN, true;
    for (size_t i = 0; i < sizeof ENGLISH / sizeof *ENGLISH; i++)
        if (starts_as(text, ENGLISH[i])) return *lang = LANG_EN, true;
    return false;
}

bool i18n_parse_option(const char *text, Lang *lang) {
    for (Lang l = 0; text && l < LANG_COUNT; l++)
        if (strcmp(text, CODES[l]) == 0) return *lang = l, true;
    return false;
}

Lang i18n_from_environment(void) {
    Lang lang = LANG_EN;
    const char *list = getenv("LANGUAGE");
    if (list && list[0]) {
        for (const char *p = list; *p;) {
            if (i18n_parse(p, &lang)) return lang;
            const char *colon = strchr(p, ':');
            if (colon == NULL) break;
            p = colon + 1;
        }
    }
    static const char *const VARIABLES[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t i = 0; i < sizeof VARIABLES / sizeof *VARIABLES; i++) {
        const char *value = getenv(VARIABLES[i]);
        if (value && value[0]) return i18n_parse(value, &lang) ? lang : LANG_EN;
    }
    return LANG_EN;
}

// ---- the catalogues --------------------------------------------------------------
// msgfmt's .mo files, read here rather than through glibc's gettext(): glibc
// translates only under a locale other than "C", and since glibc 2.37 (Debian
// 13) it treats C.UTF-8 as "C" too, so on a machine with no other locale
// installed (a minimal Debian root has none) every message stayed English.
// The workbook needs no locale for anything else (numbers keep the C
// locale's decimal point), so it looks its messages up itself.
//
// A .mo file (GNU gettext manual, "The Format of GNU MO Files"): a header of
// 32-bit words (magic 0x950412de in the writer's byte order, revision, the
// number of strings N, the offsets of the originals' and the translations'
// tables), then two tables of N (length, offset) pairs. msgfmt sorts the
// originals by strcmp, so a lookup is a binary search. A plural entry's
// original is "singular\0plural" and its translation the forms, NUL-separated.
typedef struct {
    char *data;           // the whole file, NULL: no catalogue (English, or none found)
    size_t size;
    bool swapped;         // written in the other byte order
    uint32_t n, originals, translations;
} Catalogue;

static Catalogue g_catalogues[LANG_COUNT];
static bool g_loaded[LANG_COUNT];

static uint32_t word_at(const Catalogue *c, size_t offset) {
    uint32_t w;
    memcpy(&w, c->data + offset, sizeof w);
    return c->swapped ? __builtin_bswap32(w) : w;
}

// String I of the table at TABLE (the originals or the translations), or NULL
// when the file is too short for it or the string lacks its NUL.
static const char *string_at(const Catalogue *c, uint32_t table, uint32_t i, uint32_t *length) {
    size_t entry = (size_t)table + 8 * (size_t)i;
    if (entry + 8 > c->size) return NULL;
    uint32_t len = word_at(c, entry), offset = word_at(c, entry + 4);
    if ((size_t)offset + len >= c->size || c->data[(size_t)offset + len] != '\0') return NULL;
    if (length) *length = len;
    return c->data + offset;
}

// Read LANG's catalogue; a missing or malformed file leaves it empty, and the
// messages English (a malformed one says so on standard error, once).
static void catalogue_load(Lang lang) {
    g_loaded[lang] = true;
    if (lang == LANG_EN) return;
    const char *dir = getenv("WORKBOOK_LOCALE_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/%s.mo", dir && dir[0] ? dir : WORKBOOK_LOCALE_DIR,
             GETTEXT_NAMES[lang], DOMAIN);
    FILE *f = fopen(path, "rb");
    if (f == NULL) return;
    Catalogue c = {0};
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (size >= 28 && size < (1L << 30) && fseek(f, 0, SEEK_SET) == 0 && (c.data = malloc((size_t)size)) != NULL &&
        fread(c.data, 1, (size_t)size, f) == (size_t)size) {
        c.size = (size_t)size;
        uint32_t magic;
        memcpy(&magic, c.data, sizeof magic);
        c.swapped = magic == 0xde120495u;
        if (magic == 0x950412deu || c.swapped) {
            c.n = word_at(&c, 8);
            c.originals = word_at(&c, 12);
            c.translations = word_at(&c, 16);
            // The header (the translation of "") must say one plural form:
            // i18n_plural gives the first.
            const char *header = c.n ? string_at(&c, c.translations, 0, NULL) : NULL;
            const char *first = c.n ? string_at(&c, c.originals, 0, NULL) : NULL;
            if (header && first && first[0] == '\0' && strstr(header, "nplurals=1;")) {
                fclose(f);
                g_catalogues[lang] = c;
                return;
            }
        }
    }
    fclose(f);
    free(c.data);
    fprintf(stderr, "workbook: %s is not a catalogue this workbook can read (msgfmt's, with nplurals=1): its "
                    "messages stay in English\n", path);
}

// The translation of TEXT in the current language, or NULL.
static const char *lookup(const char *text) {
    Lang lang = g_current;
    if (lang == LANG_EN || text == NULL || text[0] == '\0') return NULL;
    if (!g_loaded[lang]) catalogue_load(lang);
    const Catalogue *c = &g_catalogues[lang];
    if (c->data == NULL) return NULL;
    uint32_t lo = 0, hi = c->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        const char *original = string_at(c, c->originals, mid, NULL);
        if (original == NULL) return NULL;
        int order = strcmp(text, original);
        if (order == 0) {
            uint32_t len;
            const char *translation = string_at(c, c->translations, mid, &len);
            return translation && translation[0] ? translation : NULL;   // (an empty one: not translated)
        }
        if (order < 0) hi = mid;
        else lo = mid + 1;
    }
    return NULL;
}

const char *i18n_text(const char *text) {
    const char *translation = lookup(text);
    return translation ? translation : text;
}

const char *i18n_plural(const char *singular, const char *plural, unsigned long n) {
    const char *translation = lookup(singular);
    return translation ? translation : n == 1 ? singular : plural;
}

void i18n_use(Lang lang) {
    if (lang >= LANG_COUNT) lang = LANG_EN;
    g_current = lang;
    // In the environment as well, so that the programs this one runs (the
    // driver's chapters) speak it too.
    setenv("LANGUAGE", GETTEXT_NAMES[lang], 1);
}
