/* Exact board-only showdowns counted by rank multiset (hold'em, short deck, Omaha; hi or hi/lo).
 *
 * Without a flush, a hand's strength depends only on its ranks, so a board's outcome is a
 * function of the rank multiset of its missing cards: 6,175 multisets instead of 1,712,304
 * boards preflop, each weighted by its number of suit choices.  The boards on which some
 * player makes a flush are then walked one by one, each moving its count from the rank-only
 * pattern to its true pattern.  Two players cannot flush in different suits (with two hole
 * cards each, or Omaha's exactly three board cards, that needs 3 + 3 board cards of two
 * suits), so the flush boards of different suits are distinct and each is corrected once.
 * Lows are rank-only already.
 */
#include "showdown.h"

/* A board seen by rank only: the quinary rank key (known + missing cards), the rank
 * presence mask, and the 8-or-better low mask (Omaha lows). */
typedef struct {
    uint32_t ranks, presence, low;
} rank_board;

/* Best non-flush high of player p on a board given by ranks. */
static inline int32_t eval_hi_ranks(const showdown_ctx *ctx, int p, uint32_t ranks)
{
    switch (ctx->hi_kind) {
    case PYEVAL_KIND_SHORTDECK:
        return PYEVAL_SHORTDECK_RANK[rank_slot(ranks + (uint32_t)ctx->hole_key[p])];
    case PYEVAL_KIND_SHORTDECK_ALT:
        return PYEVAL_SHORTDECK_RANK_ALT[rank_slot(ranks + (uint32_t)ctx->hole_key[p])];
    case PYEVAL_KIND_OMAHA_HIGH: {
        /* the Omaha table's row for the board's ranks, best over the hole rank pairs */
        const uint16_t *row = PYEVAL_OMAHA_HIGH + (uint32_t)PYEVAL_BOARD_INDEX[rank_slot(ranks)] * PYEVAL_OMAHA_PAIRS;
        const uint8_t *hc = ctx->holes + p * ctx->h;
        int32_t best = 0;
        for (int x = 0; x < ctx->h; x++)
            for (int y = x + 1; y < ctx->h; y++) {
                int32_t v = row[PYEVAL_PAIR_INDEX[card_rank(hc[x]) * 13 + card_rank(hc[y])]];
                best = v > best ? v : best;
            }
        return best;
    }
    default:
        return PYEVAL_HIGH_RANK[rank_slot(ranks + (uint32_t)ctx->hole_key[p])];
    }
}

/* The outcome pattern of a board as if no player could make a flush. */
static uint64_t showdown_ranks(const showdown_ctx *ctx, rank_board b)
{
    const int players = ctx->players;
    int32_t best = -1, lo_best = 0;
    uint32_t mask = 0, lo_mask = 0;
    for (int p = 0; p < players; p++) {
        int32_t v = eval_hi_ranks(ctx, p, b.ranks);
        if (v > best) {
            best = v;
            mask = 1u << p;
        } else if (v == best) {
            mask |= 1u << p;
        }
        if (ctx->lo_kind != -1) {
            int32_t lo = ctx->lo_kind == PYEVAL_KIND_LOW8
                             ? PYEVAL_LOW8_RANKMASK[b.presence | rank_presence(ctx->hole_bits[p])]
                             : PYEVAL_LOW8_OMAHA[ctx->hole_low[p] << 8 | b.low];
            if (lo > lo_best) {
                lo_best = lo;
                lo_mask = 1u << p;
            } else if (lo == lo_best && lo > 0) {
                lo_mask |= 1u << p;
            }
        }
    }
    return mask | (ctx->lo_kind != -1 ? (uint64_t)lo_mask << players : 0);
}

typedef struct {
    showdown_ctx *ctx;
    int avail[13];
    int64_t *counts;
    /* flush walk: the cards of the flush suit, the others, and how many of each to take */
    uint8_t suited[13], others[52];
    int n_suited, n_others, take_suited, take_others;
} rank_walk;

/* Every multiset of ``left`` missing ranks among ranks 0..r, weighted by its suit choices. */
static void walk_multisets(rank_walk *w, int r, int left, rank_board b, int64_t weight)
{
    if (left == 0) {
        w->counts[showdown_ranks(w->ctx, b)] += weight;
        return;
    }
    if (r < 0)
        return;
    int most = w->avail[r] < left ? w->avail[r] : left;
    rank_board next = b;
    for (int k = 0; k <= most; k++) {
        walk_multisets(w, r - 1, left - k, next, weight * binom(w->avail[r], k));
        next.ranks += (uint32_t)PYEVAL_CARD_KEY[4 * r];
        next.presence |= 1u << r;
        next.low |= PYEVAL_CARD_LOWBIT[4 * r];
    }
}

/* Every board with take_suited cards of the flush suit and take_others of the rest; ``depth``
 * cards are placed (ctx->board, which the Omaha evaluator reads). */
static void walk_flush_boards(rank_walk *w, int phase, int left, int from, int depth, uint64_t key, uint64_t bits,
                              uint32_t low)
{
    showdown_ctx *ctx = w->ctx;
    if (left == 0) {
        if (phase == 0) {
            walk_flush_boards(w, 1, w->take_others, 0, depth, key, bits, low);
            return;
        }
        uint64_t truth = showdown(ctx, ctx->hi_kind, ctx->lo_kind, key, bits, low);
        uint64_t assumed = showdown_ranks(ctx, (rank_board){(uint32_t)key, rank_presence(bits), low});
        if (truth != assumed) {
            w->counts[truth]++;
            w->counts[assumed]--;
        }
        return;
    }
    const uint8_t *list = phase == 0 ? w->suited : w->others;
    int n = phase == 0 ? w->n_suited : w->n_others;
    for (int i = from; i <= n - left; i++) {
        uint8_t c = list[i];
        ctx->board[ctx->known_n + depth] = c;
        walk_flush_boards(w, phase, left - 1, i + 1, depth + 1, key + PYEVAL_CARD_KEY[c], bits | PYEVAL_CARD_BIT[c],
                          low | PYEVAL_CARD_LOWBIT[c]);
    }
}

/* Boards on which someone flushes: suit s needs need[s] or more of its cards among the
 * missing ones.  Returns the showdowns the rank method costs (multisets, bounded by
 * C(12 + missing, missing), two or three per flush board, forty for the set-up), or -1 when it does
 * not apply or costs more than walking every board (one showdown each). */
static int64_t rank_plan(const showdown_ctx *ctx, int missing, int need[4])
{
    const uint8_t *deck = ctx->deck;
    const int deck_n = ctx->deck_n;
    const int omaha = ctx->hi_kind == PYEVAL_KIND_OMAHA_HIGH;
    if (!omaha && ctx->h != 2)
        return -1;
    int known_suit[4] = {0}, hole_suit_max[4] = {0}, deck_suit[4] = {0};
    for (int j = 0; j < ctx->known_n; j++)
        known_suit[ctx->board[j] & 3]++;
    for (int p = 0; p < ctx->players; p++) {
        int held[4] = {0};
        for (int j = 0; j < ctx->h; j++)
            held[ctx->holes[p * ctx->h + j] & 3]++;
        for (int s = 0; s < 4; s++)
            if (held[s] > hole_suit_max[s])
                hole_suit_max[s] = held[s];
    }
    for (int i = 0; i < deck_n; i++)
        deck_suit[deck[i] & 3]++;
    int64_t flush_boards = 0;
    for (int s = 0; s < 4; s++) {
        if (omaha) /* two hole cards and three board cards of the suit */
            need[s] = hole_suit_max[s] >= 2 ? 3 - known_suit[s] : missing + 1;
        else
            need[s] = 5 - known_suit[s] - hole_suit_max[s];
        for (int j = need[s] > 0 ? need[s] : 0; j <= missing; j++)
            flush_boards += binom(deck_suit[s], j) * binom(deck_n - deck_suit[s], missing - j);
    }
    /* Measured per spot: a flush board is shown down twice (by suit and by rank), which costs
     * about three board showdowns in hold'em and two in Omaha (whose rank showdown is one table
     * row), and the plan and its rank walk a fixed forty; below that, walk every board. */
    int64_t cost = binom(12 + missing, missing) + (omaha ? 2 : 3) * flush_boards + 40;
    return cost < binom(deck_n, missing) ? cost : -1;
}

PYEVAL_HOT int64_t pyeval_board_patterns_ranks(const uint8_t *holes, int players, int h, const uint8_t *known,
                                               int known_n, const uint8_t *deck, int deck_n, int missing,
                                               int hi_kind, int lo_kind, int64_t *counts, int64_t counts_len)
{
    showdown_ctx ctx;
    int64_t status = setup(&ctx, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind, lo_kind,
                           counts_len);
    if (status != 0)
        return status;
    int need[4];
    if (rank_plan(&ctx, missing, need) < 0)
        return 1;
    rank_walk w = {.ctx = &ctx, .counts = counts};
    const uint8_t *checked = ctx.deck; /* the validated copy, never the caller's deck */
    for (int i = 0; i < deck_n; i++)
        w.avail[checked[i] >> 2]++;
    walk_multisets(&w, 12, missing, (rank_board){(uint32_t)ctx.known_key, rank_presence(ctx.known_bits), ctx.known_low},
                   1);
    for (int s = 0; s < 4; s++) {
        w.n_suited = w.n_others = 0;
        for (int i = 0; i < deck_n; i++) {
            if ((checked[i] & 3) == s)
                w.suited[w.n_suited++] = checked[i];
            else
                w.others[w.n_others++] = checked[i];
        }
        for (int j = need[s] > 0 ? need[s] : 0; j <= missing && j <= w.n_suited; j++) {
            w.take_suited = j;
            w.take_others = missing - j;
            walk_flush_boards(&w, 0, j, 0, 0, ctx.known_key, ctx.known_bits, ctx.known_low);
        }
    }
    return 0;
}

int64_t pyeval_board_ranks_cost(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                                const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind)
{
    showdown_ctx ctx;
    int64_t status = setup(&ctx, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind, lo_kind,
                           INT64_MAX);
    if (status != 0)
        return status;
    int need[4];
    return rank_plan(&ctx, missing, need);
}
