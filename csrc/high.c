/* High hands of 5, 6 or 7 cards: one table read per hand.
 *
 * Hands go through in blocks of HIGH_BLOCK.  First pass: each hand's key and card mask, summed from
 * one 16-byte entry per card (PYEVAL_CARD_KEY_BIT, one SSE2 add a card on x86-64), and its index in
 * PYEVAL_HIGH_RANK: its rank slot, or for a flush HIGH_FLUSH_BASE plus its suit's rank mask (the flush
 * table follows the rank slots in that one table, so the reads need no choice of table).  Then one
 * check of the whole block's validity, and the block's table reads, which wait on nothing but their
 * own index, so the core keeps many of them in flight (the table is read from L2).  Against the
 * version before (key and mask from two per-card tables, each hand checked in turn, blocks of 32,
 * reads from two tables), 1.05-1.25x on random hands in the same process (benchmarks/RESULTS.md,
 * 2026-12-01).  PYEVAL_NO_SSE2 builds the portable path (any other CPU) on x86-64, for tests.
 */
#include "pyeval.h"
#include "hand_key.h"
#include "high_simd.h"
#if defined(__SSE2__) && !defined(PYEVAL_NO_SSE2)
#define HIGH_SSE2 1
#include <emmintrin.h>
#endif

#define HIGH_BLOCK 64

#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL_(n) _Pragma(#n)
#define UNROLL(n) UNROLL_(GCC unroll n)
#else
#define UNROLL(n)
#endif

_Static_assert(sizeof PYEVAL_CARD_KEY_BIT / sizeof PYEVAL_CARD_KEY_BIT[0] == 2 * 256,
               "a key and a bit per byte value");

/* The key (PYEVAL_CARD_KEY summed, suit counters started) and mask of the k cards at c.  The mask's
 * bits are added, not ORed: a repeated card carries into another bit, so a hand is still valid exactly
 * when the sum holds k bits (a sum of k powers of two has k bits only when they are distinct). */
static inline __attribute__((always_inline)) void hand_sums(const uint8_t *c, const int k, uint64_t *key,
                                                            uint64_t *bits)
{
#ifdef HIGH_SSE2
    const __m128i *entry = (const __m128i *)PYEVAL_CARD_KEY_BIT; /* 16-byte aligned (tables/generate.py) */
    __m128i sum = _mm_set_epi64x(0, (long long)FLUSH_COUNTERS_INIT);
    for (int j = 0; j < k; j++)
        sum = _mm_add_epi64(sum, _mm_load_si128(entry + c[j]));
    *key = (uint64_t)_mm_cvtsi128_si64(sum);
    *bits = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sum, sum));
#else /* the two tables the other evaluators read (ORing the bits is as good as adding them) */
    uint64_t s = FLUSH_COUNTERS_INIT, b = 0;
    for (int j = 0; j < k; j++)
        ADD_CARD(c[j], s, b);
    *key = s;
    *bits = b;
#endif
}

static inline __attribute__((always_inline)) int64_t eval_high_blocks(const uint8_t *cards, int64_t n, const int k,
                                                                      int32_t *out)
{
    uint32_t index[HIGH_BLOCK];
    for (int64_t first = 0; first < n; first += HIGH_BLOCK) {
        const int m = n - first < HIGH_BLOCK ? (int)(n - first) : HIGH_BLOCK;
        const uint8_t *c = cards + first * k;
        uint32_t seen = 0; /* bits of the block's masks: at most k a hand, m * k when every hand is valid */
        UNROLL(2)
        for (int i = 0; i < m; i++, c += k) {
            uint64_t key, bits;
            hand_sums(c, k, &key, &bits);
            seen += (uint32_t)__builtin_popcountll(bits);
            uint32_t flags = FLUSH_FLAGS(key);
            /* A branch, rarely taken (3% of random 7-card hands): a select without one costs
             * ten instructions a hand and was slower. */
            index[i] = rank_slot((uint32_t)key);
            if (__builtin_expect(flags != 0, 0))
                index[i] = HIGH_FLUSH_BASE | suit_ranks(bits, (unsigned)__builtin_ctz(flags) >> 2);
        }
        if (seen != (uint32_t)(m * k)) { /* a bad hand in the block: the first one */
            int64_t bad = first_invalid_hand(cards + first * k, m, k);
            return first + (bad < 0 ? 0 : bad); /* none now: the cards were rewritten since (hand_key.h) */
        }
        int32_t *o = out + first;
        UNROLL(4)
        for (int i = 0; i < m; i++)
            o[i] = PYEVAL_HIGH_RANK[index[i]];
    }
    return -1;
}

/* Inlined into each of pyeval_eval_high's clones, so that the popcnt clone's loop counts with the instruction. */
static inline __attribute__((always_inline)) int64_t eval_high_portable(const uint8_t *cards, int64_t n, int k,
                                                                        int32_t *out)
{
    switch (k) { /* one loop per k, so that each unrolls */
    case 5: return eval_high_blocks(cards, n, 5, out);
    case 6: return eval_high_blocks(cards, n, 6, out);
    case 7: return eval_high_blocks(cards, n, 7, out);
    default: return -2;
    }
}

PYEVAL_HOT int64_t pyeval_eval_high(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    if (k < 5 || k > 7)
        return -2;
    /* 16 hands at a time where the CPU allows (csrc/high_simd.c), then this loop from the first block holding a bad
     * hand, which it names, and for the last partial block */
    const int64_t done = high_simd_usable() ? high_simd_blocks(cards, n, k, out) : 0;
    const int64_t bad = eval_high_portable(cards + done * k, n - done, k, out + done);
    return bad < 0 ? bad : done + bad;
}
