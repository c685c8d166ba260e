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
#include "rng.h"

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
    unsigned drawn; /* bit p: player p's hole cards are drawn with the board (Monte Carlo) */
    uint8_t hole_cards[MAX_PLAYERS * MAX_HOLE];
} showdown_ctx;

/* Validate a query (trust nothing) and precompute hole and known-board keys.  The deck
 * (the cards boards are drawn from) must be distinct from the holes and known board.
 * ``drawn`` (bit p) marks players whose holes are drawn from the deck too; their entries
 * in ``holes`` are ignored. */
static int64_t setup_drawn(showdown_ctx *ctx, const uint8_t *holes, int players, int h, const uint8_t *known,
                           int known_n, const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                           int64_t counts_len, unsigned drawn)
{
    if (players < 2 || players > MAX_PLAYERS || h < 2 || h > MAX_HOLE || known_n < 0 || missing < 0 ||
        known_n + missing > MAX_BOARD || deck_n > 52 || drawn >= 1u << players ||
        deck_n < missing + h * __builtin_popcount(drawn))
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
        if (!(drawn >> (i / h) & 1))
            all_bits |= PYEVAL_CARD_BIT[holes[i]];
    for (int i = 0; i < known_n; i++)
        all_bits |= PYEVAL_CARD_BIT[known[i]];
    for (int i = 0; i < deck_n; i++)
        all_bits |= PYEVAL_CARD_BIT[deck[i]];
    if (!HAND_OK(all_bits, (players - __builtin_popcount(drawn)) * h + known_n + deck_n))
        return -3;
    ctx->players = players;
    ctx->h = h;
    ctx->known_n = known_n;
    ctx->board_n = board_n;
    ctx->hi_kind = hi_kind;
    ctx->lo_kind = lo_kind;
    ctx->drawn = drawn;
    ctx->holes = ctx->hole_cards;
    for (int p = 0; p < players; p++) {
        ctx->hole_key[p] = FLUSH_COUNTERS_INIT;
        ctx->hole_bits[p] = 0;
        ctx->hole_low[p] = 0;
        for (int j = 0; j < h; j++)
            ctx->hole_cards[p * h + j] = drawn >> p & 1 ? 0 : holes[p * h + j];
        for (int j = 0; j < h && !(drawn >> p & 1); j++) {
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

static int64_t setup(showdown_ctx *ctx, const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                     const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind, int64_t counts_len)
{
    return setup_drawn(ctx, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind, lo_kind, counts_len, 0);
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
#define WALK(hi, lo) walk(&ctx, hi, lo, deck, deck_n, missing, start, count, counts)
    WITH_CONSTANT_KINDS(hi_kind, lo_kind, WALK);
#undef WALK
    return 0;
}

/* ---- Exact counts by rank multiset ----
 *
 * Without a flush, a hand's strength depends only on its ranks, so a board's outcome is a
 * function of the rank multiset of its missing cards: 6,175 multisets instead of 1,712,304
 * boards preflop, each weighted by its number of suit choices.  The boards on which some
 * player makes a flush are then walked one by one, each moving its count from the rank-only
 * pattern to its true pattern.  Two players cannot flush in different suits (with two hole
 * cards each, or Omaha's exactly three board cards, that needs 3 + 3 board cards of two
 * suits), so the flush boards of different suits are distinct and each is corrected once.
 * Lows are rank-only already. */

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
                int32_t v = row[PYEVAL_PAIR_INDEX[(hc[x] >> 2) * 13 + (hc[y] >> 2)]];
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
 * C(12 + missing, missing), plus two per flush board), or -1 when it does not apply or costs
 * more than walking every board (one showdown each). */
static int64_t rank_plan(const showdown_ctx *ctx, const uint8_t *holes, const uint8_t *known, const uint8_t *deck,
                         int deck_n, int missing, int need[4])
{
    const int omaha = ctx->hi_kind == PYEVAL_KIND_OMAHA_HIGH;
    if (!omaha && ctx->h != 2)
        return -1;
    int known_suit[4] = {0}, hole_suit_max[4] = {0}, deck_suit[4] = {0};
    for (int j = 0; j < ctx->known_n; j++)
        known_suit[known[j] & 3]++;
    for (int p = 0; p < ctx->players; p++) {
        int held[4] = {0};
        for (int j = 0; j < ctx->h; j++)
            held[holes[p * ctx->h + j] & 3]++;
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
    int64_t cost = binom(12 + missing, missing) + 2 * flush_boards;
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
    if (rank_plan(&ctx, holes, known, deck, deck_n, missing, need) < 0)
        return 1;
    rank_walk w = {.ctx = &ctx, .counts = counts};
    for (int i = 0; i < deck_n; i++)
        w.avail[deck[i] >> 2]++;
    walk_multisets(&w, 12, missing, (rank_board){(uint32_t)ctx.known_key, rank_presence(ctx.known_bits), ctx.known_low},
                   1);
    for (int s = 0; s < 4; s++) {
        w.n_suited = w.n_others = 0;
        for (int i = 0; i < deck_n; i++) {
            if ((deck[i] & 3) == s)
                w.suited[w.n_suited++] = deck[i];
            else
                w.others[w.n_others++] = deck[i];
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
    return rank_plan(&ctx, holes, known, deck, deck_n, missing, need);
}

/* n random deals drawn with the Monte Carlo generator (csrc/rng.h), each counted as it is
 * drawn: no board buffer, no per-row checks (the draw cannot repeat a card).  One draw per
 * deal takes the missing board cards, then each drawn player's hole cards in player order:
 * the order of pyeval._kernels.sample_rows, so a chunk state means the same deals there. */
static inline __attribute__((always_inline)) void sample_deals(showdown_ctx *ctx, const int hi_kind,
                                                               const int lo_kind, uint8_t *deck, int deck_n,
                                                               int missing, uint64_t *state, int64_t n,
                                                               int64_t *counts)
{
    const int h = ctx->h, players = ctx->players;
    const unsigned drawn = ctx->drawn;
    uint8_t picks[MAX_BOARD + MAX_PLAYERS * MAX_HOLE];
    uint8_t *row = ctx->board + ctx->known_n;
    const int take = missing + h * __builtin_popcount(drawn);
    for (int64_t i = 0; i < n; i++) {
        draw_cards(state, deck, deck_n, picks, take);
        uint64_t key = ctx->known_key, bits = ctx->known_bits;
        uint32_t low = ctx->known_low;
        for (int d = 0; d < missing; d++) {
            uint8_t c = row[d] = picks[d];
            key += PYEVAL_CARD_KEY[c];
            bits |= PYEVAL_CARD_BIT[c];
            low |= PYEVAL_CARD_LOWBIT[c];
        }
        if (drawn) {
            const uint8_t *next = picks + missing;
            for (int p = 0; p < players; p++) {
                if (!(drawn >> p & 1))
                    continue;
                uint64_t hole_key = FLUSH_COUNTERS_INIT, hole_bits = 0;
                uint32_t hole_low = 0;
                for (int j = 0; j < h; j++) {
                    uint8_t c = ctx->hole_cards[p * h + j] = *next++;
                    ADD_CARD(c, hole_key, hole_bits);
                    hole_low |= PYEVAL_CARD_LOWBIT[c];
                }
                ctx->hole_key[p] = hole_key;
                ctx->hole_bits[p] = hole_bits;
                ctx->hole_low[p] = hole_low;
            }
        }
        counts[showdown(ctx, hi_kind, lo_kind, key, bits, low)]++;
    }
}

PYEVAL_HOT int64_t pyeval_board_patterns_sample(const uint8_t *holes, int players, int h, const uint8_t *known,
                                                int known_n, const uint8_t *deck, int deck_n, int missing,
                                                int hi_kind, int lo_kind, unsigned drawn, uint64_t *state,
                                                int64_t n, int64_t *counts, int64_t counts_len)
{
    showdown_ctx ctx;
    int64_t status = setup_drawn(&ctx, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind, lo_kind,
                                 counts_len, drawn);
    if (status != 0)
        return status;
    if (n < 0 || !state_ok(state))
        return -2;
    uint8_t live[52];
    for (int i = 0; i < deck_n; i++)
        live[i] = deck[i];
#define SAMPLE(hi, lo) sample_deals(&ctx, hi, lo, live, deck_n, missing, state, n, counts)
    WITH_CONSTANT_KINDS(hi_kind, lo_kind, SAMPLE);
#undef SAMPLE
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
