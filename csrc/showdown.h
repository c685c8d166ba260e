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

/* The outcome pattern of one complete board (ctx->board filled; its key, bits and low mask given). */
static inline __attribute__((always_inline)) uint64_t showdown(const showdown_ctx *ctx, const int hi_kind,
                                                                const int lo_kind, uint64_t bkey, uint64_t bbits,
                                                                uint32_t blow)
{
    const int players = ctx->players;
    int32_t best = -1;
    uint32_t mask = 0;
    for (int p = 0; p < players; p++) {
        int32_t v = eval_hi(hi_kind, bkey + ctx->hole_key[p], bbits | ctx->hole_bits[p], ctx->holes + p * ctx->h,
                            ctx->h, ctx->board, ctx->board_n, bkey);
        if (v > best) {
            best = v;
            mask = 1u << p;
        } else if (v == best) {
            mask |= 1u << p;
        }
    }
    uint64_t pattern = mask;
    if (lo_kind != -1) {
        int32_t lo_best = 0;
        uint32_t lo_mask = 0;
        for (int p = 0; p < players; p++) {
            int32_t v = lo_kind == PYEVAL_KIND_LOW8 ? PYEVAL_LOW8_RANKMASK[rank_presence(bbits | ctx->hole_bits[p])]
                                                          : PYEVAL_LOW8_OMAHA[ctx->hole_low[p] << 8 | blow];
            if (v > lo_best) {
                lo_best = v;
                lo_mask = 1u << p;
            } else if (v == lo_best && v > 0) {
                lo_mask |= 1u << p;
            }
        }
        pattern |= (uint64_t)lo_mask << players;
    }
    return pattern;
}

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
