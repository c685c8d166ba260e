/* Every flop's exact heads-up range equity (csrc/flop_sweep.h).  Per flop each combo's key and
 * card mask with the flop are summed once (csrc/hand_key.h); per turn and river each valid combo
 * adds the two cards and reads one table entry, then both ranges are sorted and swept once
 * (csrc/range_sweep.h, the sweep of exact range equity). */
#include <stdlib.h>
#include <string.h>

#include "pyeval.h"
#include "hand_key.h"
#include "flop_sweep.h"
#include "range_sweep.h"

/* A 7-card strength from its key and rank bits: the hold'em or the short-deck tables. */
static inline int32_t strength(uint64_t key, uint64_t bits, int kind)
{
    const uint32_t flags = FLUSH_FLAGS(key);
    if (kind == PYEVAL_KIND_HIGH) {
        const uint32_t index = flags ? HIGH_FLUSH_BASE | suit_ranks(bits, (unsigned)__builtin_ctz(flags) >> 2)
                                     : rank_slot((uint32_t)key);
        return PYEVAL_HIGH_RANK[index];
    }
    const int alt = kind == PYEVAL_KIND_SHORTDECK_ALT; /* a straight beats trips (csrc/shortdeck.c) */
    if (flags)
        return (alt ? PYEVAL_SHORTDECK_FLUSH_ALT : PYEVAL_SHORTDECK_FLUSH)[suit_ranks(bits,
                                                                                    (unsigned)__builtin_ctz(flags) >> 2)];
    return (alt ? PYEVAL_SHORTDECK_RANK_ALT : PYEVAL_SHORTDECK_RANK)[rank_slot((uint32_t)key)];
}

/* One flop: every turn and river of the deck, each combo's counts added to acc (6 x acc_cols). */
static void one_flop(const uint8_t *flop, int kind, const uint8_t *deck, int deck_n, uint64_t blocked,
                     const uint8_t *combos, int64_t n0, int64_t n1, const int64_t *num0, const int64_t *num1,
                     const int64_t *self0, const int64_t *self1, int64_t *acc, int64_t acc_cols, uint64_t *key5,
                     uint64_t *bits5, uint64_t *mask, int32_t *s, uint8_t *ok, int64_t *bufs)
{
    const int64_t n = n0 + n1;
    uint64_t flop_key = FLUSH_COUNTERS_INIT, flop_bits = 0;
    for (int j = 0; j < 3; j++)
        ADD_CARD(flop[j], flop_key, flop_bits);
    for (int64_t k = 0; k < n; k++) {
        const uint8_t c1 = combos[2 * k], c2 = combos[2 * k + 1];
        mask[k] = UINT64_C(1) << c1 | UINT64_C(1) << c2;
        key5[k] = flop_key + PYEVAL_CARD_KEY[c1] + PYEVAL_CARD_KEY[c2];
        bits5[k] = flop_bits | PYEVAL_CARD_BIT[c1] | PYEVAL_CARD_BIT[c2];
        s[k] = 0;
    }
    int64_t *buf0 = bufs, *tmp0 = buf0 + n0 + 1, *buf1 = tmp0 + n0 + 1, *tmp1 = buf1 + n1 + 1;
    const uint8_t *c0 = combos, *c1 = combos + 2 * n0;
    for (int t = 0; t < deck_n; t++)
        for (int r = t + 1; r < deck_n; r++) {
            const uint8_t ct = deck[t], cr = deck[r];
            const uint64_t out = blocked | UINT64_C(1) << ct | UINT64_C(1) << cr;
            const uint64_t add_key = PYEVAL_CARD_KEY[ct] + PYEVAL_CARD_KEY[cr];
            const uint64_t add_bits = PYEVAL_CARD_BIT[ct] | PYEVAL_CARD_BIT[cr];
            for (int64_t k = 0; k < n; k++) {
                ok[k] = !(mask[k] & out);
                if (ok[k])
                    s[k] = strength(key5[k] + add_key, bits5[k] | add_bits, kind);
            }
            int64_t m0, m1;
            const int64_t *o0 = valid_sorted(s, ok, n0, 2, buf0, tmp0, &m0);
            const int64_t *o1 = valid_sorted(s + n0, ok + n0, n1, 2, buf1, tmp1, &m1);
            sweep_side(s, o0, m0, c0, s + n0, o1, m1, c1, num1, self0, ok + n0, acc, acc + acc_cols,
                       acc + 2 * acc_cols);
            sweep_side(s + n0, o1, m1, c1, s, o0, m0, c0, num0, self1, ok, acc + 3 * acc_cols, acc + 4 * acc_cols,
                       acc + 5 * acc_cols);
        }
}

int64_t pyeval_flop_sweep(const uint8_t *flops, int64_t n_flops, int kind, int lowest_card, uint64_t dead_mask,
                          const uint8_t *combos, int64_t n0, int64_t n1, const int64_t *num0, const int64_t *num1,
                          const int64_t *self0, const int64_t *self1, int64_t *acc, int64_t acc_cols)
{
    if (n_flops < 0 || n0 < 0 || n1 < 0 || n0 > INT32_MAX || n1 > INT32_MAX || acc_cols < n0 || acc_cols < n1
        || lowest_card < 0 || lowest_card > DECK - 5 || dead_mask >> DECK
        || (kind != PYEVAL_KIND_HIGH && kind != PYEVAL_KIND_SHORTDECK && kind != PYEVAL_KIND_SHORTDECK_ALT))
        return -2;
    const int64_t n = n0 + n1;
    for (int64_t k = 0; k < 2 * n; k++)
        if (combos[k] >= DECK || combos[k] < lowest_card)
            return -2;
    for (int64_t k = 0; k < n; k++)
        if (combos[2 * k] == combos[2 * k + 1])
            return -2;
    if (!twins_ok(self0, n0, self1, n1))
        return -2;
    for (int64_t f = 0; f < n_flops; f++) {
        const uint8_t *flop = flops + 3 * f;
        uint64_t seen = dead_mask;
        for (int j = 0; j < 3; j++) {
            if (flop[j] >= DECK || flop[j] < lowest_card || seen >> flop[j] & 1)
                return -2;
            seen |= UINT64_C(1) << flop[j];
        }
    }
    const size_t words = (size_t)(n ? n : 1);
    uint64_t *key5 = malloc(3 * words * sizeof *key5);
    int32_t *s = malloc(words * sizeof *s);
    uint8_t *ok = malloc(words);
    int64_t *bufs = malloc((2 * (size_t)n + 4) * sizeof *bufs);
    if (!key5 || !s || !ok || !bufs) {
        free(key5), free(s), free(ok), free(bufs);
        return -5;
    }
    for (int64_t f = 0; f < n_flops; f++) {
        const uint8_t *flop = flops + 3 * f;
        const uint64_t blocked = dead_mask | UINT64_C(1) << flop[0] | UINT64_C(1) << flop[1] | UINT64_C(1) << flop[2];
        uint8_t deck[DECK];
        int deck_n = 0;
        for (int c = lowest_card; c < DECK; c++)
            if (!(blocked >> c & 1))
                deck[deck_n++] = (uint8_t)c;
        int64_t *a = acc + f * 6 * acc_cols;
        memset(a, 0, 6 * (size_t)acc_cols * sizeof *a);
        one_flop(flop, kind, deck, deck_n, blocked, combos, n0, n1, num0, num1, self0, self1, a, acc_cols, key5,
                 key5 + words, key5 + 2 * words, s, ok, bufs);
    }
    free(key5), free(s), free(ok), free(bufs);
    return 0;
}

#define FLOPS_52 22100 /* C(52, 3): colex indices of three cards */

static inline int flop_colex(int a, int b, int c) /* a < b < c */
{
    return a + b * (b - 1) / 2 + c * (c - 1) * (c - 2) / 6;
}

/* A board as one number: suit s's 13-bit rank set at bits 13 s (the order canonical boards use). */
static inline uint64_t board_value(const uint32_t *ranks, const uint8_t *perm)
{
    uint64_t v = 0;
    for (int s = 0; s < 4; s++)
        v |= (uint64_t)ranks[s] << (13 * perm[s]);
    return v;
}

/* The five cards of a board value, ascending. */
static inline void board_cards(uint64_t v, uint8_t *out)
{
    int k = 0;
    for (int s = 0; s < 4; s++)
        for (int r = 0; r < 13; r++)
            if (v >> (13 * s + r) & 1)
                out[k++] = (uint8_t)(4 * r + s);
    /* ascending card codes: insertion sort of five */
    for (int i = 1; i < 5; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            uint8_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
}

int64_t pyeval_flop_boards(int kind, const uint8_t *live, int live_n, const uint8_t *perms, int n_perm,
                           const uint8_t *combos, int64_t n0, int64_t n1, const int64_t *num0, const int64_t *num1,
                           const int64_t *self0, const int64_t *self1, const int32_t *combo_perm,
                           const int32_t *flop_class, int64_t n_classes, int part, int parts, uint64_t *acc)
{
    if (live_n < 5 || live_n > DECK || n_perm < 1 || n_perm > 24 || n0 < 0 || n1 < 0 || n0 > INT32_MAX
        || n1 > INT32_MAX || n_classes < 0 || parts < 1 || part < 0 || part >= parts
        || (kind != PYEVAL_KIND_HIGH && kind != PYEVAL_KIND_SHORTDECK && kind != PYEVAL_KIND_SHORTDECK_ALT))
        return -2;
    const int64_t n = n0 + n1;
    uint64_t live_mask = 0;
    for (int i = 0; i < live_n; i++) {
        if (live[i] >= DECK || (i && live[i] <= live[i - 1]))
            return -2;
        live_mask |= UINT64_C(1) << live[i];
    }
    for (int p = 0; p < n_perm; p++) {
        int seen = 0;
        for (int s = 0; s < 4; s++) {
            if (perms[4 * p + s] > 3)
                return -2;
            seen |= 1 << perms[4 * p + s];
        }
        if (seen != 15)
            return -2;
    }
    for (int s = 0; s < 4; s++)
        if (perms[s] != s) /* the identity first */
            return -2;
    for (int64_t k = 0; k < n; k++) {
        const uint8_t c1 = combos[2 * k], c2 = combos[2 * k + 1];
        if (c1 >= DECK || c2 >= DECK || c1 == c2 || !(live_mask >> c1 & 1) || !(live_mask >> c2 & 1))
            return -2;
    }
    if (!twins_ok(self0, n0, self1, n1))
        return -2;
    for (int64_t k = 0; k < (int64_t)n_perm * n; k++) /* an image stays in its own range */
        if (combo_perm[k] < 0 || combo_perm[k] >= n || (combo_perm[k] < n0) != (k % n < n0))
            return -2;
    for (int i = 0; i < FLOPS_52; i++)
        if (flop_class[i] < -1 || flop_class[i] >= n_classes)
            return -2;

    const size_t words = (size_t)(n ? n : 1);
    uint64_t *mask = malloc(words * sizeof *mask);
    uint64_t *key2 = malloc(2 * words * sizeof *key2); /* each combo's key, then its rank bits */
    int32_t *s = malloc(words * sizeof *s);
    uint8_t *ok = malloc(words);
    int64_t *bufs = malloc((2 * (size_t)n + 4) * sizeof *bufs);
    int64_t *out = malloc(6 * words * sizeof *out);
    uint64_t *packed = malloc(words * sizeof *packed);
    int64_t *valid_list = malloc(words * sizeof *valid_list);
    if (!mask || !key2 || !s || !ok || !bufs || !out || !packed || !valid_list) {
        free(mask), free(key2), free(s), free(ok), free(bufs), free(out), free(packed), free(valid_list);
        return -5;
    }
    for (int64_t k = 0; k < n; k++) {
        const uint8_t c1 = combos[2 * k], c2 = combos[2 * k + 1];
        mask[k] = UINT64_C(1) << c1 | UINT64_C(1) << c2;
        key2[k] = FLUSH_COUNTERS_INIT + PYEVAL_CARD_KEY[c1] + PYEVAL_CARD_KEY[c2];
        key2[n + k] = PYEVAL_CARD_BIT[c1] | PYEVAL_CARD_BIT[c2];
    }
    int64_t *buf0 = bufs, *tmp0 = buf0 + n0 + 1, *buf1 = tmp0 + n0 + 1, *tmp1 = buf1 + n1 + 1;
    const uint8_t *cb0 = combos, *cb1 = combos + 2 * n0;
    int prefix = 0;
    for (int i0 = 0; i0 < live_n; i0++)
        for (int i1 = i0 + 1; i1 < live_n; i1++, prefix++) {
            if (prefix % parts != part)
                continue;
            for (int i2 = i1 + 1; i2 < live_n; i2++)
                for (int i3 = i2 + 1; i3 < live_n; i3++)
                    for (int i4 = i3 + 1; i4 < live_n; i4++) {
                        const uint8_t cards[5] = {live[i0], live[i1], live[i2], live[i3], live[i4]};
                        uint32_t ranks[4] = {0, 0, 0, 0};
                        for (int j = 0; j < 5; j++)
                            ranks[cards[j] & 3] |= 1u << (cards[j] >> 2);
                        const uint64_t v = board_value(ranks, perms);
                        uint64_t images[24];
                        int canonical = 1;
                        for (int p = 0; p < n_perm && canonical; p++) {
                            images[p] = board_value(ranks, perms + 4 * p);
                            canonical = images[p] <= v;
                        }
                        if (!canonical)
                            continue;
                        /* evaluate and sweep the board once */
                        uint64_t key = 0, bits = 0, bmask = 0;
                        for (int j = 0; j < 5; j++) {
                            key += PYEVAL_CARD_KEY[cards[j]];
                            bits |= PYEVAL_CARD_BIT[cards[j]];
                            bmask |= UINT64_C(1) << cards[j];
                        }
                        int64_t m = 0;
                        for (int64_t k = 0; k < n; k++) {
                            ok[k] = !(mask[k] & bmask);
                            if (ok[k]) {
                                s[k] = strength(key2[k] + key, key2[n + k] | bits, kind);
                                valid_list[m++] = k;
                            }
                        }
                        memset(out, 0, 6 * words * sizeof *out);
                        int64_t m0, m1;
                        const int64_t *o0 = valid_sorted(s, ok, n0, 2, buf0, tmp0, &m0);
                        const int64_t *o1 = valid_sorted(s + n0, ok + n0, n1, 2, buf1, tmp1, &m1);
                        sweep_side(s, o0, m0, cb0, s + n0, o1, m1, cb1, num1, self0, ok + n0, out, out + words,
                                   out + 2 * words);
                        sweep_side(s + n0, o1, m1, cb1, s, o0, m0, cb0, num0, self1, ok, out + 3 * words + n0,
                                   out + 4 * words + n0, out + 5 * words + n0);
                        /* range 0 in out[0..], range 1 at out[3 words + n0 ..]: one index k for both */
                        for (int64_t j = 0; j < m; j++) {
                            const int64_t k = valid_list[j];
                            const int64_t base = k < n0 ? 0 : 3 * (int64_t)words;
                            packed[k] = (uint64_t)out[base + k] | (uint64_t)out[base + words + k] << 32;
                        }
                        /* every distinct image of the board, every flop of it that represents a class */
                        for (int p = 0; p < n_perm; p++) {
                            int repeat = 0;
                            for (int q = 0; q < p && !repeat; q++)
                                repeat = images[q] == images[p];
                            if (repeat)
                                continue;
                            uint8_t img[5];
                            board_cards(images[p], img);
                            const int32_t *cp = combo_perm + (int64_t)p * n;
                            for (int x = 0; x < 3; x++)
                                for (int y = x + 1; y < 4; y++)
                                    for (int z = y + 1; z < 5; z++) {
                                        const int32_t cls = flop_class[flop_colex(img[x], img[y], img[z])];
                                        if (cls < 0)
                                            continue;
                                        uint64_t *row = acc + (int64_t)cls * n;
                                        for (int64_t j = 0; j < m; j++) {
                                            const int64_t k = valid_list[j];
                                            row[cp[k]] += packed[k];
                                        }
                                    }
                        }
                    }
        }
    free(mask), free(key2), free(s), free(ok), free(bufs), free(out), free(packed), free(valid_list);
    return 0;
}
