/* The Monte Carlo generator of the C core: xoshiro256** on a 4-word state and Lemire's
 * unbiased bounded integer, the exact twins of pyeval/_kernels.py's _next64 and _bounded
 * (tests/test_engine_strategies.py checks equal states give equal cards). */
#ifndef PYEVAL_RNG_H
#define PYEVAL_RNG_H
#include <stddef.h>
#include <stdint.h>

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

/* Step u of a partial Fisher-Yates shuffle of deck[0..deck_n): swap a uniform pick from
 * deck[u..deck_n) into deck[u] and return it. */
static inline __attribute__((always_inline)) uint8_t draw_card(uint64_t *state, uint8_t *deck, int deck_n, int u)
{
    size_t j = (size_t)u + bounded(state, (uint32_t)(deck_n - u)); /* unsigned: no sign extension */
    uint8_t c = deck[j];
    deck[j] = deck[u];
    deck[u] = c;
    return c;
}

/* Draw k distinct cards from deck[0..deck_n) into row by a partial Fisher-Yates shuffle
 * (deck permuted in place; any starting order gives a uniform draw). */
static inline void draw_cards(uint64_t *state, uint8_t *deck, int deck_n, uint8_t *row, int k)
{
    for (int u = 0; u < k; u++)
        row[u] = draw_card(state, deck, deck_n, u);
}

static inline int state_ok(const uint64_t *state)
{
    return (state[0] | state[1] | state[2] | state[3]) != 0; /* zero never leaves zero */
}

#endif
