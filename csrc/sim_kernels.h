/* The simulation kernels of pyeval.deal, pyeval.showdown and pyeval.simulate in C
 * (csrc/sim_kernels.c): the exact twins of the numba kernels of the same names they replaced
 * (tests/numba_sim_kernels.py), so that those calls never import numba (its import and first
 * cache load cost most of a second, issue 16 item 4).
 *
 * Arrays are C-contiguous; the sizes passed are those of the arrays.  Strengths hi, lo are
 * (n x boards x players) int32; ids (n x players) int32 hand classes.  Every function returns
 * 0, or -2 when a size, an index, a card code or a state is out of range: nothing is read or
 * written outside the given arrays for any input (a refused call may have written part of
 * its outputs).
 */
#ifndef PYEVAL_SIM_KERNELS_H
#define PYEVAL_SIM_KERNELS_H
#include <stdint.h>

/* n deals into out (n x v): tmpl (v cards) with the n_pick cards drawn from deck (deck_n live
 * cards, permuted in place) at positions pick_pos, in pairs (csrc/rng.h's shuffle_front, the
 * steps of draw_cards); state (4 words) advanced in place.  v, deck_n <= 256. */
int64_t pyeval_sim_deal_cards(uint8_t *deck, int64_t deck_n, uint64_t *state, const uint8_t *tmpl, int64_t v,
                              const int64_t *pick_pos, int64_t n_pick, uint8_t *out, int64_t n);

/* The same deals straight into evaluation rows, out (n x boards * players x hole + board_n): row
 * b * players + p is player p's hole cards, then board b (at most 1024 cards a deal). */
int64_t pyeval_sim_deal_rows(uint8_t *deck, int64_t deck_n, uint64_t *state, const uint8_t *tmpl, int64_t v,
                             const int64_t *pick_pos, int64_t n_pick, int64_t boards, int64_t board_n,
                             int64_t players, int64_t hole, uint8_t *out, int64_t n, int64_t rows, int64_t k);

/* found = (first deal of cards (n x v) with a code out of [lowest, 52) or a repeated card, or -1;
 * its position; its code). */
int64_t pyeval_sim_check_deals(const uint8_t *cards, int64_t n, int64_t v, int64_t lowest, int64_t *found);

/* units (n x players): pot units each player wins in each deal (each board plays for pot / boards;
 * with has_low, half of it goes to the best qualifying low, lo > 0). */
int64_t pyeval_sim_showdown_shares(const int32_t *hi, const int32_t *lo, int64_t has_low, int64_t n,
                                   int64_t boards, int64_t players, int64_t pot, int64_t *units);

/* ids (n x players): class (classes[colex rank]) of each player's first hole cards of rows
 * (n x n_rows x k), 1 <= hole <= 5. */
int64_t pyeval_sim_hand_class_ids(const uint8_t *rows, int64_t n, int64_t n_rows, int64_t k, int64_t hole,
                                  int64_t players, const int32_t *classes, int64_t n_classes, int32_t *ids);

/* out (n_out x players + 1): out[class, k] += 1 for a hand that split the pot k ways (0: lost);
 * one board, high only. */
int64_t pyeval_sim_tally_hands_split(const int32_t *hi, int64_t n, int64_t boards, int64_t players,
                                     const int32_t *ids, int64_t *out, int64_t n_out, int64_t width);

/* out (n_out x 6): dealt, units, their squares, scoops, partial pots, high-half units per class;
 * one board, hi/lo. */
int64_t pyeval_sim_tally_hands_hilo(const int32_t *hi, const int32_t *lo, int64_t n, int64_t boards,
                                    int64_t players, int64_t pot, const int32_t *ids, int64_t *out, int64_t n_out,
                                    int64_t width);

/* The same columns for any boards, high only or hi/lo. */
int64_t pyeval_sim_tally_hands(const int32_t *hi, const int32_t *lo, int64_t has_low, int64_t n, int64_t boards,
                               int64_t players, int64_t pot, const int32_t *ids, int64_t *out, int64_t n_out,
                               int64_t width);

/* Category counts of every hand (*_all) and of each board's best hand (*_win); hi_cat, lo_cat
 * map a strength to its category. */
int64_t pyeval_sim_tally_categories(const int32_t *hi, const int32_t *lo, int64_t has_low, int64_t n,
                                    int64_t boards, int64_t players, const int64_t *hi_cat, int64_t n_hi_cat,
                                    const int64_t *lo_cat, int64_t n_lo_cat, int64_t *hi_all, int64_t *hi_win,
                                    int64_t n_hi, int64_t *lo_all, int64_t *lo_win, int64_t n_lo);

/* The 10 hi/lo counters of pyeval.simulate's hilo study into out (rows: n x boards * players x k). */
int64_t pyeval_sim_tally_hilo(const uint8_t *rows, int64_t n_rows, int64_t k, const int32_t *hi, const int32_t *lo,
                              int64_t n, int64_t boards, int64_t players, int64_t pot, int64_t hole, int64_t board_n,
                              int64_t *out, int64_t n_counters);

/* keys[i]: the four suit rank masks of combos row i (n x width, its first hole cards) sorted in
 * decreasing order, 13 bits each. */
int64_t pyeval_sim_hole_class_keys(const uint8_t *combos, int64_t n, int64_t width, int64_t hole, int64_t *keys);

#endif
