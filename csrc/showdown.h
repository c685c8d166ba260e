/* Board-only showdowns, shared by csrc/board_equity.c (walking and sampling completions) and
 * csrc/board_ranks.c (counting them by rank multiset): the query context, its validation,
 * and one complete board's outcome pattern.
 *
 * A deal's outcome is counted as a pattern: the winner bitmask of the high part, and of the
 * low part in bits players.. (0 = no qualifying low); the Python layer turns the histogram
 * into shares (engine.PatternTable), as for the generic numba engine.
 */
#ifndef PYEVAL_SHOWDOWN_H
#define PYEVAL_SHOWDOWN_H
#include "pyeval.h"
#include "hand_key.h"
#include "internal.h"

#define MAX_PLAYERS 10

static inline int64_t binom(int m, int k)
{
    if (k < 0 || k > m)
        return 0;
    int64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (m - k + i) / i;
    return r;
}

static inline int32_t eval_hi(int kind, uint64_t key, uint64_t bits, const uint8_t *hole, int h,
                              const uint8_t *board, int b, uint64_t board_key)
{
    uint32_t flags;
    switch (kind) {
    case PYEVAL_KIND_HIGH:
        return high_from_key(key, bits);
    case PYEVAL_KIND_SHORTDECK:
    case PYEVAL_KIND_SHORTDECK_ALT:
        flags = FLUSH_FLAGS(key);
        if (flags)
            return (kind == PYEVAL_KIND_SHORTDECK ? PYEVAL_SHORTDECK_FLUSH : PYEVAL_SHORTDECK_FLUSH_ALT)
                [suit_ranks(bits, (unsigned)__builtin_ctz(flags) >> 2)];
        return (kind == PYEVAL_KIND_SHORTDECK ? PYEVAL_SHORTDECK_RANK : PYEVAL_SHORTDECK_RANK_ALT)
            [rank_slot((uint32_t)key)];
    case PYEVAL_KIND_OMAHA_HIGH:
        return pyeval_omaha_high_hand(hole, h, board, b, board_key);
    default:
        return 0;
    }
}

typedef struct {
    int players, h, known_n, board_n, hi_kind, lo_kind;
    const uint8_t *holes;
    uint64_t hole_key[MAX_PLAYERS], hole_bits[MAX_PLAYERS];
    uint32_t hole_low[MAX_PLAYERS];
    uint64_t known_key, known_bits;
    uint32_t known_low;
    uint8_t board[MAX_BOARD];
    unsigned drawn; /* bit p: player p's hole cards are drawn with the board (Monte Carlo) */
    /* The query's cards, copied once and validated by pyeval_showdown_setup: the engines use only
     * these, never the caller's arrays again (see load_cards). */
    uint8_t hole_cards[MAX_PLAYERS * MAX_HOLE];
    int deck_n;
    uint8_t deck[52];
} showdown_ctx;

/* Whether completions [start, start + count) lie among the deck's C(deck_n, missing). */
static inline int completions_in_range(int64_t start, int64_t count, int deck_n, int missing)
{
    int64_t total = binom(deck_n, missing);
    return start >= 0 && count >= 0 && start <= total && count <= total - start;
}

/* Copy a query's cards into ctx, validate the copies (trust nothing) and precompute hole and
 * known-board keys.  The deck (the cards boards are drawn from) must be distinct from the holes
 * and known board.  ``drawn`` (bit p) marks players whose holes are drawn from the deck too;
 * their entries in ``holes`` are ignored. */
int64_t pyeval_showdown_setup(showdown_ctx *ctx, const uint8_t *holes, int players, int h, const uint8_t *known,
                              int known_n, const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                              int64_t counts_len, unsigned drawn);

/* Completes a ctx whose cards (hole_cards, board, deck, deck_n) are in place and valid: its shape,
 * and the hole and known-board keys.  The one place both the single query's setup and a batch row
 * (whose cards were checked with the batch) fill a context. */
static inline void showdown_fill(showdown_ctx *ctx, int players, int h, int known_n, int board_n, int hi_kind,
                                 int lo_kind, unsigned drawn)
{
    ctx->players = players;
    ctx->h = h;
    ctx->known_n = known_n;
    ctx->board_n = board_n;
    ctx->hi_kind = hi_kind;
    ctx->lo_kind = lo_kind;
    ctx->drawn = drawn;
    ctx->holes = ctx->hole_cards;
    for (int p = 0; p < ctx->players; p++) {
        ctx->hole_key[p] = FLUSH_COUNTERS_INIT;
        ctx->hole_bits[p] = 0;
        ctx->hole_low[p] = 0;
        for (int j = 0; j < h && !(ctx->drawn >> p & 1); j++) {
            ADD_CARD(ctx->hole_cards[p * h + j], ctx->hole_key[p], ctx->hole_bits[p]);
            ctx->hole_low[p] |= PYEVAL_CARD_LOWBIT[ctx->hole_cards[p * h + j]];
        }
    }
    ctx->known_key = ctx->known_bits = 0;
    ctx->known_low = 0;
    for (int j = 0; j < ctx->known_n; j++) {
        ADD_CARD(ctx->board[j], ctx->known_key, ctx->known_bits);
        ctx->known_low |= PYEVAL_CARD_LOWBIT[ctx->board[j]];
    }
}

/* Count completions [start, start + count) of ``missing`` cards from ctx->deck into counts, for a
 * ctx that is filled and valid (every hole known): the walk, or for the whole last card, by rank. */
void pyeval_showdown_count(showdown_ctx *ctx, int missing, int64_t start, int64_t count, int64_t *counts);

/* The same with every hole card known. */
static inline int64_t setup(showdown_ctx *ctx, const uint8_t *holes, int players, int h, const uint8_t *known,
                            int known_n, const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                            int64_t counts_len)
{
    return pyeval_showdown_setup(ctx, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind, lo_kind,
                                 counts_len, 0);
}

/* The best hands on one complete board (ctx->board filled; its key, bits and low mask given) among
 * the players whose bit in ``skip`` is clear: the best high strength and its winners' mask, and the
 * best low (0: none qualifies) and its mask. */
typedef struct {
    int32_t hi, lo;
    uint32_t hi_mask, lo_mask;
} best_hands;

/* A player's strength v against the best so far: a new best, or one more tied with it (lows: only a
 * qualifying low, v > 0, ties). */
static inline void take_high(int32_t *best, uint32_t *mask, int32_t v, int p)
{
    if (v > *best) {
        *best = v;
        *mask = 1u << p;
    } else if (v == *best) {
        *mask |= 1u << p;
    }
}

static inline void take_low(int32_t *best, uint32_t *mask, int32_t v, int p)
{
    if (v > *best) {
        *best = v;
        *mask = 1u << p;
    } else if (v == *best && v > 0) {
        *mask |= 1u << p;
    }
}

static inline __attribute__((always_inline)) best_hands showdown_best(const showdown_ctx *ctx, const int hi_kind,
                                                                       const int lo_kind, uint64_t bkey,
                                                                       uint64_t bbits, uint32_t blow, unsigned skip)
{
    const int players = ctx->players;
    best_hands best = {-1, 0, 0, 0};
    for (int p = 0; p < players; p++) {
        if (skip >> p & 1)
            continue;
        take_high(&best.hi, &best.hi_mask,
                  eval_hi(hi_kind, bkey + ctx->hole_key[p], bbits | ctx->hole_bits[p], ctx->holes + p * ctx->h, ctx->h,
                          ctx->board, ctx->board_n, bkey),
                  p);
    }
    if (lo_kind != -1) {
        for (int p = 0; p < players; p++) {
            if (skip >> p & 1)
                continue;
            take_low(&best.lo, &best.lo_mask,
                     lo_kind == PYEVAL_KIND_LOW8 ? PYEVAL_LOW8_RANKMASK[rank_presence(bbits | ctx->hole_bits[p])]
                                                 : PYEVAL_LOW8_OMAHA[ctx->hole_low[p] << 8 | blow],
                     p);
        }
    }
    return best;
}

/* The outcome pattern of one complete board (ctx->board filled; its key, bits and low mask given). */
static inline __attribute__((always_inline)) uint64_t showdown(const showdown_ctx *ctx, const int hi_kind,
                                                                const int lo_kind, uint64_t bkey, uint64_t bbits,
                                                                uint32_t blow)
{
    best_hands best = showdown_best(ctx, hi_kind, lo_kind, bkey, bbits, blow, 0);
    return best.hi_mask | (uint64_t)best.lo_mask << ctx->players;
}

/* Board completions in lexicographic order of deck positions, with the board's key, mask and low
 * mask built incrementally: depth d of key_at, bits_at and low_at holds the known board plus the
 * first d missing cards, so a step recomputes only the depths whose card changed.  The board
 * engine's walk and the random-hand count (csrc/random_hand.c) both step through it. */
typedef struct {
    int missing, from; /* from: the first depth whose prefix must be recomputed */
    int pos[MAX_BOARD + 1];
    uint64_t key_at[MAX_BOARD + 1], bits_at[MAX_BOARD + 1];
    uint32_t low_at[MAX_BOARD + 1];
} board_walk;

/* Positions at completion number ``start`` (unranked), prefixes at the known board. */
static inline void board_walk_start(board_walk *w, const showdown_ctx *ctx, int missing, int64_t start)
{
    int64_t index = start;
    for (int i = 0, x = 0; i < missing; i++) {
        for (;;) {
            int64_t c = binom(ctx->deck_n - x - 1, missing - i - 1);
            if (index < c)
                break;
            index -= c;
            x++;
        }
        w->pos[i] = x++;
    }
    w->missing = missing;
    w->from = 0;
    w->key_at[0] = ctx->known_key;
    w->bits_at[0] = ctx->known_bits;
    w->low_at[0] = ctx->known_low;
}

/* The current completion's prefixes, and its cards into ctx->board after the known ones. */
static inline __attribute__((always_inline)) void board_walk_keys(board_walk *w, showdown_ctx *ctx)
{
    for (int d = w->from; d < w->missing; d++) {
        uint8_t c = ctx->deck[w->pos[d]];
        w->key_at[d + 1] = w->key_at[d] + PYEVAL_CARD_KEY[c];
        w->bits_at[d + 1] = w->bits_at[d] | PYEVAL_CARD_BIT[c];
        w->low_at[d + 1] = w->low_at[d] | PYEVAL_CARD_LOWBIT[c];
        ctx->board[ctx->known_n + d] = c;
    }
}

/* Step to the next completion; 0 after the last. */
static inline __attribute__((always_inline)) int board_walk_next(board_walk *w, const showdown_ctx *ctx)
{
    w->from = next_combination(w->pos, w->missing, ctx->deck_n);
    return w->from >= 0;
}

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

/* Player p's 8-or-better low on a board given by ranks (lows are rank-only; ctx->lo_kind != -1). */
static inline int32_t eval_lo_ranks(const showdown_ctx *ctx, int p, rank_board b)
{
    return ctx->lo_kind == PYEVAL_KIND_LOW8 ? PYEVAL_LOW8_RANKMASK[b.presence | rank_presence(ctx->hole_bits[p])]
                                            : PYEVAL_LOW8_OMAHA[ctx->hole_low[p] << 8 | b.low];
}

/* showdown_best on a board given by ranks, as if no player could make a flush. */
static inline best_hands showdown_ranks_best(const showdown_ctx *ctx, rank_board b, unsigned skip)
{
    best_hands best = {-1, 0, 0, 0};
    for (int p = 0; p < ctx->players; p++) {
        if (skip >> p & 1)
            continue;
        take_high(&best.hi, &best.hi_mask, eval_hi_ranks(ctx, p, b.ranks), p);
        if (ctx->lo_kind != -1)
            take_low(&best.lo, &best.lo_mask, eval_lo_ranks(ctx, p, b), p);
    }
    return best;
}

/* Boards by rank multiset (csrc/board_ranks.c): pyeval_rank_walk calls ``multiset`` once per
 * multiset of the missing cards' ranks, weighted by its number of suit choices, then ``flush_board`` once per board with at least need[s] missing cards of a suit s
 * (ctx->board holds it), whose count the caller moves from its rank-only answer to the true one. */
typedef struct rank_walk rank_walk;
struct rank_walk {
    showdown_ctx *ctx;
    int avail[13];
    int64_t *counts;
    void (*multiset)(rank_walk *w, rank_board b, int64_t weight);
    void (*flush_board)(rank_walk *w, uint64_t key, uint64_t bits, uint32_t low);
    void *user;             /* the caller's state */
    const int *suit_weight; /* pyeval_walk_flush_boards: walk suit s's boards for suit_weight[s] boards each
                               (0: skip the suit; NULL: 1 each), the weight in ``weight`` */
    int64_t weight;
    /* flush walk: the cards of the flush suit, the others, and how many of each to take */
    uint8_t suited[13], others[52];
    int n_suited, n_others, take_suited, take_others;
};

void pyeval_rank_walk(rank_walk *w, int missing, const int need[4]);
/* Only its second part: ``flush_board`` on each board with need[s] or more missing cards of a suit s
 * (with w->suit_weight, only the suits it weights). */
void pyeval_walk_flush_boards(rank_walk *w, int missing, const int need[4]);

/* Runs CALL(hi, lo) with the kinds as compile-time constants for the common pairs, so the
 * per-player evaluation in the inlined loop has no switch. */
#define WITH_CONSTANT_KINDS(hi_kind, lo_kind, CALL)                                     \
    do {                                                                                \
        if ((hi_kind) == PYEVAL_KIND_HIGH && (lo_kind) == -1)                           \
            CALL(PYEVAL_KIND_HIGH, -1);                                                 \
        else if ((hi_kind) == PYEVAL_KIND_HIGH && (lo_kind) == PYEVAL_KIND_LOW8)        \
            CALL(PYEVAL_KIND_HIGH, PYEVAL_KIND_LOW8);                                   \
        else if ((hi_kind) == PYEVAL_KIND_OMAHA_HIGH && (lo_kind) == -1)                \
            CALL(PYEVAL_KIND_OMAHA_HIGH, -1);                                           \
        else if ((hi_kind) == PYEVAL_KIND_OMAHA_HIGH && (lo_kind) == PYEVAL_KIND_OMAHA_LOW8) \
            CALL(PYEVAL_KIND_OMAHA_HIGH, PYEVAL_KIND_OMAHA_LOW8);                       \
        else                                                                            \
            CALL((hi_kind), (lo_kind));                                                 \
    } while (0)

#endif
