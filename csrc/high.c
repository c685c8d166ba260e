/* High hands of 5, 6 or 7 cards: one perfect-hash lookup (or one flush lookup) per hand. */
#include "pyeval.h"
#include "hand_key.h"

/* Called with a constant k so the compiler unrolls the card loop. */
static inline __attribute__((always_inline)) int64_t eval_high_fixed(const uint8_t *cards, int64_t n, const int k, int32_t *out)
{
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = cards + i * k;
        uint64_t key = FLUSH_COUNTERS_INIT, bits = 0;
        for (int j = 0; j < k; j++)
            ADD_CARD(c[j], key, bits);
        if (!HAND_OK(bits, k))
            return i;
        out[i] = high_from_key(key, bits);
    }
    return -1;
}

PYEVAL_HOT int64_t pyeval_eval_high(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    switch (k) {
    case 5: return eval_high_fixed(cards, n, 5, out);
    case 6: return eval_high_fixed(cards, n, 6, out);
    case 7: return eval_high_fixed(cards, n, 7, out);
    default: return -2;
    }
}
