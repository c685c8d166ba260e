/* Functions shared between the core's files; not part of the Python-facing API. */
#ifndef PYEVAL_INTERNAL_H
#define PYEVAL_INTERNAL_H
#include <stdint.h>
#include <string.h>

#include "pyeval.h"

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

/* First index of a[0..n) (sorted) with a[i] >= x (right = 0) or a[i] > x (right = 1): numpy's
 * searchsorted, side left or right. */
static inline int64_t sorted_search(const int32_t *a, int64_t n, int32_t x, int right)
{
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (a[mid] < x || (right && a[mid] == x))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Why a batch row is bad (csrc/board_batch.c, csrc/stud_batch.c; pyeval/batch.py words them). */
#define ROW_BAD_CODE 1      /* a code above 51 (UNKNOWN_CARD too, where no card may be unknown) */
#define ROW_REPEATED 2      /* a card twice */
#define ROW_PARTIAL_HAND 3  /* a board game's hand with some cards known and some unknown */
#define ROW_NOT_IN_DECK 4   /* a card below the game's lowest card (short deck) */
#define ROW_DECK_SHORT 5    /* fewer live cards than the row deals */
#define ROW_OWN_LAST_CARD 6 /* stud: the deck runs short, but a player already holds his last card */

/* Card c of a batch row: marked in *used, the row's first fault kept in *bad. */
static inline void row_card(uint8_t c, int lowest_card, uint64_t *used, int *bad)
{
    if (c > 51) {
        *bad = *bad ? *bad : ROW_BAD_CODE;
        return;
    }
    if (*used >> c & 1)
        *bad = *bad ? *bad : ROW_REPEATED;
    if (c < lowest_card)
        *bad = *bad ? *bad : ROW_NOT_IN_DECK;
    *used |= UINT64_C(1) << c;
}

/* The live deck of a row: every card from lowest_card up not in used, ascending; its size. */
static inline int row_deck(uint64_t used, int lowest_card, uint8_t *deck)
{
    int deck_n = 0;
    for (int c = lowest_card; c < 52; c++) { /* branch-free: which cards are live is data */
        deck[deck_n] = (uint8_t)c;
        deck_n += !(used >> c & 1);
    }
    return deck_n;
}

/* Chunk c of a sampled batch row of ``samples`` deals in chunks of ``chunk`` (c * chunk must not
 * overflow): its deals (0 past the row's end), its generator state (pyeval_chunk_state of the row's
 * seed and c) and the row's deck put back in ascending order, as each chunk of a single query starts. */
static inline int64_t row_chunk(uint64_t row_seed, int64_t samples, int64_t chunk, int64_t c, uint64_t *state,
                                uint8_t *deck, const uint8_t *ascending, int deck_n)
{
    if (c * chunk >= samples)
        return 0;
    pyeval_chunk_state(row_seed, (uint64_t)c, state);
    memcpy(deck, ascending, (size_t)deck_n);
    return samples - c * chunk < chunk ? samples - c * chunk : chunk;
}

/* A batch row's tallies from its pattern histogram: out = counts . matrix (patterns x columns)
 * (csrc/board_batch.c, csrc/stud_batch.c). */
static inline void pyeval_tally_row(const int64_t *counts, int64_t patterns, const int64_t *matrix, int64_t columns,
                                    int64_t *out)
{
    for (int64_t j = 0; j < columns; j++)
        out[j] = 0;
    for (int64_t q = 0; q < patterns; q++) {
        const int64_t c = counts[q];
        if (!c)
            continue;
        const int64_t *m = matrix + q * columns;
        for (int64_t j = 0; j < columns; j++)
            out[j] += c * m[j];
    }
}

#endif
