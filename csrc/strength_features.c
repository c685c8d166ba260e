/* Exact hand-strength counts of hold'em states (see csrc/strength.h): every opponent hand and
 * runout, ranked by the project's evaluators (pyeval_eval_high, csrc/high.c; pyeval_eval_shortdeck,
 * csrc/shortdeck.c). */
#include <string.h>

#include "pyeval.h"
#include "strength.h"
#include "strength_iso.h"

#define MAX_PAIRS 1225 /* C(50, 2): the opponent hands before any board card */

/* 0 ahead, 1 tied, 2 behind: ours against theirs. */
static inline int outcome(int32_t ours, int32_t theirs) { return ours > theirs ? 0 : ours == theirs ? 1 : 2; }

int strength_deck_init(deck_t *g, int kind)
{
    if (!(kind == PYEVAL_KIND_HIGH || kind == PYEVAL_KIND_SHORTDECK || kind == PYEVAL_KIND_SHORTDECK_ALT))
        return 0;
    g->kind = kind;
    g->lowest_card = kind == PYEVAL_KIND_HIGH ? 0 : 16;
    return 1;
}

void strength_rank_rows(const deck_t *g, const uint8_t *rows, int64_t n, int k, int32_t *out)
{
    if (g->kind == PYEVAL_KIND_HIGH)
        pyeval_eval_high(rows, n, k, out);
    else
        pyeval_eval_shortdeck(rows, n, k, g->kind == PYEVAL_KIND_SHORTDECK, out);
}

static int32_t rank_of(const deck_t *g, const uint8_t *cards, int k)
{
    int32_t r = 0;
    strength_rank_rows(g, cards, 1, k, &r);
    return r;
}

/* Opponent hands from deck[0..d) avoiding `dead` (a card mask), each beside `board` (b cards):
 * ranks them into ranks[], their pair numbers into pair[]; returns how many. */
static int rank_opponents(const deck_t *g, const uint8_t *deck, int d, uint64_t dead, const uint8_t *board, int b,
                          uint8_t *rows, int32_t *ranks, int *pair)
{
    int n = 0, p = 0;
    for (int i = 0; i < d; i++)
        for (int j = i + 1; j < d; j++, p++) {
            if ((dead >> deck[i] & 1) || (dead >> deck[j] & 1))
                continue;
            uint8_t *row = rows + n * (b + 2);
            memcpy(row, board, (size_t)b);
            row[b] = deck[i];
            row[b + 1] = deck[j];
            pair[n++] = p;
        }
    strength_rank_rows(g, rows, n, b + 2, ranks);
    return n;
}

static void state_counts(const deck_t *g, const uint8_t *row, int board_n, int bins, int64_t *out)
{
    uint8_t deck[52], mine[7], full[7];
    const int d = live_cards(row, 2 + board_n, g->lowest_card, deck);
    static _Thread_local uint8_t rows[MAX_PAIRS * 7];
    static _Thread_local int32_t ranks[MAX_PAIRS];
    static _Thread_local int pair[MAX_PAIRS];
    uint8_t now[MAX_PAIRS]; /* by pair number over deck: the opponent's standing now */
    memset(out, 0, sizeof(int64_t) * (size_t)(PYEVAL_STRENGTH_COUNTS + bins));
    memset(now, 0, sizeof now);
    const uint8_t *board = row + 2;
    if (board_n >= 3) {
        int32_t ours = rank_of(g, row, 2 + board_n);
        int n = rank_opponents(g, deck, d, 0, board, board_n, rows, ranks, pair);
        for (int i = 0; i < n; i++)
            now[pair[i]] = (uint8_t)outcome(ours, ranks[i]);
    }
    if (board_n == 3) { /* after the next card: one card of the deck, 6-card hands */
        for (int t = 0; t < d; t++) {
            memcpy(full, board, 3);
            full[3] = deck[t];
            memcpy(mine, row, 2);
            memcpy(mine + 2, full, 4);
            int32_t ours = rank_of(g, mine, 6);
            int n = rank_opponents(g, deck, d, UINT64_C(1) << deck[t], full, 4, rows, ranks, pair);
            for (int i = 0; i < n; i++)
                out[4 + 3 * now[pair[i]] + outcome(ours, ranks[i])]++;
        }
    }
    /* every runout to the river */
    const int m = 5 - board_n;
    int pos[5] = {0, 1, 2, 3, 4};
    int64_t runouts = 0, opponents = 0;
    for (;;) {
        memcpy(full, board, (size_t)board_n);
        uint64_t dead = 0;
        for (int i = 0; i < m; i++) {
            full[board_n + i] = deck[pos[i]];
            dead |= UINT64_C(1) << deck[pos[i]];
        }
        memcpy(mine, row, 2);
        memcpy(mine + 2, full, 5);
        int32_t ours = rank_of(g, mine, 7);
        int n = rank_opponents(g, deck, d, dead, full, 5, rows, ranks, pair);
        int64_t e = 0;
        for (int i = 0; i < n; i++) {
            int o = outcome(ours, ranks[i]);
            e += o == 0 ? 2 : o == 1;
            out[13 + 3 * now[pair[i]] + o]++;
        }
        int64_t bin = e * bins / (2 * (int64_t)n);
        out[PYEVAL_STRENGTH_COUNTS + (bin < bins ? bin : bins - 1)]++;
        out[2] += e;
        out[3] += e * e;
        runouts++;
        opponents = n;
        /* next combination of m positions among d */
        int i = m - 1;
        while (i >= 0 && pos[i] == d - m + i)
            i--;
        if (i < 0)
            break;
        pos[i]++;
        for (int j = i + 1; j < m; j++)
            pos[j] = pos[j - 1] + 1;
    }
    if (board_n == 4) /* the next card is the river */
        memcpy(out + 4, out + 13, 9 * sizeof(int64_t));
    if (board_n < 3) /* no hand made yet: no standing now */
        memset(out + 4, 0, 18 * sizeof(int64_t));
    out[0] = runouts;
    out[1] = opponents;
}

int64_t pyeval_strength_features(const uint8_t *cards, int64_t n, int board_n, int bins, int kind, int64_t *counts)
{
    deck_t g;
    if (!(board_n == 0 || board_n == 3 || board_n == 4 || board_n == 5) || bins < 1 || bins > 100000 || n < 0
        || !strength_deck_init(&g, kind))
        return -2;
    const int k = 2 + board_n;
    for (int64_t r = 0; r < n; r++) {
        const uint8_t *row = cards + r * k;
        uint64_t used = 0;
        for (int i = 0; i < k; i++) {
            if (row[i] > 51 || row[i] < g.lowest_card || (used >> row[i] & 1))
                return r;
            used |= UINT64_C(1) << row[i];
        }
    }
    for (int64_t r = 0; r < n; r++)
        state_counts(&g, cards + r * k, board_n, bins, counts + r * (PYEVAL_STRENGTH_COUNTS + (int64_t)bins));
    return -1;
}
