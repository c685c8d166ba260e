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
 * the best of the 6 or 21 five-card subsets (about 3% of random seven-card hands). */
static int32_t deuce7_with_flush(const uint8_t *c, int k, uint64_t key, uint64_t bits)
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

PYEVAL_HOT int64_t pyeval_eval_deuce7(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    if (k < 5 || k > 7)
        return -2;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = cards + i * k;
        uint64_t key = FLUSH_COUNTERS_INIT, bits = 0;
        for (int j = 0; j < k; j++)
            ADD_CARD(c[j], key, bits);
        if (!HAND_OK(bits, k))
            return i;
        uint32_t flags = FLUSH_FLAGS(key);
        if (!flags)
            out[i] = PYEVAL_DEUCE7_RANK[rank_slot((uint32_t)key)];
        else if (k == 5)
            out[i] = PYEVAL_DEUCE7_FLUSH[suit_ranks(bits, (unsigned)__builtin_ctz(flags) >> 2)];
        else
            out[i] = deuce7_with_flush(c, k, key, bits);
    }
    return -1;
}

static inline __attribute__((always_inline)) int64_t eval_razz_fixed(const uint8_t *cards, int64_t n, const int k, int32_t *out)
{
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = cards + i * k;
        uint64_t key = 0, bits = 0;
        for (int j = 0; j < k; j++)
            ADD_CARD(c[j], key, bits);
        if (!HAND_OK(bits, k))
            return i;
        out[i] = PYEVAL_RAZZ_RANK[rank_slot((uint32_t)key)];
    }
    return -1;
}

PYEVAL_HOT int64_t pyeval_eval_razz(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    switch (k) {
    case 5: return eval_razz_fixed(cards, n, 5, out);
    case 6: return eval_razz_fixed(cards, n, 6, out);
    case 7: return eval_razz_fixed(cards, n, 7, out);
    default: return -2;
    }
}

/* The best 8-or-better low is the five lowest distinct ranks up to the eight:
 * one lookup on the hand's rank-presence mask. */
static inline __attribute__((always_inline)) int64_t eval_low8_fixed(const uint8_t *cards, int64_t n, const int k, int32_t *out)
{
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = cards + i * k;
        uint64_t bits = 0;
        for (int j = 0; j < k; j++)
            bits |= PYEVAL_CARD_BIT[c[j]];
        if (!HAND_OK(bits, k))
            return i;
        out[i] = PYEVAL_LOW8_RANKMASK[rank_presence(bits)];
    }
    return -1;
}

PYEVAL_HOT int64_t pyeval_eval_low8(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    switch (k) {
    case 5: return eval_low8_fixed(cards, n, 5, out);
    case 6: return eval_low8_fixed(cards, n, 6, out);
    case 7: return eval_low8_fixed(cards, n, 7, out);
    default: return -2;
    }
}
