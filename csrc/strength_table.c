/* Whole tables of hand strength (see csrc/strength.h): the river's EHS from one ranking of each
 * canonical board's hole pairs, every earlier street's features by a lookup per runout. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "strength.h"
#include "strength_iso.h"

#define RIVER_BOARDS 2598960
#define HOLE_PAIRS 1081 /* C(47, 2) */
#define OPPONENTS 990   /* C(45, 2) */

static const uint8_t PERMS[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};

/* Board number k (colex) as five increasing codes. */
static void board_of(int64_t k, binom_row binom[BINOM_MAX_M + 1], uint8_t *b)
{
    int c = 51;
    for (int i = 5; i >= 1; i--) {
        while (binom[c][i] > k)
            c--;
        k -= binom[c][i];
        b[i - 1] = (uint8_t)c--;
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

/* Board number k's canonical board's number: the relabelling of the suits with the smallest card set. */
static int64_t canonical_number(const uint8_t *b, binom_row binom[BINOM_MAX_M + 1])
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
        k += binom[__builtin_ctzll(best)][i];
    return k;
}

int64_t pyeval_strength_board_numbers(const uint8_t *boards, int64_t n, int64_t *out)
{
    binom_row binom[BINOM_MAX_M + 1];
    fill_binom(binom);
    for (int64_t r = 0; r < n; r++) {
        uint64_t used = 0;
        for (int i = 0; i < 5; i++) {
            uint8_t c = boards[5 * r + i];
            if (c > 51 || (used >> c & 1))
                return r;
            used |= UINT64_C(1) << c;
        }
        out[r] = canonical_number(boards + 5 * r, binom);
    }
    return -1;
}

int64_t pyeval_strength_river_e(const int64_t *numbers, int64_t n, int64_t first, uint16_t *e, int64_t e_len)
{
    iso_t river;
    if (!strength_iso_init(&river, 5, 0) || first < 0 || e_len < 0 || first + e_len > river.offset[river.nconf]
        || n < 0)
        return -2;
    for (int64_t r = 0; r < n; r++)
        if (numbers[r] < 0 || numbers[r] >= RIVER_BOARDS)
            return r;
    binom_row binom[BINOM_MAX_M + 1];
    fill_binom(binom);
    uint8_t board[5], deck[47], rows[HOLE_PAIRS * 7];
    int32_t ranks[HOLE_PAIRS], sorted[HOLE_PAIRS], by_card[47][46];
    int card_n[47], pa[HOLE_PAIRS], pb[HOLE_PAIRS];
    for (int64_t r = 0; r < n; r++) {
        board_of(numbers[r], binom, board);
        if (!canonical_board(board))
            continue;
        live_cards(board, 5, 0, deck);
        int p = 0;
        for (int i = 0; i < 47; i++)
            for (int j = i + 1; j < 47; j++, p++) {
                uint8_t *row = rows + 7 * p;
                row[0] = deck[i];
                row[1] = deck[j];
                memcpy(row + 2, board, 5);
                pa[p] = i;
                pb[p] = j;
            }
        pyeval_eval_high(rows, HOLE_PAIRS, 7, ranks);
        memcpy(sorted, ranks, sizeof ranks);
        qsort(sorted, HOLE_PAIRS, sizeof sorted[0], cmp_i32);
        memset(card_n, 0, sizeof card_n);
        for (p = 0; p < HOLE_PAIRS; p++) {
            by_card[pa[p]][card_n[pa[p]]++] = ranks[p];
            by_card[pb[p]][card_n[pb[p]]++] = ranks[p];
        }
        for (int c = 0; c < 47; c++)
            qsort(by_card[c], 46, sizeof(int32_t), cmp_i32);
        for (p = 0; p < HOLE_PAIRS; p++) {
            /* opponents share no card with the hole: all pairs, less those holding a or b, plus
             * the one holding both (the hole itself, a tie with itself) */
            int32_t r = ranks[p];
            const int32_t *A = by_card[pa[p]], *B = by_card[pb[p]];
            int64_t below = sorted_search(sorted, HOLE_PAIRS, r, 0) - sorted_search(A, 46, r, 0)
                            - sorted_search(B, 46, r, 0);
            int64_t upto = sorted_search(sorted, HOLE_PAIRS, r, 1) - sorted_search(A, 46, r, 1)
                           - sorted_search(B, 46, r, 1) + 1;
            int ok = 1;
            int64_t idx = strength_index_row(&river, rows + 7 * p, &ok) - first;
            if (idx >= 0 && idx < e_len)
                e[idx] = (uint16_t)(below + upto); /* 2 * wins + ties: wins = below, ties = upto - below */
        }
    }
    return -1;
}

int64_t pyeval_strength_river_lookup(const int64_t *index, int64_t n, int board_n, const uint16_t *e, int64_t e_len,
                                     int bins, int64_t *counts)
{
    iso_t street, river;
    if (!strength_iso_init(&street, board_n, 0) || !strength_iso_init(&river, 5, 0) || board_n == 5 || bins < 1
        || bins > 100000 || e_len != river.offset[river.nconf] || n < 0)
        return -2;
    const int64_t width = 3 + (int64_t)bins;
    for (int64_t r = 0; r < n; r++) {
        if (index[r] < 0 || index[r] >= street.offset[street.nconf])
            return r;
        uint8_t row[7], deck[50];
        strength_cards_row(&street, index[r], row);
        const int d = live_cards(row, 2 + board_n, 0, deck);
        int64_t *out = counts + r * width;
        memset(out, 0, sizeof(int64_t) * (size_t)width);
        const int m = 5 - board_n;
        int pos[5] = {0, 1, 2, 3, 4};
        for (;;) {
            for (int i = 0; i < m; i++)
                row[2 + board_n + i] = deck[pos[i]];
            int ok = 1;
            int64_t x = e[strength_index_row(&river, row, &ok)];
            int64_t bin = x * bins / (2 * OPPONENTS);
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
