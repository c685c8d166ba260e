/* The stud and draw kernels of the equity engine in C (csrc/deal_kernels.c): the exact twins of
 * pyeval/_kernels.py's numba kernels of the same names, so that a stud or draw query never
 * imports numba (its import and first cache load cost most of a second, issue 16 item 4).
 *
 * Arrays are C-contiguous; the lengths passed are those of the arrays.  Every function returns
 * 0, or -2 when a size, an index or a state is out of range (nothing is read or written outside
 * the given arrays for any input).  Binomials C(m, k), m <= 52, k <= 8, are computed here.
 */
#ifndef PYEVAL_DEAL_KERNELS_H
#define PYEVAL_DEAL_KERNELS_H
#include <stdint.h>

/* n random completions (out: rows x n x k): for each deal n_unknown picks from deck (deck_n
 * live cards, permuted in place) by csrc/rng.h's draw, state (4 words) advanced in place; cell q
 * of cells (n_cells x 3: row, column, pick) puts a pick at out[row, i, column]. */
int64_t pyeval_sample_rows(uint8_t *deck, int deck_n, int n_unknown, uint64_t *state, const int64_t *cells,
                           int64_t n_cells, uint8_t *out, int64_t rows, int64_t n, int64_t k);

/* Completions start .. start + n - 1 in mixed-radix order (slot s: a lexicographic combination of
 * sizes[s] <= 8 cards from those the earlier slots left), written through cells as above. */
int64_t pyeval_enumerate_rows(const uint8_t *deck, int deck_n, const int64_t *sizes, int n_slots, int64_t start,
                              const int64_t *cells, int64_t n_cells, uint8_t *out, int64_t rows, int64_t n,
                              int64_t k);

/* counts[pattern] += 1 for each deal i < n of strengths (parts x players x stride, int32). */
int64_t pyeval_tally_patterns(const int32_t *strengths, int parts, int players, int64_t stride, int64_t n,
                              const int64_t *fallback, int64_t *counts, int64_t n_counts);

/* Share each deal i < n's pot (pyeval._kernels.tally): split (parts x (players + 1)) pot units
 * each of w tied winners of part j gets; a low part (fallback[j] >= 0) nobody qualifies for goes
 * to part fallback[j]'s winners.  Adds to units, sumsq, wins, ties (players), part_units
 * (parts x players) and no_qualifier (parts). */
int64_t pyeval_tally(const int32_t *strengths, int parts, int players, int64_t stride, int64_t n, const int64_t *split,
                     const int64_t *fallback, int64_t pot, int64_t *units, int64_t *sumsq, int64_t *wins,
                     int64_t *ties, int64_t *part_units, int64_t *no_qualifier);

/* Every k-subset of 0..m-1 in lexicographic order into out (C(m, k) x max(k, 1)). */
int64_t pyeval_all_combinations(int m, int k, uint8_t *out, int64_t out_len);

/* The subset buckets of the two-hand count (combos: n x k codes of live positions; bucket of a
 * subset S: base[|S|] + colex rank of S): sizes[bucket + 1] += 1 for every subset of every combo. */
int64_t pyeval_subset_sizes(const uint8_t *combos, int64_t n, int k, const int64_t *base, int64_t n_base,
                            int64_t *sizes, int64_t n_sizes);
/* data[fill[bucket]++] = values[i] for every subset of combo i. */
int64_t pyeval_subset_fill(const uint8_t *combos, const int32_t *values, int64_t n, int k, const int64_t *base,
                           int64_t n_base, int64_t *fill, int64_t n_fill, int32_t *data, int64_t n_data);
/* Sort data[offsets[b] .. offsets[b + 1]) for buckets lo <= b < hi. */
int64_t pyeval_sort_buckets(const int64_t *offsets, int64_t n_offsets, int32_t *data, int64_t n_data, int64_t lo,
                            int64_t hi);
/* out = (A wins, B wins, ties) over the combos of A against B's buckets, by inclusion-exclusion. */
int64_t pyeval_count_two_hands(const uint8_t *combos_a, const int32_t *values_a, int64_t n_a, int k_a, int k_b,
                               const int64_t *base, int64_t n_base, const int64_t *offsets, int64_t n_offsets,
                               const int32_t *data, int64_t n_data, int64_t *out);
/* The hi/lo 2-D dominance counts of pyeval.two_hand_hilo over buckets lo..hi-1 into grid (2 x 3 x 3). */
int64_t pyeval_count_hilo_buckets(const int64_t *off_a, int64_t n_off_a, const int32_t *data_a, int64_t n_data_a,
                                  const int64_t *off_b, int64_t n_off_b, const int32_t *data_b, int64_t n_data_b,
                                  const int64_t *base, int64_t n_base, int64_t n_lo, int64_t no_low, int64_t lo,
                                  int64_t hi, int64_t *grid);

#endif
