/* Badugi: the best subset of the four cards with distinct ranks and distinct suits. */
#include "pyeval.h"
#include "hand_key.h"

/* Subsets by size, largest first: a bigger badugi always beats a smaller one. */
static const uint8_t BY_SIZE[15] = {15, 7, 11, 13, 14, 3, 5, 6, 9, 10, 12, 1, 2, 4, 8};
static const uint8_t SIZE_OF[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

static inline uint32_t low_rank_bit(uint8_t code)
{
    unsigned r = card_rank(code);
    return 1u << (r == 12 ? 0 : r + 1); /* ace low */
}

static inline uint16_t subsets_with(int a, int b)
{
    uint16_t m = 0;
    for (unsigned s = 1; s < 16; s++)
        if ((s >> a & 1u) && (s >> b & 1u))
            m |= (uint16_t)(1u << s);
    return m;
}

PYEVAL_HOT int64_t pyeval_eval_badugi(const uint8_t *cards, int64_t n, int32_t *out)
{
    uint16_t with_pair[4][4];
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            with_pair[a][b] = a < b ? subsets_with(a, b) : 0;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = cards + i * 4;
        uint64_t key = 0, bits = 0;
        for (int j = 0; j < 4; j++)
            ADD_CARD(c[j], key, bits);
        if (!HAND_OK(bits, 4))
            return i;
        /* A subset is a badugi unless it holds two cards sharing a rank or a suit. */
        uint32_t forbidden = 0;
        for (int a = 0; a < 4; a++)
            for (int b = a + 1; b < 4; b++)
                if (((c[a] ^ c[b]) & 3u) == 0 || (c[a] >> 2) == (c[b] >> 2))
                    forbidden |= with_pair[a][b];
        uint32_t card_bit[4] = {low_rank_bit(c[0]), low_rank_bit(c[1]), low_rank_bit(c[2]), low_rank_bit(c[3])};
        int32_t best = 0;
        int best_size = 0;
        for (int t = 0; t < 15; t++) {
            unsigned s = BY_SIZE[t];
            if (SIZE_OF[s] < best_size)
                break;
            if (forbidden >> s & 1u)
                continue;
            uint32_t mask = (s & 1u ? card_bit[0] : 0) | (s & 2u ? card_bit[1] : 0) | (s & 4u ? card_bit[2] : 0) |
                            (s & 8u ? card_bit[3] : 0);
            int32_t v = PYEVAL_BADUGI_LOWMASK[mask];
            best = v > best ? v : best;
            best_size = SIZE_OF[s];
        }
        out[i] = best;
    }
    return -1;
}
