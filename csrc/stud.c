/* Stud helpers: partial hands of 1..4 up-cards (pairs, trips and kickers; no straights or flushes). */
#include "pyeval.h"
#include "hand_key.h"

int64_t pyeval_eval_showing(const uint8_t *cards, int64_t n, int k, int low, int32_t *out)
{
    if (k < 1 || k > 4)
        return -2;
    const uint16_t *table = low ? PYEVAL_SHOW_LOW : PYEVAL_SHOW_HIGH;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = cards + i * k;
        uint64_t key = 0, bits = 0;
        for (int j = 0; j < k; j++)
            ADD_CARD(c[j], key, bits);
        if (!HAND_OK(bits, k))
            return i;
        out[i] = table[rank_slot((uint32_t)key)];
    }
    return -1;
}
