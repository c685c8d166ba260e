/* Exact board-only showdowns counted by rank multiset (hold'em, short deck, Omaha; hi or hi/lo).
 *
 * Without a flush, a hand's strength depends only on its ranks, so a board's outcome is a
 * function of the rank multiset of its missing cards: 6,175 multisets instead of 1,712,304
 * boards preflop, each weighted by its number of suit choices.  Two players cannot flush in
 * different suits (with two hole cards each, or Omaha's exactly three board cards, that needs
 * 3 + 3 board cards of two suits), so the boards on which someone flushes fall apart by suit.
 * Omaha: those boards are walked one by one, each moving its count from the rank-only pattern to
 * its true pattern.  Two hole cards (count_known_hands): they are counted too, by the set of their
 * flush-suit cards times the rank multiset of the others.  Lows are rank-only already.
 */
#include "showdown.h"

/* The outcome pattern of a board as if no player could make a flush. */
static uint64_t showdown_ranks(const showdown_ctx *ctx, rank_board b)
{
    best_hands best = showdown_ranks_best(ctx, b, 0);
    return best.hi_mask | (uint64_t)best.lo_mask << ctx->players;
}

/* C(m, k) for the cards of one rank (m <= 4), without binom's divisions: the walks below take it
 * at every step. */
static inline int64_t rank_binom(int m, int k)
{
    static const int64_t table[5][5] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}};
    return m >= 0 && m <= 4 && k >= 0 && k <= m ? table[m][k] : 0;
}

/* The board b with one more card c (a valid code: its rank's entry in every field). */
static inline rank_board board_plus(rank_board b, uint8_t c)
{
    return (rank_board){b.ranks + (uint32_t)PYEVAL_CARD_KEY[c], b.presence | 1u << (c >> 2), b.low | PYEVAL_CARD_LOWBIT[c]};
}

/* Every multiset of ``left`` missing ranks among ranks 0..r, weighted by its suit choices: the
 * highest rank taken first, then the rest below it. */
static void walk_multisets(rank_walk *w, int r, int left, rank_board b, int64_t weight)
{
    if (left == 0) {
        w->multiset(w, b, weight);
        return;
    }
    for (int top = r; top >= 0; top--) {
        int most = w->avail[top] < left ? w->avail[top] : left;
        rank_board next = b;
        for (int k = 1; k <= most; k++) {
            next = board_plus(next, (uint8_t)(4 * top));
            walk_multisets(w, top - 1, left - k, next, weight * rank_binom(w->avail[top], k));
        }
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
    int64_t flush_boards = 0, flush_classes = 0;
    for (int s = 0; s < 4; s++) {
        if (omaha) /* two hole cards and three board cards of the suit */
            need[s] = hole_suit_max[s] >= 2 ? 3 - known_suit[s] : missing + 1;
        else
            need[s] = 5 - known_suit[s] - hole_suit_max[s];
        for (int j = need[s] > 0 ? need[s] : 0; j <= missing; j++) {
            flush_boards += binom(deck_suit[s], j) * binom(deck_n - deck_suit[s], missing - j);
            flush_classes += binom(deck_suit[s], j) * (binom(12 + missing - j, missing - j) + 1);
        }
    }
    /* Measured per spot: Omaha's flush board is shown down twice (by suit and by rank), about two
     * board showdowns (its rank showdown is one table row); two hole cards: a multiset's suit
     * weights cost about a showdown, a flush class (its suit cards, then the others' ranks) one;
     * the plan and its rank walk a fixed forty.  Below that, walk every board. */
    int64_t multisets = binom(12 + missing, missing);
    int64_t cost = omaha ? multisets + 2 * flush_boards + 40 : 2 * multisets + flush_classes + 40;
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

/* Two hole cards, any number of known hands (issue 39).  A board with fewer than need[s] missing
 * cards of every suit s flushes nobody: each rank multiset is shown down once, weighted by its suit
 * choices less those reaching some need[s] (count_no_flush).  A board reaching need[s] holds three
 * or more cards of suit s, so nobody flushes in another suit, and a player's hand is his flush, fixed
 * by the suit's cards (with two cards off the suit of seven, no full house or quads), or else his
 * ranks' best.  So those boards are counted by their set of suit-s cards (each set once: who
 * flushes, and the best flush) times the rank multiset of their other cards, weighted by their
 * choices among the other suits (count_flush_suit_board). */
typedef struct {
    const showdown_ctx *ctx;
    int64_t *counts;
    int missing;
    int avail[13];  /* live cards of each rank (while a flush suit's boards are counted: off that suit) */
    int n_flush, flush_suit[4], need[4]; /* the suits someone may flush in, and need[] of each, >= 0 */
    /* [i][r][n]: choices of n live cards of rank r without, and with, flush suit i's card */
    int64_t off[4][13][5], on[4][13][5];
    uint8_t suited[13]; /* the live cards of the flush suit being counted */
    int n_suited;
    /* its current set of cards: who flushes, the best flush and its holders */
    unsigned flushers;
    int32_t flush_best;
    uint32_t flush_mask;
} known_count;

/* [i][j]: a partial multiset's suit choices with j < need[i] cards of flush suit i. */
typedef struct {
    int64_t ways[4][MAX_BOARD];
} suit_ways;

/* A multiset's boards on which nobody flushes: its suit choices less those with need[s] or more
 * cards of a suit s (at most one suit does, see above), shown down by rank once. */
static inline void count_no_flush(known_count *k, rank_board b, int64_t weight, const suit_ways *sw)
{
    int64_t ways = weight;
    for (int i = 0; i < k->n_flush; i++) {
        int64_t below = 0;
        for (int j = 0; j < k->need[i]; j++)
            below += sw->ways[i][j];
        ways -= weight - below;
    }
    if (ways > 0)
        k->counts[showdown_ranks(k->ctx, b)] += ways;
}

/* The bits set in a 13-bit rank mask (the count's walks are not built with the popcnt instruction, and
 * __builtin_popcount would call a library routine at every board). */
static inline int ranks_in(uint32_t mask)
{
    mask = mask - ((mask >> 1) & 0x5555u);
    mask = (mask & 0x3333u) + ((mask >> 2) & 0x3333u);
    mask = (mask + (mask >> 4)) & 0x0f0fu;
    return (int)((mask + (mask >> 8)) & 0x1fu);
}

/* The boards of the current flush-suit cards with one rank multiset of the others: the flushers'
 * best flush against the others' rank-only hands (on a board of distinct ranks nobody has a full
 * house or quads: the flush wins); lows by rank. */
static inline void count_flush_suit_board(known_count *k, rank_board b, int64_t weight)
{
    const showdown_ctx *ctx = k->ctx;
    best_hands best = {k->flush_best, 0, k->flush_mask, 0};
    if (ranks_in(b.presence) < ctx->board_n)
        for (int p = 0; p < ctx->players; p++)
            if (!(k->flushers >> p & 1))
                take_high(&best.hi, &best.hi_mask, eval_hi_ranks(ctx, p, b.ranks), p);
    if (ctx->lo_kind != -1)
        for (int p = 0; p < ctx->players; p++)
            take_low(&best.lo, &best.lo_mask, eval_lo_ranks(ctx, p, b), p);
    k->counts[best.hi_mask | (uint64_t)best.lo_mask << ctx->players] += weight;
}

/* Every multiset of ``left`` more ranks among 0..r (the highest taken first), weighted by its
 * choices of k->avail's cards: counted by count_no_flush (``sw``: its flush-suit choices so far), or
 * with ``flush_boards`` by count_flush_suit_board. */
static void walk_known(known_count *k, int flush_boards, int r, int left, rank_board b, int64_t weight,
                       const suit_ways *sw)
{
    if (left == 0) {
        if (flush_boards)
            count_flush_suit_board(k, b, weight);
        else
            count_no_flush(k, b, weight, sw);
        return;
    }
    for (int top = r; top >= 0; top--) {
        int most = k->avail[top] < left ? k->avail[top] : left;
        rank_board next = b;
        for (int n = 1; n <= most; n++) {
            next = board_plus(next, (uint8_t)(4 * top));
            suit_ways more;
            for (int i = 0; i < k->n_flush && !flush_boards; i++)
                for (int j = k->need[i] - 1; j >= 0; j--)
                    more.ways[i][j] = sw->ways[i][j] * k->off[i][top][n] + (j ? sw->ways[i][j - 1] * k->on[i][top][n] : 0);
            const int64_t ways = weight * rank_binom(k->avail[top], n);
            if (left > n)
                walk_known(k, flush_boards, top - 1, left - n, next, ways, &more);
            else if (flush_boards) /* the last card: counted here, a call fewer a board */
                count_flush_suit_board(k, next, ways);
            else
                count_no_flush(k, next, ways, &more);
        }
    }
}

/* The best flush of a 13-bit rank mask of one suit (five or more ranks). */
static int32_t flush_strength(int hi_kind, uint32_t suited)
{
    switch (hi_kind) {
    case PYEVAL_KIND_SHORTDECK:
        return PYEVAL_SHORTDECK_FLUSH[suited & 0x1fffu];
    case PYEVAL_KIND_SHORTDECK_ALT:
        return PYEVAL_SHORTDECK_FLUSH_ALT[suited & 0x1fffu];
    default:
        return PYEVAL_HIGH_FLUSH[suited & 0x1fffu];
    }
}

/* Every set of ``left`` more of suit s's live cards (k->suited from ``from``; ``suited``: the
 * board's suit-s ranks so far, ``taken`` of them missing ones), then every rank multiset of the
 * board's other missing cards. */
static void walk_suited(known_count *k, int s, int left, int from, int taken, rank_board b, uint32_t suited)
{
    const showdown_ctx *ctx = k->ctx;
    if (left == 0) {
        k->flushers = 0;
        k->flush_best = -1;
        k->flush_mask = 0;
        for (int p = 0; p < ctx->players; p++) {
            uint32_t mask = suited | suit_ranks(ctx->hole_bits[p], (unsigned)s);
            if (ranks_in(mask) >= 5) {
                k->flushers |= 1u << p;
                take_high(&k->flush_best, &k->flush_mask, flush_strength(ctx->hi_kind, mask), p);
            }
        }
        walk_known(k, 1, 12, k->missing - taken, b, 1, NULL);
        return;
    }
    for (int i = from; i <= k->n_suited - left; i++) {
        uint8_t c = k->suited[i]; /* from the validated deck: a code below 52 */
        walk_suited(k, s, left - 1, i + 1, taken + 1, board_plus(b, c), suited | 1u << (c >> 2));
    }
}

static void count_known_hands(const showdown_ctx *ctx, int missing, const int need[4], int64_t *counts)
{
    known_count k = {.ctx = ctx, .counts = counts, .missing = missing};
    int avail[13] = {0};
    unsigned deck_suits[13] = {0};
    for (int i = 0; i < ctx->deck_n; i++) {
        avail[ctx->deck[i] >> 2]++;
        deck_suits[ctx->deck[i] >> 2] |= 1u << (ctx->deck[i] & 3);
    }
    for (int s = 0; s < 4; s++) {
        if (need[s] > missing)
            continue;
        int i = k.n_flush++;
        k.flush_suit[i] = s;
        k.need[i] = need[s] > 0 ? need[s] : 0;
        for (int r = 0; r < 13; r++) {
            int has = deck_suits[r] >> s & 1;
            for (int n = 0; n < 5; n++) {
                k.off[i][r][n] = rank_binom(avail[r] - has, n);
                k.on[i][r][n] = has ? rank_binom(avail[r] - 1, n - 1) : 0;
            }
        }
    }
    const rank_board known = {(uint32_t)ctx->known_key, rank_presence(ctx->known_bits), ctx->known_low};
    suit_ways none = {{{0}}};
    for (int i = 0; i < k.n_flush; i++)
        none.ways[i][0] = 1;
    for (int r = 0; r < 13; r++)
        k.avail[r] = avail[r];
    walk_known(&k, 0, 12, missing, known, 1, &none);
    for (int i = 0; i < k.n_flush; i++) {
        int s = k.flush_suit[i];
        k.n_suited = 0; /* suit s's live cards; the others' multisets are drawn from the other suits */
        for (int c = 0; c < ctx->deck_n; c++)
            if ((ctx->deck[c] & 3) == s)
                k.suited[k.n_suited++] = ctx->deck[c];
        for (int r = 0; r < 13; r++)
            k.avail[r] = avail[r] - (int)(deck_suits[r] >> s & 1);
        for (int j = k.need[i]; j <= missing && j <= k.n_suited; j++)
            walk_suited(&k, s, j, 0, 0, known, suit_ranks(ctx->known_bits, (unsigned)s));
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
    if (ctx.hi_kind != PYEVAL_KIND_OMAHA_HIGH) {
        count_known_hands(&ctx, missing, need, counts);
        return 0;
    }
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
