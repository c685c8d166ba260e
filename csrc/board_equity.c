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

PYEVAL_HOT int64_t pyeval_board_patterns(const uint8_t *holes, int players, int h, const uint8_t *known, int known_n,
                                         const uint8_t *deck, int deck_n, int missing, int hi_kind, int lo_kind,
                                         int64_t start, int64_t count, int64_t *counts, int64_t counts_len)
{
    /* Trust nothing: sizes, kinds, card codes and distinctness. */
    if (players < 2 || players > MAX_PLAYERS || h < 2 || h > MAX_HOLE || known_n < 0 || missing < 0 ||
        known_n + missing > MAX_BOARD || deck_n < missing || deck_n > 52 || start < 0 || count < 0)
        return -2;
    int omaha = hi_kind == PYEVAL_KIND_OMAHA_HIGH;
    int board_n = known_n + missing;
    if (omaha ? (board_n < 3 || h < 4) : (h + board_n < 5 || h + board_n > 7 || h > 2))
        return -2;
    if (hi_kind < PYEVAL_KIND_HIGH || hi_kind > PYEVAL_KIND_OMAHA_HIGH ||
        (lo_kind != -1 && lo_kind != PYEVAL_KIND_LOW8 && lo_kind != PYEVAL_KIND_OMAHA_LOW8))
        return -2;
    int parts = lo_kind == -1 ? 1 : 2;
    if (counts_len < (INT64_C(1) << (players * parts)))
        return -2;
    int64_t total = binom(deck_n, missing);
    if (start > total || count > total - start)
        return -2;
    uint64_t all_bits = 0;
    int n_cards = players * h + known_n + deck_n;
    for (int i = 0; i < players * h; i++)
        all_bits |= PYEVAL_CARD_BIT[holes[i]];
    for (int i = 0; i < known_n; i++)
        all_bits |= PYEVAL_CARD_BIT[known[i]];
    for (int i = 0; i < deck_n; i++)
        all_bits |= PYEVAL_CARD_BIT[deck[i]];
    if (!HAND_OK(all_bits, n_cards))
        return -3;
    if (count == 0)
        return 0;

    uint64_t hole_key[MAX_PLAYERS], hole_bits[MAX_PLAYERS];
    uint32_t hole_low[MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        hole_key[p] = FLUSH_COUNTERS_INIT;
        hole_bits[p] = 0;
        hole_low[p] = 0;
        for (int j = 0; j < h; j++) {
            ADD_CARD(holes[p * h + j], hole_key[p], hole_bits[p]);
            hole_low[p] |= PYEVAL_CARD_LOWBIT[holes[p * h + j]];
        }
    }
    uint64_t known_key = 0, known_bits = 0;
    uint32_t known_low = 0;
    uint8_t board[MAX_BOARD];
    for (int j = 0; j < known_n; j++) {
        ADD_CARD(known[j], known_key, known_bits);
        known_low |= PYEVAL_CARD_LOWBIT[known[j]];
        board[j] = known[j];
    }

    /* Unrank ``start``: lexicographic combination of ``missing`` deck positions. */
    int pos[MAX_BOARD + 1];
    {
        int64_t index = start;
        int x = 0;
        for (int i = 0; i < missing; i++) {
            for (;;) {
                int64_t c = binom(deck_n - x - 1, missing - i - 1);
                if (index < c)
                    break;
                index -= c;
                x++;
            }
            pos[i] = x++;
        }
    }
    /* Prefix sums per depth: depth d holds the board with the first d missing cards added. */
    uint64_t key_at[MAX_BOARD + 1], bits_at[MAX_BOARD + 1];
    uint32_t low_at[MAX_BOARD + 1];
    key_at[0] = known_key;
    bits_at[0] = known_bits;
    low_at[0] = known_low;
    int from = 0; /* first depth whose prefix must be recomputed */
    const int shift = players;
    for (int64_t done = 0; done < count; done++) {
        for (int d = from; d < missing; d++) {
            uint8_t c = deck[pos[d]];
            key_at[d + 1] = key_at[d] + PYEVAL_CARD_KEY[c];
            bits_at[d + 1] = bits_at[d] | PYEVAL_CARD_BIT[c];
            low_at[d + 1] = low_at[d] | PYEVAL_CARD_LOWBIT[c];
            board[known_n + d] = c;
        }
        uint64_t bkey = key_at[missing], bbits = bits_at[missing];
        int32_t best = -1;
        uint32_t mask = 0;
        for (int p = 0; p < players; p++) {
            int32_t v = eval_hi(hi_kind, bkey + hole_key[p], bbits | hole_bits[p], holes + p * h, h, board, board_n,
                                bkey);
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
                int32_t v = lo_kind == PYEVAL_KIND_LOW8
                                ? PYEVAL_LOW8_RANKMASK[rank_presence(bbits | hole_bits[p])]
                                : PYEVAL_LOW8_OMAHA[hole_low[p] << 8 | low_at[missing]];
                if (v > lo_best) {
                    lo_best = v;
                    lo_mask = 1u << p;
                } else if (v == lo_best && v > 0) {
                    lo_mask |= 1u << p;
                }
            }
            pattern |= (uint64_t)lo_mask << shift;
        }
        counts[pattern]++;
        /* Next combination: advance the rightmost position that can move. */
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
    return 0;
}
