// rope.h: rotary position embedding (RoPE, Su et al. 2021), interleaved pairs.
//
// RoPE puts position into the queries and keys instead of the input: the
// vector at position k is rotated, pair by pair, through angles k/Z_i, the
// same frequencies as the sinusoidal table (common/position/pe_table.h):
//
//   pair i = dimensions (2i, 2i+1), i = 0 .. d/2-1, theta = k / Z_i, Z_i = 10000^(2i/d)
//   y[2i]   = x[2i] cos(theta) - x[2i+1] sin(theta)
//   y[2i+1] = x[2i] sin(theta) + x[2i+1] cos(theta)
//
// i.e. y = M_k^T x with M_k the pe_rotation_matrix of chapter 5 (its blocks
// are the transposes of these). Because rotations compose, the score between
// a rotated query at m and a rotated key at n is
//   (M_m^T q) . (M_n^T k) = q . (M_m M_n^T k) = q . (M_{m-n} k),
// a function of m - n only.
//
// Shapes (row convention, one position per row, as in attention.h):
//   X, Y, dY, dX  (T, d)   row t is the vector at position first_position + t
// d must be even. X and Y may be the same matrix (in place); views of the
// columns of a wider matrix (one head of a multi-head Q) work too.
//
// For a trainer: the rotation is linear and orthogonal, so the backward pass
// of Y = rope_rotate(X) is dX = rope_unrotate(dY); rope_backward says so in
// its name.
//
// Functions return GSL status codes: GSL_EINVAL for an odd or zero width,
// GSL_EBADLEN for shapes that do not match.
#ifndef WORKBOOK_ROPE_H
#define WORKBOOK_ROPE_H

#include <gsl/gsl_matrix.h>
#include <stdbool.h>
#include <stddef.h>

// The angle of pair i at position k: k / Z_i (NAN for an odd d or i >= d/2).
double rope_angle(double position, size_t i, size_t d);

// Forward: Y (T,d) = X (T,d) with row t rotated by the angles of position first_position + t.
int rope_rotate(const gsl_matrix *X, gsl_matrix *Y, double first_position);

// Inverse: X (T,d) = Y (T,d) rotated back (angles negated): rope_unrotate(rope_rotate(X)) = X.
int rope_unrotate(const gsl_matrix *Y, gsl_matrix *X, double first_position);

// Backward of rope_rotate: dX (T,d) = dL/dX given dY (T,d) = dL/dY.
// The Jacobian of each row is an orthogonal block-diagonal matrix, so dX = J^T dY
// is the inverse rotation of dY.
int rope_backward(const gsl_matrix *dY, gsl_matrix *dX, double first_position);

// ---- for a trainer: the angles computed once ------------------------------------
// A training run rotates the same positions 0..T-1 of every sequence thousands
// of times; RopeTable keeps cos and sin of every (position, pair) angle
// rope_angle(k, i, d), so a rotation is 4 products per pair and no cos/sin.
// rope_table_rotate(X, +1) gives the same numbers as rope_rotate(X, X, 0.0)
// (the same angles, the same formula), rope_table_rotate(X, -1) those of
// rope_unrotate and rope_backward.
typedef struct {
    size_t max_positions, d;
    gsl_matrix *cos, *sin;         // (max_positions, d/2): entry [k][i] = cos, sin of k / Z_i
} RopeTable;

// NULL for an odd or zero d, zero max_positions, or out of memory.
RopeTable *rope_table_new(size_t max_positions, size_t d);
void rope_table_free(RopeTable *table);

// In place: row t of X (T,d) (a view is fine) turned by direction * the angles of
// position t, direction +1 (rotate) or -1 (unrotate, backward). GSL_EBADLEN when
// X's width is not the table's d or T > max_positions; GSL_EINVAL for another direction.
int rope_table_rotate(const RopeTable *table, gsl_matrix *X, int direction);

// In place: EVERY row of X (n,d) turned by direction * the angles of one
// position (the rows are not positions here: a trainer turns a table of keys
// by one relative offset, see posenc.h's qk_relative). GSL_EBADLEN when X's
// width is not the table's d or position >= max_positions; GSL_EINVAL for
// another direction.
int rope_table_rotate_by(const RopeTable *table, gsl_matrix *X, size_t position, int direction);

// ---- why RoPE fails where it fails (chapter 6, claim 6.8) ----------------------
// The score of query t and key s is a fixed function of the offset R = t - s,
// built from the angles R/Z_i of the pairs. Only the "fast" pairs, whose
// period 2 pi Z_i is shorter than L_train, turn far enough inside the training
// window to single out offset 1 from its neighbours. How much offset R looks
// like offset 1 to them:
//   resemblance(R) = mean over fast pairs i of cos((R - 1) / Z_i)   (1 at R = 1)
// Training only shows offsets |R| < L_train; the one most like offset 1 (the
// query's own key, R = 0, for d = 32) scores r_max. An untrained offset that is
// closer to offset 1 than to that, resemblance > (1 + r_max)/2, is an "alias":
// the fast pairs can barely tell it from offset 1, and nothing in training
// taught the model to score it down.
enum { ROPE_ALIASES_MAX = 2048 };   // offsets -(T-1) .. T-1 for a test length T up to 1024
typedef struct {
    size_t d;                         // the encoding's width
    long train_len, test_len;         // L_train, and T
    size_t n_fast;                    // pairs with period < L_train
    double trained_max;               // r_max: largest resemblance among trained offsets R != 1
    long trained_argmax;
    double threshold;                 // (1 + r_max) / 2
    long alias[ROPE_ALIASES_MAX];     // offsets L_train <= |R| < T above the threshold
    size_t n_alias;
} RopeAliases;

// resemblance(R) over the first n_fast pairs of width d.
double rope_resemblance(long R, size_t n_fast, size_t d);
// The fast pairs, r_max and the aliases of width d, training length
// train_len and test length test_len (at most ROPE_ALIASES_MAX / 2).
RopeAliases rope_aliases(size_t d, long train_len, long test_len);
// Does the query at t (in a sequence of the test length) have a key at an alias offset?
bool rope_sees_alias(const RopeAliases *a, size_t t);
// The alias zones of the test length: queries at t <= low or t >= high meet
// an alias key (low = -1, high = T: none).
void rope_alias_zones(const RopeAliases *a, long *low, long *high);

#endif
