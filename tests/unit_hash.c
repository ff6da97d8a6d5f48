// unit_hash.c: the workbook's one hash (common/base/hash.h) is FNV-1a 64, and its
// start is the one cache names and claims' random streams were made with.
#include <gsl/gsl_test.h>
#include <string.h>

#include "base/hash.h"

int main(void) {
    // The published FNV-1a 64 test vectors, from the published offset basis.
    const uint64_t fnv_basis = 14695981039346656037ull;
    gsl_test(hash_bytes(fnv_basis, "", 0) != fnv_basis, "no bytes: h unchanged");
    gsl_test(hash_text(fnv_basis, "a") != 0xaf63dc4c8601ec8cull, "FNV-1a 64 of \"a\"");
    gsl_test(hash_text(fnv_basis, "foobar") != 0x85944171f73967e8ull, "FNV-1a 64 of \"foobar\"");

    // The workbook's start (see hash.h), pinned: claim 1.1's stream is seeded from this.
    gsl_test(HASH_START != 0x14650fb0739d0383ull, "HASH_START is the start the workbook always used");
    gsl_test(hash_text(HASH_START, "1.1") != 0x3ffc175020d3c85bull, "the hash of claim id 1.1");

    // Chaining: a key in parts is the key of the parts one after another.
    const char text[] = "ch06-run: sizes, rates, columns";
    uint64_t whole = hash_bytes(HASH_START, text, sizeof text);
    uint64_t parts = hash_bytes(hash_bytes(HASH_START, text, 10), text + 10, sizeof text - 10);
    gsl_test(whole != parts, "hashing in two parts gives the hash of the whole");
    gsl_test(hash_text(HASH_START, text) != hash_bytes(HASH_START, text, strlen(text)),
             "hash_text is hash_bytes over strlen bytes");
    double x = 0.5;   // bytes of any kind, as the cache keys hash numbers
    unsigned char b[sizeof x];
    memcpy(b, &x, sizeof x);
    gsl_test(hash_bytes(HASH_START, &x, sizeof x) != hash_bytes(HASH_START, b, sizeof b), "a number's bytes");
    return gsl_test_summary();
}
