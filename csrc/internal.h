/* Functions shared between the core's files; not part of the Python-facing API. */
#ifndef PYEVAL_INTERNAL_H
#define PYEVAL_INTERNAL_H
#include <stdint.h>

/* Omaha high of one valid hand; board_key is the sum of the board's PYEVAL_CARD_KEY. */
int32_t pyeval_omaha_high_hand(const uint8_t *hole, int h, const uint8_t *board, int b, uint64_t board_key);

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
