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

/* The outcome pattern of a board as if no player could make a flush. */
static uint64_t showdown_ranks(const showdown_ctx *ctx, rank_board b)
{
    best_hands best = showdown_ranks_best(ctx, b, 0);
    return best.hi_mask | (uint64_t)best.lo_mask << ctx->players;
}

/* Every multiset of ``left`` missing ranks among ranks 0..r, weighted by its suit choices. */
static void walk_multisets(rank_walk *w, int r, int left, rank_board b, int64_t weight)
{
    if (left == 0) {
        w->multiset(w, b, weight);
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
        w->flush_board(w, key, bits, low);
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

void pyeval_walk_flush_boards(rank_walk *w, int missing, const int need[4])
{
    showdown_ctx *ctx = w->ctx;
    const uint8_t *checked = ctx->deck; /* the validated copy, never the caller's deck */
    for (int s = 0; s < 4; s++) {
        w->weight = w->suit_weight ? w->suit_weight[s] : 1;
        if (!w->weight)
            continue;
        w->n_suited = w->n_others = 0;
        for (int i = 0; i < ctx->deck_n; i++) {
            if ((checked[i] & 3) == s)
                w->suited[w->n_suited++] = checked[i];
            else
                w->others[w->n_others++] = checked[i];
        }
        for (int j = need[s] > 0 ? need[s] : 0; j <= missing && j <= w->n_suited; j++) {
            w->take_suited = j;
            w->take_others = missing - j;
            walk_flush_boards(w, 0, j, 0, 0, ctx->known_key, ctx->known_bits, ctx->known_low);
        }
    }
}

void pyeval_rank_walk(rank_walk *w, int missing, const int need[4])
{
    showdown_ctx *ctx = w->ctx;
    for (int k = 0; k < 13; k++)
        w->avail[k] = 0;
    for (int i = 0; i < ctx->deck_n; i++)
        w->avail[ctx->deck[i] >> 2]++;
    walk_multisets(w, 12, missing,
                   (rank_board){(uint32_t)ctx->known_key, rank_presence(ctx->known_bits), ctx->known_low}, 1);
    pyeval_walk_flush_boards(w, missing, need);
}

/* The known hands' rank-only pattern, weighted by the multiset's boards. */
static void count_multiset(rank_walk *w, rank_board b, int64_t weight)
{
    w->counts[showdown_ranks(w->ctx, b)] += weight;
}

/* A flush board moves its count from the rank-only pattern to its true one. */
static void correct_flush_board(rank_walk *w, uint64_t key, uint64_t bits, uint32_t low)
{
    showdown_ctx *ctx = w->ctx;
    uint64_t truth = showdown(ctx, ctx->hi_kind, ctx->lo_kind, key, bits, low);
    uint64_t assumed = showdown_ranks(ctx, (rank_board){(uint32_t)key, rank_presence(bits), low});
    if (truth != assumed) {
        w->counts[truth]++;
        w->counts[assumed]--;
    }
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
    rank_walk w = {.ctx = &ctx, .counts = counts, .multiset = count_multiset, .flush_board = correct_flush_board};
    pyeval_rank_walk(&w, missing, need);
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
