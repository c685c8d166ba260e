/* Exact heads-up range equity on every runout of many flops at once (csrc/flop_sweep.c), for
 * pyeval.flop_report (issue 42): on each turn and river, both ranges' combos are evaluated once
 * and swept (csrc/range_sweep.h), instead of one range query per flop.
 *
 * Returns 0, or -2 when a size, a card, an index or a kind is out of range (nothing is read or
 * written outside the given arrays), -5 when memory runs out. */
#ifndef PYEVAL_FLOP_SWEEP_H
#define PYEVAL_FLOP_SWEEP_H
#include <stdint.h>

/* flops: n_flops x 3 card codes; kind: PYEVAL_KIND_HIGH, _SHORTDECK or _SHORTDECK_ALT; the deck
 * is the cards lowest_card..51 outside dead_mask (bit c: card c).  combos: (n0 + n1) x 2, range
 * 0's first; num0/num1 their integer weights; self0[a]: range 1's index of range 0's combo a (-1:
 * none), self1 the other way.  Per flop f, acc[f] (6 x acc_cols) gets, for every combo disjoint
 * from the flop and the dead cards, its weighted count over every turn and river of the other
 * range's combos it meets (rows 2 and 5), beats (0 and 3) and ties (1 and 4): range 0 in rows
 * 0-2, range 1 in rows 3-5; acc is overwritten. */
int64_t pyeval_flop_sweep(const uint8_t *flops, int64_t n_flops, int kind, int lowest_card, uint64_t dead_mask,
                          const uint8_t *combos, int64_t n0, int64_t n1, const int64_t *num0, const int64_t *num1,
                          const int64_t *self0, const int64_t *self1, int64_t *acc, int64_t acc_cols);

/* The same counts from every 5-card board once up to suit isomorphism: each board whose rank
 * sets by suit are the largest of its images under the suit maps perms (n_perm x 4, suit ->
 * suit, the identity first; they must keep both ranges with their weights and the dead cards)
 * is evaluated and swept once, and each combo's wins and ties there are added for every image
 * of the board and every flop of it that is a class representative (flop_class: per colex
 * index of three cards c0 < c1 < c2, C(c0,1) + C(c1,2) + C(c2,3), the class or -1), at the
 * image of the combo (combo_perm: n_perm x (n0 + n1), the combined index of each combo's
 * image).  live: the deck (ascending, no dead card; no combo may hold a card outside it).
 * Boards are shared among parts by their first two cards: this call adds its part's.
 * acc (n_classes x (n0 + n1)) gets wins in the low 32 bits and ties in the high 32 bits of
 * each entry; the caller keeps 1,176 x either range's total weight below 2**32. */
int64_t pyeval_flop_boards(int kind, const uint8_t *live, int live_n, const uint8_t *perms, int n_perm,
                           const uint8_t *combos, int64_t n0, int64_t n1, const int64_t *num0, const int64_t *num1,
                           const int64_t *self0, const int64_t *self1, const int32_t *combo_perm,
                           const int32_t *flop_class, int64_t n_classes, int part, int parts, uint64_t *acc);

#endif
