// cache_files.h: what the chapters that train (0, 6 and 9) share to keep
// their results between runs: the folder, the key, the file's safe writing.
//
// A cache file is named by a 64-bit key, the hash (common/hash.h) of
// everything its contents depend on. Files are written under a temporary
// name and renamed (common/datafile.h), so a killed run never leaves half a
// cache file; a cache that cannot be written only makes the next run slower.
#ifndef WORKBOOK_CACHE_FILES_H
#define WORKBOOK_CACHE_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "datafile.h"
#include "hash.h"

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

// Writing the cache file dir/name: cache_create makes the folder (mkdir -p)
// and opens the file under a temporary name beside it (write to f->fp, or
// with datafile_write); false when it cannot. cache_commit names the file
// when ok and every write and the close went well, else removes it. Nothing
// half-written is ever named dir/name.
bool cache_create(DataFile *f, const char *dir, const char *name);
void cache_commit(DataFile *f, bool ok);

#endif
