/* Canonical hold'em states for pyeval.strength (csrc/strength_index.c, csrc/strength_features.c).
 *
 * A state is two hole cards and board_n (0, 3, 4 or 5) board cards, one row of 2 + board_n codes.
 * The deck is the ranks lowest_rank..12 of every suit (0: 52 cards; 4: the 36-card short deck).
 * States equal up to a permutation of the suits and the order of the hole cards and of the board
 * cards share one index in 0 .. pyeval_strength_count(board_n, lowest_rank) - 1 (Waugh 2013,
 * rounds [hole] then [board]).  Returns -1 on success, the first bad row (a code outside the deck,
 * a card twice, an index out of range), or -2 for a bad board_n or lowest_rank.
 */
#ifndef PYEVAL_STRENGTH_H
#define PYEVAL_STRENGTH_H
#include <stdint.h>

int64_t pyeval_strength_count(int board_n, int lowest_rank);
int64_t pyeval_strength_index(const uint8_t *cards, int64_t n, int board_n, int lowest_rank, int64_t *out);
/* A representative of each index: hole cards, then the board in increasing code order. */
int64_t pyeval_strength_cards(const int64_t *index, int64_t n, int board_n, int lowest_rank, uint8_t *out);

/* Exact counts behind pyeval.strength.features (csrc/strength_features.c), for the evaluator kind
 * PYEVAL_KIND_HIGH (52 cards), PYEVAL_KIND_SHORTDECK or PYEVAL_KIND_SHORTDECK_ALT (36 cards, codes
 * 16..51; trips beat a straight, or a straight beats trips: csrc/pyeval.h).
 * Per state (a row of 2 + board_n codes), counts[r * (PYEVAL_STRENGTH_COUNTS + bins) + ...]:
 *   0 runouts: the boards completing it (every 5 - board_n cards of the rest);
 *   1 opponents: the opponent hands per runout (every two cards left);
 *   2 sum over runouts of e = 2 * wins + ties against the opponents (river EHS = e / (2 * opponents));
 *   3 sum over runouts of e * e;
 *   4..12 hp1[now][then], 13..21 hp2[now][then]: opponent hand and runout pairs by the state now
 *     and after the next card (hp1) or at the river (hp2), 0 ahead, 1 tied, 2 behind (zero preflop,
 *     where no hand is made yet);
 *   22.. hist[bins]: runouts whose river EHS falls in bin min(e * bins / (2 * opponents), bins - 1).
 * Returns -1, the first bad row (a card twice or outside the kind's deck), or -2 (bad board_n, bins
 * or kind). */
#define PYEVAL_STRENGTH_COUNTS 22
int64_t pyeval_strength_features(const uint8_t *cards, int64_t n, int board_n, int bins, int kind, int64_t *counts);

/* The river table (csrc/strength_table.c), for the deck and ranking of kind (as above: 52 or 36
 * cards).  5-card boards are numbered in colex order over the deck's cards, code - lowest card
 * (0 .. C(52, 5) - 1 = 2,598,959, or C(36, 5) - 1 = 376,991); a board is canonical when no
 * relabelling of its suits has a smaller card set.  pyeval_strength_board_numbers: the number of
 * each board's canonical board (boards: n rows of 5 codes); returns -1, the first bad row, or -2.
 * pyeval_strength_river_e: for each canonical board among numbers[0..n) (the others are skipped),
 * ranks the hole pairs beside it once (1,081, or 465) and writes each of its states'
 * e = 2 * wins + ties against the opponent hands (990, or 406) to e[index - first] when that is in
 * 0 .. e_len - 1.  Distinct canonical boards write distinct states.  Returns -1, the first bad
 * number, or -2. */
int64_t pyeval_strength_board_numbers(const uint8_t *boards, int64_t n, int kind, int64_t *out);
int64_t pyeval_strength_river_e(const int64_t *numbers, int64_t n, int kind, int64_t first, uint16_t *e,
                                int64_t e_len);
/* Per state index (of the street with board_n cards), by a lookup of every runout in the river
 * table e of the same kind (e_len states): counts[r * (3 + bins) + ...] = runouts, sum of e, sum
 * of e * e, then hist[bins] (bin min(e * bins / (2 * opponents), bins - 1)).  Returns -1, the
 * first bad index, or -2. */
int64_t pyeval_strength_river_lookup(const int64_t *index, int64_t n, int board_n, int kind, const uint16_t *e,
                                     int64_t e_len, int bins, int64_t *counts);
#endif
