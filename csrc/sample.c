/* Random card draws for Monte Carlo chunks, callable without numba.
 *
 * The same generator and draw as pyeval/_kernels.py: xoshiro256** on a 4-word state and
 * Lemire's unbiased bounded integer, a partial Fisher-Yates shuffle of the live deck per
 * row.  Equal states give equal draws in both (tests/test_engine_strategies.py checks it),
 * so a chunk's seed means the same deal whichever engine samples it.  Board-only Monte
 * Carlo queries sample here, so the common query never has to start numba.
 */
#include "pyeval.h"

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t next64(uint64_t *s)
{
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform in [0, bound), 0 < bound < 2**32, without modulo bias. */
static inline uint32_t bounded(uint64_t *s, uint32_t bound)
{
    uint64_t m = (next64(s) >> 32) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (next64(s) >> 32) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

int64_t pyeval_sample_cards(uint8_t *deck, int deck_n, uint64_t *state, uint8_t *out, int64_t n, int k)
{
    /* An all-zero state never leaves zero (and the bounded draw would spin on it). */
    if (deck_n < 0 || deck_n > 256 || k < 0 || k > deck_n || n < 0 || !(state[0] | state[1] | state[2] | state[3]))
        return -2;
    for (int64_t i = 0; i < n; i++) {
        uint8_t *row = out + i * k;
        for (int u = 0; u < k; u++) {
            int j = u + (int)bounded(state, (uint32_t)(deck_n - u));
            uint8_t tmp = deck[u];
            deck[u] = deck[j];
            deck[j] = tmp;
            row[u] = deck[u];
        }
    }
    return 0;
}
