/* High hands of 5, 6 or 7 cards: one perfect-hash lookup (or one flush lookup) per hand.
 *
 * Hands go through in blocks of HIGH_BLOCK: first each hand's key, its validation and its slot
 * in the rank table (or its flush's rank mask), then the block's table reads.  The reads of the
 * second pass wait on nothing but their own slot, so the core keeps many of them in flight
 * (the 256 KiB rank table is read from L2); one loop doing both in turn waited on each hand's
 * chain of key, hash and reads (about 1.2x slower on random 7-card hands, benchmarks/RESULTS.md).
 */
#include "pyeval.h"
#include "hand_key.h"

#define HIGH_BLOCK 32
#define FLUSH_SLOT UINT32_C(0x80000000) /* marks a slot that holds a flush's 13-bit rank mask */

static inline __attribute__((always_inline)) int64_t eval_high_blocks(const uint8_t *cards, int64_t n, const int k,
                                                                      int32_t *out)
{
    uint32_t slot[HIGH_BLOCK];
    for (int64_t first = 0; first < n; first += HIGH_BLOCK) {
        const int m = n - first < HIGH_BLOCK ? (int)(n - first) : HIGH_BLOCK;
        const uint8_t *c = cards + first * k;
        uint32_t flushes = 0;
        for (int i = 0; i < m; i++, c += k) {
            uint64_t key = FLUSH_COUNTERS_INIT, bits = 0;
            for (int j = 0; j < k; j++)
                ADD_CARD(c[j], key, bits);
            if (!HAND_OK(bits, k))
                return first + i;
            uint32_t flags = FLUSH_FLAGS(key);
            slot[i] = rank_slot((uint32_t)key);
            if (flags) {
                slot[i] = FLUSH_SLOT | suit_ranks(bits, (unsigned)__builtin_ctz(flags) >> 2);
                flushes = 1;
            }
        }
        int32_t *o = out + first;
        if (!flushes) {
            for (int i = 0; i < m; i++)
                o[i] = PYEVAL_HIGH_RANK[slot[i]];
        } else {
            /* Both indices stay in bounds: a rank slot is below 2**17, a rank mask below 2**13. */
            for (int i = 0; i < m; i++)
                o[i] = (slot[i] & FLUSH_SLOT ? PYEVAL_HIGH_FLUSH : PYEVAL_HIGH_RANK)[slot[i] & ~FLUSH_SLOT];
        }
    }
    return -1;
}

_Static_assert(sizeof PYEVAL_HIGH_RANK / sizeof PYEVAL_HIGH_RANK[0] == UINT32_C(1) << PYEVAL_SLOT_BITS,
               "a rank slot indexes the rank table");
_Static_assert(sizeof PYEVAL_HIGH_FLUSH / sizeof PYEVAL_HIGH_FLUSH[0] == 8192, "a rank mask indexes the flush table");

PYEVAL_HOT int64_t pyeval_eval_high(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    switch (k) { /* one loop per k, so that each unrolls */
    case 5: return eval_high_blocks(cards, n, 5, out);
    case 6: return eval_high_blocks(cards, n, 6, out);
    case 7: return eval_high_blocks(cards, n, 7, out);
    default: return -2;
    }
}
