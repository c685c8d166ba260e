/* The stud and draw kernels of the equity engine (csrc/deal_kernels.h): line for line the
 * numba kernels they replaced, which stay outside the package (tests/numba_kernels.py) as the
 * reference the tests compare with (tests/test_cold_kernels.py).  In C, a stud or draw query's first call in a process costs
 * nothing beyond ``import pyeval``; with numba it paid numba's import and first cache load. */
#include <stdlib.h>

#include "deal_kernels.h"
#include "internal.h"
#include "rng.h"

#define MAX_M BINOM_MAX_M /* binomial rows: live positions or card codes */
#define MAX_K BINOM_MAX_K /* binomial columns: cards per slot or per hand */

static int cells_ok(const int64_t *cells, int64_t n_cells, int64_t rows, int64_t k, int64_t picks)
{
    if (n_cells < 0)
        return 0;
    for (int64_t q = 0; q < n_cells; q++) {
        const int64_t *c = cells + 3 * q;
        if (c[0] < 0 || c[0] >= rows || c[1] < 0 || c[1] >= k || c[2] < 0 || c[2] >= picks)
            return 0;
    }
    return 1;
}

static inline void fill_row(int64_t i, const uint8_t *picks, const int64_t *cells, int64_t n_cells, uint8_t *out,
                            int64_t n, int64_t k)
{
    for (int64_t q = 0; q < n_cells; q++) {
        const int64_t *c = cells + 3 * q;
        out[(c[0] * n + i) * k + c[1]] = picks[c[2]];
    }
}

int64_t pyeval_sample_rows(uint8_t *deck, int deck_n, int n_unknown, uint64_t *state, const int64_t *cells,
                           int64_t n_cells, uint8_t *out, int64_t rows, int64_t n, int64_t k)
{
    if (deck_n < 0 || deck_n > 256 || n_unknown < 0 || n_unknown > deck_n || rows < 0 || n < 0 || k < 0
        || !state_ok(state) || !cells_ok(cells, n_cells, rows, k, n_unknown))
        return -2;
    uint8_t picks[256];
    for (int64_t i = 0; i < n; i++) {
        draw_cards(state, deck, deck_n, picks, n_unknown); /* in pairs, as _kernels.sample_rows */
        fill_row(i, picks, cells, n_cells, out, n, k);
    }
    return 0;
}

/* Lexicographic combination number ``index`` of k positions out of m, into pos[:k]. */
static int unrank(int64_t index, int m, int k, int64_t binom[MAX_M + 1][MAX_K + 1], int *pos)
{
    int x = 0;
    for (int i = 0; i < k; i++) {
        for (;;) {
            if (m - x - 1 < 0)
                return 0;
            int64_t cnt = binom[m - x - 1][k - i - 1];
            if (index < cnt)
                break;
            index -= cnt;
            x++;
        }
        pos[i] = x;
        x++;
    }
    return 1;
}

struct slots {
    int n;                      /* slots */
    int sizes[MAX_M];           /* cards each slot picks */
    int avail[MAX_M];           /* live cards left for it */
    int offsets[MAX_M];         /* its first pick */
    uint8_t lists[MAX_M][MAX_M]; /* the cards it picks from */
    int pos[MAX_M][MAX_K];      /* its combination (positions in its list) */
    uint8_t picks[MAX_M];
};

/* Recompute the lists of slots s0..end-1 after slot s0-1 changed; they restart at their first
 * combination.  Then every slot's picks from its list. */
static void rebuild_from(struct slots *t, int s0, int end)
{
    for (int s = s0; s < end; s++) {
        int prev = s - 1, m = 0;
        uint8_t taken[MAX_M] = {0};
        for (int q = 0; q < t->sizes[prev]; q++)
            taken[t->pos[prev][q]] = 1;
        for (int q = 0; q < t->avail[prev]; q++)
            if (!taken[q])
                t->lists[s][m++] = t->lists[prev][q];
        for (int q = 0; q < t->sizes[s]; q++)
            t->pos[s][q] = q;
    }
    for (int s = 0; s < end; s++)
        for (int q = 0; q < t->sizes[s]; q++)
            t->picks[t->offsets[s] + q] = t->lists[s][t->pos[s][q]];
}

int64_t pyeval_enumerate_rows(const uint8_t *deck, int deck_n, const int64_t *sizes, int n_slots, int64_t start,
                              const int64_t *cells, int64_t n_cells, uint8_t *out, int64_t rows, int64_t n,
                              int64_t k)
{
    if (deck_n < 0 || deck_n > MAX_M || n_slots < 0 || n_slots > MAX_M || start < 0 || rows < 0 || n < 0 || k < 0)
        return -2;
    int64_t binom[MAX_M + 1][MAX_K + 1];
    fill_binom(binom);
    struct slots *t = calloc(1, sizeof *t);
    if (!t)
        return -2;
    int left = deck_n, off = 0;
    t->n = n_slots;
    for (int s = 0; s < n_slots; s++) {
        if (sizes[s] < 0 || sizes[s] > MAX_K || sizes[s] > left) {
            free(t);
            return -2;
        }
        t->sizes[s] = (int)sizes[s];
        t->avail[s] = left;
        t->offsets[s] = off;
        left -= t->sizes[s];
        off += t->sizes[s];
    }
    if (!cells_ok(cells, n_cells, rows, k, off)) {
        free(t);
        return -2;
    }
    /* Mixed-radix digits of start (slot 0 most significant). */
    int64_t digits[MAX_M], rest = start;
    for (int s = n_slots - 1; s >= 0; s--) {
        int64_t radix = binom[t->avail[s]][t->sizes[s]];
        digits[s] = rest % radix;
        rest /= radix;
    }
    if (n_slots > 0) {
        for (int q = 0; q < deck_n; q++)
            t->lists[0][q] = deck[q];
        for (int s = 0; s < n_slots; s++) {
            if (s > 0)
                rebuild_from(t, s, s + 1);
            if (!unrank(digits[s], t->avail[s], t->sizes[s], binom, t->pos[s])) {
                free(t);
                return -2;
            }
        }
        for (int s = 0; s < n_slots; s++)
            for (int q = 0; q < t->sizes[s]; q++)
                t->picks[t->offsets[s] + q] = t->lists[s][t->pos[s][q]];
    }
    for (int64_t i = 0; i < n; i++) {
        if (i > 0) {
            int s = n_slots - 1;
            while (s >= 0 && next_combination(t->pos[s], t->sizes[s], t->avail[s]) < 0)
                s--;
            if (s < 0)
                break;
            if (s < n_slots - 1)
                rebuild_from(t, s + 1, n_slots);
            else
                for (int q = 0; q < t->sizes[s]; q++)
                    t->picks[t->offsets[s] + q] = t->lists[s][t->pos[s][q]];
        }
        fill_row(i, t->picks, cells, n_cells, out, n, k);
    }
    free(t);
    return 0;
}

static inline int32_t best_of(const int32_t *s, int players, int64_t stride)
{
    int32_t best = s[0];
    for (int p = 1; p < players; p++)
        best = s[p * stride] > best ? s[p * stride] : best;
    return best;
}

int64_t pyeval_tally_patterns(const int32_t *strengths, int parts, int players, int64_t stride, int64_t n,
                              const int64_t *fallback, int64_t *counts, int64_t n_counts)
{
    if (parts < 0 || players < 1 || (int64_t)parts * players > 62 || n < 0 || stride < n || n_counts < 1)
        return -2;
    for (int64_t i = 0; i < n; i++) {
        int64_t pattern = 0;
        for (int j = 0; j < parts; j++) {
            const int32_t *s = strengths + (int64_t)j * players * stride + i;
            int32_t best = best_of(s, players, stride);
            if (fallback[j] >= 0 && best == 0)
                continue;
            int64_t mask = 0;
            for (int p = 0; p < players; p++)
                if (s[p * stride] == best)
                    mask |= (int64_t)1 << p;
            pattern |= mask << (players * j);
        }
        if (pattern >= n_counts)
            return -2;
        counts[pattern]++;
    }
    return 0;
}

int64_t pyeval_tally(const int32_t *strengths, int parts, int players, int64_t stride, int64_t n, const int64_t *split,
                     const int64_t *fallback, int64_t pot, int64_t *units, int64_t *sumsq, int64_t *wins,
                     int64_t *ties, int64_t *part_units, int64_t *no_qualifier)
{
    if (parts < 0 || parts > 64 || players < 1 || players > 64 || n < 0 || stride < n)
        return -2;
    for (int j = 0; j < parts; j++)
        if (fallback[j] >= parts)
            return -2;
    int64_t share[64];
    for (int64_t i = 0; i < n; i++) {
        for (int p = 0; p < players; p++)
            share[p] = 0;
        for (int j = 0; j < parts; j++) {
            int64_t part = j;
            const int32_t *s = strengths + (int64_t)j * players * stride + i;
            int32_t best = best_of(s, players, stride);
            if (fallback[j] >= 0 && best == 0) {
                no_qualifier[j]++;
                part = fallback[j];
                s = strengths + part * players * stride + i;
                best = best_of(s, players, stride);
            }
            int count = 0;
            for (int p = 0; p < players; p++)
                count += s[p * stride] == best;
            int64_t each = split[j * (players + 1) + count];
            for (int p = 0; p < players; p++)
                if (s[p * stride] == best) {
                    share[p] += each;
                    part_units[j * players + p] += each;
                }
        }
        for (int p = 0; p < players; p++) {
            units[p] += share[p];
            sumsq[p] += share[p] * share[p];
            wins[p] += share[p] == pot;
            ties[p] += share[p] > 0 && share[p] < pot;
        }
    }
    return 0;
}

int64_t pyeval_all_combinations(int m, int k, uint8_t *out, int64_t out_len)
{
    int64_t binom[MAX_M + 1][MAX_K + 1];
    if (m < 0 || m > MAX_M || k < 0 || k > MAX_K)
        return -2;
    fill_binom(binom);
    int64_t total = binom[m][k], width = k > 1 ? k : 1;
    if (out_len != total * width)
        return -2;
    int pos[MAX_K];
    for (int q = 0; q < k; q++)
        pos[q] = q;
    for (int64_t i = 0; i < total; i++) {
        for (int q = 0; q < k; q++)
            out[i * width + q] = (uint8_t)pos[q];
        if (next_combination(pos, k, m) < 0)
            break;
    }
    return 0;
}

/* Bucket of the subset ``mask`` of combo's k cards: base[|S|] + colex rank of S; -1 when a card is
 * not a live position or |S| has no base. */
static inline int64_t subset_bucket(const uint8_t *combo, int mask, int k, int64_t binom[MAX_M + 1][MAX_K + 1],
                                    const int64_t *base, int64_t n_base, int *size)
{
    int64_t rank = 0;
    int s = 0;
    *size = __builtin_popcount((unsigned)mask);
    for (int q = 0; q < k; q++)
        if (mask >> q & 1) {
            if (combo[q] > MAX_M)
                return -1;
            rank += binom[combo[q]][++s];
        }
    return s < n_base ? base[s] + rank : -1;
}

int64_t pyeval_subset_sizes(const uint8_t *combos, int64_t n, int k, const int64_t *base, int64_t n_base,
                            int64_t *sizes, int64_t n_sizes)
{
    int64_t binom[MAX_M + 1][MAX_K + 1];
    if (n < 0 || k < 0 || k > MAX_K)
        return -2;
    fill_binom(binom);
    for (int64_t i = 0; i < n; i++)
        for (int mask = 0; mask < 1 << k; mask++) {
            int s;
            int64_t b = subset_bucket(combos + i * k, mask, k, binom, base, n_base, &s);
            if (b < 0 || b + 1 >= n_sizes)
                return -2;
            sizes[b + 1]++;
        }
    return 0;
}

int64_t pyeval_subset_fill(const uint8_t *combos, const int32_t *values, int64_t n, int k, const int64_t *base,
                           int64_t n_base, int64_t *fill, int64_t n_fill, int32_t *data, int64_t n_data)
{
    int64_t binom[MAX_M + 1][MAX_K + 1];
    if (n < 0 || k < 0 || k > MAX_K)
        return -2;
    fill_binom(binom);
    for (int64_t i = 0; i < n; i++)
        for (int mask = 0; mask < 1 << k; mask++) {
            int s;
            int64_t b = subset_bucket(combos + i * k, mask, k, binom, base, n_base, &s);
            if (b < 0 || b >= n_fill || fill[b] < 0 || fill[b] >= n_data)
                return -2;
            data[fill[b]++] = values[i];
        }
    return 0;
}

static void insertion_sort(int32_t *a, int64_t n)
{
    for (int64_t i = 1; i < n; i++) {
        int32_t v = a[i];
        int64_t j = i;
        while (j > 0 && a[j - 1] > v) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

/* Ascending, in place: quicksort with a three-way partition (the buckets hold many equal
 * strengths), recursing into the smaller side. */
static void sort_int32(int32_t *a, int64_t n)
{
    while (n > 16) {
        int32_t x = a[0], y = a[n / 2], z = a[n - 1];
        int32_t pivot = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
        int64_t lt = 0, i = 0, gt = n;
        while (i < gt) {
            if (a[i] < pivot) {
                int32_t t = a[i]; a[i] = a[lt]; a[lt] = t;
                lt++, i++;
            } else if (a[i] > pivot) {
                gt--;
                int32_t t = a[i]; a[i] = a[gt]; a[gt] = t;
            } else {
                i++;
            }
        }
        if (lt < n - gt) {
            sort_int32(a, lt);
            a += gt, n -= gt;
        } else {
            sort_int32(a + gt, n - gt);
            n = lt;
        }
    }
    insertion_sort(a, n);
}

int64_t pyeval_sort_buckets(const int64_t *offsets, int64_t n_offsets, int32_t *data, int64_t n_data, int64_t lo,
                            int64_t hi)
{
    if (lo < 0 || hi < lo || hi >= n_offsets)
        return -2;
    for (int64_t b = lo; b < hi; b++)
        if (offsets[b] < 0 || offsets[b] > offsets[b + 1] || offsets[b + 1] > n_data)
            return -2;
    for (int64_t b = lo; b < hi; b++)
        sort_int32(data + offsets[b], offsets[b + 1] - offsets[b]);
    return 0;
}

int64_t pyeval_count_two_hands(const uint8_t *combos_a, const int32_t *values_a, int64_t n_a, int k_a, int k_b,
                               const int64_t *base, int64_t n_base, const int64_t *offsets, int64_t n_offsets,
                               const int32_t *data, int64_t n_data, int64_t *out)
{
    int64_t binom[MAX_M + 1][MAX_K + 1];
    if (n_a < 0 || k_a < 0 || k_a > MAX_K)
        return -2;
    fill_binom(binom);
    int64_t lt_total = 0, eq_total = 0, all_total = 0;
    for (int64_t i = 0; i < n_a; i++) {
        int32_t x = values_a[i];
        for (int mask = 0; mask < 1 << k_a; mask++) {
            int s;
            int64_t b = subset_bucket(combos_a + i * k_a, mask, k_a, binom, base, n_base, &s);
            if (s > k_b)
                continue;
            if (b < 0 || b + 1 >= n_offsets)
                return -2;
            int64_t lo = offsets[b], hi = offsets[b + 1];
            if (lo < 0 || hi < lo || hi > n_data)
                return -2;
            int64_t lt = sorted_search(data + lo, hi - lo, x, 0), le = sorted_search(data + lo, hi - lo, x, 1);
            int64_t sign = s & 1 ? -1 : 1;
            lt_total += sign * lt;
            eq_total += sign * (le - lt);
            all_total += sign * (hi - lo);
        }
    }
    out[0] = lt_total;
    out[1] = all_total - lt_total - eq_total;
    out[2] = eq_total;
    return 0;
}

static inline void fenwick_add(int64_t *tree, int64_t size, int64_t i)
{
    for (i += 1; i < size; i += i & -i)
        tree[i]++;
}

/* How many entries are below i. */
static inline int64_t fenwick_below(const int64_t *tree, int64_t i)
{
    int64_t total = 0;
    for (; i > 0; i -= i & -i)
        total += tree[i];
    return total;
}

/* A entries q0..q1-1 against the B entries in the tree (below_hi of them): row ``row`` of
 * grid[g] (g = 1 where A has no low) gains sign times the B lows <, <= and any. */
static void add_hilo_queries(const int32_t *data_a, int64_t q0, int64_t q1, int64_t n_lo, int64_t no_low,
                             const int64_t *tree, int64_t below_hi, int row, int64_t sign, int64_t *grid)
{
    for (int64_t q = q0; q < q1; q++) {
        int64_t y = data_a[q] % n_lo;
        int64_t *cell = grid + ((y == no_low ? 1 : 0) * 3 + row) * 3;
        cell[0] += sign * fenwick_below(tree, y);
        cell[1] += sign * fenwick_below(tree, y + 1);
        cell[2] += sign * below_hi;
    }
}

static int keys_ok(const int32_t *data, int64_t lo, int64_t hi)
{
    for (int64_t q = lo; q < hi; q++)
        if (data[q] < 0)
            return 0;
    return 1;
}

int64_t pyeval_count_hilo_buckets(const int64_t *off_a, int64_t n_off_a, const int32_t *data_a, int64_t n_data_a,
                                  const int64_t *off_b, int64_t n_off_b, const int32_t *data_b, int64_t n_data_b,
                                  const int64_t *base, int64_t n_base, int64_t n_lo, int64_t no_low, int64_t lo,
                                  int64_t hi, int64_t *grid)
{
    if (n_lo < 1 || n_lo >= (int64_t)1 << 31 || lo < 0 || hi < lo || hi >= n_off_a || hi >= n_off_b)
        return -2;
    int64_t size = n_lo + 1;
    int64_t *tree = malloc((size_t)size * sizeof *tree);
    if (!tree)
        return -2;
    int64_t s = 0, status = 0;
    for (int64_t b = lo; b < hi; b++) {
        while (s + 1 < n_base && base[s + 1] <= b)
            s++;
        if (s + 1 >= n_base) {
            status = -2;
            break;
        }
        int64_t a0 = off_a[b], a1 = off_a[b + 1], b0 = off_b[b], b1 = off_b[b + 1];
        if (a0 < 0 || a1 < a0 || a1 > n_data_a || b0 < 0 || b1 < b0 || b1 > n_data_b
            || !keys_ok(data_a, a0, a1) || !keys_ok(data_b, b0, b1)) {
            status = -2;
            break;
        }
        if (a0 == a1 || b0 == b1)
            continue;
        int64_t sign = s & 1 ? -1 : 1;
        for (int64_t q = 0; q < size; q++)
            tree[q] = 0;
        int64_t j = b0, i = a0;
        while (i < a1) { /* A's entries of one hi rank x at a time: B's below x in the tree, then B's equal */
            int64_t x = data_a[i] / n_lo;
            while (j < b1 && data_b[j] / n_lo < x)
                fenwick_add(tree, size, data_b[j++] % n_lo);
            int64_t i2 = i;
            while (i2 < a1 && data_a[i2] / n_lo == x)
                i2++;
            add_hilo_queries(data_a, i, i2, n_lo, no_low, tree, j - b0, 0, sign, grid);
            while (j < b1 && data_b[j] / n_lo == x)
                fenwick_add(tree, size, data_b[j++] % n_lo);
            add_hilo_queries(data_a, i, i2, n_lo, no_low, tree, j - b0, 1, sign, grid);
            i = i2;
        }
        while (j < b1)
            fenwick_add(tree, size, data_b[j++] % n_lo);
        add_hilo_queries(data_a, a0, a1, n_lo, no_low, tree, b1 - b0, 2, sign, grid);
    }
    free(tree);
    return status;
}
