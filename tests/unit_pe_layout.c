// unit_pe_layout.c: the interleaved and halves table layouts (common/position/pe_layout.h).
//
// The halves table is computed from the same sin/cos calls as the interleaved
// one, so a permutation of columns must reproduce it bit for bit (tolerance 0).
// Dot products of rows sum the same d terms in another order: d*DBL_EPSILON.
#include <float.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_permute_matrix.h>
#include <gsl/gsl_test.h>

#include "position/pe_layout.h"
#include "position/pe_table.h"
#include "run/compare.h"

int main(void) {
    gsl_set_error_handler_off();

    // d = 8: sines from columns 0 2 4 6, then cosines from 1 3 5 7.
    gsl_permutation *p8 = gsl_permutation_alloc(8);
    gsl_test(pe_layout_halves_permutation(p8), "permutation d=8");
    static const size_t EXPECTED[8] = {0, 2, 4, 6, 1, 3, 5, 7};
    for (size_t j = 0; j < 8; j++)
        gsl_test_int((int)p8->data[j], (int)EXPECTED[j], "halves column %zu = interleaved column", j);
    gsl_test(gsl_permutation_valid(p8), "a valid permutation");

    static const size_t WIDTHS[] = {2, 16, 128};
    for (size_t w = 0; w < 3; w++) {
        size_t d = WIDTHS[w], N = 41;
        gsl_matrix *inter = gsl_matrix_alloc(N, d), *halves = gsl_matrix_alloc(N, d);
        gsl_permutation *p = gsl_permutation_alloc(d);
        gsl_test(pe_table_fill(inter, 238.5), "interleaved table");
        gsl_test(pe_table_fill_halves(halves, 238.5), "halves table");
        gsl_test(pe_layout_halves_permutation(p), "permutation");
        gsl_matrix *gram_i = gsl_matrix_alloc(N, N), *gram_h = gsl_matrix_alloc(N, N);
        gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, inter, inter, 0.0, gram_i);
        gsl_blas_dgemm(CblasNoTrans, CblasTrans, 1.0, halves, halves, 0.0, gram_h);
        gsl_test_abs(max_abs_diff_matrix(gram_i, gram_h), 0.0, d * DBL_EPSILON * d,
                     "P_a . P_b the same in both layouts, d=%zu", d);
        gsl_test(gsl_permute_matrix(p, inter), "gsl_permute_matrix");
        gsl_test_abs(max_abs_diff_matrix(inter, halves), 0.0, 0.0, "permuted interleaved = halves, d=%zu", d);
        gsl_matrix_free(inter);
        gsl_matrix_free(halves);
        gsl_matrix_free(gram_i);
        gsl_matrix_free(gram_h);
        gsl_permutation_free(p);
    }

    gsl_permutation *odd = gsl_permutation_alloc(5);
    gsl_test(pe_layout_halves_permutation(odd) != GSL_EINVAL, "odd width permutation gives GSL_EINVAL");
    gsl_matrix *odd_table = gsl_matrix_alloc(2, 5);
    gsl_test(pe_table_fill_halves(odd_table, 0.0) != GSL_EINVAL, "odd width table gives GSL_EINVAL");
    gsl_permutation_free(odd);
    gsl_matrix_free(odd_table);
    gsl_permutation_free(p8);
    return gsl_test_summary();
}
