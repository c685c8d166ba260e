/* Stud helpers: partial hands of 1..4 up-cards (pairs, trips and kickers; no straights or flushes). */
#include "pyeval.h"
#include "hand_key.h"

int64_t pyeval_eval_showing(const uint8_t *cards, int64_t n, int k, int low, int32_t *out)
{
    if (k < 1 || k > 4)
        return -2;
    const uint16_t *table = low ? PYEVAL_SHOW_LOW : PYEVAL_SHOW_HIGH;
    return eval_batch(cards, n, k, 0, score_rank_table, table, out);
}
