/* High hands of 5, 6 or 7 cards: one perfect-hash lookup (or one flush lookup) per hand. */
#include "pyeval.h"
#include "hand_key.h"

static inline int32_t score_high(UNUSED const uint8_t *c, UNUSED int k, uint64_t key, uint64_t bits,
                                 UNUSED const uint16_t *table)
{
    return high_from_key(key, bits);
}

PYEVAL_HOT int64_t pyeval_eval_high(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    return eval_batch_5_to_7(cards, n, k, FLUSH_COUNTERS_INIT, score_high, NULL, out);
}
