/* Board-only Monte Carlo: n random deals drawn with the generator of csrc/rng.h and counted.
 *
 * One partial shuffle per deal takes the missing board cards, then each drawn player's hole
 * cards in player order, in pairs (draw_cards): the pick order of pyeval._kernels.sample_rows, so
 * a chunk state gives the same deals here, in the numba engine and in pyeval_sample_cards (tests
 * check all three).
 *
 * The loops keep everything they update per deal in locals (generator state, deck, keys, the hole
 * keys of the known hands): the build has -fno-strict-aliasing, so a card stored through a
 * pointer would otherwise force the compiler to reload and store the generator state and the
 * hands around every store (the cost of the first version, about 300 instructions a heads-up
 * deal against about 210 after).
 */
#include <string.h>
#include "showdown.h"
#include "rng.h"

#define MAX_PICKS (MAX_BOARD + MAX_PLAYERS * MAX_HOLE)

/* One deal: its picks drawn (``missing`` board cards, then h for each drawn player), the
 * board's key, mask and low mask returned, and the drawn players' hole keys set in hands. */
static inline __attribute__((always_inline)) void draw_deal(uint64_t *g, uint8_t *deck, int deck_n, const int missing,
                                                            const int h, const int players, const unsigned drawn,
                                                            uint8_t *picks, uint64_t *key, uint64_t *bits,
                                                            uint32_t *low, uint64_t *hole_key, uint64_t *hole_bits,
                                                            uint32_t *hole_low)
{
    draw_cards(g, deck, deck_n, picks, missing + h * __builtin_popcount(drawn));
#pragma GCC unroll 5
    for (int u = 0; u < missing; u++) {
        *key += PYEVAL_CARD_KEY[picks[u]];
        *bits |= PYEVAL_CARD_BIT[picks[u]];
        *low |= PYEVAL_CARD_LOWBIT[picks[u]];
    }
    const uint8_t *next = picks + missing;
    for (int p = 0; p < players && drawn; p++) {
        if (!(drawn >> p & 1))
            continue;
        uint64_t k = FLUSH_COUNTERS_INIT, b = 0;
        uint32_t l = 0;
        for (int j = 0; j < h; j++, next++) {
            ADD_CARD(*next, k, b);
            l |= PYEVAL_CARD_LOWBIT[*next];
        }
        hole_key[p] = k;
        hole_bits[p] = b;
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
    uint64_t g[4] = {state[0], state[1], state[2], state[3]}; /* kept in registers */
    uint8_t deck[52], picks[MAX_PICKS];
    memcpy(deck, start_deck, (size_t)deck_n);
    /* ctx's hole keys are read by showdown(); a local copy of ctx keeps its reads off memory
     * that the stores of this loop might alias. */
    showdown_ctx local = *ctx;
    local.holes = local.hole_cards;
    local.players = players; /* a constant where the caller gives one: showdown's loops unroll */
    for (int64_t i = 0; i < n; i++) {
        uint64_t key = ctx->known_key, bits = ctx->known_bits;
        uint32_t low = ctx->known_low;
        draw_deal(g, deck, deck_n, missing, h, players, drawn, picks, &key, &bits, &low, local.hole_key,
                  local.hole_bits, local.hole_low);
        memcpy(local.board + known_n, picks, (size_t)missing);
        const uint8_t *next = picks + missing;
        for (int p = 0; p < players && drawn; p++)
            if (drawn >> p & 1) {
                memcpy(local.hole_cards + p * h, next, (size_t)h);
                next += h;
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
 * hole keys) so fewer spill.  The same deals as sample_deals would draw. */
static inline __attribute__((always_inline)) void sample_blocks(showdown_ctx *ctx, const int hi_kind,
                                                                const int lo_kind, const int players,
                                                                const unsigned any_drawn, const uint8_t *start_deck,
                                                                int deck_n, const int missing, uint64_t *state,
                                                                int64_t n, int64_t *counts)
{
    const int h = ctx->h;
    const unsigned drawn = any_drawn ? ctx->drawn : 0;
    const uint64_t known_key = ctx->known_key, known_bits = ctx->known_bits;
    const uint32_t known_low = ctx->known_low;
    uint64_t g[4] = {state[0], state[1], state[2], state[3]}; /* kept in registers */
    uint8_t deck[52], picks[MAX_PICKS];
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
            draw_deal(g, deck, deck_n, missing, h, players, drawn, picks, &key, &bits, &low, blk.hole_key[b],
                      blk.hole_bits[b], blk.hole_low[b]);
            blk.key[b] = key;
            blk.bits[b] = bits;
            if (lo_kind != -1)
                blk.low[b] = low;
        }
        for (int b = 0; b < nb; b++) {
            for (int p = 0; p < players && drawn; p++) {
                if (!(drawn >> p & 1))
                    continue;
                local.hole_key[p] = blk.hole_key[b][p];
                local.hole_bits[p] = blk.hole_bits[b][p];
                local.hole_low[p] = blk.hole_low[b][p];
            }
            counts[showdown(&local, hi_kind, lo_kind, blk.key[b], blk.bits[b], lo_kind != -1 ? blk.low[b] : 0)]++;
        }
    }
    memcpy(state, g, sizeof g);
}

PYEVAL_HOT int64_t pyeval_board_patterns_sample(const uint8_t *holes, int players, int h, const uint8_t *known,
                                                int known_n, const uint8_t *deck, int deck_n, int missing,
                                                int hi_kind, int lo_kind, unsigned drawn, uint64_t *state,
                                                int64_t n, int64_t *counts, int64_t counts_len)
{
    showdown_ctx ctx;
    int64_t status = pyeval_showdown_setup(&ctx, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind,
                                           lo_kind, counts_len, drawn);
    if (status != 0)
        return status;
    if (n < 0 || !state_ok(state))
        return -2;
    /* Constants for the common shapes: heads-up unrolls the showdown, a fixed number of board
     * cards (preflop, flop, turn) the draw. */
#define SAMPLE_SHAPE(hi, lo, p, m)                                                                 \
    do {                                                                                           \
        if ((hi) == PYEVAL_KIND_OMAHA_HIGH)                                                        \
            sample_deals(&ctx, hi, lo, p, ctx.deck, deck_n, m, state, n, counts);                  \
        else if (drawn)                                                                            \
            sample_blocks(&ctx, hi, lo, p, 1, ctx.deck, deck_n, m, state, n, counts);              \
        else                                                                                       \
            sample_blocks(&ctx, hi, lo, p, 0, ctx.deck, deck_n, m, state, n, counts);              \
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
    return 0;
}
