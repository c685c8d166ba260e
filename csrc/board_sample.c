/* Board-only Monte Carlo: n random deals drawn with the generator of csrc/rng.h and counted.
 *
 * One partial shuffle per deal takes the missing board cards, then each drawn player's hole
 * cards in player order, in pairs (the steps of draw_cards): the pick order of
 * pyeval._kernels.sample_rows, so a chunk state gives the same deals here, in the numba engine and
 * in pyeval_sample_cards (tests check all three).  The picks stay at the front of the deck (no
 * buffer) and each board card's key is added as it is drawn.
 *
 * The loops keep everything they update per deal in locals (generator state, deck, keys, the hole
 * keys of the known hands): the build has -fno-strict-aliasing, so a card stored through a
 * pointer would otherwise force the compiler to reload and store the generator state and the
 * hands around every store (the cost of the first version, about 300 instructions a heads-up
 * deal against about 200 after).
 */
#include <string.h>
#include "showdown.h"
#include "rng.h"

/* j = the high half of m = x * bound (x a 32-bit half of an output), redrawn alone (bounded) where
 * Lemire's method rejects the low half, as bounded_pair and bounded do: the same pick as theirs. */
static inline __attribute__((always_inline)) uint32_t lemire_pick(uint64_t *g, uint64_t m, uint32_t bound)
{
    uint32_t j = (uint32_t)(m >> 32);
    if (__builtin_expect((uint32_t)m < bound, 0) && (uint32_t)m < (uint32_t)(-bound) % bound)
        j = bounded(g, bound);
    return j;
}

/* Steps u and u + 1 of the partial shuffle from one output (draw_cards' pair step). */
static inline __attribute__((always_inline)) void draw_two(uint64_t *g, uint8_t *deck, int deck_n, int u,
                                                           uint8_t *c1, uint8_t *c2)
{
    const uint32_t b1 = (uint32_t)(deck_n - u), b2 = b1 - 1;
    uint64_t r = next64(g);
    uint32_t j1 = lemire_pick(g, (r >> 32) * b1, b1);
    uint32_t j2 = lemire_pick(g, (r & 0xffffffffu) * b2, b2);
    *c1 = swap_in(deck, u, j1);
    *c2 = swap_in(deck, u + 1, j2);
}

/* Step u alone (draw_cards' last step of an odd count). */
static inline __attribute__((always_inline)) uint8_t draw_one(uint64_t *g, uint8_t *deck, int deck_n, int u)
{
    const uint32_t b = (uint32_t)(deck_n - u);
    return swap_in(deck, u, lemire_pick(g, (next64(g) >> 32) * b, b));
}

#define ADD_BOARD_CARD(c, key, bits, low)      \
    do {                                       \
        (key) += PYEVAL_CARD_KEY[(c)];         \
        (bits) |= PYEVAL_CARD_BIT[(c)];        \
        (low) |= PYEVAL_CARD_LOWBIT[(c)];      \
    } while (0)

/* One deal: draw_cards' steps for ``missing`` board cards and then h for each drawn player, the
 * picks left in deck[0..k) (the partial shuffle puts step u's card at deck[u]), the board's key,
 * mask and low mask accumulated as its cards are drawn; returns k. */
static inline __attribute__((always_inline)) int draw_board(uint64_t *g, uint8_t *deck, int deck_n, const int missing,
                                                            const int holes_n, uint64_t *key, uint64_t *bits,
                                                            uint32_t *low)
{
    const int k = missing + holes_n;
    int u = 0;
    uint8_t c1, c2;
#pragma GCC unroll 4
    for (; u + 1 < missing; u += 2) {
        draw_two(g, deck, deck_n, u, &c1, &c2);
        ADD_BOARD_CARD(c1, *key, *bits, *low);
        ADD_BOARD_CARD(c2, *key, *bits, *low);
    }
    if (u < missing) { /* the last board card, paired with the first hole card if any */
        if (u + 1 < k) {
            draw_two(g, deck, deck_n, u, &c1, &c2);
            u += 2;
        } else {
            c1 = draw_one(g, deck, deck_n, u);
            u += 1;
        }
        ADD_BOARD_CARD(c1, *key, *bits, *low);
    }
    for (; u + 1 < k; u += 2)
        draw_two(g, deck, deck_n, u, &c1, &c2);
    if (u < k)
        draw_one(g, deck, deck_n, u);
    return k;
}

/* The drawn players' hole keys, from their picks at deck[missing..) in player order (only the
 * drawn players are visited: a loop over every player cost a test and a branch each); their low
 * masks only where the showdown reads them (``with_low``: Omaha's low). */
static inline __attribute__((always_inline)) void drawn_hole_keys(const uint8_t *deck, const int missing, const int h,
                                                                  const unsigned drawn, const int with_low,
                                                                  uint64_t *hole_key, uint64_t *hole_bits,
                                                                  uint32_t *hole_low)
{
    const uint8_t *next = deck + missing;
    for (unsigned left = drawn; left; left &= left - 1) {
        const int p = __builtin_ctz(left);
        uint64_t k = FLUSH_COUNTERS_INIT, b = 0;
        uint32_t l = 0;
        for (int j = 0; j < h; j++, next++) {
            ADD_CARD(*next, k, b);
            if (with_low)
                l |= PYEVAL_CARD_LOWBIT[*next];
        }
        hole_key[p] = k;
        hole_bits[p] = b;
        if (with_low)
            hole_low[p] = l;
    }
}

/* Omaha's showdown reads the cards: one loop that draws a deal, copies its cards into the
 * context and counts it. */
static inline __attribute__((always_inline)) void sample_deals(showdown_ctx *ctx, const int hi_kind,
                                                               const int lo_kind, const int players,
                                                               const uint8_t *start_deck, int deck_n,
                                                               const int missing, uint64_t *state, int64_t n,
                                                               int64_t *counts)
{
    const int h = ctx->h, known_n = ctx->known_n;
    const unsigned drawn = ctx->drawn;
    const int holes_n = h * __builtin_popcount(drawn);
    uint64_t g[4] = {state[0], state[1], state[2], state[3]}; /* kept in registers */
    uint8_t deck[52];
    memcpy(deck, start_deck, (size_t)deck_n);
    /* ctx's hole keys are read by showdown(); a local copy of ctx keeps its reads off memory
     * that the stores of this loop might alias. */
    showdown_ctx local = *ctx;
    local.holes = local.hole_cards;
    local.players = players; /* a constant where the caller gives one: showdown's loops unroll */
    for (int64_t i = 0; i < n; i++) {
        uint64_t key = ctx->known_key, bits = ctx->known_bits;
        uint32_t low = ctx->known_low;
        draw_board(g, deck, deck_n, missing, holes_n, &key, &bits, &low);
        memcpy(local.board + known_n, deck, (size_t)missing);
        if (drawn) {
            drawn_hole_keys(deck, missing, h, drawn, lo_kind == PYEVAL_KIND_OMAHA_LOW8, local.hole_key, local.hole_bits,
                            local.hole_low);
            const uint8_t *next = deck + missing;
            for (unsigned left = drawn; left; left &= left - 1, next += h)
                memcpy(local.hole_cards + __builtin_ctz(left) * h, next, (size_t)h);
        }
        counts[showdown(&local, hi_kind, lo_kind, key, bits, low)]++;
    }
    memcpy(state, g, sizeof g);
}

/* Deals per block of sample_blocks. */
#define DEAL_BLOCK 64

/* One block's deals as the showdown of a game that needs only keys (not Omaha) reads them. */
typedef struct {
    uint64_t key[DEAL_BLOCK], bits[DEAL_BLOCK];
    uint32_t low[DEAL_BLOCK];
    uint64_t hole_key[DEAL_BLOCK][MAX_PLAYERS], hole_bits[DEAL_BLOCK][MAX_PLAYERS];
    uint32_t hole_low[DEAL_BLOCK][MAX_PLAYERS];
} deal_block;

/* The games whose showdown reads only the keys of the board and holes (every kind but Omaha)
 * draw a block of deals first and then evaluate it: the evaluation's table reads of different
 * deals are then independent and overlap, where in one loop each deal's reads wait behind its
 * draws, and each phase keeps fewer values live (the draw's generator and deck, the showdown's
 * hole keys) so fewer spill.  The same deals as sample_deals would draw.  Hold'em holes have two
 * cards (pyeval_showdown_setup). */
static inline __attribute__((always_inline)) void sample_blocks(showdown_ctx *ctx, const int hi_kind,
                                                                const int lo_kind, const int players,
                                                                const unsigned any_drawn, const uint8_t *start_deck,
                                                                int deck_n, const int missing, uint64_t *state,
                                                                int64_t n, int64_t *counts)
{
    const int h = 2;
    const unsigned drawn = any_drawn ? ctx->drawn : 0;
    const int holes_n = any_drawn ? h * __builtin_popcount(drawn) : 0;
    const int need_low = lo_kind == PYEVAL_KIND_OMAHA_LOW8; /* only it reads the low masks */
    const uint64_t known_key = ctx->known_key, known_bits = ctx->known_bits;
    const uint32_t known_low = ctx->known_low;
    uint64_t g[4] = {state[0], state[1], state[2], state[3]}; /* kept in registers */
    uint8_t deck[52];
    memcpy(deck, start_deck, (size_t)deck_n);
    showdown_ctx local = *ctx; /* as in sample_deals */
    local.holes = local.hole_cards;
    local.players = players;
    deal_block blk;
    for (int64_t i0 = 0; i0 < n; i0 += DEAL_BLOCK) {
        const int nb = n - i0 < DEAL_BLOCK ? (int)(n - i0) : DEAL_BLOCK;
        for (int b = 0; b < nb; b++) {
            uint64_t key = known_key, bits = known_bits;
            uint32_t low = known_low;
            draw_board(g, deck, deck_n, missing, holes_n, &key, &bits, &low);
            blk.key[b] = key;
            blk.bits[b] = bits;
            if (need_low)
                blk.low[b] = low;
            if (any_drawn)
                drawn_hole_keys(deck, missing, h, drawn, need_low, blk.hole_key[b], blk.hole_bits[b],
                                blk.hole_low[b]);
        }
        for (int b = 0; b < nb; b++) {
            for (unsigned left = any_drawn ? drawn : 0; left; left &= left - 1) {
                const int p = __builtin_ctz(left);
                local.hole_key[p] = blk.hole_key[b][p];
                local.hole_bits[p] = blk.hole_bits[b][p];
                if (need_low)
                    local.hole_low[p] = blk.hole_low[b][p];
            }
            counts[showdown(&local, hi_kind, lo_kind, blk.key[b], blk.bits[b], need_low ? blk.low[b] : 0)]++;
        }
    }
    memcpy(state, g, sizeof g);
}

/* Every shape a call may take, with constants for the common ones: heads-up unrolls the
 * showdown, a fixed number of board cards (preflop, flop, turn) the draw.  Omaha (sample_deals)
 * reads ``drawn`` at run time and is sampled where any_drawn is 0. */
static inline __attribute__((always_inline)) void sample_shapes(showdown_ctx *ctx, int hi_kind, int lo_kind,
                                                                int players, int deck_n, int missing,
                                                                uint64_t *state, int64_t n, int64_t *counts,
                                                                const unsigned any_drawn)
{
#define SAMPLE_SHAPE(hi, lo, p, m)                                                                 \
    do {                                                                                           \
        if ((hi) == PYEVAL_KIND_OMAHA_HIGH) {                                                      \
            if (!any_drawn)                                                                        \
                sample_deals(ctx, hi, lo, p, ctx->deck, deck_n, m, state, n, counts);              \
        } else {                                                                                   \
            sample_blocks(ctx, hi, lo, p, any_drawn, ctx->deck, deck_n, m, state, n, counts);      \
        }                                                                                          \
    } while (0)
#define SAMPLE_MISSING(hi, lo, p)                                               \
    do {                                                                        \
        switch (missing) {                                                      \
        case 5: SAMPLE_SHAPE(hi, lo, p, 5); break;                              \
        case 2: SAMPLE_SHAPE(hi, lo, p, 2); break;                              \
        case 1: SAMPLE_SHAPE(hi, lo, p, 1); break;                              \
        default: SAMPLE_SHAPE(hi, lo, p, missing); break;                       \
        }                                                                       \
    } while (0)
#define SAMPLE(hi, lo)                                                          \
    do {                                                                        \
        if (players == 2)                                                       \
            SAMPLE_MISSING(hi, lo, 2);                                          \
        else                                                                    \
            SAMPLE_MISSING(hi, lo, players);                                    \
    } while (0)
    WITH_CONSTANT_KINDS(hi_kind, lo_kind, SAMPLE);
#undef SAMPLE
#undef SAMPLE_MISSING
#undef SAMPLE_SHAPE
}

/* Deals whose holes are all known, and Omaha's. */
static PYEVAL_HOT __attribute__((noinline)) void sample_known_holes(showdown_ctx *ctx, int hi_kind, int lo_kind,
                                                                    int players, int deck_n, int missing,
                                                                    uint64_t *state, int64_t n, int64_t *counts)
{
    sample_shapes(ctx, hi_kind, lo_kind, players, deck_n, missing, state, n, counts, 0);
}

/* Deals with holes drawn, but not Omaha's: a function of their own, since in one with the loops
 * above GCC compiled those differently (two more instructions a heads-up deal). */
static PYEVAL_HOT __attribute__((noinline)) void sample_drawn_holes(showdown_ctx *ctx, int hi_kind, int lo_kind,
                                                                    int players, int deck_n, int missing,
                                                                    uint64_t *state, int64_t n, int64_t *counts)
{
    sample_shapes(ctx, hi_kind, lo_kind, players, deck_n, missing, state, n, counts, 1);
}

int64_t pyeval_board_patterns_sample(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                                     const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                                     unsigned drawn, uint64_t *state, int64_t n, int64_t *counts,
                                     int64_t counts_len)
{
    showdown_ctx ctx;
    int64_t status = pyeval_showdown_setup(&ctx, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind,
                                           lo_kind, counts_len, drawn);
    if (status != 0)
        return status;
    if (n < 0 || !state_ok(state))
        return -2;
    if (drawn && hi_kind != PYEVAL_KIND_OMAHA_HIGH)
        sample_drawn_holes(&ctx, hi_kind, lo_kind, players, deck_n, missing, state, n, counts);
    else
        sample_known_holes(&ctx, hi_kind, lo_kind, players, deck_n, missing, state, n, counts);
    return 0;
}
