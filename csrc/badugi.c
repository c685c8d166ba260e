/* Badugi: the best subset of the four cards with distinct ranks and distinct suits. */
#include "pyeval.h"
#include "hand_key.h"

static inline uint32_t low_rank_bit(uint8_t code)
{
    unsigned r = code >> 2;
    return 1u << (r == 12 ? 0 : r + 1); /* ace low */
}

int64_t pyeval_eval_badugi(const uint8_t *cards, int64_t n, int32_t *out)
{
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = cards + i * 4;
        uint64_t key = 0, bits = 0;
        for (int j = 0; j < 4; j++)
            ADD_CARD(c[j], key, bits);
        if (!HAND_OK(bits, 4))
            return i;
        /* A subset is a badugi unless it holds two cards sharing a rank or a suit. */
        uint32_t forbidden = 0; /* bit s set: subset s is not a badugi */
        for (int a = 0; a < 4; a++)
            for (int b = a + 1; b < 4; b++)
                if ((c[a] >> 2) == (c[b] >> 2) || (c[a] & 3) == (c[b] & 3))
                    for (unsigned s = 1; s < 16; s++)
                        if ((s >> a & 1u) && (s >> b & 1u))
                            forbidden |= 1u << s;
        int32_t best = 0;
        for (unsigned s = 1; s < 16; s++) {
            if (forbidden >> s & 1u)
                continue;
            uint32_t mask = 0;
            for (int j = 0; j < 4; j++)
                if (s >> j & 1u)
                    mask |= low_rank_bit(c[j]);
            int32_t v = PYEVAL_BADUGI_LOWMASK[mask];
            best = v > best ? v : best;
        }
        out[i] = best;
    }
    return -1;
}
