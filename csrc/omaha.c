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

/* The board's row of PYEVAL_OMAHA_HIGH (best non-flush hand for each hole rank pair). */
static inline const uint16_t *omaha_board_row(uint64_t board_key)
{
    return PYEVAL_OMAHA_HIGH + (uint32_t)PYEVAL_BOARD_INDEX[rank_slot((uint32_t)board_key)] * PYEVAL_OMAHA_PAIRS;
}

/* Omaha high of one valid hand from its board's row; board_key is the board's PYEVAL_CARD_KEY
 * sum (no counters), hole_bits the OR of its hole cards' PYEVAL_CARD_BIT. */
static inline __attribute__((always_inline)) int32_t omaha_high_hand(const uint16_t *row, const uint8_t *hc,
                                                                     const int h, const uint8_t *bc, const int b,
                                                                     uint64_t board_key, uint64_t hole_bits)
{
    /* Each hole card's rank (clamped: see card_rank), read once for every pair. */
    const uint8_t *pair_row[MAX_HOLE];
    unsigned rank[MAX_HOLE];
    for (int x = 0; x < h; x++) {
        rank[x] = card_rank(hc[x]);
        pair_row[x] = PYEVAL_PAIR_INDEX + rank[x] * 13;
    }
    int32_t best = 0;
    for (int x = 0; x < h; x++)
        for (int y = x + 1; y < h; y++) {
            int32_t v = row[pair_row[x][rank[y]]];
            best = v > best ? v : best;
        }
    /* Board suit counters start at 5 so that a third card of a suit sets the nibble's top bit;
     * a flush also takes two hole cards of that suit (most such boards have fewer). */
    uint32_t flags = (uint32_t)((board_key + (UINT64_C(0x5555) << 32)) >> 32) & 0x8888u;
    if (flags) {
        unsigned suit = (unsigned)__builtin_ctz(flags) >> 2;
        if (__builtin_popcount(suit_ranks(hole_bits, suit)) >= 2) {
            int32_t v = omaha_flush(hc, h, bc, b, suit);
            best = v > best ? v : best;
        }
    }
    return best;
}

int32_t pyeval_omaha_high_hand(const uint8_t *hole, int h, const uint8_t *board, int b, uint64_t board_key)
{
    uint64_t hole_bits = 0;
    for (int x = 0; x < h; x++)
        hole_bits |= PYEVAL_CARD_BIT[hole[x]];
    return omaha_high_hand(omaha_board_row(board_key), hole, h, board, b, board_key, hole_bits);
}

/* Hands in blocks of OMAHA_BLOCK: first each hand's validation, board key, hole mask and board
 * row, whose first line is prefetched (the rows, 1.5 MB in all, are read from L3 or memory), then
 * each hand's pairs, by when its row has mostly arrived; one loop doing both waited on each row.
 * (The hole mask kept from the first pass spares the second one a table read a hole card.) */
#define OMAHA_BLOCK 16

static inline __attribute__((always_inline)) int64_t eval_omaha_fixed(const uint8_t *hole, int64_t hs, const int h,
                                                                      const uint8_t *board, int64_t bs, const int b,
                                                                      int64_t n, int32_t *out)
{
    const uint16_t *rows[OMAHA_BLOCK];
    uint64_t board_keys[OMAHA_BLOCK], hole_masks[OMAHA_BLOCK];
    for (int64_t first = 0; first < n; first += OMAHA_BLOCK) {
        const int m = n - first < OMAHA_BLOCK ? (int)(n - first) : OMAHA_BLOCK;
        for (int i = 0; i < m; i++) {
            const uint8_t *hc = hole + (first + i) * hs, *bc = board + (first + i) * bs;
            uint64_t board_key = 0, board_bits = 0, hole_bits = 0;
            for (int j = 0; j < b; j++)
                ADD_CARD(bc[j], board_key, board_bits);
            for (int j = 0; j < h; j++)
                hole_bits |= PYEVAL_CARD_BIT[hc[j]];
            if (!HAND_OK(board_bits | hole_bits, h + b))
                return first + i;
            board_keys[i] = board_key;
            hole_masks[i] = hole_bits;
            rows[i] = omaha_board_row(board_key);
            __builtin_prefetch(rows[i]);
        }
        for (int i = 0; i < m; i++)
            out[first + i] = omaha_high_hand(rows[i], hole + (first + i) * hs, h, board + (first + i) * bs, b,
                                             board_keys[i], hole_masks[i]);
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
