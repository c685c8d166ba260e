/* The simulation kernels (csrc/sim_kernels.h): line for line the numba kernels they replaced,
 * which stay outside the package (tests/numba_sim_kernels.py) as the reference the tests compare
 * with (tests/test_sim_kernels.py).  In C, the first deal, showdown or simulate call of a process
 * costs nothing beyond ``import pyeval``; with numba it paid numba's import and first cache load.
 *
 * The dealers work on local copies of the deck and of the generator state: the compiler then
 * knows the row writes (uint8_t, which may alias anything) touch neither, and keeps both in
 * registers and the stack, as numba's register form of the generator did. */
#include <string.h>

#include "internal.h"
#include "rng.h"
#include "sim_kernels.h"

#define MAX_CARDS 256 /* deck, deal vector: uint8 codes and positions */
#define MAX_SEATS 64  /* players and boards of the share kernels (scratch arrays on the stack) */
#define N_HILO 10     /* counters of tally_hilo */
#define N_HANDS 6     /* columns of tally_hands */
#define MAX_ROW_CELLS 1024 /* cards of one deal's evaluation rows (double-board Omaha: 2 x 10 x 9) */

/* The arguments both dealers share; 1 when they are in range. */
static int deal_ok(int64_t deck_n, const uint64_t *state, int64_t v, const int64_t *pick_pos, int64_t n_pick,
                   int64_t n)
{
    if (deck_n < 0 || deck_n > MAX_CARDS || v < 0 || v > MAX_CARDS || n_pick < 0 || n_pick > deck_n
        || n_pick > v || n < 0 || !state_ok(state))
        return 0;
    for (int64_t u = 0; u < n_pick; u++)
        if (pick_pos[u] < 0 || pick_pos[u] >= v)
            return 0;
    return 1;
}

/* The dealer's working copies: the deck, the pick positions and the deal vector, which no
 * output write aliases.  The generator state is a local array of its own, apart from them: in
 * one object with the deck, every deck write (at a variable index) would force it back to
 * memory. */
struct dealer {
    uint8_t deck[MAX_CARDS];  /* after a deal, its picks are deck[0..n_pick) */
    uint8_t pos[MAX_CARDS];
    uint8_t vec[MAX_CARDS];   /* the template, the latest picks at their positions */
    uint8_t fixed[MAX_CARDS]; /* the positions no card is drawn for */
    int n_fixed;
};

static void dealer_load(struct dealer *d, const uint8_t *deck, int64_t deck_n, const uint8_t *tmpl, int64_t v,
                        const int64_t *pick_pos, int64_t n_pick)
{
    uint8_t picked[MAX_CARDS] = {0};
    memcpy(d->deck, deck, (size_t)deck_n);
    memcpy(d->vec, tmpl, (size_t)v);
    for (int64_t u = 0; u < n_pick; u++) {
        d->pos[u] = (uint8_t)pick_pos[u];
        picked[pick_pos[u]] = 1;
    }
    d->n_fixed = 0;
    for (int64_t q = 0; q < v; q++)
        if (!picked[q])
            d->fixed[d->n_fixed++] = (uint8_t)q;
}

static void dealer_store(const struct dealer *d, uint8_t *deck, int64_t deck_n)
{
    memcpy(deck, d->deck, (size_t)deck_n);
}

int64_t pyeval_sim_deal_cards(uint8_t *deck, int64_t deck_n, uint64_t *state, const uint8_t *tmpl, int64_t v,
                              const int64_t *pick_pos, int64_t n_pick, uint8_t *out, int64_t n)
{
    if (!deal_ok(deck_n, state, v, pick_pos, n_pick, n))
        return -2;
    struct dealer d;
    uint64_t s[4];
    memcpy(s, state, sizeof s);
    dealer_load(&d, deck, deck_n, tmpl, v, pick_pos, n_pick);
    for (int64_t i = 0; i < n; i++) {
        uint8_t *row = out + i * v;
        shuffle_front(s, d.deck, (int)deck_n, (int)n_pick);
        /* Byte by byte, not memcpy: a deal is a few dozen bytes, shorter than a library call. */
        for (int j = 0; j < d.n_fixed; j++)
            row[d.fixed[j]] = d.vec[d.fixed[j]];
        for (int64_t u = 0; u < n_pick; u++)
            row[d.pos[u]] = d.deck[u];
    }
    dealer_store(&d, deck, deck_n);
    memcpy(state, s, sizeof s);
    return 0;
}

int64_t pyeval_sim_deal_rows(uint8_t *deck, int64_t deck_n, uint64_t *state, const uint8_t *tmpl, int64_t v,
                             const int64_t *pick_pos, int64_t n_pick, int64_t boards, int64_t board_n,
                             int64_t players, int64_t hole, uint8_t *out, int64_t n, int64_t rows, int64_t k)
{
    if (!deal_ok(deck_n, state, v, pick_pos, n_pick, n) || boards < 0 || boards > MAX_CARDS || board_n < 0
        || board_n > MAX_CARDS || players < 0 || players > MAX_CARDS || hole < 0 || hole > MAX_CARDS
        || rows != boards * players || k != hole + board_n || boards * board_n + players * hole > v
        || rows * k > MAX_ROW_CELLS)
        return -2;
    /* Cell j of a deal's rows is the card at vec[gather[j]]. */
    uint8_t gather[MAX_ROW_CELLS];
    const int cells = (int)(rows * k);
    for (int64_t b = 0; b < boards; b++)
        for (int64_t p = 0; p < players; p++) {
            uint8_t *g = gather + (b * players + p) * k;
            for (int64_t q = 0; q < hole; q++)
                g[q] = (uint8_t)(boards * board_n + p * hole + q);
            for (int64_t q = 0; q < board_n; q++)
                g[hole + q] = (uint8_t)(b * board_n + q);
        }
    /* Hold'em with nothing known: the picks are the board, then the hole cards in order. */
    const int holdem = hole == 2 && board_n == 5 && boards == 1 && n_pick == v;
    struct dealer d;
    uint64_t s[4];
    memcpy(s, state, sizeof s);
    dealer_load(&d, deck, deck_n, tmpl, v, pick_pos, n_pick);
    for (int64_t i = 0; i < n; i++) {
        shuffle_front(s, d.deck, (int)deck_n, (int)n_pick);
        uint8_t *deal = out + i * cells;
        if (holdem) {
            const uint8_t *c = d.deck;
            for (int64_t p = 0; p < players; p++) {
                uint8_t *r = deal + p * 7;
                r[0] = c[5 + 2 * p];
                r[1] = c[6 + 2 * p];
                r[2] = c[0];
                r[3] = c[1];
                r[4] = c[2];
                r[5] = c[3];
                r[6] = c[4];
            }
            continue;
        }
        for (int64_t u = 0; u < n_pick; u++)
            d.vec[d.pos[u]] = d.deck[u];
        for (int j = 0; j < cells; j++)
            deal[j] = d.vec[gather[j]];
    }
    dealer_store(&d, deck, deck_n);
    memcpy(state, s, sizeof s);
    return 0;
}

int64_t pyeval_sim_check_deals(const uint8_t *cards, int64_t n, int64_t v, int64_t lowest, int64_t *found)
{
    if (n < 0 || v < 0)
        return -2;
    found[0] = -1;
    /* Codes in [lo, 52) are the deck's; below 0 every uint8 code is at least lowest. */
    const int lo = lowest < 0 ? 0 : lowest > 52 ? 52 : (int)lowest;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *deal = cards + i * v;
        uint64_t seen = 0, repeated = 0;
        unsigned outside = 0;
        for (int64_t q = 0; q < v; q++) { /* branch-free: one test per deal */
            const unsigned c = deal[q];
            const uint64_t bit = (uint64_t)1 << (c & 63);
            outside |= c - (unsigned)lo >= (unsigned)(52 - lo);
            repeated |= seen & bit;
            seen |= bit;
        }
        if (!(outside | (repeated != 0)))
            continue;
        seen = 0;
        for (int64_t q = 0; q < v; q++) { /* the first offending card */
            const int c = deal[q];
            const uint64_t bit = (uint64_t)1 << (c & 63);
            if (c < lo || c >= 52 || (seen & bit)) {
                found[0] = i;
                found[1] = q;
                found[2] = c;
                return 0;
            }
            seen |= bit;
        }
    }
    return 0;
}

static int seats_ok(int64_t n, int64_t boards, int64_t players, int64_t pot)
{
    return n >= 0 && boards >= 1 && boards <= MAX_SEATS && players >= 1 && players <= MAX_SEATS && pot >= 0
           && pot <= (int64_t)1 << 31;
}

/* The best of s[0..players) and how many players hold it, in one pass: conditional moves, no
 * branch on the data and no vector code (a few players do not fill a vector register). */
static inline int32_t best_count(const int32_t *s, int64_t players, int64_t *count)
{
    int32_t best = s[0];
    int64_t c = 1;
    for (int64_t p = 1; p < players; p++) {
        const int32_t x = s[p];
        c = x > best ? 1 : c + (x == best);
        best = x > best ? x : best;
    }
    *count = c;
    return best;
}

static inline int64_t count_of(const int32_t *s, int64_t players, int32_t best)
{
    int64_t count = 0;
    for (int64_t p = 0; p < players; p++)
        count += s[p] == best;
    return count;
}

/* The pot units each player wins in one deal (hi, lo: its boards x players strengths).  Each
 * board plays for pot / boards; with a low, half of it goes to the best qualifying low (> 0), or
 * to the high winners when there is none.  hi_share: the part of share won in high halves (with
 * a low); hi_best[b]: board b's best high; lo_winners[b]: its low winners (0: no low).  Returns
 * the boards where a low qualified. */
static inline int64_t deal_shares(const int32_t *hi, const int32_t *lo, int has_low, int64_t boards, int64_t players,
                                  int64_t pot, int64_t *share, int64_t *hi_share, int32_t *hi_best,
                                  int64_t *lo_winners)
{
    for (int64_t p = 0; p < players; p++)
        share[p] = hi_share[p] = 0;
    const int64_t per_board = pot / boards;
    int64_t lows = 0;
    for (int64_t b = 0; b < boards; b++) {
        const int32_t *h = hi + b * players, *l = lo + b * players;
        int64_t count;
        const int32_t best = best_count(h, players, &count);
        hi_best[b] = best;
        lo_winners[b] = 0;
        int64_t each = per_board / count;
        if (has_low) {
            const int64_t half = per_board / 2;
            int64_t lcount;
            const int32_t lbest = best_count(l, players, &lcount);
            if (lbest > 0) {
                lows++;
                lo_winners[b] = lcount;
                for (int64_t p = 0; p < players; p++)
                    if (l[p] == lbest)
                        share[p] += half / lcount;
                each = half / count;
            }
            for (int64_t p = 0; p < players; p++)
                if (h[p] == best)
                    hi_share[p] += half / count;
        }
        for (int64_t p = 0; p < players; p++)
            if (h[p] == best)
                share[p] += each;
    }
    return lows;
}

int64_t pyeval_sim_showdown_shares(const int32_t *hi, const int32_t *lo, int64_t has_low, int64_t n,
                                   int64_t boards, int64_t players, int64_t pot, int64_t *units)
{
    if (!seats_ok(n, boards, players, pot))
        return -2;
    int64_t share[MAX_SEATS], hi_share[MAX_SEATS], lo_winners[MAX_SEATS];
    int32_t best[MAX_SEATS];
    const int64_t deal = boards * players;
    for (int64_t i = 0; i < n; i++) {
        deal_shares(hi + i * deal, lo + i * deal, has_low != 0, boards, players, pot, share, hi_share, best,
                    lo_winners);
        memcpy(units + i * players, share, (size_t)players * sizeof *share);
    }
    return 0;
}

static inline __attribute__((always_inline)) void cx(int64_t *a, int64_t *b)
{
    int64_t x = *a, y = *b;
    *a = x < y ? x : y;
    *b = x < y ? y : x;
}

/* The colex rank of the first ``hole`` cards of r, sorted by a sorting network (hole a constant
 * where this is inlined: the cards stay in registers); *bad |= 1 for a code out of the deck. */
static inline __attribute__((always_inline)) int64_t hole_rank(const uint8_t *r, int hole, binom_row *t,
                                                               unsigned *bad)
{
    int64_t x[5] = {0, 0, 0, 0, 0};
    for (int q = 0; q < hole; q++) {
        x[q] = r[q] < 52 ? r[q] : 52;
        *bad |= r[q] >= 52;
    }
    switch (hole) {
    case 1:
        return x[0];
    case 2:
        cx(&x[0], &x[1]);
        return ((x[1] * (x[1] - 1)) >> 1) + x[0];
    case 3:
        cx(&x[0], &x[1]), cx(&x[1], &x[2]), cx(&x[0], &x[1]);
        return t[x[0]][1] + t[x[1]][2] + t[x[2]][3];
    case 4:
        cx(&x[0], &x[1]), cx(&x[2], &x[3]), cx(&x[0], &x[2]), cx(&x[1], &x[3]), cx(&x[1], &x[2]);
        return t[x[0]][1] + t[x[1]][2] + t[x[2]][3] + t[x[3]][4];
    default:
        cx(&x[0], &x[1]), cx(&x[3], &x[4]), cx(&x[2], &x[4]), cx(&x[2], &x[3]), cx(&x[0], &x[3]);
        cx(&x[0], &x[2]), cx(&x[1], &x[4]), cx(&x[1], &x[3]), cx(&x[1], &x[2]);
        return t[x[0]][1] + t[x[1]][2] + t[x[2]][3] + t[x[3]][4] + t[x[4]][5];
    }
}

static inline __attribute__((always_inline)) int64_t class_ids(const uint8_t *rows, int64_t n, int64_t n_rows,
                                                               int64_t k, int hole, int64_t players,
                                                               const int32_t *classes, int64_t n_classes,
                                                               binom_row *t, int32_t *ids)
{
    for (int64_t i = 0; i < n; i++)
        for (int64_t p = 0; p < players; p++) {
            unsigned bad = 0;
            const int64_t index = hole_rank(rows + (i * n_rows + p) * k, hole, t, &bad);
            if (bad | (index >= n_classes))
                return -2;
            ids[i * players + p] = classes[index];
        }
    return 0;
}

int64_t pyeval_sim_hand_class_ids(const uint8_t *rows, int64_t n, int64_t n_rows, int64_t k, int64_t hole,
                                  int64_t players, const int32_t *classes, int64_t n_classes, int32_t *ids)
{
    if (n < 0 || hole < 1 || hole > 5 || hole > k || players < 0 || players > n_rows)
        return -2;
    binom_row t[BINOM_MAX_M + 1]; /* a code out of the deck is clamped to 52: its colex rank then exceeds
                                   * every class table's length and is refused */
    fill_binom(t);
    switch (hole) { /* one loop per hole size: each unrolls */
    case 1: return class_ids(rows, n, n_rows, k, 1, players, classes, n_classes, t, ids);
    case 2: return class_ids(rows, n, n_rows, k, 2, players, classes, n_classes, t, ids);
    case 3: return class_ids(rows, n, n_rows, k, 3, players, classes, n_classes, t, ids);
    case 4: return class_ids(rows, n, n_rows, k, 4, players, classes, n_classes, t, ids);
    default: return class_ids(rows, n, n_rows, k, 5, players, classes, n_classes, t, ids);
    }
}

/* The hand classes of deal i, checked against the tally's rows. */
static inline int ids_ok(const int32_t *ids, int64_t players, int64_t n_out)
{
    for (int64_t p = 0; p < players; p++)
        if (ids[p] < 0 || ids[p] >= n_out)
            return 0;
    return 1;
}

int64_t pyeval_sim_tally_hands_split(const int32_t *hi, int64_t n, int64_t boards, int64_t players,
                                     const int32_t *ids, int64_t *out, int64_t n_out, int64_t width)
{
    if (!seats_ok(n, boards, players, 0) || width < players + 1)
        return -2;
    for (int64_t i = 0; i < n; i++) {
        const int32_t *h = hi + i * boards * players, *id = ids + i * players;
        int64_t count;
        const int32_t best = best_count(h, players, &count);
        for (int64_t p = 0; p < players; p++) {
            const uint32_t c = (uint32_t)id[p];
            if (c >= (uint64_t)n_out)
                return -2;
            out[c * width + (h[p] == best ? count : 0)]++;
        }
    }
    return 0;
}

/* One player's share s of a deal into its class's row c of the hands tally. */
static inline void add_hand(int64_t *c, int64_t s, int64_t pot, int64_t hi_units)
{
    c[0] += 1;
    c[1] += s;
    c[2] += s * s;
    c[3] += s == pot;
    c[4] += s > 0 && s < pot;
    c[5] += hi_units;
}

int64_t pyeval_sim_tally_hands_hilo(const int32_t *hi, const int32_t *lo, int64_t n, int64_t boards,
                                    int64_t players, int64_t pot, const int32_t *ids, int64_t *out, int64_t n_out,
                                    int64_t width)
{
    if (!seats_ok(n, boards, players, pot) || width < N_HANDS)
        return -2;
    const int64_t half = pot / 2;
    for (int64_t i = 0; i < n; i++) {
        const int32_t *h = hi + i * boards * players, *l = lo + i * boards * players, *id = ids + i * players;
        if (!ids_ok(id, players, n_out))
            return -2;
        int64_t count, lcount;
        const int32_t best = best_count(h, players, &count), lbest = best_count(l, players, &lcount);
        const int64_t hwin = half / count;
        /* A qualifying low takes the low half; without one the high winners take it too. */
        const int64_t lwin = lbest > 0 ? half / lcount : 0, extra = lbest > 0 ? 0 : hwin;
        for (int64_t p = 0; p < players; p++) {
            const int64_t won_hi = h[p] == best ? hwin : 0;
            const int64_t s = won_hi + (won_hi ? extra : 0) + (l[p] == lbest ? lwin : 0);
            add_hand(out + id[p] * width, s, pot, won_hi);
        }
    }
    return 0;
}

int64_t pyeval_sim_tally_hands(const int32_t *hi, const int32_t *lo, int64_t has_low, int64_t n, int64_t boards,
                               int64_t players, int64_t pot, const int32_t *ids, int64_t *out, int64_t n_out,
                               int64_t width)
{
    if (!seats_ok(n, boards, players, pot) || width < N_HANDS)
        return -2;
    int64_t share[MAX_SEATS], hi_share[MAX_SEATS], lo_winners[MAX_SEATS];
    int32_t best[MAX_SEATS];
    const int64_t deal = boards * players;
    for (int64_t i = 0; i < n; i++) {
        const int32_t *id = ids + i * players;
        if (!ids_ok(id, players, n_out))
            return -2;
        deal_shares(hi + i * deal, lo + i * deal, has_low != 0, boards, players, pot, share, hi_share, best,
                    lo_winners);
        for (int64_t p = 0; p < players; p++)
            add_hand(out + id[p] * width, share[p], pot, hi_share[p]);
    }
    return 0;
}

/* all[cat[v]] += 1 for each of the players' strengths v; win[cat[best]] += 1.  0 when a strength
 * or a category is out of range. */
static inline int count_categories(const int32_t *s, int64_t players, const int64_t *cat, int64_t n_cat,
                                   int64_t *all, int64_t *win, int64_t n_counts)
{
    int32_t best = s[0];
    for (int64_t p = 0; p < players; p++) {
        const int32_t v = s[p];
        if (v < 0 || v >= n_cat || cat[v] < 0 || cat[v] >= n_counts)
            return 0;
        all[cat[v]]++;
        best = v > best ? v : best;
    }
    win[cat[best]]++;
    return 1;
}

int64_t pyeval_sim_tally_categories(const int32_t *hi, const int32_t *lo, int64_t has_low, int64_t n,
                                    int64_t boards, int64_t players, const int64_t *hi_cat, int64_t n_hi_cat,
                                    const int64_t *lo_cat, int64_t n_lo_cat, int64_t *hi_all, int64_t *hi_win,
                                    int64_t n_hi, int64_t *lo_all, int64_t *lo_win, int64_t n_lo)
{
    if (!seats_ok(n, boards, players, 0))
        return -2;
    for (int64_t i = 0; i < n; i++)
        for (int64_t b = 0; b < boards; b++) {
            const int64_t at = (i * boards + b) * players;
            if (!count_categories(hi + at, players, hi_cat, n_hi_cat, hi_all, hi_win, n_hi)
                || (has_low && !count_categories(lo + at, players, lo_cat, n_lo_cat, lo_all, lo_win, n_lo)))
                return -2;
        }
    return 0;
}

/* 1 when board cards (n of them) hold 3 or more distinct ranks from A to 8. */
static inline int low_possible(const uint8_t *board, int64_t n)
{
    unsigned mask = 0;
    for (int64_t q = 0; q < n; q++) {
        const int r = board[q] >> 2;
        if (r == 12)
            mask |= 1;
        else if (r <= 6)
            mask |= 1u << (r + 1);
    }
    return __builtin_popcount(mask) >= 3;
}

int64_t pyeval_sim_tally_hilo(const uint8_t *rows, int64_t n_rows, int64_t k, const int32_t *hi, const int32_t *lo,
                              int64_t n, int64_t boards, int64_t players, int64_t pot, int64_t hole, int64_t board_n,
                              int64_t *out, int64_t n_counters)
{
    if (!seats_ok(n, boards, players, pot) || n_counters < N_HILO || hole < 0 || board_n < 0
        || n_rows < boards * players || k < hole + board_n)
        return -2;
    int64_t share[MAX_SEATS], hi_share[MAX_SEATS], lo_winners[MAX_SEATS];
    int32_t best[MAX_SEATS];
    const int64_t deal = boards * players;
    for (int64_t i = 0; i < n; i++) {
        const int32_t *h = hi + i * deal, *l = lo + i * deal;
        const int64_t lows = deal_shares(h, l, 1, boards, players, pot, share, hi_share, best, lo_winners);
        out[0] += 1;
        out[1] += boards;
        out[8] += boards * players;
        int scooped = 0;
        for (int64_t p = 0; p < players; p++) {
            scooped |= share[p] == pot;
            for (int64_t b = 0; b < boards; b++)
                out[9] += l[b * players + p] > 0;
        }
        if (scooped) {
            out[6] += 1;
            out[7] += lows > 0;
        }
        for (int64_t b = 0; b < boards; b++) {
            if (board_n >= 3)
                out[2] += low_possible(rows + (i * n_rows + b * players) * k + hole, board_n);
            if (lo_winners[b] > 0) {
                out[3] += 1;
                out[4] += lo_winners[b] > 1;
            }
            out[5] += count_of(h + b * players, players, best[b]) > 1;
        }
    }
    return 0;
}

int64_t pyeval_sim_hole_class_keys(const uint8_t *combos, int64_t n, int64_t width, int64_t hole, int64_t *keys)
{
    if (n < 0 || hole < 0 || hole > width)
        return -2;
    for (int64_t i = 0; i < n; i++) {
        uint64_t lanes = 0; /* suit s's rank mask in bits 16 s .. 16 s + 12 */
        unsigned bad = 0;
        for (int64_t q = 0; q < hole; q++) {
            const unsigned c = combos[i * width + q];
            bad |= c >= 52;
            lanes |= (uint64_t)1 << ((16 * (c & 3) + (c >> 2)) & 63);
        }
        if (bad)
            return -2;
        int64_t m[4] = {(int64_t)(lanes & 0x1fff), (int64_t)(lanes >> 16 & 0x1fff), (int64_t)(lanes >> 32 & 0x1fff),
                        (int64_t)(lanes >> 48 & 0x1fff)};
        cx(&m[0], &m[1]), cx(&m[2], &m[3]), cx(&m[0], &m[2]), cx(&m[1], &m[3]), cx(&m[1], &m[2]);
        keys[i] = (m[3] << 39) | (m[2] << 26) | (m[1] << 13) | m[0];
    }
    return 0;
}
