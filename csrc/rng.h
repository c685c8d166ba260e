/* The Monte Carlo generator of the C core: xoshiro256** on a 4-word state and Lemire's
 * unbiased bounded integer, the exact twins of pyeval/_kernels.py's _next64, _bounded and
 * _bounded_pair_regs (tests/test_engine_strategies.py checks equal states give equal cards).
 * A deal's cards are drawn in pairs, one output per pair (its two 32-bit halves): the draw takes
 * most of a board deal's work, and a pair costs one generator step instead of two. */
#ifndef PYEVAL_RNG_H
#define PYEVAL_RNG_H
#include <stddef.h>
#include <stdint.h>

static inline __attribute__((always_inline)) uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline __attribute__((always_inline)) uint64_t next64(uint64_t *s)
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
static inline __attribute__((always_inline)) uint32_t bounded(uint64_t *s, uint32_t bound)
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

/* Two uniform integers in [0, b1) and [0, b2), 0 < b < 2**32, from the high and the low half of
 * one output (Lemire's method on each); a half that the method rejects (rare: fewer than b of the
 * 2**32 values) is redrawn alone with bounded(), the first before the second. */
static inline __attribute__((always_inline)) void bounded_pair(uint64_t *s, uint32_t b1, uint32_t b2, uint32_t *j1,
                                                               uint32_t *j2)
{
    uint64_t r = next64(s);
    uint64_t m1 = (r >> 32) * b1, m2 = (r & 0xffffffffu) * b2;
    *j1 = (uint32_t)(m1 >> 32);
    *j2 = (uint32_t)(m2 >> 32);
    if ((uint32_t)m1 < b1 && (uint32_t)m1 < (uint32_t)(-b1) % b1)
        *j1 = bounded(s, b1);
    if ((uint32_t)m2 < b2 && (uint32_t)m2 < (uint32_t)(-b2) % b2)
        *j2 = bounded(s, b2);
}

/* Step u of a partial Fisher-Yates shuffle of deck[0..deck_n) with the uniform pick j from
 * deck[u..deck_n): swap deck[u + j] into deck[u] and return it. */
static inline __attribute__((always_inline)) uint8_t swap_in(uint8_t *deck, int u, uint32_t j)
{
    size_t at = (size_t)u + j; /* unsigned: no sign extension */
    uint8_t c = deck[at];
    deck[at] = deck[u];
    deck[u] = c;
    return c;
}

/* Draw k distinct cards from deck[0..deck_n) into row by a partial Fisher-Yates shuffle (deck
 * permuted in place; any starting order gives a uniform draw): steps (0, 1), (2, 3), ... from one
 * output each (bounded_pair), the last step alone (bounded) when k is odd. */
static inline __attribute__((always_inline)) void draw_cards(uint64_t *state, uint8_t *deck, int deck_n,
                                                             uint8_t *row, int k)
{
    int u = 0;
#pragma GCC unroll 8
    for (; u + 1 < k; u += 2) {
        uint32_t j1, j2;
        bounded_pair(state, (uint32_t)(deck_n - u), (uint32_t)(deck_n - u - 1), &j1, &j2);
        row[u] = swap_in(deck, u, j1);
        row[u + 1] = swap_in(deck, u + 1, j2);
    }
    if (u < k)
        row[u] = swap_in(deck, u, bounded(state, (uint32_t)(deck_n - u)));
}

/* draw_cards without the copy, for callers that read the picks where they end up, deck[0..k):
 * the same steps from the same outputs (one loop, not unrolled: the pick counts vary). */
static inline __attribute__((always_inline)) void shuffle_front(uint64_t *state, uint8_t *deck, int deck_n, int k)
{
    int u = 0;
    for (; u + 1 < k; u += 2) {
        uint32_t j1, j2;
        bounded_pair(state, (uint32_t)(deck_n - u), (uint32_t)(deck_n - u - 1), &j1, &j2);
        swap_in(deck, u, j1);
        swap_in(deck, u + 1, j2);
    }
    if (u < k)
        swap_in(deck, u, bounded(state, (uint32_t)(deck_n - u)));
}

static inline int state_ok(const uint64_t *state)
{
    return (state[0] | state[1] | state[2] | state[3]) != 0; /* zero never leaves zero */
}

#endif
