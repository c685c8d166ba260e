/* Exact showdowns over board completions (hold'em, Omaha, short deck; hi or hi/lo), every hole
 * card known: walked, or listed (sampled boards; csrc/board_sample.c draws and counts them).
 *
 * Walking the completions here, with the board's key built incrementally, costs one table
 * lookup per player per board.  Completions are numbered in lexicographic order of deck
 * positions, so a range [start, start + count) is one chunk of work.  csrc/board_ranks.c
 * counts most queries faster by rank multiset; this walk is the general case.
 */
#include "showdown.h"

/* See showdown.h: the caller's arrays are read once, into ctx, before anything is checked. */
int64_t pyeval_showdown_setup(showdown_ctx *ctx, const uint8_t *holes, int players, int h, const uint8_t *known,
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
    for (int p = 0; p < players; p++)
        for (int j = 0; j < h; j++)
            ctx->hole_cards[p * h + j] = drawn >> p & 1 ? 0 : load_card(holes + p * h + j);
    load_cards(ctx->board, known, known_n);
    load_cards(ctx->deck, deck, deck_n);
    ctx->deck_n = deck_n;
    uint64_t all_bits = 0;
    for (int i = 0; i < players * h; i++)
        if (!(drawn >> (i / h) & 1))
            all_bits |= PYEVAL_CARD_BIT[ctx->hole_cards[i]];
    for (int i = 0; i < known_n; i++)
        all_bits |= PYEVAL_CARD_BIT[ctx->board[i]];
    for (int i = 0; i < deck_n; i++)
        all_bits |= PYEVAL_CARD_BIT[ctx->deck[i]];
    if (!HAND_OK(all_bits, (players - __builtin_popcount(drawn)) * h + known_n + deck_n))
        return -3;
    showdown_fill(ctx, players, h, known_n, board_n, hi_kind, lo_kind, drawn);
    return 0;
}


/* Walk completions [start, start + count) of a validated query; the kinds are compile-time
 * constants in each specialisation below, so the per-player evaluation has no switch. */
static inline __attribute__((always_inline)) void walk(showdown_ctx *ctx, const int hi_kind, const int lo_kind,
                                                       int missing, int64_t start, int64_t count, int64_t *counts)
{
    board_walk w;
    board_walk_start(&w, ctx, missing, start);
    for (int64_t done = 0; done < count; done++) {
        board_walk_keys(&w, ctx);
        counts[showdown(ctx, hi_kind, lo_kind, w.key_at[missing], w.bits_at[missing], w.low_at[missing])]++;
        if (!board_walk_next(&w, ctx))
            break;
    }
}

/* The last board card, every choice: a card whose suit cannot complete anyone's flush (its suit's
 * board count + 1 + the most any hand holds of it stays below 5) scores as every other live card
 * of its rank in such a suit, so each rank is evaluated once for those suits and its count added;
 * cards of the other suits are evaluated one by one.  The rank-only part of the key is the same
 * for them, and no flush of another suit changes.  (Omaha's 3 + 2 flush is a case of the 5.) */
static inline __attribute__((always_inline)) void last_card_by_rank(showdown_ctx *ctx, const int hi_kind,
                                                                    const int lo_kind, int64_t *counts)
{
    const int known_n = ctx->known_n, deck_n = ctx->deck_n, h = ctx->h;
    int board_suit[4] = {0}, most_held[4] = {0};
    for (int j = 0; j < known_n; j++)
        board_suit[ctx->board[j] & 3]++;
    for (int p = 0; p < ctx->players; p++) {
        int held[4] = {0};
        for (int j = 0; j < h; j++)
            held[ctx->hole_cards[p * h + j] & 3]++;
        for (int s = 0; s < 4; s++)
            most_held[s] = held[s] > most_held[s] ? held[s] : most_held[s];
    }
    unsigned flush_suits = 0;
    for (int s = 0; s < 4; s++)
        flush_suits |= (unsigned)(board_suit[s] + 1 + most_held[s] >= 5) << s;
    const uint8_t *deck = ctx->deck;
    for (int i = 0; i < deck_n;) {
        const int rank = deck[i] >> 2;
        int64_t alike = 0;
        uint8_t stand_in = 0;
        for (; i < deck_n && deck[i] >> 2 == rank; i++) {
            const uint8_t c = deck[i];
            if (!(flush_suits >> (c & 3) & 1)) {
                stand_in = alike++ ? stand_in : c;
                continue;
            }
            ctx->board[known_n] = c;
            counts[showdown(ctx, hi_kind, lo_kind, ctx->known_key + PYEVAL_CARD_KEY[c],
                            ctx->known_bits | PYEVAL_CARD_BIT[c], ctx->known_low | PYEVAL_CARD_LOWBIT[c])]++;
        }
        if (alike) {
            ctx->board[known_n] = stand_in;
            counts[showdown(ctx, hi_kind, lo_kind, ctx->known_key + PYEVAL_CARD_KEY[stand_in],
                            ctx->known_bits | PYEVAL_CARD_BIT[stand_in],
                            ctx->known_low | PYEVAL_CARD_LOWBIT[stand_in])] += alike;
        }
    }
}

/* See showdown.h. */
void pyeval_showdown_count(showdown_ctx *ctx, int missing, int64_t start, int64_t count, int64_t *counts)
{
    const int hi_kind = ctx->hi_kind, lo_kind = ctx->lo_kind;
    if (missing == 1 && start == 0 && count == ctx->deck_n) {
#define LAST(hi, lo) last_card_by_rank(ctx, hi, lo, counts)
        WITH_CONSTANT_KINDS(hi_kind, lo_kind, LAST);
#undef LAST
        return;
    }
#define WALK(hi, lo) walk(ctx, hi, lo, missing, start, count, counts)
    WITH_CONSTANT_KINDS(hi_kind, lo_kind, WALK);
#undef WALK
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
    if (!completions_in_range(start, count, deck_n, missing))
        return -2;
    if (count == 0)
        return 0;
    pyeval_showdown_count(&ctx, missing, start, count, counts);
    return 0;
}


/* Every completion: by rank multiset where that pays (csrc/board_ranks.c), else walked. */
int64_t pyeval_board_patterns_all(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                                  const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                                  int64_t *counts, int64_t counts_len)
{
    int64_t status = pyeval_board_patterns_ranks(holes, players, h, known, known_n, deck, deck_n, missing, hi_kind,
                                                 lo_kind, counts, counts_len);
    if (status != 1) /* done, or refused */
        return status;
    return pyeval_board_patterns(holes, players, h, known, known_n, deck, deck_n, missing, hi_kind, lo_kind, 0,
                                 binom(deck_n, missing), counts, counts_len);
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
        deck_bits |= PYEVAL_CARD_BIT[ctx.deck[i]];
    uint8_t *row = ctx.board + known_n;
    for (int64_t i = 0; i < n; i++) {
        load_cards(row, boards + i * missing, missing);
        uint64_t key = ctx.known_key, bits = 0;
        uint32_t low = ctx.known_low;
        for (int d = 0; d < missing; d++) {
            ADD_CARD(row[d], key, bits);
            low |= PYEVAL_CARD_LOWBIT[row[d]];
        }
        if (!HAND_OK(bits, missing) || (bits & ~deck_bits))
            return -4 - i;
        counts[showdown(&ctx, ctx.hi_kind, ctx.lo_kind, key, bits | ctx.known_bits, low)]++;
    }
    return 0;
}
