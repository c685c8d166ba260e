/* Shared inline primitives: a hand's key and the perfect-hash slot of its ranks.
 *
 * key  = sum of PYEVAL_CARD_KEY: low 32 bits = quinary rank multiset
 *        (sum of 5**rank), bits 32.. = one 4-bit counter per suit.
 * bits = OR of PYEVAL_CARD_BIT: a 13-bit rank mask per suit (16 bits apart);
 *        it doubles as the duplicate / bad-code detector (HAND_OK).
 */
#ifndef PYEVAL_HAND_KEY_H
#define PYEVAL_HAND_KEY_H
#include <stdint.h>
#include "tables.h"

/* Suit counters start at 3 so that a fifth card of a suit sets that nibble's top bit. */
#define FLUSH_COUNTERS_INIT (UINT64_C(0x3333) << 32)
#define FLUSH_FLAGS(key) ((uint32_t)((key) >> 32) & 0x8888u)

static inline uint32_t rank_slot(uint32_t ranks)
{
    uint32_t bucket = (ranks * PYEVAL_MUL_BUCKET) >> (32 - PYEVAL_BUCKET_BITS);
    uint32_t pos = (ranks * PYEVAL_MUL_POS) >> (32 - PYEVAL_SLOT_BITS);
    return pos ^ PYEVAL_DISPLACE[bucket];
}

static inline uint32_t suit_ranks(uint64_t bits, unsigned suit)
{
    return (uint32_t)(bits >> (16 * suit)) & 0x1fffu;
}

static inline uint32_t rank_presence(uint64_t bits)
{
    return (uint32_t)(bits | bits >> 16 | bits >> 32 | bits >> 48) & 0x1fffu;
}

/* Adds one card.  A bad code (52..255) has no bit and a repeated card adds none,
 * so a hand is valid exactly when its mask holds one bit per card: HAND_OK. */
#define ADD_CARD(c, key, bits)              \
    do {                                    \
        (bits) |= PYEVAL_CARD_BIT[(c)];     \
        (key) += PYEVAL_CARD_KEY[(c)];      \
    } while (0)

#define HAND_OK(bits, k) (__builtin_popcountll(bits) == (k))

/* Batch loops get a clone using the popcnt instruction, picked at load time where
 * the CPU has it; the default clone runs on any x86-64 (no -march=native). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(PYEVAL_NO_CLONES)
#define PYEVAL_HOT __attribute__((target_clones("popcnt", "default")))
#else
#define PYEVAL_HOT
#endif

/* Best high strength from a 5..7-card key (flush counters initialised). */
static inline int32_t high_from_key(uint64_t key, uint64_t bits)
{
    uint32_t flags = FLUSH_FLAGS(key);
    if (flags)
        return PYEVAL_HIGH_FLUSH[suit_ranks(bits, (unsigned)__builtin_ctz(flags) >> 2)];
    return PYEVAL_HIGH_RANK[rank_slot((uint32_t)key)];
}

#endif
