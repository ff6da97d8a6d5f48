// cache_files.h: what the chapters that train (0, 6 and 9) share to keep
// their results between runs: the folder, the key, the file's safe writing.
//
// A cache file is named by a 64-bit key, the FNV-1a hash of everything its
// contents depend on. Files are written under a temporary name and renamed,
// so a killed run never leaves half a cache file; a cache that cannot be
// written only makes the next run slower.
#ifndef WORKBOOK_CACHE_FILES_H
#define WORKBOOK_CACHE_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CACHE_HASH_START 1469598103934665603ull   // FNV-1a's offset basis

// h extended by the n bytes at p (FNV-1a).
uint64_t cache_hash(uint64_t h, const void *p, size_t n);

// The hash of the running program's own file (/proc/self/exe): a key that
// includes it is a key of the code too, so a rebuilt program whose code
// changed never reads the results of the old one. 0 when it cannot be read
// (then nothing should be cached).
uint64_t cache_program_checksum(void);

// The cache folder: 'given' (--cache DIR) if not NULL, else the default,
// "cache" beside the output folder out (for --out build/workbook/ch06:
// build/workbook/cache), written into buf (size bytes).
const char *cache_folder(const char *given, const char *out, char *buf, size_t size);

// The two options of a chapter with a cache, for its OptionSpec table
// (common/options.h): --cache DIR (a const char *dir) and --retrain (a bool).
// 'kept' says what is kept: "trained vectors".
#define CACHE_OPTION_SPECS(dir, retrain, kept)                                                          \
    {"--cache", OPTION_TEXT, &(dir), 0, 0, 0, "DIR", kept " are kept here (default: 'cache' beside --out)"}, \
    {"--retrain", OPTION_FLAG, &(retrain), 0, 0, 0, NULL, "train again even what the cache has"}

// mkdir -p dir. false when a part of it cannot be made.
bool cache_make_folders(const char *dir);

// Writing the cache file 'path' in folder 'dir': cache_create makes the folder
// and opens a temporary file beside path (its name into temp, size bytes),
// NULL when it cannot; cache_commit closes it and, when ok and the close went
// well, renames it to path, else removes it. Nothing half-written is ever named path.
FILE *cache_create(const char *dir, const char *path, char *temp, size_t size);
void cache_commit(FILE *fp, bool ok, const char *temp, const char *path);

#endif
