/* The kernels of exact range equity in C (csrc/range_exact.c): the exact twins of the numba
 * kernels pyeval/range_equity.py ran before (kept in tests/numba_range_kernels.py as the
 * reference), so that an exact range query never imports numba (issue 16 item 4).
 *
 * Arrays are C-contiguous; the lengths passed are those of the arrays.  Every function returns
 * a count or 0, or a negative status: -2 when a size, an index, a card or a value is out of range
 * (nothing is read or written outside the given arrays for any input), -5 when memory runs out.
 * Weighted sums wrap modulo 2**64 as numba's int64 did (the caller keeps them far from it).
 */
#ifndef PYEVAL_RANGE_EXACT_H
#define PYEVAL_RANGE_EXACT_H
#include <stdint.h>

#define PYEVAL_RANGE_MAX_PLAYERS 64 /* players of the assignment kernels */

/* Every disjoint choice of one combo per player (player p's combos: masks[offsets[p] ..
 * offsets[p + 1]), card masks), in lexicographic order; the first out_rows are written to out
 * (out_rows x players local indices).  Returns how many there are, counting stops at cap >= 1. */
int64_t pyeval_range_assignments(const uint64_t *masks, int64_t n_masks, const int64_t *offsets, int players,
                                 int32_t *out, int64_t out_rows, int64_t cap);

/* keys[i]: the smallest over the suit permutations s < n_perm of the mixed-radix key
 * sum_p perm[s, offsets[p] + assign[i, p]] * radix[p] of assignment i (assign: n x players,
 * perm: n_perm x perm_cols); -1 when n_perm is 0. */
int64_t pyeval_range_canonical_keys(const int32_t *assign, int64_t n, int players, const int64_t *perm,
                                    int64_t n_perm, int64_t perm_cols, const int64_t *offsets, const int64_t *radix,
                                    int64_t *keys);

/* Evaluation rows (n_boards * n_combos x (hole + board_len)): combo k with board i in row
 * i * n_combos + k, valid[i * n_combos + k] = 1; where the combo touches the board, the dummy
 * hand and valid 0. */
int64_t pyeval_range_rows(const uint8_t *boards, int64_t n_boards, int board_len, const uint8_t *combos,
                          int64_t n_combos, int hole, const uint8_t *dummy, int dummy_len, uint8_t *rows,
                          int64_t rows_len, uint8_t *valid, int64_t valid_len);

/* The heads-up sweep: per board (strengths, valid: n_boards x (n0 + n1); combos: (n0 + n1) x 2,
 * range 0's first), each valid combo's weighted count of the other range's valid combos disjoint
 * from it that it beats, ties and meets, added to acc rows 0-2 (range 0) and 3-5 (range 1),
 * acc: 6 x acc_cols, acc_cols >= max(n0, n1).  num0/num1: the weights; self0[a]: the index in
 * range 1 of range 0's combo a (-1: none), self1 the other way.  Strengths are >= 0. */
int64_t pyeval_range_sweep_heads_up(const int32_t *strengths, const uint8_t *valid, int64_t n_boards,
                                    const uint8_t *combos, int64_t n0, int64_t n1, const int64_t *num0,
                                    const int64_t *num1, const int64_t *self0, const int64_t *self1, int64_t *acc,
                                    int64_t acc_cols);

/* Every (board, valid assignment) showdown (strengths: parts x n_boards x n_combos; valid:
 * n_boards x n_combos; assignment a's player p holds combo offsets[p] + assign[a, p]): per
 * assignment its unweighted pot units, whole pots and shares (units_a, wins_a, ties_a:
 * n_assign x players); totals weighted by wfull[a] into units, wins, ties (players), part_units
 * (parts x players), no_qualifier (parts) and outcomes[0].  split: parts x (players + 1); a part
 * with fallback[j] >= 0 that nobody qualifies for (best strength 0) goes to part fallback[j]. */
int64_t pyeval_range_board_major_tally(const int32_t *strengths, int parts, int64_t n_boards, int64_t n_combos,
                                       const uint8_t *valid, const int32_t *assign, int64_t n_assign, int players,
                                       const int64_t *offsets, const int64_t *wfull, const int64_t *split,
                                       const int64_t *fallback, int64_t pot, int64_t *units_a, int64_t *wins_a,
                                       int64_t *ties_a, int64_t *units, int64_t *wins, int64_t *ties,
                                       int64_t *part_units, int64_t *no_qualifier, int64_t *outcomes);

#endif
