/* Low hands: A-5 (razz), A-5 eight-or-better, and 2-7 (deuce-to-seven). */
#include "pyeval.h"
#include "hand_key.h"

/* 2-7 of the five cards left when dropping cards a and b (b == -1: drop only a) from a
 * 6- or 7-card hand whose whole key and mask are given. */
static inline int32_t deuce7_dropping(const uint8_t *c, uint64_t key, uint64_t bits, int a, int b)
{
    key -= PYEVAL_CARD_KEY[c[a]];
    bits &= ~PYEVAL_CARD_BIT[c[a]];
    if (b >= 0) {
        key -= PYEVAL_CARD_KEY[c[b]];
        bits &= ~PYEVAL_CARD_BIT[c[b]];
    }
    uint32_t flags = FLUSH_FLAGS(key);
    if (flags)
        return PYEVAL_DEUCE7_FLUSH[suit_ranks(bits, (unsigned)__builtin_ctz(flags) >> 2)];
    return PYEVAL_DEUCE7_RANK[rank_slot((uint32_t)key)];
}

/* Six or seven cards with five of a suit: the rank table would ignore the flush, so take
 * the best of the 6 or 21 five-card subsets (about 3% of random seven-card hands).  Kept out
 * of line: inlined into the batch loop it costs every hand about 6 instructions. */
static __attribute__((noinline)) int32_t deuce7_with_flush(const uint8_t *c, int k, uint64_t key, uint64_t bits)
{
    int32_t best = 0;
    for (int a = 0; a < k; a++) {
        if (k == 6) {
            int32_t v = deuce7_dropping(c, key, bits, a, -1);
            best = v > best ? v : best;
            continue;
        }
        for (int b = a + 1; b < k; b++) {
            int32_t v = deuce7_dropping(c, key, bits, a, b);
            best = v > best ? v : best;
        }
    }
    return best;
}

static inline int32_t score_deuce7(const uint8_t *c, int k, uint64_t key, uint64_t bits, UNUSED const uint16_t *table)
{
    uint32_t flags = FLUSH_FLAGS(key);
    if (!flags)
        return PYEVAL_DEUCE7_RANK[rank_slot((uint32_t)key)];
    if (k == 5)
        return PYEVAL_DEUCE7_FLUSH[suit_ranks(bits, (unsigned)__builtin_ctz(flags) >> 2)];
    return deuce7_with_flush(c, k, key, bits);
}

PYEVAL_HOT int64_t pyeval_eval_deuce7(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    if (k < 5 || k > 7)
        return -2;
    return eval_batch(cards, n, k, FLUSH_COUNTERS_INIT, score_deuce7, NULL, out);
}

PYEVAL_HOT int64_t pyeval_eval_razz(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    return eval_batch_5_to_7(cards, n, k, 0, score_rank_table, PYEVAL_RAZZ_RANK, out);
}

/* The best 8-or-better low is the five lowest distinct ranks up to the eight:
 * one lookup on the hand's rank-presence mask (the unused key is optimised away). */
static inline int32_t score_low8(UNUSED const uint8_t *c, UNUSED int k, UNUSED uint64_t key, uint64_t bits,
                                 UNUSED const uint16_t *table)
{
    return PYEVAL_LOW8_RANKMASK[rank_presence(bits)];
}

PYEVAL_HOT int64_t pyeval_eval_low8(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    return eval_batch_5_to_7(cards, n, k, 0, score_low8, NULL, out);
}
