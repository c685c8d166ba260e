/* Suit-isomorphic indexing of hold'em states (Waugh, "A fast and optimal hand isomorphism
 * algorithm", 2013), for two rounds: the hole cards, then the board so far as one set.
 *
 * Each suit holds a rank set per round; its "shape" is the pair of set sizes (k0 hole, k1 board)
 * and its "suit index" the colex rank of the hole set among the deck's R ranks, combined with the
 * colex rank of the board set among the R - k0 ranks the hole left.  A configuration is the four
 * shapes sorted (largest shape first); suits of one shape are interchangeable, so a group of m
 * such suits is the multiset of their suit indices (colex rank of a multiset: C(S + m - 1, m) of
 * them for S suit indices).  index = offset of the configuration + its groups' multiset ranks in
 * mixed radix.  Configurations are enumerated per call (a few dozen): no global state.
 */
#include <stdlib.h>
#include <string.h>

#include "strength.h"
#include "strength_iso.h"



/* C(n, k) for k <= 5 and n up to a few ten thousand (exact: each partial product is a binomial). */
static int64_t binom(int64_t n, int k)
{
    if (k < 0 || n < k)
        return 0;
    int64_t c = 1;
    for (int i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

static inline int shape_k0(const iso_t *t, int s) { return s / (t->board_n + 1); }
static inline int shape_k1(const iso_t *t, int s) { return s % (t->board_n + 1); }

/* Suit indices of one shape: C(R, k0) * C(R - k0, k1). */
static int64_t shape_size(const iso_t *t, int s)
{
    int k0 = shape_k0(t, s), k1 = shape_k1(t, s);
    return t->small[t->ranks][k0] * t->small[t->ranks - k0][k1];
}

/* The number of states of one configuration: the product over its groups of C(S + m - 1, m). */
static int64_t conf_size(const iso_t *t, const int sh[4])
{
    int64_t size = 1;
    for (int i = 0; i < 4;) {
        int j = i;
        while (j < 4 && sh[j] == sh[i])
            j++;
        size *= binom(shape_size(t, sh[i]) + (j - i) - 1, j - i);
        i = j;
    }
    return size;
}

int strength_iso_init(iso_t *t, int board_n, int lowest_rank)
{
    if (!(board_n == 0 || board_n == 3 || board_n == 4 || board_n == 5) || lowest_rank < 0 || lowest_rank > 8)
        return 0;
    memset(t, 0, sizeof *t);
    t->ranks = 13 - lowest_rank;
    t->board_n = board_n;
    t->lowest = lowest_rank;
    t->shapes = 3 * (board_n + 1);
    for (int n = 0; n < 16; n++)
        for (int k = 0; k < 8; k++)
            t->small[n][k] = binom(n, k);
    const int S = t->shapes;
    int sh[4];
    for (sh[0] = S - 1; sh[0] >= 0; sh[0]--)
        for (sh[1] = sh[0]; sh[1] >= 0; sh[1]--)
            for (sh[2] = sh[1]; sh[2] >= 0; sh[2]--)
                for (sh[3] = sh[2]; sh[3] >= 0; sh[3]--) {
                    int h = 0, b = 0, fits = 1;
                    for (int i = 0; i < 4; i++) {
                        h += shape_k0(t, sh[i]);
                        b += shape_k1(t, sh[i]);
                        fits &= shape_k0(t, sh[i]) + shape_k1(t, sh[i]) <= t->ranks;
                    }
                    if (h != 2 || b != board_n || !fits)
                        continue;
                    if (t->nconf == MAX_CONF)
                        return 0;
                    t->code[t->nconf++] = ((sh[0] * S + sh[1]) * S + sh[2]) * S + sh[3];
                }
    /* increasing codes, for the binary search */
    for (int i = 1; i < t->nconf; i++)
        for (int j = i; j > 0 && t->code[j - 1] > t->code[j]; j--) {
            int32_t c = t->code[j];
            t->code[j] = t->code[j - 1];
            t->code[j - 1] = c;
        }
    t->offset[0] = 0;
    for (int c = 0; c < t->nconf; c++) {
        int32_t code = t->code[c];
        for (int i = 3; i >= 0; i--, code /= S)
            sh[i] = code % S;
        t->offset[c + 1] = t->offset[c] + conf_size(t, sh);
    }
    return 1;
}

int64_t pyeval_strength_count(int board_n, int lowest_rank)
{
    iso_t t;
    return strength_iso_init(&t, board_n, lowest_rank) ? t.offset[t.nconf] : -2;
}

/* Colex rank of the set bits of mask (all below 16). */
static inline int64_t colex(const iso_t *t, uint32_t mask)
{
    int64_t r = 0;
    for (int i = 1; mask; i++, mask &= mask - 1)
        r += t->small[__builtin_ctz(mask)][i];
    return r;
}

/* The positions of board's bits among the bits not in hole (board and hole disjoint). */
static inline uint32_t squeeze(uint32_t board, uint32_t hole)
{
    uint32_t out = 0;
    for (; board; board &= board - 1) {
        int b = __builtin_ctz(board);
        out |= 1u << (b - __builtin_popcount(hole & ((1u << b) - 1)));
    }
    return out;
}

/* The inverse of squeeze: the k-th free rank (not in hole) for each bit k of pos. */
static inline uint32_t unsqueeze(uint32_t pos, uint32_t hole, int ranks)
{
    uint32_t out = 0;
    int k = 0;
    for (int r = 0; r < ranks; r++) {
        if (hole >> r & 1)
            continue;
        if (pos >> k & 1)
            out |= 1u << r;
        k++;
    }
    return out;
}

/* The k-subset of 0..n-1 with colex rank idx. */
static inline uint32_t uncolex(const iso_t *t, int64_t idx, int k, int n)
{
    uint32_t mask = 0;
    for (int i = k; i >= 1; i--) {
        int b = i - 1;
        while (b + 1 < n && t->small[b + 1][i] <= idx)
            b++;
        idx -= t->small[b][i];
        mask |= 1u << b;
    }
    return mask;
}

int64_t strength_index_row(const iso_t *t, const uint8_t *row, int *ok)
{
    const int k = 2 + t->board_n, lowest_code = 4 * t->lowest;
    uint32_t hole[4] = {0, 0, 0, 0}, board[4] = {0, 0, 0, 0};
    uint64_t seen = 0;
    int good = 1;
    for (int i = 0; i < k; i++) {
        int c = row[i];
        if (c > 51 || c < lowest_code || (seen >> c & 1)) {
            good = 0;
            continue;
        }
        seen |= UINT64_C(1) << c;
        uint32_t bit = 1u << (c / 4 - t->lowest);
        if (i < 2)
            hole[c % 4] |= bit;
        else
            board[c % 4] |= bit;
    }
    if (!good) {
        *ok = 0;
        return 0;
    }
    /* per suit: shape and suit index; sort key: larger shape first, then smaller suit index */
    int64_t key[4];
    int shape[4];
    for (int s = 0; s < 4; s++) {
        int k0 = __builtin_popcount(hole[s]), k1 = __builtin_popcount(board[s]);
        shape[s] = k0 * (t->board_n + 1) + k1;
        int64_t idx = colex(t, squeeze(board[s], hole[s])) * t->small[t->ranks][k0] + colex(t, hole[s]);
        key[s] = (int64_t)(t->shapes - 1 - shape[s]) << 40 | idx;
    }
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && key[j - 1] > key[j]; j--) {
            int64_t x = key[j];
            key[j] = key[j - 1];
            key[j - 1] = x;
        }
    int sh[4];
    int64_t sidx[4];
    int32_t code = 0;
    for (int i = 0; i < 4; i++) {
        sh[i] = t->shapes - 1 - (int)(key[i] >> 40);
        sidx[i] = key[i] & ((INT64_C(1) << 40) - 1);
        code = code * t->shapes + sh[i];
    }
    int lo = 0, hi = t->nconf - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (t->code[mid] < code)
            lo = mid + 1;
        else
            hi = mid;
    }
    int64_t idx = 0;
    for (int i = 0; i < 4;) {
        int j = i;
        while (j < 4 && sh[j] == sh[i])
            j++;
        int m = j - i;
        int64_t rank = 0;
        for (int q = 0; q < m; q++)
            rank += binom(sidx[i + q] + q, q + 1);
        idx = idx * binom(shape_size(t, sh[i]) + m - 1, m) + rank;
        i = j;
    }
    return t->offset[lo] + idx;
}

int64_t pyeval_strength_index(const uint8_t *cards, int64_t n, int board_n, int lowest_rank, int64_t *out)
{
    iso_t t;
    if (!strength_iso_init(&t, board_n, lowest_rank) || n < 0)
        return -2;
    const int k = 2 + board_n;
    for (int64_t r = 0; r < n; r++) {
        int ok = 1;
        out[r] = strength_index_row(&t, cards + r * k, &ok);
        if (!ok)
            return r;
    }
    return -1;
}

/* The largest b with C(b, i) <= rem (b >= i - 1). */
static int64_t multiset_digit(int64_t rem, int i, int64_t hi)
{
    int64_t lo = i - 1;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        if (binom(mid, i) <= rem)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void strength_cards_row(const iso_t *t, int64_t index, uint8_t *row)
{
    int lo = 0, hi = t->nconf - 1;
    while (lo < hi) { /* the last configuration whose offset is <= index */
        int mid = (lo + hi + 1) / 2;
        if (t->offset[mid] <= index)
            lo = mid;
        else
            hi = mid - 1;
    }
    int sh[4];
    int32_t code = t->code[lo];
    for (int i = 3; i >= 0; i--, code /= t->shapes)
        sh[i] = code % t->shapes;
    int64_t rem = index - t->offset[lo], sidx[4];
    /* the groups in mixed radix, last group least significant */
    int start[4], len[4], groups = 0;
    for (int i = 0; i < 4;) {
        int j = i;
        while (j < 4 && sh[j] == sh[i])
            j++;
        start[groups] = i;
        len[groups++] = j - i;
        i = j;
    }
    for (int g = groups - 1; g >= 0; g--) {
        int m = len[g];
        int64_t S = shape_size(t, sh[start[g]]), radix = binom(S + m - 1, m), rank = rem % radix;
        rem /= radix;
        for (int q = m; q >= 1; q--) {
            int64_t b = multiset_digit(rank, q, S + m - 1);
            rank -= binom(b, q);
            sidx[start[g] + q - 1] = b - (q - 1);
        }
    }
    int h = 0, nb = 0;
    uint64_t board_cards = 0; /* by code, so that the board comes out in increasing code order */
    for (int s = 0; s < 4; s++) {
        int k0 = shape_k0(t, sh[s]), k1 = shape_k1(t, sh[s]);
        int64_t c0 = t->small[t->ranks][k0];
        uint32_t hole = uncolex(t, sidx[s] % c0, k0, t->ranks);
        uint32_t board = unsqueeze(uncolex(t, sidx[s] / c0, k1, t->ranks - k0), hole, t->ranks);
        for (int r = 0; r < t->ranks; r++) {
            int c = 4 * (r + t->lowest) + s;
            if (hole >> r & 1)
                row[h++] = (uint8_t)c;
            if (board >> r & 1)
                board_cards |= UINT64_C(1) << c;
        }
    }
    for (; board_cards; board_cards &= board_cards - 1)
        row[2 + nb++] = (uint8_t)__builtin_ctzll(board_cards);
}

int64_t pyeval_strength_cards(const int64_t *index, int64_t n, int board_n, int lowest_rank, uint8_t *out)
{
    iso_t t;
    if (!strength_iso_init(&t, board_n, lowest_rank) || n < 0)
        return -2;
    const int k = 2 + board_n;
    for (int64_t r = 0; r < n; r++) {
        if (index[r] < 0 || index[r] >= t.offset[t.nconf])
            return r;
        strength_cards_row(&t, index[r], out + r * k);
    }
    return -1;
}
