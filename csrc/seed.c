/* Monte Carlo chunk seeds: numpy's SeedSequence(entropy=seed, spawn_key=(chunk,)).generate_state(4,
 * uint64), computed here so that a batch of rows derives its streams without Python per row
 * (tests/test_batch.py checks every word against numpy for random seeds and chunks). */
#include "pyeval.h"

#define INIT_A 0x43b0d7e5u
#define MULT_A 0x931e8875u
#define INIT_B 0x8b51f9ddu
#define MULT_B 0x58f38dedu
#define MIX_MULT_L 0xca01f9ddu
#define MIX_MULT_R 0x4973f715u
#define POOL 4

static uint32_t hashmix(uint32_t value, uint32_t *hash_const)
{
    value ^= *hash_const;
    *hash_const *= MULT_A;
    value *= *hash_const;
    return value ^ value >> 16;
}

static uint32_t mix(uint32_t x, uint32_t y)
{
    uint32_t r = MIX_MULT_L * x - MIX_MULT_R * y;
    return r ^ r >> 16;
}

/* A non-negative integer as numpy coerces it: 32-bit words, least significant first, [0] for 0. */
static int to_words(uint64_t x, uint32_t *w)
{
    w[0] = (uint32_t)x;
    if (x >> 32) {
        w[1] = (uint32_t)(x >> 32);
        return 2;
    }
    return 1;
}

static void seed_state(uint64_t seed, uint64_t chunk, uint64_t *state)
{
    uint32_t entropy[POOL + 2] = {0};
    to_words(seed, entropy); /* the run entropy is padded to the pool size when a spawn key follows */
    int n = POOL + to_words(chunk, entropy + POOL);
    uint32_t pool[POOL], hash_const = INIT_A;
    for (int i = 0; i < POOL; i++)
        pool[i] = hashmix(entropy[i], &hash_const);
    for (int src = 0; src < POOL; src++)
        for (int dst = 0; dst < POOL; dst++)
            if (src != dst)
                pool[dst] = mix(pool[dst], hashmix(pool[src], &hash_const));
    for (int src = POOL; src < n; src++)
        for (int dst = 0; dst < POOL; dst++)
            pool[dst] = mix(pool[dst], hashmix(entropy[src], &hash_const));
    uint32_t words[8], h = INIT_B;
    for (int i = 0; i < 8; i++) {
        uint32_t v = pool[i % POOL] ^ h;
        h *= MULT_B;
        v *= h;
        words[i] = v ^ v >> 16;
    }
    for (int i = 0; i < 4; i++)
        state[i] = (uint64_t)words[2 * i] | (uint64_t)words[2 * i + 1] << 32;
    if (!(state[0] | state[1] | state[2] | state[3]))
        state[0] = 1; /* xoshiro256** never leaves the zero state */
}

int64_t pyeval_chunk_state(uint64_t seed, uint64_t chunk, uint64_t *state)
{
    seed_state(seed, chunk, state);
    return 0;
}

int64_t pyeval_row_seeds(uint64_t seed, int64_t first, int64_t n, uint64_t *out)
{
    if (first < 0 || n < 0)
        return -2;
    uint64_t state[4];
    for (int64_t i = 0; i < n; i++) {
        seed_state(seed, (uint64_t)(first + i), state);
        out[i] = state[0] >> 1;
    }
    return 0;
}
