/* Short deck (36 cards, six to ace): flush beats full house; A-6-7-8-9 is the lowest straight.
 * The rank table ignores flushes; with five of a suit among at most seven cards no full house
 * or quads is possible, so the flush table alone decides. */
#include "pyeval.h"
#include "hand_key.h"

#define SIX_CLUBS 16 /* lowest short-deck code */

PYEVAL_HOT int64_t pyeval_eval_shortdeck(const uint8_t *cards, int64_t n, int k, int trips_beat_straight, int32_t *out)
{
    if (k < 5 || k > 7)
        return -2;
    const uint16_t *rank_table = trips_beat_straight ? PYEVAL_SHORTDECK_RANK : PYEVAL_SHORTDECK_RANK_ALT;
    const uint16_t *flush_table = trips_beat_straight ? PYEVAL_SHORTDECK_FLUSH : PYEVAL_SHORTDECK_FLUSH_ALT;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = cards + i * k;
        uint64_t key = FLUSH_COUNTERS_INIT, bits = 0, bad = 0; /* bad: a card below the six */
        for (int j = 0; j < k; j++) {
            bad |= (uint64_t)(c[j] < SIX_CLUBS);
            ADD_CARD(c[j], key, bits);
        }
        if (bad || !HAND_OK(bits, k))
            return i;
        uint32_t flags = FLUSH_FLAGS(key);
        out[i] = flags ? flush_table[suit_ranks(bits, (unsigned)__builtin_ctz(flags) >> 2)]
                       : rank_table[rank_slot((uint32_t)key)];
    }
    return -1;
}
