/* Rows of stud and draw spots (pyeval.equity_batch; pyeval/engines/batch/stud.py), counted in C.
 *
 * A row is ``players`` hands of h cards (UNKNOWN_CARD = a card still to come: stud hands are the
 * cards dealt so far, draw hands the cards kept) and dead_n dead cards (UNKNOWN_CARD pads a row
 * with fewer).  Its live deck is every card from lowest_card up that the row does not hold,
 * ascending (pyeval.engines.engine.build_layout's deck).  When the players need more cards than the deck
 * holds and the game declares stud's shortage rule (RULES.md), the last card is one common card
 * every player uses as his h-th card, dealt before the players' own cards, as build_layout deals it.
 *
 * Exact rows: for each common card (or none), every completion of each hand is evaluated once
 * (its hi and lo strengths, one batch call of the core's evaluator per hand), then the disjoint
 * completions of all players are walked, each deal's outcome pattern counted: the deals of the
 * generic enumerator, counted alike.  Sampled rows draw as pyeval.engines.engine's generic sampler does
 * (csrc/deal_kernels.c's pyeval_sample_rows: one partial shuffle of the live deck per deal, the
 * picks in slot order: common card, then each player's missing cards), chunk c of row i from
 * pyeval_chunk_state(row_seeds[i], c) with a fresh ascending deck, so a row equals the single
 * query ``pyeval.equity(..., seed=row_seed(seed, i))``.
 *
 * Nothing is trusted: every code, repeat, size and count is checked here.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "pyeval.h"
#include "rng.h"
#include "deal_kernels.h"
#include "stud_batch.h"

#define UNKNOWN_CARD 255
#define SB_MAX_PLAYERS 10
#define SB_MAX_HOLE 7
#define SB_BLOCK 128 /* sampled deals evaluated per evaluator call */
#define SB_TABLE_MAX (INT64_C(1) << 22) /* most completions of one hand an exact row values (about 100 MB) */

typedef struct {
    int players, h, dead_n, lowest_card, shortage, hi_eval, lo_eval;
} stud_shape;

typedef struct {
    uint8_t known[SB_MAX_PLAYERS][SB_MAX_HOLE];
    int kn[SB_MAX_PLAYERS];   /* known cards of each player */
    int need[SB_MAX_PLAYERS]; /* cards each player is dealt */
    int community;            /* 1: one common card is dealt first */
    int unknown;              /* cards a deal takes */
    uint8_t deck[52], ascending[52]; /* the live deck (a sampler permutes it), and in order */
    int deck_n;
} stud_row;

static int eval_ok(int e, int h)
{
    switch (e) {
    case PYEVAL_EVAL_HIGH:
    case PYEVAL_EVAL_DEUCE7:
    case PYEVAL_EVAL_RAZZ:
    case PYEVAL_EVAL_LOW8:
        return h >= 5 && h <= 7;
    case PYEVAL_EVAL_BADUGI:
        return h == 4;
    default:
        return 0;
    }
}

static int shape_ok(const stud_shape *s)
{
    if (s->players < 2 || s->players > SB_MAX_PLAYERS || s->h < 4 || s->h > SB_MAX_HOLE || s->dead_n < 0 ||
        s->dead_n > 52 || s->lowest_card < 0 || s->lowest_card > 51 || (s->shortage != 0 && s->shortage != 1))
        return 0;
    if (!eval_ok(s->hi_eval, s->h) || s->hi_eval == PYEVAL_EVAL_LOW8)
        return 0;
    if (s->lo_eval != -1 && (s->lo_eval != PYEVAL_EVAL_LOW8 || !eval_ok(s->lo_eval, s->h)))
        return 0;
    return s->players * (s->lo_eval == -1 ? 1 : 2) <= 16;
}

static int patterns_bits(const stud_shape *s)
{
    return s->players * (s->lo_eval == -1 ? 1 : 2);
}

/* Read row i into r and check it: 0 or a ROW_ reason. */
static int read_row(const stud_shape *s, const uint8_t *holes, const uint8_t *dead, int64_t i, stud_row *r)
{
    uint64_t used = 0;
    int bad = 0, total = 0, full = 0;
    const uint8_t *row = holes + i * (int64_t)s->players * s->h;
    for (int p = 0; p < s->players; p++) {
        int k = 0;
        for (int j = 0; j < s->h; j++) {
            uint8_t c = row[p * s->h + j];
            if (c == UNKNOWN_CARD)
                continue;
            r->known[p][k++] = c;
            row_card(c, s->lowest_card, &used, &bad);
        }
        r->kn[p] = k;
        r->need[p] = s->h - k;
        total += s->h - k;
        full |= k == s->h;
    }
    for (int j = 0; j < s->dead_n; j++) {
        uint8_t c = dead[i * s->dead_n + j];
        if (c != UNKNOWN_CARD)
            row_card(c, s->lowest_card, &used, &bad);
    }
    if (bad)
        return bad;
    r->deck_n = row_deck(used, s->lowest_card, r->ascending);
    memcpy(r->deck, r->ascending, sizeof r->deck);
    r->community = 0;
    if (s->shortage && total > r->deck_n) { /* RULES.md: the last card is one common card */
        if (full)
            return ROW_OWN_LAST_CARD;
        r->community = 1;
        total = 1;
        for (int p = 0; p < s->players; p++) {
            r->need[p] = s->h - 1 - r->kn[p];
            total += r->need[p];
        }
    }
    r->unknown = total;
    return total > r->deck_n ? ROW_DECK_SHORT : 0;
}

int64_t pyeval_stud_batch_check(const uint8_t *holes, int players, int h, const uint8_t *dead, int dead_n,
                                int lowest_card, int shortage, int hi_eval, int lo_eval, int64_t n, int32_t *reason)
{
    stud_shape s = {players, h, dead_n, lowest_card, shortage, hi_eval, lo_eval};
    if (!shape_ok(&s) || n < 0 || !reason)
        return -2;
    stud_row r;
    for (int64_t i = 0; i < n; i++) {
        int why = read_row(&s, holes, dead, i, &r);
        if (why) {
            *reason = why;
            return i;
        }
    }
    return -1;
}

/* Strengths of n hands of k cards by evaluator e (-1 on success, as the core's batch calls). */
static int64_t evaluate(int e, const uint8_t *cards, int64_t n, int k, int32_t *out)
{
    switch (e) {
    case PYEVAL_EVAL_HIGH: return pyeval_eval_high(cards, n, k, out);
    case PYEVAL_EVAL_DEUCE7: return pyeval_eval_deuce7(cards, n, k, out);
    case PYEVAL_EVAL_RAZZ: return pyeval_eval_razz(cards, n, k, out);
    case PYEVAL_EVAL_LOW8: return pyeval_eval_low8(cards, n, k, out);
    case PYEVAL_EVAL_BADUGI: return k == 4 ? pyeval_eval_badugi(cards, n, out) : -2;
    default: return -2;
    }
}

/* Winner masks of one part: hi starts from -1 (someone always wins), lo from 0 (0 = no low). */
static inline void best_step(int32_t v, int p, int32_t *best, uint32_t *mask, int is_low)
{
    if (v > *best) {
        *best = v;
        *mask = 1u << p;
    } else if (v == *best && (!is_low || v > 0)) {
        *mask |= 1u << p;
    }
}

/* ---- exact ---- */

typedef struct {
    int64_t n_combos[SB_MAX_HOLE + 1]; /* completions of k cards from the deck */
    uint64_t *masks[SB_MAX_HOLE + 1];  /* their deck positions, one bit each */
    int32_t *hi[SB_MAX_PLAYERS], *lo[SB_MAX_PLAYERS];
    uint8_t *buf;
    int64_t buf_cap, val_cap[SB_MAX_PLAYERS], lo_cap[SB_MAX_PLAYERS], mask_cap[SB_MAX_HOLE + 1];
    const stud_shape *s;
    const stud_row *r;
    int64_t *counts;
    int lo_part, players;
    /* The last player's completions by subset of their cards (high-only games): bucket of a subset
     * S of deck positions base[|S|] + colex rank of S, its sorted strengths data[off[b]..off[b + 1]). */
    int by_subset;
    int64_t base[SB_MAX_HOLE + 2], *off, *fill, off_cap, fill_cap, data_cap;
    int32_t *data;
    int64_t binom[BINOM_MAX_M + 1][BINOM_MAX_K + 1];
} exact_work;

static void work_free(exact_work *w)
{
    free(w->off);
    free(w->fill);
    free(w->data);
    free(w->buf);
    for (int k = 0; k <= SB_MAX_HOLE; k++)
        free(w->masks[k]);
    for (int p = 0; p < SB_MAX_PLAYERS; p++) {
        free(w->hi[p]);
        free(w->lo[p]);
    }
}

static int grow(void **ptr, int64_t *cap, int64_t want, size_t size)
{
    if (want <= *cap)
        return 1;
    void *q = realloc(*ptr, (size_t)want * size);
    if (!q)
        return 0;
    *ptr = q;
    *cap = want;
    return 1;
}

/* Bucket of the subset ``sub`` (bits over the set bits of ``mask``, ascending) of deck positions. */
static inline int64_t subset_of(const exact_work *w, uint64_t mask, unsigned sub)
{
    int64_t rank = 0;
    int size = 0;
    for (int q = 0; mask; q++, mask &= mask - 1)
        if (sub >> q & 1)
            rank += w->binom[__builtin_ctzll(mask)][++size];
    return w->base[size] + rank;
}

/* The buckets of the last player's n completions of k cards (masks) and strengths; 0 or -1 (memory). */
static int fill_buckets(exact_work *w, int m, int k, const uint64_t *masks, const int32_t *values, int64_t n)
{
    w->base[0] = 0;
    for (int size = 0; size <= k; size++)
        w->base[size + 1] = w->base[size] + w->binom[m][size];
    const int64_t buckets = w->base[k + 1];
    if (!grow((void **)&w->off, &w->off_cap, buckets + 1, sizeof(int64_t)) ||
        !grow((void **)&w->fill, &w->fill_cap, buckets, sizeof(int64_t)) ||
        !grow((void **)&w->data, &w->data_cap, n << k, sizeof(int32_t)))
        return -1;
    memset(w->off, 0, sizeof(int64_t) * (size_t)(buckets + 1));
    for (int64_t i = 0; i < n; i++)
        for (unsigned sub = 0; sub < 1u << k; sub++)
            w->off[subset_of(w, masks[i], sub) + 1]++;
    for (int64_t b = 0; b < buckets; b++) {
        w->off[b + 1] += w->off[b];
        w->fill[b] = w->off[b];
    }
    for (int64_t i = 0; i < n; i++)
        for (unsigned sub = 0; sub < 1u << k; sub++)
            w->data[w->fill[subset_of(w, masks[i], sub)]++] = values[i];
    return pyeval_sort_buckets(w->off, buckets + 1, w->data, n << k, 0, buckets) == 0 ? 0 : -1;
}

/* The last player's completions disjoint from ``used``, by inclusion-exclusion over the subsets of
 * used that their buckets hold: how many beat, tie and lose to the others' best hand bh (mask mh). */
static void count_last(exact_work *w, uint64_t used, int32_t bh, uint32_t mh)
{
    const int last = w->players - 1, k = w->r->need[last];
    int pos[52], u = 0, idx[SB_MAX_HOLE];
    for (; used; used &= used - 1)
        pos[u++] = __builtin_ctzll(used);
    int64_t lt = 0, eq = 0, all = 0;
    for (int size = 0; size <= k && size <= u; size++) {
        for (int j = 0; j < size; j++)
            idx[j] = j;
        do {
            int64_t rank = 0;
            for (int j = 0; j < size; j++)
                rank += w->binom[pos[idx[j]]][j + 1];
            const int64_t b = w->base[size] + rank, lo = w->off[b], n = w->off[b + 1] - lo;
            const int64_t below = sorted_search(w->data + lo, n, bh, 0), upto = sorted_search(w->data + lo, n, bh, 1);
            const int64_t sign = size & 1 ? -1 : 1;
            lt += sign * below;
            eq += sign * (upto - below);
            all += sign * n;
        } while (next_combination(idx, size, u) >= 0);
    }
    w->counts[mh] += lt;
    w->counts[mh | 1u << last] += eq;
    w->counts[1u << last] += all - lt - eq;
}

static void walk(exact_work *w, int p, uint64_t used, int32_t bh, uint32_t mh, int32_t bl, uint32_t ml)
{
    if (p == w->players) {
        w->counts[mh | (uint64_t)ml << w->players]++;
        return;
    }
    if (p == w->players - 1 && w->by_subset) {
        count_last(w, used, bh, mh);
        return;
    }
    const int k = w->r->need[p];
    const int64_t n = w->n_combos[k];
    const uint64_t *masks = w->masks[k];
    const int32_t *hi = w->hi[p], *lo = w->lo[p];
    for (int64_t i = 0; i < n; i++) {
        if (masks[i] & used)
            continue;
        int32_t h2 = bh, l2 = bl;
        uint32_t mh2 = mh, ml2 = ml;
        best_step(hi[i], p, &h2, &mh2, 0);
        if (w->lo_part)
            best_step(lo[i], p, &l2, &ml2, 1);
        walk(w, p + 1, used | masks[i], h2, mh2, l2, ml2);
    }
}

/* Subsets of the other players' cards the last player's count looks up, or -1 where it walks the
 * last player's completions instead: lows (hi/lo), no cards or more than 3 to deal it, or more
 * subsets than an eighth of its completions. */
static int64_t last_subsets(const int *need, int players, int m, int lo_part, int64_t binom[][BINOM_MAX_K + 1])
{
    const int k = need[players - 1];
    int u = 0;
    for (int p = 0; p < players - 1; p++)
        u += need[p];
    int64_t subsets = 0;
    for (int size = 0; size <= k && size <= u; size++)
        subsets += binom[u][size];
    return !lo_part && k >= 1 && k <= 3 && subsets * 8 < binom[m][k] ? subsets : -1;
}

#define LOOKUP_DEALS 8 /* a subset look-up (two binary searches) costs about 8 walked deals */
#define EVALUATION_DEALS 4 /* an evaluation about 4 */

/* The work of an exact row (pyeval_stud_batch_work), needs checked: 0 <= need[p], their sum <= deck_n - community. */
static int64_t row_work(const int *needs, int players, int deck_n, int community, int lo_part)
{
    const int m = deck_n - community;
    int left = m;
    int64_t binom[BINOM_MAX_M + 1][BINOM_MAX_K + 1];
    fill_binom(binom);
    double prefixes = 1, evaluations = 0; /* deals of every player but the last; completions valued */
    for (int p = 0; p < players; p++) {
        if (binom[m][needs[p]] > SB_TABLE_MAX)
            return INT64_MAX; /* a hand with too many completions to keep: beyond any max_work */
        evaluations += (double)binom[m][needs[p]] * (1 + lo_part);
        if (p < players - 1)
            prefixes *= (double)binom[left][needs[p]];
        left -= needs[p];
    }
    const int k = needs[players - 1];
    const int64_t subsets = last_subsets(needs, players, m, lo_part, binom);
    double work = subsets >= 0 ? prefixes * (double)subsets * LOOKUP_DEALS + (double)binom[m][k] * (1 << k)
                               : prefixes * (double)binom[left + k][k];
    work = (work + evaluations * EVALUATION_DEALS) * (community ? deck_n : 1);
    return work < 0x1p62 ? (int64_t)work : INT64_MAX;
}

int64_t pyeval_stud_batch_work(const int64_t *need, int players, int deck_n, int community, int lo_part)
{
    if (players < 2 || players > SB_MAX_PLAYERS || deck_n < 0 || deck_n > 52 || (community != 0 && community != 1) ||
        (lo_part != 0 && lo_part != 1))
        return -2;
    int needs[SB_MAX_PLAYERS], total = community;
    for (int p = 0; p < players; p++) {
        if (need[p] < 0 || need[p] > SB_MAX_HOLE)
            return -2;
        needs[p] = (int)need[p];
        total += needs[p];
    }
    return total <= deck_n ? row_work(needs, players, deck_n, community, lo_part) : -2;
}

/* Every deal from deck[0..m) (the common card, if any, already chosen), counted into w->counts;
 * 0, or -1 when memory runs out, -2 when an evaluation refuses. */
static int count_deck(exact_work *w, const uint8_t *deck, int m, int common)
{
    const stud_shape *s = w->s;
    const stud_row *r = w->r;
    int64_t(*binom)[BINOM_MAX_K + 1] = w->binom;
    for (int k = 0; k <= SB_MAX_HOLE; k++)
        w->n_combos[k] = -1;
    for (int p = 0; p < s->players; p++) {
        const int k = r->need[p];
        if (k < 0 || k > m)
            return -2;
        const int64_t n = binom[m][k];
        if (w->n_combos[k] < 0) { /* the completions of k cards: positions as bit masks */
            if (!grow((void **)&w->masks[k], &w->mask_cap[k], n, sizeof(uint64_t)))
                return -1;
            int pos[SB_MAX_HOLE];
            for (int q = 0; q < k; q++)
                pos[q] = q;
            for (int64_t i = 0; i < n; i++) {
                uint64_t mask = 0;
                for (int q = 0; q < k; q++)
                    mask |= UINT64_C(1) << pos[q];
                w->masks[k][i] = mask;
                next_combination(pos, k, m);
            }
            w->n_combos[k] = n;
        }
        if (!grow((void **)&w->buf, &w->buf_cap, n * s->h, 1) ||
            !grow((void **)&w->hi[p], &w->val_cap[p], n, sizeof(int32_t)))
            return -1;
        if (w->lo_part && !grow((void **)&w->lo[p], &w->lo_cap[p], n, sizeof(int32_t)))
            return -1;
        for (int64_t i = 0; i < n; i++) {
            uint8_t *hand = w->buf + i * s->h;
            int j = 0;
            for (; j < r->kn[p]; j++)
                hand[j] = r->known[p][j];
            if (r->community)
                hand[j++] = (uint8_t)common;
            for (uint64_t mask = w->masks[k][i]; mask; mask &= mask - 1)
                hand[j++] = deck[__builtin_ctzll(mask)];
        }
        if (evaluate(s->hi_eval, w->buf, n, s->h, w->hi[p]) != -1 ||
            (w->lo_part && evaluate(s->lo_eval, w->buf, n, s->h, w->lo[p]) != -1))
            return -2;
    }
    const int last = s->players - 1, k = r->need[last];
    w->by_subset = last_subsets(r->need, s->players, m, w->lo_part, binom) >= 0;
    if (w->by_subset && fill_buckets(w, m, k, w->masks[k], w->hi[last], binom[m][k]) != 0)
        return -1;
    walk(w, 0, 0, -1, 0, 0, 0);
    return 0;
}

/* One row's outcome patterns, exact, into counts (zeroed here); 0, -1 or -2 as count_deck. */
static int exact_row(exact_work *w, const stud_row *r, int64_t *counts, int64_t n_counts)
{
    memset(counts, 0, sizeof(int64_t) * (size_t)n_counts);
    w->r = r;
    w->counts = counts;
    if (!r->community)
        return count_deck(w, r->deck, r->deck_n, 0);
    uint8_t rest[52];
    for (int c = 0; c < r->deck_n; c++) { /* each common card, then the players' cards from the rest */
        int m = 0;
        for (int q = 0; q < r->deck_n; q++)
            if (q != c)
                rest[m++] = r->deck[q];
        int status = count_deck(w, rest, m, r->deck[c]);
        if (status)
            return status;
    }
    return 0;
}

int64_t pyeval_stud_batch_exact(const uint8_t *holes, int players, int h, const uint8_t *dead, int dead_n,
                                int lowest_card, int shortage, int hi_eval, int lo_eval, int64_t max_work, int64_t n,
                                int64_t *counts, int64_t counts_per_row, const int64_t *matrix,
                                int64_t columns, int64_t *tallies)
{
    stud_shape s = {players, h, dead_n, lowest_card, shortage, hi_eval, lo_eval};
    if (!shape_ok(&s) || n < 0 || max_work < 1 ||
        counts_per_row != INT64_C(1) << patterns_bits(&s) || (matrix && (columns < 1 || !tallies)))
        return -2;
    exact_work w;
    memset(&w, 0, sizeof w);
    fill_binom(w.binom);
    w.s = &s;
    w.players = players;
    w.lo_part = lo_eval != -1;
    stud_row r;
    int64_t status = -1;
    for (int64_t i = 0; i < n; i++) {
        int64_t *row_counts = matrix ? counts : counts + i * counts_per_row;
        if (read_row(&s, holes, dead, i, &r) ||
            row_work(r.need, players, r.deck_n, r.community, lo_eval != -1) > max_work ||
            exact_row(&w, &r, row_counts, counts_per_row) != 0) {
            status = i;
            break;
        }
        if (matrix)
            pyeval_tally_row(row_counts, counts_per_row, matrix, columns, tallies + i * columns);
    }
    work_free(&w);
    return status;
}

/* ---- sampled ---- */

/* n deals of row r drawn from state (deck permuted in place), counted into counts. */
static int sample_deals(const stud_shape *s, stud_row *r, uint64_t *state, int64_t n, int64_t *counts)
{
    uint8_t hands[SB_BLOCK * SB_MAX_PLAYERS * SB_MAX_HOLE], picks[52];
    int32_t hi[SB_BLOCK * SB_MAX_PLAYERS], lo[SB_BLOCK * SB_MAX_PLAYERS];
    const int players = s->players, h = s->h, lo_part = s->lo_eval != -1;
    for (int64_t done = 0; done < n; done += SB_BLOCK) {
        const int64_t b = n - done < SB_BLOCK ? n - done : SB_BLOCK;
        for (int64_t d = 0; d < b; d++) {
            draw_cards(state, r->deck, r->deck_n, picks, r->unknown);
            const uint8_t *next = picks + r->community; /* the common card is the first pick */
            for (int p = 0; p < players; p++) {
                uint8_t *hand = hands + (d * players + p) * h;
                int j = 0;
                for (; j < r->kn[p]; j++)
                    hand[j] = r->known[p][j];
                for (int q = 0; q < r->need[p]; q++)
                    hand[j++] = *next++;
                if (r->community)
                    hand[j] = picks[0];
            }
        }
        if (evaluate(s->hi_eval, hands, b * players, h, hi) != -1 ||
            (lo_part && evaluate(s->lo_eval, hands, b * players, h, lo) != -1))
            return -2;
        for (int64_t d = 0; d < b; d++) {
            int32_t bh = -1, bl = 0;
            uint32_t mh = 0, ml = 0;
            for (int p = 0; p < players; p++) {
                best_step(hi[d * players + p], p, &bh, &mh, 0);
                if (lo_part)
                    best_step(lo[d * players + p], p, &bl, &ml, 1);
            }
            counts[mh | (uint64_t)ml << players]++;
        }
    }
    return 0;
}

/* Row i: ``samples`` deals in chunks of ``chunk``, chunk c drawn from pyeval_chunk_state(row_seeds[i], c);
 * this call deals chunks first_chunk .. first_chunk + chunks - 1 of them (those that exist). */
int64_t pyeval_stud_batch_sample(const uint8_t *holes, int players, int h, const uint8_t *dead, int dead_n,
                                 int lowest_card, int shortage, int hi_eval, int lo_eval, const uint64_t *row_seeds,
                                 int64_t samples, int64_t chunk, int64_t first_chunk, int64_t chunks, int64_t n,
                                 int64_t *counts, int64_t counts_per_row, const int64_t *matrix, int64_t columns,
                                 int64_t *tallies)
{
    stud_shape s = {players, h, dead_n, lowest_card, shortage, hi_eval, lo_eval};
    /* c * chunk stays below INT64_MAX: c <= first_chunk <= samples and chunk <= INT64_MAX / (samples + 1) */
    if (!shape_ok(&s) || n < 0 || samples < 0 || chunk < 1 || first_chunk < 0 || chunks < 0 ||
        first_chunk > samples || chunk > INT64_MAX / (samples + 1) || chunks > INT64_MAX - first_chunk ||
        counts_per_row != INT64_C(1) << patterns_bits(&s) || (matrix && (columns < 1 || !tallies)) || !row_seeds)
        return -2;
    stud_row r;
    for (int64_t i = 0; i < n; i++) {
        int64_t *row_counts = matrix ? counts : counts + i * counts_per_row;
        memset(row_counts, 0, sizeof(int64_t) * (size_t)counts_per_row);
        if (read_row(&s, holes, dead, i, &r))
            return i;
        uint64_t state[4];
        int64_t take;
        for (int64_t c = first_chunk; c < first_chunk + chunks &&
             (take = row_chunk(row_seeds[i], samples, chunk, c, state, r.deck, r.ascending, r.deck_n)); c++)
            if (sample_deals(&s, &r, state, take, row_counts) != 0)
                return i;
        if (matrix)
            pyeval_tally_row(row_counts, counts_per_row, matrix, columns, tallies + i * columns);
    }
    return -1;
}
