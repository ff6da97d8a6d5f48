// hash.c: see hash.h.
#include "base/hash.h"

#include <string.h>

uint64_t hash_bytes(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;   // FNV-1a 64's prime
    return h;
}

uint64_t hash_text(uint64_t h, const char *s) { return hash_bytes(h, s, strlen(s)); }
