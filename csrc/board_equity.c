/* Exact showdowns over board completions, for deals where every hole card is known.
 *
 * The common equity query (hold'em, Omaha, short deck; hi or hi/lo) deals only
 * board cards.  Walking the completions here, with the board's key built
 * incrementally, costs one table lookup per player per board.  Each deal's
 * outcome is counted as a pattern: the winner bitmask of the high part, and
 * of the low part in bits players.. (0 = no qualifying low); the Python layer
 * turns the histogram into shares (engine.PatternTable), as for the generic
 * numba engine.  Completions are numbered in lexicographic order of deck
 * positions, so a range [start, start + count) is one chunk of work.
 */
#include "pyeval.h"
#include "hand_key.h"
#include "internal.h"

#define MAX_PLAYERS 10
#define MAX_HOLE 6
#define MAX_BOARD 5

static int64_t binom(int m, int k)
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
} showdown_ctx;

/* Validate a query (trust nothing) and precompute hole and known-board keys.  The deck
 * (the cards boards are drawn from) must be distinct from the holes and known board. */
static int64_t setup(showdown_ctx *ctx, const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                     const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind, int64_t counts_len)
{
    if (players < 2 || players > MAX_PLAYERS || h < 2 || h > MAX_HOLE || known_n < 0 || missing < 0 ||
        known_n + missing > MAX_BOARD || deck_n < missing || deck_n > 52)
        return -2;
    int board_n = known_n + missing;
    if (hi_kind == PYEVAL_KIND_OMAHA_HIGH ? (board_n < 3 || h < 4) : (h + board_n < 5 || h + board_n > 7 || h > 2))
        return -2;
    if (hi_kind < PYEVAL_KIND_HIGH || hi_kind > PYEVAL_KIND_OMAHA_HIGH ||
        (lo_kind != -1 && lo_kind != PYEVAL_KIND_LOW8 && lo_kind != PYEVAL_KIND_OMAHA_LOW8))
        return -2;
    if (counts_len < (INT64_C(1) << (players * (lo_kind == -1 ? 1 : 2))))
        return -2;
    uint64_t all_bits = 0;
    for (int i = 0; i < players * h; i++)
        all_bits |= PYEVAL_CARD_BIT[holes[i]];
    for (int i = 0; i < known_n; i++)
        all_bits |= PYEVAL_CARD_BIT[known[i]];
    for (int i = 0; i < deck_n; i++)
        all_bits |= PYEVAL_CARD_BIT[deck[i]];
    if (!HAND_OK(all_bits, players * h + known_n + deck_n))
        return -3;
    ctx->players = players;
    ctx->h = h;
    ctx->known_n = known_n;
    ctx->board_n = board_n;
    ctx->hi_kind = hi_kind;
    ctx->lo_kind = lo_kind;
    ctx->holes = holes;
    for (int p = 0; p < players; p++) {
        ctx->hole_key[p] = FLUSH_COUNTERS_INIT;
        ctx->hole_bits[p] = 0;
        ctx->hole_low[p] = 0;
        for (int j = 0; j < h; j++) {
            ADD_CARD(holes[p * h + j], ctx->hole_key[p], ctx->hole_bits[p]);
            ctx->hole_low[p] |= PYEVAL_CARD_LOWBIT[holes[p * h + j]];
        }
    }
    ctx->known_key = ctx->known_bits = 0;
    ctx->known_low = 0;
    for (int j = 0; j < known_n; j++) {
        ADD_CARD(known[j], ctx->known_key, ctx->known_bits);
        ctx->known_low |= PYEVAL_CARD_LOWBIT[known[j]];
        ctx->board[j] = known[j];
    }
    return 0;
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

/* Walk completions [start, start + count) of a validated query; the kinds are compile-time
 * constants in each specialisation below, so the per-player evaluation has no switch. */
static inline __attribute__((always_inline)) void walk(showdown_ctx *ctx, const int hi_kind, const int lo_kind,
                                                       const uint8_t *deck, int deck_n, int missing, int64_t start,
                                                       int64_t count, int64_t *counts)
{
    const int known_n = ctx->known_n;
    /* Unrank ``start``: lexicographic combination of ``missing`` deck positions. */
    int pos[MAX_BOARD + 1];
    int64_t index = start;
    for (int i = 0, x = 0; i < missing; i++) {
        for (;;) {
            int64_t c = binom(deck_n - x - 1, missing - i - 1);
            if (index < c)
                break;
            index -= c;
            x++;
        }
        pos[i] = x++;
    }
    /* Prefix sums per depth: depth d holds the board with the first d missing cards added. */
    uint64_t key_at[MAX_BOARD + 1], bits_at[MAX_BOARD + 1];
    uint32_t low_at[MAX_BOARD + 1];
    key_at[0] = ctx->known_key;
    bits_at[0] = ctx->known_bits;
    low_at[0] = ctx->known_low;
    int from = 0; /* first depth whose prefix must be recomputed */
    for (int64_t done = 0; done < count; done++) {
        for (int d = from; d < missing; d++) {
            uint8_t c = deck[pos[d]];
            key_at[d + 1] = key_at[d] + PYEVAL_CARD_KEY[c];
            bits_at[d + 1] = bits_at[d] | PYEVAL_CARD_BIT[c];
            low_at[d + 1] = low_at[d] | PYEVAL_CARD_LOWBIT[c];
            ctx->board[known_n + d] = c;
        }
        counts[showdown(ctx, hi_kind, lo_kind, key_at[missing], bits_at[missing], low_at[missing])]++;
        int i = missing - 1;
        while (i >= 0 && pos[i] == deck_n - missing + i)
            i--;
        if (i < 0)
            break;
        pos[i]++;
        for (int j = i + 1; j < missing; j++)
            pos[j] = pos[j - 1] + 1;
        from = i;
    }
}

PYEVAL_HOT int64_t pyeval_board_patterns(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                                         const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                                         int64_t start, int64_t count, int64_t *counts, int64_t counts_len)
{
    showdown_ctx ctx;
    int64_t status = setup(&ctx, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind, lo_kind,
                           counts_len);
    if (status != 0)
        return status;
    int64_t total = binom(deck_n, missing);
    if (start < 0 || count < 0 || start > total || count > total - start)
        return -2;
    if (count == 0)
        return 0;
    if (hi_kind == PYEVAL_KIND_HIGH && lo_kind == -1)
        walk(&ctx, PYEVAL_KIND_HIGH, -1, deck, deck_n, missing, start, count, counts);
    else if (hi_kind == PYEVAL_KIND_HIGH && lo_kind == PYEVAL_KIND_LOW8)
        walk(&ctx, PYEVAL_KIND_HIGH, PYEVAL_KIND_LOW8, deck, deck_n, missing, start, count, counts);
    else if (hi_kind == PYEVAL_KIND_OMAHA_HIGH && lo_kind == -1)
        walk(&ctx, PYEVAL_KIND_OMAHA_HIGH, -1, deck, deck_n, missing, start, count, counts);
    else if (hi_kind == PYEVAL_KIND_OMAHA_HIGH && lo_kind == PYEVAL_KIND_OMAHA_LOW8)
        walk(&ctx, PYEVAL_KIND_OMAHA_HIGH, PYEVAL_KIND_OMAHA_LOW8, deck, deck_n, missing, start, count, counts);
    else
        walk(&ctx, hi_kind, lo_kind, deck, deck_n, missing, start, count, counts);
    return 0;
}

PYEVAL_HOT int64_t pyeval_board_patterns_list(const uint8_t *holes, int players, int h, const uint8_t *known,
                                              int known_n, const uint8_t *deck, int deck_n, int missing, int hi_kind,
                                              int lo_kind, const uint8_t *boards, int64_t n, int64_t *counts,
                                              int64_t counts_len)
{
    showdown_ctx ctx;
    int64_t status = setup(&ctx, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind, lo_kind,
                           counts_len);
    if (status != 0)
        return status;
    /* Allowed board cards: the deck's; each row must hold distinct ones. */
    uint64_t deck_bits = 0;
    for (int i = 0; i < deck_n; i++)
        deck_bits |= PYEVAL_CARD_BIT[deck[i]];
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *row = boards + i * missing;
        uint64_t key = ctx.known_key, bits = 0;
        uint32_t low = ctx.known_low;
        for (int d = 0; d < missing; d++) {
            ADD_CARD(row[d], key, bits);
            low |= PYEVAL_CARD_LOWBIT[row[d]];
            ctx.board[known_n + d] = row[d];
        }
        if (!HAND_OK(bits, missing) || (bits & ~deck_bits))
            return -4 - i;
        counts[showdown(&ctx, ctx.hi_kind, ctx.lo_kind, key, bits | ctx.known_bits, low)]++;
    }
    return 0;
}
