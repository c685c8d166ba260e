/* Functions shared between the core's files; not part of the Python-facing API. */
#ifndef PYEVAL_INTERNAL_H
#define PYEVAL_INTERNAL_H
#include <stdint.h>

/* Omaha high of one valid hand; board_key is the sum of the board's PYEVAL_CARD_KEY. */
int32_t pyeval_omaha_high_hand(const uint8_t *hole, int h, const uint8_t *board, int b, uint64_t board_key);
/* The board's row of PYEVAL_OMAHA_HIGH: the best non-flush hand of each hole rank pair (column
 * PYEVAL_PAIR_INDEX[13 * x + y]) with three of the board's cards. */
const uint16_t *pyeval_omaha_board_row(uint64_t board_key);

/* binom[m][k] = C(m, k) for m <= BINOM_MAX_M and k <= BINOM_MAX_K: the colex ranks of card sets
 * (m runs to 52 so that a code out of the deck, clamped to 52, still indexes the table). */
#define BINOM_MAX_M 52
#define BINOM_MAX_K 8
typedef int64_t binom_row[BINOM_MAX_K + 1];
static inline void fill_binom(binom_row binom[BINOM_MAX_M + 1])
{
    for (int m = 0; m <= BINOM_MAX_M; m++) {
        binom[m][0] = 1;
        for (int k = 1; k <= BINOM_MAX_K; k++)
            binom[m][k] = m == 0 ? 0 : binom[m - 1][k - 1] + binom[m - 1][k];
    }
}

/* Steps pos[0..k-1], increasing positions among 0..m-1, to the next combination in lexicographic
 * order.  Returns the first index that changed (the ones before it kept their cards), or -1 after
 * the last combination. */
static inline int next_combination(int *pos, int k, int m)
{
    int i = k - 1;
    while (i >= 0 && pos[i] == m - k + i)
        i--;
    if (i < 0)
        return -1;
    pos[i]++;
    for (int j = i + 1; j < k; j++)
        pos[j] = pos[j - 1] + 1;
    return i;
}

#endif
