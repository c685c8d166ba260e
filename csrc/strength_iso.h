/* The state numbering's tables, shared by csrc/strength_index.c (which fills them) and
 * csrc/strength_table.c; not part of the Python-facing API. */
#ifndef PYEVAL_STRENGTH_ISO_H
#define PYEVAL_STRENGTH_ISO_H
#include <stdint.h>

#define MAX_CONF 128
#define MAX_SHAPES 18 /* (k0 0..2) x (k1 0..5) */

typedef struct {
    int ranks, board_n, lowest, shapes; /* shapes: distinct shape ids, 3 * (board_n + 1) */
    int nconf;
    int32_t code[MAX_CONF];     /* four shape ids in base `shapes`, largest first; increasing */
    int64_t offset[MAX_CONF + 1];
    int64_t small[16][8];       /* C(n, k) for n <= 15, k <= 7 */
} iso_t;

/* 1 when board_n and lowest_rank are valid (t filled), else 0. */
int strength_iso_init(iso_t *t, int board_n, int lowest_rank);
/* The index of one row of 2 + board_n codes; *ok = 0 (and 0 returned) for a bad card or a card twice. */
int64_t strength_index_row(const iso_t *t, const uint8_t *row, int *ok);
/* A representative row of an index in 0 .. t->offset[t->nconf] - 1. */
void strength_cards_row(const iso_t *t, int64_t index, uint8_t *row);

/* The deck and ranking of a state (csrc/strength_features.c): kind is PYEVAL_KIND_HIGH (52 cards),
 * PYEVAL_KIND_SHORTDECK or PYEVAL_KIND_SHORTDECK_ALT (36 cards, codes 16..51). */
typedef struct {
    int kind, lowest_card;
} deck_t;

/* 1 and g filled for a kind above, else 0. */
int strength_deck_init(deck_t *g, int kind);
/* The strengths of n rows of k valid cards by the deck's ranking. */
void strength_rank_rows(const deck_t *g, const uint8_t *rows, int64_t n, int k, int32_t *out);

/* The cards of the deck lowest_card..51 not among row[0..k) (valid, distinct codes), in increasing
 * order, into live; returns how many. */
static inline int live_cards(const uint8_t *row, int k, int lowest_card, uint8_t *live)
{
    uint64_t used = 0;
    for (int i = 0; i < k; i++)
        used |= UINT64_C(1) << row[i];
    int d = 0;
    for (int c = lowest_card; c < 52; c++)
        if (!(used >> c & 1))
            live[d++] = (uint8_t)c;
    return d;
}
#endif
