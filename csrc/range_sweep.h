/* The heads-up sweep of exact range equity, shared by csrc/range_exact.c (one board at a time, the
 * strengths given) and csrc/flop_sweep.c (every runout of every flop): per board, each range's valid
 * combos sorted by strength once, then each combo's wins and ties against the other range counted
 * in O(1) with card removal by per-card sums. */
#ifndef PYEVAL_RANGE_SWEEP_H
#define PYEVAL_RANGE_SWEEP_H
#include <stdint.h>

#define DECK 52

/* x += v modulo 2**64, without signed overflow. */
static inline void add_wrap(int64_t *x, uint64_t v)
{
    *x = (int64_t)((uint64_t)*x + v);
}

/* Each combo's twin in the other range (self0: range 1's index of range 0's combo a, -1: none;
 * self1 the other way) is an index of that range or -1. */
static inline int twins_ok(const int64_t *self0, int64_t n0, const int64_t *self1, int64_t n1)
{
    for (int64_t a = 0; a < n0; a++)
        if (self0[a] < -1 || self0[a] >= n1)
            return 0;
    for (int64_t b = 0; b < n1; b++)
        if (self1[b] < -1 || self1[b] >= n0)
            return 0;
    return 1;
}

/* The indices of the valid entries of s[0..n) in ascending strength, in buf or tmp (the one
 * returned; *m: how many): a stable radix sort on the strengths' low `passes` bytes.  numba's
 * kernel counting-sorted over one slot per strength (7,464 per side per board on hold'em, most of
 * the sweep's time); any order by strength gives the sweep the same sums. */
static inline const int64_t *valid_sorted(const int32_t *s, const uint8_t *ok, int64_t n, int passes, int64_t *buf,
                                   int64_t *tmp, int64_t *m)
{
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        if (ok[i])
            buf[k++] = i;
    *m = k;
    for (int pass = 0; pass < passes; pass++) {
        const int shift = 8 * pass;
        int64_t count[257] = {0};
        for (int64_t i = 0; i < k; i++)
            count[((uint32_t)s[buf[i]] >> shift & 255) + 1]++;
        for (int v = 1; v < 257; v++)
            count[v] += count[v - 1];
        for (int64_t i = 0; i < k; i++)
            tmp[count[(uint32_t)s[buf[i]] >> shift & 255]++] = buf[i];
        int64_t *t = buf;
        buf = tmp;
        tmp = t;
    }
    return buf;
}

/* One side of the sweep (numba's _sweep_side): for each valid combo a of side a (oa: ascending
 * strength), the weighted count of side b's valid combos (ob, ascending) disjoint from it with a
 * lower strength (out_w), an equal one (out_t) and all (out_n); card removal by per-card sums. */
static inline void sweep_side(const int32_t *s_a, const int64_t *oa, int64_t na, const uint8_t *ca, const int32_t *s_b,
                       const int64_t *ob, int64_t nb, const uint8_t *cb, const int64_t *num_b, const int64_t *self_ab,
                       const uint8_t *ok_b, int64_t *out_w, int64_t *out_t, int64_t *out_n)
{
    uint64_t card_tot[DECK] = {0}, lt_card[DECK] = {0}, le_card[DECK] = {0};
    uint64_t tot = 0, lt = 0, le = 0;
    for (int64_t j = 0; j < nb; j++) {
        const int64_t b = ob[j];
        const uint64_t w = (uint64_t)num_b[b];
        tot += w;
        card_tot[cb[2 * b]] += w;
        card_tot[cb[2 * b + 1]] += w;
    }
    int64_t j_lt = 0, j_le = 0;
    for (int64_t i = 0; i < na; i++) {
        const int64_t a = oa[i];
        const int32_t sa = s_a[a];
        while (j_lt < nb && s_b[ob[j_lt]] < sa) {
            const int64_t b = ob[j_lt++];
            const uint64_t w = (uint64_t)num_b[b];
            lt += w;
            lt_card[cb[2 * b]] += w;
            lt_card[cb[2 * b + 1]] += w;
        }
        while (j_le < nb && s_b[ob[j_le]] <= sa) {
            const int64_t b = ob[j_le++];
            const uint64_t w = (uint64_t)num_b[b];
            le += w;
            le_card[cb[2 * b]] += w;
            le_card[cb[2 * b + 1]] += w;
        }
        const uint8_t c1 = ca[2 * a], c2 = ca[2 * a + 1];
        uint64_t same = 0;
        const int64_t sb = self_ab[a];
        if (sb >= 0 && ok_b[sb])
            same = (uint64_t)num_b[sb];
        const uint64_t w = lt - lt_card[c1] - lt_card[c2];
        add_wrap(out_w + a, w);
        add_wrap(out_t + a, le - le_card[c1] - le_card[c2] + same - w);
        add_wrap(out_n + a, tot - card_tot[c1] - card_tot[c2] + same);
    }
}

#endif
