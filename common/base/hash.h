// hash.h: the workbook's one hash, FNV-1a 64: the keys of the cache files
// (chapters 0, 6 and 9), each claim's random stream (chapter.c), the corpus's
// checksum and its vocabulary table (corpus.c).
//
// A key made of several parts chains the calls: h = hash_bytes(HASH_START, a, na);
// h = hash_bytes(h, b, nb); ... Cache file names and claims' random streams
// depend on every bit of these results: never change the function or its start.
#ifndef WORKBOOK_HASH_H
#define WORKBOOK_HASH_H

#include <stddef.h>
#include <stdint.h>

// The start of every hash: FNV-1a 64's offset basis as the workbook has always
// typed it, 1469598103934665603, the published 14695981039346656037 without
// its last digit. It hashes as well as the published one, and it stays:
// cache names and every claim's random numbers depend on it.
#define HASH_START 1469598103934665603ull

// h extended by the n bytes at p (FNV-1a 64).
uint64_t hash_bytes(uint64_t h, const void *p, size_t n);

// The same over the strlen(s) bytes of s.
uint64_t hash_text(uint64_t h, const char *s);

#endif
