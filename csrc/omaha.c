/* Omaha: exactly two hole cards and exactly three board cards.
 *
 * High: a table gives, for the board's rank multiset and one hole rank pair,
 * the best non-flush hand over the board's three-card subsets, so a hand
 * costs one lookup per hole pair.  Flushes need three board cards of one
 * suit (at most one suit on a 3..5-card board) and two hole cards of it; those
 * few combinations go through the flush table.
 * Low: one lookup on (hole low-rank mask, board low-rank mask).
 */
#include "pyeval.h"
#include "hand_key.h"
#include "internal.h"

static int32_t omaha_flush(const uint8_t *hole, int h, const uint8_t *board, int b, unsigned suit)
{
    uint32_t hole_ranks[6], board_ranks[5];
    int nh = 0, nb = 0;
    for (int j = 0; j < h; j++)
        if ((hole[j] & 3u) == suit)
            hole_ranks[nh++] = 1u << card_rank(hole[j]);
    for (int j = 0; j < b; j++)
        if ((board[j] & 3u) == suit)
            board_ranks[nb++] = 1u << card_rank(board[j]);
    int32_t best = 0;
    for (int x = 0; x < nh; x++)
        for (int y = x + 1; y < nh; y++)
            for (int p = 0; p < nb; p++)
                for (int q = p + 1; q < nb; q++)
                    for (int r = q + 1; r < nb; r++) {
                        uint32_t mask = hole_ranks[x] | hole_ranks[y] | board_ranks[p] | board_ranks[q] | board_ranks[r];
                        int32_t v = PYEVAL_HIGH_FLUSH[mask];
                        best = v > best ? v : best;
                    }
    return best;
}

/* The board's row of PYEVAL_OMAHA_HIGH (best non-flush hand for each hole rank pair), through the
 * board multisets' own perfect hash (tables/generate.py), whose 36 KB stay in L1 and L2 where
 * PYEVAL_BOARD_INDEX[rank_slot] spreads them over 256 KB.  Any key gives a slot in bounds. */
static inline const uint16_t *omaha_board_row(uint64_t board_key)
{
    uint32_t slot = hash_slot((uint32_t)board_key, PYEVAL_OMAHA_MUL_BUCKET, PYEVAL_OMAHA_MUL_POS,
                              PYEVAL_OMAHA_BUCKET_BITS, PYEVAL_OMAHA_SLOT_BITS, PYEVAL_OMAHA_DISPLACE);
    return PYEVAL_OMAHA_HIGH + (uint32_t)PYEVAL_OMAHA_BOARD_ROW[slot] * PYEVAL_OMAHA_PAIRS;
}
_Static_assert(sizeof PYEVAL_OMAHA_DISPLACE / sizeof PYEVAL_OMAHA_DISPLACE[0] == 1u << PYEVAL_OMAHA_BUCKET_BITS &&
                   sizeof PYEVAL_OMAHA_BOARD_ROW / sizeof PYEVAL_OMAHA_BOARD_ROW[0] == 1u << PYEVAL_OMAHA_SLOT_BITS,
               "a bucket indexes the displacements, and a slot (displacements below 2**SLOT_BITS) the rows");

/* Per-card tables indexed by any byte (csrc/hand_key.h), each value a clamped rank or 13 times one. */
_Static_assert(sizeof PYEVAL_OMAHA_RANK == 256 && sizeof PYEVAL_OMAHA_RANK13 == 256, "one rank per byte value");
_Static_assert(sizeof PYEVAL_PAIR_INDEX == 13 * 13, "a rank pair indexes the pair table");

/* Best non-flush Omaha high of a hand's hole cards from its board's row: a pair's column is
 * PYEVAL_PAIR_INDEX[13 * rank x + rank y], both ranks read from per-card tables. */
static inline __attribute__((always_inline)) int32_t omaha_pairs_best(const uint16_t *row, const uint8_t *hc,
                                                                      const int h)
{
    unsigned rank[MAX_HOLE], rank13[MAX_HOLE];
    for (int x = 0; x < h; x++) {
        rank[x] = PYEVAL_OMAHA_RANK[hc[x]];
        rank13[x] = PYEVAL_OMAHA_RANK13[hc[x]];
    }
    int32_t best = 0;
    for (int x = 0; x < h; x++)
        for (int y = x + 1; y < h; y++) {
            int32_t v = row[PYEVAL_PAIR_INDEX[rank13[x] + rank[y]]];
            best = v > best ? v : best;
        }
    return best;
}

/* Whether the hand may flush, and in which suit: three board cards of it (the board suit
 * counters start at 5, so that a third card of a suit sets the nibble's top bit; a 3..5-card
 * board has at most one such suit) and two hole cards of it.  board_key is the board's
 * PYEVAL_CARD_KEY sum (no counters), hole_bits the OR of the hole cards' PYEVAL_CARD_BIT.
 * Branch-free: about a third of random boards have three of a suit, and a branch on that was
 * mispredicted as often. */
static inline int omaha_may_flush(uint64_t board_key, uint64_t hole_bits, unsigned *suit)
{
    uint32_t flags = (uint32_t)((board_key + (UINT64_C(0x5555) << 32)) >> 32) & 0x8888u;
    *suit = ((unsigned)__builtin_ctz(flags | 0x10000u) >> 2) & 3u;
    return (flags != 0) & (__builtin_popcount(suit_ranks(hole_bits, *suit)) >= 2);
}

const uint16_t *pyeval_omaha_board_row(uint64_t board_key)
{
    return omaha_board_row(board_key);
}

int32_t pyeval_omaha_high_hand(const uint8_t *hole, int h, const uint8_t *board, int b, uint64_t board_key)
{
    uint64_t hole_bits = 0;
    for (int x = 0; x < h; x++)
        hole_bits |= PYEVAL_CARD_BIT[hole[x]];
    int32_t best = omaha_pairs_best(omaha_board_row(board_key), hole, h);
    unsigned suit;
    if (omaha_may_flush(board_key, hole_bits, &suit)) {
        int32_t v = omaha_flush(hole, h, board, b, suit);
        best = v > best ? v : best;
    }
    return best;
}

/* Hands in blocks of OMAHA_BLOCK: first each hand's validation, board row, whose first line is
 * prefetched (the rows, 1.5 MB in all, are read from L3 or memory; prefetching all 3 or 4 lines
 * of a row measured no faster), and whether it may flush, then each hand's pairs, by when its row
 * has mostly arrived; one loop doing both waited on each row.  The few hands that may flush are
 * listed in the first pass and finished after the second, which then has no branch. */
#define OMAHA_BLOCK 16

static inline __attribute__((always_inline)) int64_t eval_omaha_fixed(const uint8_t *hole, int64_t hs, const int h,
                                                                      const uint8_t *board, int64_t bs, const int b,
                                                                      int64_t n, int32_t *out)
{
    const uint16_t *rows[OMAHA_BLOCK];
    uint8_t flush_hand[OMAHA_BLOCK], flush_suit[OMAHA_BLOCK];
    for (int64_t first = 0; first < n; first += OMAHA_BLOCK) {
        const int m = n - first < OMAHA_BLOCK ? (int)(n - first) : OMAHA_BLOCK;
        int flushes = 0;
        for (int i = 0; i < m; i++) {
            const uint8_t *hc = hole + (first + i) * hs, *bc = board + (first + i) * bs;
            uint64_t board_key = 0, board_bits = 0, hole_bits = 0;
            for (int j = 0; j < b; j++)
                ADD_CARD(bc[j], board_key, board_bits);
            for (int j = 0; j < h; j++)
                hole_bits |= PYEVAL_CARD_BIT[hc[j]];
            if (!HAND_OK(board_bits | hole_bits, h + b))
                return first + i;
            rows[i] = omaha_board_row(board_key);
            __builtin_prefetch(rows[i]);
            unsigned suit;
            const int may_flush = omaha_may_flush(board_key, hole_bits, &suit);
            flush_hand[flushes] = (uint8_t)i;
            flush_suit[flushes] = (uint8_t)suit;
            flushes += may_flush;
        }
        for (int i = 0; i < m; i++)
            out[first + i] = omaha_pairs_best(rows[i], hole + (first + i) * hs, h);
        for (int k = 0; k < flushes; k++) {
            const int64_t i = first + flush_hand[k];
            int32_t v = omaha_flush(hole + i * hs, h, board + i * bs, b, flush_suit[k]);
            out[i] = v > out[i] ? v : out[i];
        }
    }
    return -1;
}

PYEVAL_HOT int64_t pyeval_eval_omaha(const uint8_t *hole, int64_t hs, int h, const uint8_t *board, int64_t bs,
                                     int b, int64_t n, int32_t *out)
{
    if (h < 4 || h > 6 || b < 3 || b > 5)
        return -2;
    if (h == 4 && b == 5)
        return eval_omaha_fixed(hole, hs, 4, board, bs, 5, n, out);
    return eval_omaha_fixed(hole, hs, h, board, bs, b, n, out);
}

PYEVAL_HOT int64_t pyeval_eval_omaha_low8(const uint8_t *hole, int64_t hs, int h, const uint8_t *board,
                                          int64_t bs, int b, int64_t n, int32_t *out)
{
    if (h < 4 || h > 6 || b < 3 || b > 5)
        return -2;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *hc = hole + i * hs, *bc = board + i * bs;
        uint64_t bits = 0;
        uint32_t hole_low = 0, board_low = 0;
        for (int j = 0; j < h; j++) {
            bits |= PYEVAL_CARD_BIT[hc[j]];
            hole_low |= PYEVAL_CARD_LOWBIT[hc[j]];
        }
        for (int j = 0; j < b; j++) {
            bits |= PYEVAL_CARD_BIT[bc[j]];
            board_low |= PYEVAL_CARD_LOWBIT[bc[j]];
        }
        if (!HAND_OK(bits, h + b))
            return i;
        out[i] = PYEVAL_LOW8_OMAHA[hole_low << 8 | board_low];
    }
    return -1;
}
