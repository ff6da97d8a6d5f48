// fmax_inline.h: fmax as an inline expression, for loops that take the
// maximum of millions of values (the largest entry difference of two rows,
// common/run/compare.c; the far-distance bound, common/position/float_code.c).
//
// Why: without -ffast-math (which the build must never get: chapters 2, 5
// and 8 measure rounding itself) GCC calls libm's fmax instead of inlining
// it, because fmax must return the non-NaN operand when one is a NaN; the
// call was about a tenth of chapter 8's time.
//
// The same result as glibc's x86-64 fmax (sysdeps/x86_64/fpu/s_fmax.S) for
// every pair of quiet-NaN or non-NaN operands:
//   ordered a, b:   a > b ? a : b   (its maxsd; so fmax(+0, -0) is -0, as there)
//   one NaN:        the other operand
//   both NaN:       a NaN (a)
// Signalling NaNs, which no arithmetic produces, are the one difference
// (glibc returns a + b, a quiet NaN, there).
#ifndef WORKBOOK_FMAX_INLINE_H
#define WORKBOOK_FMAX_INLINE_H

static inline double fmax_inline(double a, double b) {
    // b != b: b is a NaN. Otherwise a > b ? a : b, which GCC emits as one maxsd
    // (that instruction returns b when either is a NaN or both are zeros).
    return b != b ? a : (a > b ? a : b);
}

#endif
