/* High hands of 5, 6 or 7 cards, 16 at a time with AVX-512, where the CPU has it.
 *
 * The same strengths as csrc/high.c from the same tables: a hand's rank key (the sum of 5**rank), its suit counters
 * and its card mask are built in registers for 16 hands at once (ranks are looked up with a permute, not read from
 * memory), the perfect hash is computed for all 16, and the displacement and the strength are read with two gathers.
 * The few hands that may flush (3% of random 7-card hands) are listed without a branch and finished from their cards
 * with high.c's high_from_key after every HIGH_SIMD_SPAN hands.  Against high.c's loop, 1.3-1.45x on random hands
 * (benchmarks/RESULTS.md, 2026-12-02).
 *
 * high_simd_blocks evaluates whole blocks of 16 while every hand is valid and returns how many hands it did, so that
 * the caller goes on from there with the portable loop, which names the first bad hand and does the last partial
 * block.  Every gather index is in its table's bounds for any card byte (hand_key.h's rule for a batch another thread
 * rewrites): a slot is below 2**PYEVAL_SLOT_BITS for any key and is read as the 32-bit pair holding it.
 */
#include "hand_key.h"
#include "high_simd.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(PYEVAL_NO_AVX512)
#include <immintrin.h>

#define HIGH_SIMD_TARGET __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")))
#define HIGH_SIMD_SPAN 1024 /* hands between two flush fix-ups: the list of flush hands lives on the stack */

_Static_assert(PYEVAL_SLOT_BITS <= 17 && PYEVAL_BUCKET_BITS <= 16, "slots and buckets fit the 32-bit lanes");
_Static_assert((sizeof PYEVAL_HIGH_RANK / sizeof PYEVAL_HIGH_RANK[0]) % 2 == 0 &&
                   (sizeof PYEVAL_DISPLACE / sizeof PYEVAL_DISPLACE[0]) % 2 == 0,
               "the gathers read the 16-bit tables in aligned pairs");

static int simd_mode = -1; /* -1: not yet asked; 0: the portable loop; 1: this one */

static int cpu_has_avx512(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vpopcntdq");
}

int high_simd_usable(void)
{
    int mode = __atomic_load_n(&simd_mode, __ATOMIC_RELAXED);
    if (mode < 0) {
        mode = cpu_has_avx512();
        __atomic_store_n(&simd_mode, mode, __ATOMIC_RELAXED);
    }
    return mode;
}

int64_t pyeval_high_simd(int mode)
{
    if (mode >= 0)
        __atomic_store_n(&simd_mode, mode && cpu_has_avx512(), __ATOMIC_RELAXED);
    return high_simd_usable();
}

/* The 16-bit entries at idx of a table of them, read as the aligned 32-bit pairs holding them. */
HIGH_SIMD_TARGET static inline __m512i gather_u16(const uint16_t *table, __m512i idx)
{
    const __m512i one = _mm512_set1_epi32(1);
    __m512i pair = _mm512_i32gather_epi32(_mm512_srli_epi32(idx, 1), (const void *)table, 4);
    __m512i half = _mm512_srlv_epi32(pair, _mm512_slli_epi32(_mm512_and_si512(idx, one), 4));
    return _mm512_and_si512(half, _mm512_set1_epi32(0xffff));
}

/* Finishes the listed hands (indices from base) that may flush, from their cards. */
static void finish_flush_hands(const uint8_t *cards, const int k, int64_t base, const int32_t *list, int count,
                               int32_t *out)
{
    for (int f = 0; f < count; f++) {
        const int64_t i = base + list[f];
        uint64_t key = FLUSH_COUNTERS_INIT, bits = 0;
        for (int j = 0; j < k; j++)
            ADD_CARD(cards[i * k + j], key, bits);
        out[i] = high_from_key(key, bits);
    }
}

HIGH_SIMD_TARGET static inline __attribute__((always_inline)) int64_t blocks_k(const uint8_t *cards, int64_t n,
                                                                                const int k, int32_t *out)
{
    uint32_t quinary_of[16] = {0}; /* 5**rank, from the card keys' low halves (tables/generate.py) */
    for (int r = 0; r < 13; r++)
        quinary_of[r] = (uint32_t)PYEVAL_CARD_KEY[4 * r];
    const __m512i quinary = _mm512_loadu_si512(quinary_of);
    const __m512i one = _mm512_set1_epi32(1), three = _mm512_set1_epi32(3), thirty_two = _mm512_set1_epi32(32);
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i bad_code = _mm512_set1_epi8(52);
    /* pick[j]: byte 4 * i = the offset of hand i's card j in the block's 16 * k bytes; the other bytes are zeroed */
    const __mmask64 dword_low_bytes = UINT64_C(0x1111111111111111);
    __m512i pick[7];
    for (int j = 0; j < k; j++) {
        uint8_t offsets[64];
        for (int i = 0; i < 64; i++)
            offsets[i] = (uint8_t)((i / 4) * k + j);
        pick[j] = _mm512_loadu_si512(offsets);
    }
    const __mmask64 tail_bytes = (UINT64_C(1) << (16 * k - 64)) - 1; /* the block's bytes past the first 64 */
    int32_t flush_list[HIGH_SIMD_SPAN];
    int flush_count = 0;
    int64_t span = 0, i0 = 0;
    for (; i0 + 16 <= n; i0 += 16) {
        const uint8_t *c = cards + i0 * k;
        const __m512i head = _mm512_loadu_si512(c), tail = _mm512_maskz_loadu_epi8(tail_bytes, c + 64);
        __mmask64 bad = _mm512_cmpge_epu8_mask(head, bad_code) | _mm512_mask_cmpge_epu8_mask(tail_bytes, tail, bad_code);
        __m512i key = _mm512_setzero_si512(), suits = _mm512_set1_epi32((int)(FLUSH_COUNTERS_INIT >> 32));
        __m512i low_bits = _mm512_setzero_si512(), high_bits = _mm512_setzero_si512();
        for (int j = 0; j < k; j++) {
            const __m512i card = _mm512_maskz_permutex2var_epi8(dword_low_bytes, head, pick[j], tail);
            key = _mm512_add_epi32(key, _mm512_permutexvar_epi32(_mm512_srli_epi32(card, 2), quinary));
            suits = _mm512_add_epi32(suits, _mm512_sllv_epi32(one, _mm512_slli_epi32(_mm512_and_si512(card, three), 2)));
            /* the card's bit among 64: a shift by 32 or more gives 0 */
            low_bits = _mm512_or_si512(low_bits, _mm512_sllv_epi32(one, card));
            high_bits = _mm512_or_si512(high_bits, _mm512_sllv_epi32(one, _mm512_sub_epi32(card, thirty_two)));
        }
        const __m512i distinct = _mm512_add_epi32(_mm512_popcnt_epi32(low_bits), _mm512_popcnt_epi32(high_bits));
        bad |= _mm512_cmpneq_epi32_mask(distinct, _mm512_set1_epi32(k));
        if (__builtin_expect(bad != 0, 0))
            break; /* the portable loop takes over at this block and names the bad hand */
        const __mmask16 may_flush = _mm512_test_epi32_mask(suits, _mm512_set1_epi32(0x8888));
        const __m512i bucket = _mm512_srli_epi32(_mm512_mullo_epi32(key, _mm512_set1_epi32((int)PYEVAL_MUL_BUCKET)),
                                                 32 - PYEVAL_BUCKET_BITS);
        const __m512i pos = _mm512_srli_epi32(_mm512_mullo_epi32(key, _mm512_set1_epi32((int)PYEVAL_MUL_POS)),
                                              32 - PYEVAL_SLOT_BITS);
        const __m512i slot = _mm512_xor_si512(pos, gather_u16(PYEVAL_DISPLACE, bucket)); /* hash_slot's slot */
        _mm512_storeu_si512(out + i0, gather_u16(PYEVAL_HIGH_RANK, slot));
        _mm512_mask_compressstoreu_epi32(flush_list + flush_count, may_flush,
                                         _mm512_add_epi32(lanes, _mm512_set1_epi32((int)(i0 - span))));
        flush_count += __builtin_popcount(may_flush);
        if (i0 + 16 - span == HIGH_SIMD_SPAN) {
            finish_flush_hands(cards, k, span, flush_list, flush_count, out);
            flush_count = 0;
            span = i0 + 16;
        }
    }
    finish_flush_hands(cards, k, span, flush_list, flush_count, out);
    return i0;
}

HIGH_SIMD_TARGET int64_t high_simd_blocks(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    switch (k) {
    case 5: return blocks_k(cards, n, 5, out);
    case 6: return blocks_k(cards, n, 6, out);
    case 7: return blocks_k(cards, n, 7, out);
    default: return 0;
    }
}

#else /* no AVX-512 path in this build */

int high_simd_usable(void)
{
    return 0;
}

int64_t pyeval_high_simd(int mode)
{
    (void)mode;
    return 0;
}

int64_t high_simd_blocks(const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    (void)cards, (void)n, (void)k, (void)out;
    return 0;
}

#endif
