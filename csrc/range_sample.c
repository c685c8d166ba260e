/* Range-vs-range Monte Carlo: draw each deal of pyeval/range_sampling.py's model, evaluate it and
 * count it in one loop, with no buffer of deals and no Python per deal.
 *
 * The draw (the numba sampler's _draw_deals does the same, pick for pick, so a chunk state gives
 * the same deals on both paths; tests compare every count): each range player in turn draws a
 * combo, uniformly or by the cumulative weights, and the whole assignment is redrawn as soon as
 * one collides with an earlier pick; then the random players' hole cards and the missing board
 * cards are drawn uniformly from the deck, each redrawn while it is a card already in use.
 *
 * The combos are copied and validated once per call (each is h distinct deck cards: the caller's
 * arrays may change under us, csrc/hand_key.h) and their hole keys computed then; a deal costs
 * the draws, the board's key, one table lookup per player (csrc/showdown.h), the outcome
 * pattern's counter and one counter per range player: its combo's at its share level.
 */
#include <stdlib.h>
#include <string.h>
#include "showdown.h"
#include "rng.h"
#include "range_sample.h"

typedef struct {
    uint64_t key, bits; /* hole key (flush counters initialised) and card mask */
    uint32_t low;
} combo_key;

/* The validated copies of the ranges. */
typedef struct {
    int64_t off[MAX_PLAYERS + 1];
    uint8_t uniform[MAX_PLAYERS];
    unsigned random; /* bit p: player p has no combos (a random hand) */
    combo_key *keys;
    uint8_t *cards;
    double *cumw;
} range_set;

/* The boards: each one's known cards (validated copies), their key, mask and low mask, and how
 * many cards it misses. */
typedef struct {
    int known_n[PYEVAL_MAX_BOARDS], missing[PYEVAL_MAX_BOARDS];
    uint8_t cards[PYEVAL_MAX_BOARDS][MAX_BOARD];
    uint64_t key[PYEVAL_MAX_BOARDS], bits[PYEVAL_MAX_BOARDS];
    uint32_t low[PYEVAL_MAX_BOARDS];
} board_set;

/* The hole key, card mask and low mask of h cards. */
static inline combo_key hand_key(const uint8_t *c, int h)
{
    combo_key k = {FLUSH_COUNTERS_INIT, 0, 0};
    for (int j = 0; j < h; j++) {
        ADD_CARD(c[j], k.key, k.bits);
        k.low |= PYEVAL_CARD_LOWBIT[c[j]];
    }
    return k;
}

static inline void set_hole(showdown_ctx *ctx, int p, combo_key k)
{
    ctx->hole_key[p] = k.key;
    ctx->hole_bits[p] = k.bits;
    ctx->hole_low[p] = k.low;
}

/* numba's draw of u in [0, 1) from one output: its top 53 bits. */
static inline double unit_double(uint64_t x)
{
    return (double)(x >> 11) * (1.0 / 9007199254740992.0);
}

/* numpy's searchsorted(c[:n], u, side="right"), at most n - 1: the first c[i] > u. */
static inline int64_t weighted_index(const double *c, int64_t n, double u)
{
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (c[mid] <= u)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n ? lo : n - 1;
}

/* A uniform deck card not in *used (redrawn until it is not), added to *used. */
static inline __attribute__((always_inline)) uint8_t free_card(uint64_t *g, const uint8_t *deck, int deck_n,
                                                               uint64_t *used)
{
    for (;;) {
        uint8_t c = deck[bounded(g, (uint32_t)deck_n)];
        uint64_t bit = PYEVAL_CARD_BIT[c];
        if (!(*used & bit)) {
            *used |= bit;
            return c;
        }
    }
}

static inline __attribute__((always_inline)) int64_t sample_ranges(const showdown_ctx *ctx, const range_set *rs,
                                                                   const board_set *bs, const int hi_kind,
                                                                   const int lo_kind, const int players,
                                                                   const int boards, const int missing,
                                                                   const uint8_t *level, int64_t levels,
                                                                   uint64_t *state, int64_t n, int64_t max_tries,
                                                                   int64_t *counts, int64_t *combo_counts,
                                                                   int64_t *rejected_out)
{
    const int h = ctx->h, deck_n = ctx->deck_n;
    const int shift = players * (lo_kind == -1 ? 1 : 2); /* a board's pattern bits */
    const board_set on = *bs; /* the boards, read per deal */
    /* Locals for everything read per deal: the stores to the counters could alias anything the
     * caller's pointers reach (the build has -fno-strict-aliasing), see csrc/board_sample.c. */
    uint64_t g[4] = {state[0], state[1], state[2], state[3]};
    uint8_t deck[52];
    memcpy(deck, ctx->deck, (size_t)deck_n);
    int64_t off[MAX_PLAYERS + 1];
    uint8_t uniform[MAX_PLAYERS];
    memcpy(off, rs->off, sizeof off);
    memcpy(uniform, rs->uniform, sizeof uniform);
    const unsigned random = rs->random;
    const combo_key *keys = rs->keys;
    const uint8_t *cards = rs->cards;
    const double *cumw = rs->cumw;
    showdown_ctx local = *ctx;
    local.holes = local.hole_cards;
    local.players = players; /* a constant where the caller gives one: the loops unroll */
    const int64_t top = levels - 1;
    int64_t rejected = 0, status = 0;
    int64_t pick[MAX_PLAYERS] = {0}; /* each range player's combo */
    for (int64_t i = 0; i < n; i++) {
        uint64_t used;
        for (int64_t tries = 0;;) {
            used = 0;
            int p = 0;
            for (; p < players; p++) {
                const int64_t lo = off[p], size = off[p + 1] - lo;
                if (size == 0)
                    continue;
                int64_t j = lo;
                if (size > 1)
                    j += uniform[p] ? (int64_t)bounded(g, (uint32_t)size)
                                    : weighted_index(cumw + lo, size, unit_double(next64(g)));
                const uint64_t b = keys[j].bits;
                if (used & b)
                    break;
                used |= b;
                pick[p] = j;
            }
            if (p == players)
                break;
            rejected++;
            if (++tries >= max_tries) {
                status = -1;
                goto done;
            }
        }
        if (random) { /* the random players' hole cards, then the board's */
            for (int p = 0; p < players; p++) {
                if (!(random >> p & 1))
                    continue;
                for (int k = 0; k < h; k++)
                    local.hole_cards[p * h + k] = free_card(g, deck, deck_n, &used);
                set_hole(&local, p, hand_key(local.hole_cards + p * h, h));
            }
        }
        for (int p = 0; p < players; p++) {
            if (random >> p & 1)
                continue;
            set_hole(&local, p, keys[pick[p]]);
            if (hi_kind == PYEVAL_KIND_OMAHA_HIGH)
                memcpy(local.hole_cards + p * h, cards + pick[p] * h, (size_t)h);
        }
        uint64_t pattern = 0;
        for (int j = 0; j < boards; j++) { /* each board's missing cards, then its showdown */
            const int known_n = on.known_n[j], to_draw = boards == 1 ? missing : on.missing[j];
            uint64_t key = on.key[j], bits = on.bits[j];
            uint32_t low = on.low[j];
            if (hi_kind == PYEVAL_KIND_OMAHA_HIGH && boards > 1) /* only Omaha reads the board's cards */
                memcpy(local.board, on.cards[j], (size_t)known_n);
#pragma GCC unroll 5
            for (int u = 0; u < to_draw; u++) {
                uint8_t c = free_card(g, deck, deck_n, &used);
                key += PYEVAL_CARD_KEY[c];
                bits |= PYEVAL_CARD_BIT[c];
                low |= PYEVAL_CARD_LOWBIT[c];
                if (hi_kind == PYEVAL_KIND_OMAHA_HIGH)
                    local.board[known_n + u] = c;
            }
            pattern |= showdown(&local, hi_kind, lo_kind, key, bits, low) << (shift * j);
        }
        counts[pattern]++;
        const uint8_t *lv = level + pattern * (uint64_t)players;
        for (int p = 0; p < players; p++) {
            if (random >> p & 1)
                continue;
            const int64_t l = lv[p];
            combo_counts[pick[p] * levels + (l < levels ? l : top)]++; /* in bounds for any byte */
        }
    }
done:
    memcpy(state, g, sizeof g);
    *rejected_out += rejected;
    return status;
}

typedef struct {
    const showdown_ctx *ctx;
    const range_set *rs;
    const board_set *bs;
    int boards;
    const uint8_t *level;
    int64_t levels;
    uint64_t *state;
    int64_t n, max_tries;
    int64_t *counts, *combo_counts, *rejected;
} sample_args;

/* sample_ranges with constants for the kinds (the caller's) and the common shapes: heads-up with
 * the cards of a preflop, flop or turn spot to draw, where the per-player loops and the board's
 * draw unroll. */
static inline __attribute__((always_inline)) int64_t sample_shape(const sample_args *a, const int hi, const int lo,
                                                                  int players, int missing)
{
#define RUN(p, nb, m) sample_ranges(a->ctx, a->rs, a->bs, hi, lo, p, nb, m, a->level, a->levels, a->state, a->n, \
                                    a->max_tries, a->counts, a->combo_counts, a->rejected)
    if (a->boards > 1) /* two boards: no constants (missing is read per board) */
        return RUN(players, a->boards, 0);
    if (players == 2)
        return missing == 5 ? RUN(2, 1, 5)
               : missing == 2 ? RUN(2, 1, 2)
               : missing == 1 ? RUN(2, 1, 1)
                              : RUN(2, 1, missing);
    return RUN(players, 1, missing);
#undef RUN
}

/* Copy and check the ranges: offsets from 0 to n_combos, each combo h distinct cards of the deck. */
static int64_t load_ranges(range_set *rs, const showdown_ctx *ctx, const uint8_t *combos, int64_t n_combos,
                           const int64_t *offsets, const double *cumw, const uint8_t *uniform)
{
    const int players = ctx->players, h = ctx->h;
    uint64_t deck_bits = 0;
    for (int i = 0; i < ctx->deck_n; i++)
        deck_bits |= PYEVAL_CARD_BIT[ctx->deck[i]];
    rs->random = 0;
    for (int p = 0; p <= players; p++)
        rs->off[p] = offsets[p];
    if (rs->off[0] != 0 || rs->off[players] != n_combos)
        return -2;
    for (int p = 0; p < players; p++) {
        int64_t size = rs->off[p + 1] - rs->off[p];
        if (size < 0 || size > UINT32_MAX)
            return -2;
        rs->uniform[p] = uniform[p] != 0;
        if (size == 0)
            rs->random |= 1u << p;
    }
    for (int p = players; p < MAX_PLAYERS; p++) {
        rs->off[p + 1] = n_combos;
        rs->uniform[p] = 1;
    }
    size_t m = (size_t)n_combos;
    rs->keys = malloc(m * sizeof *rs->keys + 1);
    rs->cards = malloc(m * (size_t)h + 1);
    rs->cumw = malloc(m * sizeof *rs->cumw + 1);
    if (!rs->keys || !rs->cards || !rs->cumw)
        return -5;
    for (int64_t j = 0; j < n_combos; j++) {
        uint8_t *c = rs->cards + j * h;
        load_cards(c, combos + j * h, h);
        rs->keys[j] = hand_key(c, h);
        if (!HAND_OK(rs->keys[j].bits, h) || (rs->keys[j].bits & ~deck_bits))
            return -3;
        rs->cumw[j] = cumw[j];
    }
    return 0;
}

/* The boards' known cards, keys and missing counts: the first board as pyeval_showdown_setup copied and checked
 * it, the others copied here.  Checked: every board of the first's size, no card twice on the boards or on a board
 * and in the deck, and a deck that holds every hand and every missing card. */
static int64_t load_boards(board_set *bs, const showdown_ctx *ctx, int boards, const uint8_t *known,
                           const int32_t *known_n, const int32_t *missing)
{
    uint64_t seen = 0;
    int cards = 0, to_draw = 0;
    for (int i = 0; i < ctx->deck_n; i++)
        seen |= PYEVAL_CARD_BIT[ctx->deck[i]];
    cards += ctx->deck_n;
    for (int j = 0; j < boards; j++) {
        const int k = known_n[j], m = missing[j];
        if (k < 0 || m < 0 || k + m != ctx->board_n)
            return -2;
        bs->known_n[j] = k;
        bs->missing[j] = m;
        to_draw += m;
        if (j == 0)
            memcpy(bs->cards[0], ctx->board, (size_t)k);
        else
            load_cards(bs->cards[j], known, k);
        known += k;
        const combo_key sum = hand_key(bs->cards[j], k);
        seen |= sum.bits;
        cards += k;
        bs->key[j] = sum.key - FLUSH_COUNTERS_INIT; /* a board's key carries no flush counters: the holes' do */
        bs->bits[j] = sum.bits;
        bs->low[j] = sum.low;
    }
    if (!HAND_OK(seen, cards)) /* a bad code has no bit, a repeat shares one */
        return -3;
    if (ctx->deck_n < ctx->players * ctx->h + to_draw) /* else a deal could wait forever for a free card */
        return -2;
    return 0;
}

int64_t pyeval_range_sample_boards(const uint8_t *combos, int64_t n_combos, const int64_t *offsets, const double *cumw,
                                   const uint8_t *uniform, int players, int h, int boards, const uint8_t *known,
                                   const int32_t *known_n, const uint8_t *deck, int deck_n, const int32_t *missing,
                                   int hi_kind, int lo_kind, const uint8_t *level, int64_t levels, uint64_t *state,
                                   int64_t n, int64_t max_tries, int64_t *counts, int64_t counts_len,
                                   int64_t *combo_counts, int64_t *rejected)
{
    if (n < 0 || n_combos < 0 || n_combos > INT32_MAX || levels < 1 || levels > 256 || max_tries < 1 ||
        boards < 1 || boards > PYEVAL_MAX_BOARDS || !state_ok(state))
        return -2;
    int32_t known_n_copy[PYEVAL_MAX_BOARDS], missing_copy[PYEVAL_MAX_BOARDS];
    memcpy(known_n_copy, known_n, (size_t)boards * sizeof *known_n); /* read once: the caller's may change */
    memcpy(missing_copy, missing, (size_t)boards * sizeof *missing);
    showdown_ctx ctx;
    /* every hole "drawn": setup checks the sizes, kinds, the first board and the deck, and reads no holes */
    int64_t status = pyeval_showdown_setup(&ctx, NULL, players, h, known, known_n_copy[0], deck, deck_n,
                                           missing_copy[0], hi_kind, lo_kind, counts_len,
                                           players >= 2 && players <= MAX_PLAYERS ? (1u << players) - 1 : 0);
    if (status != 0)
        return status;
    const int pattern_bits = players * (lo_kind == -1 ? 1 : 2) * boards;
    if (pattern_bits > 62 || counts_len < (INT64_C(1) << pattern_bits))
        return -2;
    board_set bs;
    status = load_boards(&bs, &ctx, boards, known, known_n_copy, missing_copy);
    if (status != 0)
        return status;
    range_set rs = {.keys = NULL, .cards = NULL, .cumw = NULL};
    status = load_ranges(&rs, &ctx, combos, n_combos, offsets, cumw, uniform);
    if (status == 0) {
        const sample_args args = {&ctx, &rs, &bs, boards, level, levels, state, n, max_tries, counts, combo_counts,
                                  rejected};
        const int missing0 = missing_copy[0];
#define SAMPLE(hi, lo) status = sample_shape(&args, hi, lo, players, missing0)
        WITH_CONSTANT_KINDS(hi_kind, lo_kind, SAMPLE);
#undef SAMPLE
    }
    free(rs.keys);
    free(rs.cards);
    free(rs.cumw);
    return status;
}

int64_t pyeval_range_sample(const uint8_t *combos, int64_t n_combos, const int64_t *offsets, const double *cumw,
                            const uint8_t *uniform, int players, int h, const uint8_t *known, int known_n,
                            const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                            const uint8_t *level, int64_t levels, uint64_t *state, int64_t n, int64_t max_tries,
                            int64_t *counts, int64_t counts_len, int64_t *combo_counts, int64_t *rejected)
{
    const int32_t known_n1 = known_n, missing1 = missing;
    return pyeval_range_sample_boards(combos, n_combos, offsets, cumw, uniform, players, h, 1, known, &known_n1, deck,
                                      deck_n, &missing1, hi_kind, lo_kind, level, levels, state, n, max_tries, counts,
                                      counts_len, combo_counts, rejected);
}
