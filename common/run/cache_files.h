// cache_files.h: what the chapters that train (0, 6 and 9) share to keep
// their results between runs: the folder, the key, the file's safe writing
// and its checked reading. A cache never serves a wrong result: a file it
// cannot vouch for is a miss, trained again, and the run says so.
//
// The key of a cache file is text naming everything its contents depend on:
// what the file holds, the code's identity, every setting, the seed
// ("copy-run program=ch06 code=3f9a... vocab=16 ... lr=0x1.89374bc6a7efap-9 ... seed=1",
// numbers that are not integers in C's exact %a form). The code's identity
// is a key the build computes, never the program's own file (which not every
// system can read back, /proc/self/exe being Linux's): CMakeLists.txt's
// workbook_source_key hashes (tools/source_key.cmake) the sources the results
// come from with what else changes their numbers: the compiler and the
// processor it builds for, the flags, the CBLAS and the GSL version (and, for
// the run caches of chapters 6 and 9, WORKBOOK_CODE_KEY: every source of the
// program, CMakeLists.txt and the build type), so a build of other code, by
// another compiler or with other flags never reads an older build's results.
// The file is named by its 64-bit hash (common/base/hash.h), PREFIX-HASH.bin, and holds
//   magic     "PECACHE2"                              8 bytes
//   key       its length (uint32), then its bytes     the whole key, not only its hash
//   payload   the chapter's own bytes
//   checksum  zlib's crc32 of every byte above        uint32
// (native byte order, as the payloads' raw doubles). cache_open checks the
// magic, the key byte for byte and the checksum before the chapter reads a
// byte of the payload, and the chapter then checks its values (sizes, every
// number finite where it must be), so a truncated, corrupted or swapped file,
// a file of an older format, or anything at the name that is not a regular
// file (a FIFO, a link, a folder) is a miss: the run trains again and says so
// once (cache_rejected_sentence).
//
// Files are written under a temporary name and renamed (common/base/datafile.h):
// a run stopped by SIGINT, SIGTERM or SIGHUP removes its temporary (faults.h),
// and the temporaries of runs killed outright (SIGKILL) are swept from the
// folder the next time a run uses it. A cache that cannot be written only
// makes the next run slower.
#ifndef WORKBOOK_CACHE_FILES_H
#define WORKBOOK_CACHE_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/datafile.h"
#include "base/hash.h"

// The cache folder: 'given' (--cache DIR) if not NULL, else the default,
// "cache" beside the output folder out (for --out build/workbook/ch06:
// build/workbook/cache), written into buf (size bytes).
const char *cache_folder(const char *given, const char *out, char *buf, size_t size);

// The two options of a chapter with a cache, for its OptionSpec table
// (common/run/options.h): --cache DIR (a const char *dir) and --retrain (a bool).
// 'cache_help' is --cache's help, marked N_ (common/base/i18n.h): what is kept
// there, and its default, N_("trained vectors are kept here (default: 'cache'
// beside --out)").
#define CACHE_OPTION_SPECS(dir, retrain, cache_help)                                                    \
    {"--cache", OPTION_TEXT, &(dir), 0, 0, 0, "DIR", cache_help},                                       \
    {"--retrain", OPTION_FLAG, &(retrain), 0, 0, 0, NULL, N_("train again even what the cache has")}

// ---- the key ------------------------------------------------------------------------

enum { CACHE_KEY_MAX = 2048 };

typedef struct {
    char text[CACHE_KEY_MAX];
    size_t len;
    bool overflow;                 // longer than CACHE_KEY_MAX: nothing is cached under it
} CacheKey;

// A key that starts with 'what', the kind of content ("copy-run").
void cache_key_init(CacheKey *k, const char *what);
// Append one space and printf's text: cache_key_add(k, "d=%zu", d). A
// number that is not an integer goes in as "%a" (every bit of it).
void cache_key_add(CacheKey *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
// The file's name, PREFIX-HASH.bin with the key's hash as 16 hex digits;
// false (nothing to cache under) when the key overflowed or name is too small.
bool cache_key_name(const CacheKey *k, const char *prefix, char *name, size_t size);

// ---- reading --------------------------------------------------------------------------

typedef enum {
    CACHE_ABSENT,                  // no file at the name (an ordinary miss)
    CACHE_REJECTED,                // something at the name that is not this key's whole file
    CACHE_FOUND                    // checked: the reader is at the payload's first byte
} CacheLookup;

typedef struct {
    FILE *fp;                      // CACHE_FOUND: read the payload from here
    long payload_end;              // the offset of the checksum, just after the payload
} CacheReader;

// Look up dir/name for 'key'. The name is opened without following a link and
// without blocking (O_NOFOLLOW | O_NONBLOCK: a FIFO there would block a
// plain open), refused unless it is a regular file, then read whole once to
// check magic, key and checksum. Only CACHE_FOUND leaves r->fp open.
CacheLookup cache_open(CacheReader *r, const char *dir, const char *name, const CacheKey *key);
// Close the reader; true when the payload was read exactly to its end with no
// read error (a payload that ends early or reads on was not what was written).
bool cache_close(CacheReader *r);

// The one line (no newline) a run says when 'rejected' > 0 files at its
// cache names could not be used, e.g. "cache: 2 files in build/workbook/cache
// did not match their key or checksum (or were not regular files); trained again".
void cache_rejected_sentence(char *buf, size_t size, size_t rejected, const char *dir);

// ---- writing --------------------------------------------------------------------------

// Writing the cache file dir/name of 'key': cache_create makes the folder
// (mkdir -p), opens the file under a temporary name beside it and writes the
// magic and the key; the caller writes the payload (to f->fp, or with
// datafile_write); false when it cannot (nothing is left). cache_commit,
// when ok and every write went well, appends the checksum of the file's bytes
// and names it (flushed, synced, the folder synced: datafile_close); else it
// removes it. Nothing half-written is ever named dir/name.
bool cache_create(DataFile *f, const char *dir, const char *name, const CacheKey *key);
void cache_commit(DataFile *f, bool ok);

#endif
