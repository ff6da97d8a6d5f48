// i18n.c: choosing the language and switching gettext to it (i18n.h).
#include "i18n.h"

#include <locale.h>
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
static bool g_bound = false;

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

static void bind_catalogues(void) {
    if (g_bound) return;
    g_bound = true;
    // Messages in UTF-8 whatever the locale; the C.UTF-8 locale (glibc 2.35+
    // and Debian's older glibc alike) so that gettext reads LANGUAGE at all
    // (under "C" it answers in English). Numbers are untouched: LC_NUMERIC
    // stays "C".
    if (setlocale(LC_MESSAGES, "C.UTF-8") == NULL) setlocale(LC_MESSAGES, "C.utf8");
    const char *dir = getenv("WORKBOOK_LOCALE_DIR");
    bindtextdomain(DOMAIN, dir && dir[0] ? dir : WORKBOOK_LOCALE_DIR);
    bind_textdomain_codeset(DOMAIN, "UTF-8");
    textdomain(DOMAIN);
}

void i18n_use(Lang lang) {
    if (lang >= LANG_COUNT) lang = LANG_EN;
    g_current = lang;
    // In the environment as well, so that the programs this one runs (the
    // driver's chapters) speak it too.
    setenv("LANGUAGE", GETTEXT_NAMES[lang], 1);
    if (lang == LANG_EN && !g_bound) return;   // English needs no catalogue
    bind_catalogues();
    // gettext caches translations; a changed LANGUAGE takes effect once the
    // catalogues' counter moves (the gettext manual, "Being a gettext grok").
    extern int _nl_msg_cat_cntr;
    ++_nl_msg_cat_cntr;
}
