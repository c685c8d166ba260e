/* The kernels of exact range equity (csrc/range_exact.h): line for line the numba kernels they
 * replaced, which stay outside the package (tests/numba_range_kernels.py) as the reference the
 * tests compare with (tests/test_range_exact_kernels.py).  Every index is checked before it is
 * used; weighted sums are taken modulo 2**64 (unsigned, as numba's wrapping int64). */
#include <stdlib.h>
#include <string.h>

#include "range_exact.h"
#include "range_sweep.h"

/* offsets[0..players]: non-decreasing from >= 0 to <= limit, each block at most INT32_MAX long. */
static int offsets_ok(const int64_t *offsets, int players, int64_t limit)
{
    if (players < 1 || players > PYEVAL_RANGE_MAX_PLAYERS || offsets[0] < 0 || offsets[players] > limit)
        return 0;
    for (int p = 0; p < players; p++)
        if (offsets[p + 1] < offsets[p] || offsets[p + 1] - offsets[p] > INT32_MAX)
            return 0;
    return 1;
}

/* Every assignment's local indices lie in their player's block. */
static int assign_ok(const int32_t *assign, int64_t n, int players, const int64_t *offsets)
{
    for (int64_t i = 0; i < n; i++)
        for (int p = 0; p < players; p++) {
            int32_t x = assign[i * players + p];
            if (x < 0 || x >= offsets[p + 1] - offsets[p])
                return 0;
        }
    return 1;
}

static int cards_ok(const uint8_t *cards, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if (cards[i] >= DECK)
            return 0;
    return 1;
}

int64_t pyeval_range_assignments(const uint64_t *masks, int64_t n_masks, const int64_t *offsets, int players,
                                 int32_t *out, int64_t out_rows, int64_t cap)
{
    if (n_masks < 0 || out_rows < 0 || cap < 1 || !offsets_ok(offsets, players, n_masks))
        return -2;
    int64_t pos[PYEVAL_RANGE_MAX_PLAYERS];
    uint64_t used[PYEVAL_RANGE_MAX_PLAYERS + 1] = {0};
    int64_t n = 0;
    int level = 0;
    pos[0] = offsets[0] - 1;
    while (level >= 0) {
        pos[level]++;
        if (pos[level] >= offsets[level + 1]) {
            level--;
            continue;
        }
        uint64_t m = masks[pos[level]];
        if (used[level] & m)
            continue;
        if (level == players - 1) {
            if (n < out_rows)
                for (int q = 0; q < players; q++)
                    out[n * players + q] = (int32_t)(pos[q] - offsets[q]);
            n++;
            if (n >= cap)
                return n;
        } else {
            used[level + 1] = used[level] | m;
            level++;
            pos[level] = offsets[level] - 1;
        }
    }
    return n;
}

int64_t pyeval_range_canonical_keys(const int32_t *assign, int64_t n, int players, const int64_t *perm,
                                    int64_t n_perm, int64_t perm_cols, const int64_t *offsets, const int64_t *radix,
                                    int64_t *keys)
{
    if (n < 0 || n_perm < 0 || perm_cols < 0 || !offsets_ok(offsets, players, perm_cols)
        || !assign_ok(assign, n, players, offsets))
        return -2;
    for (int64_t i = 0; i < n; i++) {
        const int32_t *a = assign + i * players;
        int64_t best = -1;
        for (int64_t s = 0; s < n_perm; s++) {
            const int64_t *row = perm + s * perm_cols;
            uint64_t k = 0;
            for (int p = 0; p < players; p++)
                k += (uint64_t)row[offsets[p] + a[p]] * (uint64_t)radix[p];
            if (best < 0 || (int64_t)k < best)
                best = (int64_t)k;
        }
        keys[i] = best;
    }
    return 0;
}

/* pyeval_range_rows's loop; with constant hole and board_len (the common shapes) each row's copies
 * are a few moves.  A row is built in a local template (the board's cards in place once per board). */
static inline __attribute__((always_inline)) void fill_rows(const uint8_t *boards, int64_t n_boards,
                                                            const int board_len, const uint8_t *combos,
                                                            int64_t n_combos, const int hole, const uint8_t *dummy,
                                                            uint8_t *rows, uint8_t *valid)
{
    const int width = hole + board_len;
    uint8_t row[2 * DECK];
    for (int64_t i = 0; i < n_boards; i++) {
        const uint8_t *board = boards + i * board_len;
        uint64_t used = 0;
        for (int q = 0; q < board_len; q++) {
            used |= 1ULL << board[q];
            row[hole + q] = board[q];
        }
        uint8_t *out = rows + i * n_combos * width, *ok_out = valid + i * n_combos;
        for (int64_t k = 0; k < n_combos; k++, out += width) {
            const uint8_t *combo = combos + k * hole;
            uint64_t mask = 0;
            for (int q = 0; q < hole; q++)
                mask |= 1ULL << combo[q];
            const int ok = !(mask & used);
            ok_out[k] = (uint8_t)ok;
            if (ok) {
                memcpy(row, combo, (size_t)hole);
                memcpy(out, row, (size_t)width);
            } else {
                memcpy(out, dummy, (size_t)width);
            }
        }
    }
}

int64_t pyeval_range_rows(const uint8_t *boards, int64_t n_boards, int board_len, const uint8_t *combos,
                          int64_t n_combos, int hole, const uint8_t *dummy, int dummy_len, uint8_t *rows,
                          int64_t rows_len, uint8_t *valid, int64_t valid_len)
{
    const int width = hole + board_len;
    if (n_boards < 0 || n_combos < 0 || board_len < 0 || board_len > DECK || hole < 0 || hole > DECK
        || dummy_len != width || (n_combos && n_boards > INT64_MAX / n_combos / (width ? width : 1))
        || valid_len != n_boards * n_combos || rows_len != valid_len * width
        || !cards_ok(boards, n_boards * board_len) || !cards_ok(combos, n_combos * hole))
        return -2;
#define SHAPE(h, b)                                                                        \
    if (hole == (h) && board_len == (b)) {                                                 \
        fill_rows(boards, n_boards, (b), combos, n_combos, (h), dummy, rows, valid);       \
        return 0;                                                                          \
    }
    SHAPE(2, 5) SHAPE(2, 4) SHAPE(2, 3) SHAPE(4, 5) SHAPE(4, 4) SHAPE(4, 3)
#undef SHAPE
    fill_rows(boards, n_boards, board_len, combos, n_combos, hole, dummy, rows, valid);
    return 0;
}

int64_t pyeval_range_sweep_heads_up(const int32_t *strengths, const uint8_t *valid, int64_t n_boards,
                                    const uint8_t *combos, int64_t n0, int64_t n1, const int64_t *num0,
                                    const int64_t *num1, const int64_t *self0, const int64_t *self1, int64_t *acc,
                                    int64_t acc_cols)
{
    if (n_boards < 0 || n0 < 0 || n1 < 0 || acc_cols < n0 || acc_cols < n1 || !cards_ok(combos, 2 * (n0 + n1)))
        return -2;
    const int64_t n = n0 + n1;
    if (n && n_boards > INT64_MAX / n)
        return -2;
    if (!twins_ok(self0, n0, self1, n1))
        return -2;
    int32_t top = 0;
    for (int64_t k = 0; k < n_boards * n; k++) {
        if (strengths[k] < 0)
            return -2;
        if (strengths[k] > top)
            top = strengths[k];
    }
    int passes = 1;
    while (passes < 4 && top >> 8 * passes)
        passes++;
    int64_t *bufs = malloc((2 * (size_t)n + 4) * sizeof *bufs);
    if (!bufs)
        return -5;
    int64_t *buf0 = bufs, *tmp0 = buf0 + n0 + 1, *buf1 = tmp0 + n0 + 1, *tmp1 = buf1 + n1 + 1;
    const uint8_t *c0 = combos, *c1 = combos + 2 * n0;
    for (int64_t i = 0; i < n_boards; i++) {
        const int32_t *s0 = strengths + i * n, *s1 = s0 + n0;
        const uint8_t *v0 = valid + i * n, *v1 = v0 + n0;
        int64_t m0, m1;
        const int64_t *o0 = valid_sorted(s0, v0, n0, passes, buf0, tmp0, &m0);
        const int64_t *o1 = valid_sorted(s1, v1, n1, passes, buf1, tmp1, &m1);
        sweep_side(s0, o0, m0, c0, s1, o1, m1, c1, num1, self0, v1, acc, acc + acc_cols, acc + 2 * acc_cols);
        sweep_side(s1, o1, m1, c1, s0, o0, m0, c0, num0, self1, v0, acc + 3 * acc_cols, acc + 4 * acc_cols,
                   acc + 5 * acc_cols);
    }
    free(bufs);
    return 0;
}

int64_t pyeval_range_board_major_tally(const int32_t *strengths, int parts, int64_t n_boards, int64_t n_combos,
                                       const uint8_t *valid, const int32_t *assign, int64_t n_assign, int players,
                                       const int64_t *offsets, const int64_t *wfull, const int64_t *split,
                                       const int64_t *fallback, int64_t pot, int64_t *units_a, int64_t *wins_a,
                                       int64_t *ties_a, int64_t *units, int64_t *wins, int64_t *ties,
                                       int64_t *part_units, int64_t *no_qualifier, int64_t *outcomes)
{
    if (parts < 1 || n_boards < 0 || n_combos < 0 || n_assign < 0 || !offsets_ok(offsets, players, n_combos)
        || !assign_ok(assign, n_assign, players, offsets) || (n_combos && n_boards > INT64_MAX / n_combos / parts))
        return -2;
    for (int j = 0; j < parts; j++)
        if (fallback[j] < -1 || fallback[j] >= parts)
            return -2;
    const int64_t plane = n_boards * n_combos; /* one part's strengths */
    int64_t share[PYEVAL_RANGE_MAX_PLAYERS], col[PYEVAL_RANGE_MAX_PLAYERS];
    for (int64_t i = 0; i < n_boards; i++) {
        const uint8_t *ok_i = valid + i * n_combos;
        for (int64_t a = 0; a < n_assign; a++) {
            const int32_t *as = assign + a * players;
            int ok = 1;
            for (int p = 0; p < players; p++) {
                col[p] = offsets[p] + as[p];
                if (!ok_i[col[p]]) {
                    ok = 0;
                    break;
                }
            }
            if (!ok)
                continue;
            const uint64_t w = (uint64_t)wfull[a];
            for (int p = 0; p < players; p++)
                share[p] = 0;
            for (int j = 0; j < parts; j++) {
                int part = j;
                const int32_t *s = strengths + j * plane + i * n_combos;
                int32_t best = s[col[0]];
                for (int p = 1; p < players; p++)
                    best = s[col[p]] > best ? s[col[p]] : best;
                if (fallback[j] >= 0 && best == 0) {
                    add_wrap(no_qualifier + j, w);
                    part = (int)fallback[j];
                    s = strengths + part * plane + i * n_combos;
                    best = s[col[0]];
                    for (int p = 1; p < players; p++)
                        best = s[col[p]] > best ? s[col[p]] : best;
                }
                int count = 0;
                for (int p = 0; p < players; p++)
                    count += s[col[p]] == best;
                const int64_t each = split[j * (players + 1) + count];
                for (int p = 0; p < players; p++)
                    if (s[col[p]] == best) {
                        share[p] = (int64_t)((uint64_t)share[p] + (uint64_t)each);
                        add_wrap(part_units + j * players + p, w * (uint64_t)each);
                    }
            }
            add_wrap(outcomes, w);
            for (int p = 0; p < players; p++) {
                const int64_t sh = share[p];
                const int won = sh == pot, tied = sh > 0 && sh < pot;
                add_wrap(units_a + a * players + p, (uint64_t)sh);
                add_wrap(wins_a + a * players + p, (uint64_t)won);
                add_wrap(ties_a + a * players + p, (uint64_t)tied);
                add_wrap(units + p, w * (uint64_t)sh);
                add_wrap(wins + p, w * (uint64_t)won);
                add_wrap(ties + p, w * (uint64_t)tied);
            }
        }
    }
    return 0;
}
