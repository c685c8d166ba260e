/* Shared inline primitives: a hand's key and the perfect-hash slot of its ranks.
 *
 * key  = sum of PYEVAL_CARD_KEY: low 32 bits = quinary rank multiset
 *        (sum of 5**rank), bits 32.. = one 4-bit counter per suit.
 * bits = OR of PYEVAL_CARD_BIT: a 13-bit rank mask per suit (16 bits apart);
 *        it doubles as the duplicate / bad-code detector (HAND_OK).
 */
#ifndef PYEVAL_HAND_KEY_H
#define PYEVAL_HAND_KEY_H
#include <stddef.h>
#include <stdint.h>
#include "tables.h"

/* Suit counters start at 3 so that a fifth card of a suit sets that nibble's top bit. */
#define FLUSH_COUNTERS_INIT (UINT64_C(0x3333) << 32)
#define FLUSH_FLAGS(key) ((uint32_t)((key) >> 32) & 0x8888u)

/* PYEVAL_HIGH_RANK holds the rank slots, then at HIGH_FLUSH_BASE the best flush of each 13-bit
 * rank mask (tables/generate.py), so that csrc/high.c reads one table; the flush part is
 * PYEVAL_HIGH_FLUSH. */
#define HIGH_FLUSH_BASE (UINT32_C(1) << PYEVAL_SLOT_BITS)
#define PYEVAL_HIGH_FLUSH (PYEVAL_HIGH_RANK + HIGH_FLUSH_BASE)
_Static_assert(sizeof PYEVAL_HIGH_RANK / sizeof PYEVAL_HIGH_RANK[0] == HIGH_FLUSH_BASE + 8192,
               "a rank slot, or HIGH_FLUSH_BASE plus a 13-bit rank mask, indexes the high table");

/* The slot of a rank key in a hash-and-displace table built by tables/perfect_hash.py (its constants
 * generated beside it): a slot is below 2**slot_bits for any key, since the displacements are. */
static inline uint32_t hash_slot(uint32_t ranks, uint32_t mul_bucket, uint32_t mul_pos, unsigned bucket_bits,
                                 unsigned slot_bits, const uint16_t *displace)
{
    uint32_t bucket = (ranks * mul_bucket) >> (32 - bucket_bits);
    uint32_t pos = (ranks * mul_pos) >> (32 - slot_bits);
    return pos ^ displace[bucket];
}

/* The slot of a rank multiset of 0..7 cards in every multiset table (PYEVAL_HIGH_RANK and the others). */
static inline uint32_t rank_slot(uint32_t ranks)
{
    return hash_slot(ranks, PYEVAL_MUL_BUCKET, PYEVAL_MUL_POS, PYEVAL_BUCKET_BITS, PYEVAL_SLOT_BITS, PYEVAL_DISPLACE);
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

/* Whether the k cards at c are valid (the check eval_batch makes of each hand). */
static inline int hand_valid(const uint8_t *c, int k)
{
    uint64_t bits = 0;
    for (int j = 0; j < k; j++)
        bits |= PYEVAL_CARD_BIT[c[j]];
    return HAND_OK(bits, k);
}

/* The first of the n hands of k cards at c that hand_valid rejects, or -1. */
static inline int64_t first_invalid_hand(const uint8_t *c, int64_t n, int k)
{
    for (int64_t i = 0; i < n; i++, c += k)
        if (!hand_valid(c, k))
            return i;
    return -1;
}

/* Most cards in an Omaha hole and on a board. */
#define MAX_HOLE 6
#define MAX_BOARD 5

/* Cards live in the caller's memory, which another thread may rewrite during a call (the GIL is
 * released and uint8 batches are not copied), so a card read after validation may be any byte.
 * Every table index taken from a card therefore stays in bounds for any byte: the per-card tables
 * have 256 entries (checked below), and a rank is taken through card_rank.  A batch changed
 * mid-call gets garbage strengths, never a read outside a table.  Where a card is used for more
 * than that (the board engine), it is read once with load_card into a copy that is validated. */
_Static_assert(sizeof PYEVAL_CARD_KEY / sizeof PYEVAL_CARD_KEY[0] == 256, "one key per byte value");
_Static_assert(sizeof PYEVAL_CARD_BIT / sizeof PYEVAL_CARD_BIT[0] == 256, "one bit per byte value");
_Static_assert(sizeof PYEVAL_CARD_LOWBIT / sizeof PYEVAL_CARD_LOWBIT[0] == 256, "one low bit per byte value");

/* The rank 0..12 of a card, clamped so that a bad code (52..255) still indexes within a table. */
static inline unsigned card_rank(uint8_t code)
{
    unsigned r = code >> 2u;
    return r < 12u ? r : 12u;
}

/* One read of a card: a relaxed atomic load is a plain load that the compiler may not repeat. */
static inline uint8_t load_card(const uint8_t *p)
{
    return __atomic_load_n(p, __ATOMIC_RELAXED);
}

static inline void load_cards(uint8_t *dst, const uint8_t *src, int k)
{
    for (int j = 0; j < k; j++)
        dst[j] = load_card(src + j);
}

/* For a parameter some scorers need and others ignore. */
#define UNUSED __attribute__((unused))

/* A batch loop's scorer: the strength of one valid hand of k cards c[0..k-1], from its key and
 * mask, and from the table given to the loop if it uses one. */
typedef int32_t (*hand_scorer)(const uint8_t *c, int k, uint64_t key, uint64_t bits, const uint16_t *table);

/* The batch loop of the k-card evaluators: out[i] = score(c, k, key, bits, table) of hand i, whose
 * cards are c = cards + i * k, key the sum of their PYEVAL_CARD_KEY plus key0 and bits the OR of
 * their PYEVAL_CARD_BIT.  Returns the index of the first hand holding a bad or repeated card, or -1.
 * Always inlined, so the scorer (a constant) is inlined too, and with a constant k the card loop
 * unrolls.  (Handing the scorer one struct of c, k, key and bits instead costs gcc 12 an
 * instruction a hand.) */
static inline __attribute__((always_inline)) int64_t eval_batch(const uint8_t *cards, int64_t n, const int k,
                                                                uint64_t key0, hand_scorer score,
                                                                const uint16_t *table, int32_t *out)
{
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = cards + i * k; /* scorers index only 256-entry tables with c[j] */
        uint64_t key = key0, bits = 0;
        for (int j = 0; j < k; j++)
            ADD_CARD(c[j], key, bits);
        if (!HAND_OK(bits, k))
            return i;
        out[i] = score(c, k, key, bits, table);
    }
    return -1;
}

/* eval_batch for hands of 5, 6 or 7 cards, one loop per k so that each unrolls; -2 for another k. */
static inline __attribute__((always_inline)) int64_t eval_batch_5_to_7(const uint8_t *cards, int64_t n, int k,
                                                                       uint64_t key0, hand_scorer score,
                                                                       const uint16_t *table, int32_t *out)
{
    switch (k) {
    case 5: return eval_batch(cards, n, 5, key0, score, table, out);
    case 6: return eval_batch(cards, n, 6, key0, score, table, out);
    case 7: return eval_batch(cards, n, 7, key0, score, table, out);
    default: return -2;
    }
}

/* Batch loops get a clone using the popcnt instruction, picked at load time where
 * the CPU has it; the default clone runs on any x86-64 (no -march=native). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(PYEVAL_NO_CLONES)
#define PYEVAL_HOT __attribute__((target_clones("popcnt", "default")))
#else
#define PYEVAL_HOT
#endif

/* Scorer of a hand whose strength is its ranks' entry in the table (key counted from 0). */
static inline int32_t score_rank_table(UNUSED const uint8_t *c, UNUSED int k, uint64_t key, UNUSED uint64_t bits,
                                       const uint16_t *table)
{
    return table[rank_slot((uint32_t)key)];
}

/* Best high strength from a 5..7-card key (flush counters initialised). */
static inline int32_t high_from_key(uint64_t key, uint64_t bits)
{
    uint32_t flags = FLUSH_FLAGS(key);
    if (flags)
        return PYEVAL_HIGH_FLUSH[suit_ranks(bits, (unsigned)__builtin_ctz(flags) >> 2)];
    return PYEVAL_HIGH_RANK[rank_slot((uint32_t)key)];
}

#endif
