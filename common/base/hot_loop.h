// hot_loop.h: the hottest loops (training's exp, Adam and the keys' softmax
// backward, chapter 0's SGNS)
// compiled twice, for AVX2 and for the baseline x86-64, the copy for the
// machine chosen when the program loads.
//
// WORKBOOK_HOT_LOOP before a function asks GCC for both copies
// (target_clones; glibc picks one per process, so every run on a machine
// uses the same one). It changes speed only, not numbers: the build never
// contracts a*b+c into one rounding (-ffp-contract=off), and each of +, -,
// *, / and sqrt gives the same bits in a vector register as alone (a sum
// keeps its order: common/words/word2vec.c's are written so). The one exception
// is exp, which the AVX2 copy takes from glibc's 4-wide libmvec routine
// instead of its 2-wide one: both are within 4 ulp, and they disagree in
// the last bit for about 1 argument in 13,000 (of 16 million drawn
// uniformly from [-60, 5]; docs/ENGINEERING.md, "Speed").
// GCC on x86-64 only, outside the AddressSanitizer builds; empty elsewhere.
#ifndef WORKBOOK_HOT_LOOP_H
#define WORKBOOK_HOT_LOOP_H

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__)
#define WORKBOOK_HOT_LOOP __attribute__((target_clones("avx2", "default")))
#else
#define WORKBOOK_HOT_LOOP
#endif

#endif
