// i18n.h: the languages the workbook speaks, and its messages in them.
//
// English is the source language. A student's language is chosen with
// --lang (every program) or, by GNU gettext's convention, from LANGUAGE,
// LC_ALL, LC_MESSAGES or LANG; the default is English. The interface's
// messages are GNU gettext catalogues (po/zh_TW.po, written by hand;
// po/zh_CN.po derived from it at build time by OpenCC, tools/to_simplified.c;
// both compiled by msgfmt), which i18n.c reads itself (see there why); the
// lessons, exercises and captions are files (lessons/LANG/, lesson.h).
//
// Only words depend on the language: every number, data file and claims.tsv
// is the same in each.
//
//   Lang lang = i18n_from_environment();
//   i18n_use(lang);
//   printf(_("The course says: %s\n"), says);
#ifndef WORKBOOK_I18N_H
#define WORKBOOK_I18N_H

#include <stdbool.h>

// The message TEXT in the current language (TEXT itself in English, or when
// the catalogue lacks it). xgettext extracts _() and ngettext() (CMakeLists.txt).
#define _(text) i18n_text(text)
#define N_(text) (text)            // marks a message in a static table; translate it where it is used
// SINGULAR or PLURAL by N in English; the catalogue's one form in Chinese
// (both catalogues declare nplurals=1, which i18n.c checks).
#define ngettext(singular, plural, n) i18n_plural(singular, plural, n)
// (format_arg, as glibc's gettext has: printf(_("%d")) is checked against the
// English format, and a translated format is no "non-literal" format string.)
#if defined(__GNUC__)
#define I18N_FORMAT_ARG(i) __attribute__((format_arg(i)))
#else
#define I18N_FORMAT_ARG(i)
#endif
const char *i18n_text(const char *text) I18N_FORMAT_ARG(1);
const char *i18n_plural(const char *singular, const char *plural, unsigned long n) I18N_FORMAT_ARG(1) I18N_FORMAT_ARG(2);

typedef enum { LANG_EN, LANG_ZH_TW, LANG_ZH_CN, LANG_COUNT } Lang;

// "en", "zh-TW", "zh-CN": --lang's values and the lesson folders' names.
const char *i18n_code(Lang lang);
// The HTML lang attribute: "en", "zh-Hant-TW", "zh-Hans-CN".
const char *i18n_html_lang(Lang lang);
// The language's own name, for a language switch: "English", "繁體中文", "简体中文".
const char *i18n_own_name(Lang lang);
// Read a language from --lang or a locale name: "zh-TW", "zh_TW", "zh_TW.UTF-8",
// "zh_HK", "zh-Hant" (Traditional); "zh-CN", "zh_CN.UTF-8", "zh_SG", "zh",
// "zh-Hans" (Simplified); "en", "en_US.UTF-8", "C", "POSIX" (English).
// False for anything else.
bool i18n_parse(const char *text, Lang *lang);
// Read --lang's value: exactly en, zh-TW or zh-CN, the values every program
// (and ./workbook) names when it refuses one. False for anything else: a
// locale name ("zh_TW.UTF-8", "zh"), a near miss ("zh-TWx", "zh-foo") or a
// value with a newline is bad input, never a guess at a language.
bool i18n_parse_option(const char *text, Lang *lang);
// gettext's order: the first language of LANGUAGE (a colon-separated list)
// the workbook speaks, else LC_ALL, LC_MESSAGES, LANG (the first one set);
// English when none names a language it speaks.
Lang i18n_from_environment(void);
// Speak LANG from now on (the catalogues in the build's locale folder,
// WORKBOOK_LOCALE_DIR/LL_CC/LC_MESSAGES/workbook.mo; the environment
// variable of that name overrides it).
// Only messages change: numbers keep the C locale's decimal point.
void i18n_use(Lang lang);
Lang i18n_current(void);

#endif
