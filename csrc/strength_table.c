/* Whole tables of hand strength (see csrc/strength.h): the river's EHS from one ranking of each
 * canonical board's hole pairs, every earlier street's features by a lookup per runout. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "strength.h"
#include "strength_iso.h"

#define MAX_HOLE_PAIRS 1081 /* C(47, 2): the hole pairs beside a river board of the 52-card deck */

/* The sizes of a deck of d cards: river boards C(d, 5), hole pairs beside one C(d - 5, 2), and
 * opponent hands beside one state C(d - 7, 2) (52 cards: 2,598,960, 1,081, 990; 36: 376,992, 465, 406). */
static int64_t river_boards(const deck_t *g)
{
    const int64_t d = 52 - g->lowest_card;
    return d * (d - 1) * (d - 2) * (d - 3) * (d - 4) / 120;
}
static int hole_pairs(const deck_t *g) { return (47 - g->lowest_card) * (46 - g->lowest_card) / 2; }
static int opponents(const deck_t *g) { return (45 - g->lowest_card) * (44 - g->lowest_card) / 2; }

static const uint8_t PERMS[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};

/* Board number k (colex over the deck's cards, code - lowest_card) as five increasing codes. */
static void board_of(int64_t k, int lowest_card, binom_row binom[BINOM_MAX_M + 1], uint8_t *b)
{
    int c = 51 - lowest_card;
    for (int i = 5; i >= 1; i--) {
        while (binom[c][i] > k)
            c--;
        k -= binom[c][i];
        b[i - 1] = (uint8_t)(lowest_card + c--);
    }
}

/* Whether no relabelling of the suits gives a smaller board (as a 52-bit card set). */
static int canonical_board(const uint8_t *b)
{
    uint64_t mine = 0;
    for (int i = 0; i < 5; i++)
        mine |= UINT64_C(1) << b[i];
    for (int p = 1; p < 24; p++) {
        uint64_t other = 0;
        for (int i = 0; i < 5; i++)
            other |= UINT64_C(1) << (4 * (b[i] / 4) + PERMS[p][b[i] % 4]);
        if (other < mine)
            return 0;
    }
    return 1;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* A board's canonical board's number: the relabelling of the suits with the smallest card set
 * (a relabelling keeps the ranks, so the deck's cards map to the deck's cards). */
static int64_t canonical_number(const uint8_t *b, int lowest_card, binom_row binom[BINOM_MAX_M + 1])
{
    uint64_t best = ~UINT64_C(0);
    for (int p = 0; p < 24; p++) {
        uint64_t other = 0;
        for (int i = 0; i < 5; i++)
            other |= UINT64_C(1) << (4 * (b[i] / 4) + PERMS[p][b[i] % 4]);
        best = other < best ? other : best;
    }
    int64_t k = 0;
    for (int i = 1; best; i++, best &= best - 1)
        k += binom[__builtin_ctzll(best) - lowest_card][i];
    return k;
}

int64_t pyeval_strength_board_numbers(const uint8_t *boards, int64_t n, int kind, int64_t *out)
{
    deck_t g;
    if (!strength_deck_init(&g, kind) || n < 0)
        return -2;
    binom_row binom[BINOM_MAX_M + 1];
    fill_binom(binom);
    for (int64_t r = 0; r < n; r++) {
        uint64_t used = 0;
        for (int i = 0; i < 5; i++) {
            uint8_t c = boards[5 * r + i];
            if (c > 51 || c < g.lowest_card || (used >> c & 1))
                return r;
            used |= UINT64_C(1) << c;
        }
        out[r] = canonical_number(boards + 5 * r, g.lowest_card, binom);
    }
    return -1;
}

int64_t pyeval_strength_river_e(const int64_t *numbers, int64_t n, int kind, int64_t first, uint16_t *e,
                                 int64_t e_len)
{
    deck_t g;
    iso_t river;
    if (!strength_deck_init(&g, kind) || !strength_iso_init(&river, 5, g.lowest_card / 4) || first < 0 || e_len < 0
        || first + e_len > river.offset[river.nconf] || n < 0)
        return -2;
    const int64_t boards = river_boards(&g);
    for (int64_t r = 0; r < n; r++)
        if (numbers[r] < 0 || numbers[r] >= boards)
            return r;
    binom_row binom[BINOM_MAX_M + 1];
    fill_binom(binom);
    const int live = 52 - g.lowest_card - 5, pairs = hole_pairs(&g), others = live - 1;
    uint8_t board[5], deck[47], rows[MAX_HOLE_PAIRS * 7];
    int32_t ranks[MAX_HOLE_PAIRS], sorted[MAX_HOLE_PAIRS], by_card[47][46];
    int card_n[47], pa[MAX_HOLE_PAIRS], pb[MAX_HOLE_PAIRS];
    for (int64_t r = 0; r < n; r++) {
        board_of(numbers[r], g.lowest_card, binom, board);
        if (!canonical_board(board))
            continue;
        live_cards(board, 5, g.lowest_card, deck);
        int p = 0;
        for (int i = 0; i < live; i++)
            for (int j = i + 1; j < live; j++, p++) {
                uint8_t *row = rows + 7 * p;
                row[0] = deck[i];
                row[1] = deck[j];
                memcpy(row + 2, board, 5);
                pa[p] = i;
                pb[p] = j;
            }
        strength_rank_rows(&g, rows, pairs, 7, ranks);
        memcpy(sorted, ranks, sizeof(int32_t) * (size_t)pairs);
        qsort(sorted, (size_t)pairs, sizeof sorted[0], cmp_i32);
        memset(card_n, 0, sizeof card_n);
        for (p = 0; p < pairs; p++) {
            by_card[pa[p]][card_n[pa[p]]++] = ranks[p];
            by_card[pb[p]][card_n[pb[p]]++] = ranks[p];
        }
        for (int c = 0; c < live; c++)
            qsort(by_card[c], (size_t)others, sizeof(int32_t), cmp_i32);
        for (p = 0; p < pairs; p++) {
            /* opponents share no card with the hole: all pairs, less those holding a or b, plus
             * the one holding both (the hole itself, a tie with itself) */
            int32_t x = ranks[p];
            const int32_t *A = by_card[pa[p]], *B = by_card[pb[p]];
            int64_t below = sorted_search(sorted, pairs, x, 0) - sorted_search(A, others, x, 0)
                            - sorted_search(B, others, x, 0);
            int64_t upto = sorted_search(sorted, pairs, x, 1) - sorted_search(A, others, x, 1)
                           - sorted_search(B, others, x, 1) + 1;
            int ok = 1;
            int64_t idx = strength_index_row(&river, rows + 7 * p, &ok) - first;
            if (idx >= 0 && idx < e_len)
                e[idx] = (uint16_t)(below + upto); /* 2 * wins + ties: wins = below, ties = upto - below */
        }
    }
    return -1;
}

int64_t pyeval_strength_river_lookup(const int64_t *index, int64_t n, int board_n, int kind, const uint16_t *e,
                                     int64_t e_len, int bins, int64_t *counts)
{
    deck_t g;
    iso_t street, river;
    if (!strength_deck_init(&g, kind) || !strength_iso_init(&street, board_n, g.lowest_card / 4)
        || !strength_iso_init(&river, 5, g.lowest_card / 4) || board_n == 5 || bins < 1 || bins > 100000
        || e_len != river.offset[river.nconf] || n < 0)
        return -2;
    const int64_t width = 3 + (int64_t)bins, twice_opponents = 2 * (int64_t)opponents(&g);
    for (int64_t r = 0; r < n; r++) {
        if (index[r] < 0 || index[r] >= street.offset[street.nconf])
            return r;
        uint8_t row[7], deck[50];
        strength_cards_row(&street, index[r], row);
        const int d = live_cards(row, 2 + board_n, g.lowest_card, deck);
        int64_t *out = counts + r * width;
        memset(out, 0, sizeof(int64_t) * (size_t)width);
        const int m = 5 - board_n;
        int pos[5] = {0, 1, 2, 3, 4};
        for (;;) {
            for (int i = 0; i < m; i++)
                row[2 + board_n + i] = deck[pos[i]];
            int ok = 1;
            int64_t x = e[strength_index_row(&river, row, &ok)];
            int64_t bin = x * bins / twice_opponents;
            out[0]++;
            out[1] += x;
            out[2] += x * x;
            out[3 + (bin < bins ? bin : bins - 1)]++;
            if (next_combination(pos, m, d) < 0)
                break;
        }
    }
    return -1;
}
