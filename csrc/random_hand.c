/* Exact showdowns against one random hand, counted rather than walked (hold'em and short deck, high
 * or hi/lo 8-or-better, and double-board hold'em; Omaha with 4 to 6 cards below; issue 29).
 *
 * On a complete board, a two-card hand's strength depends only on its two ranks, unless it makes a
 * flush.  A five-card board has at most one suit with three or more cards (the flush suit, fs); a
 * hand flushes exactly when it holds at least 5 - (board cards of fs) cards of fs, and then its
 * strength is the flush table's entry for the fs ranks (with seven cards a flush rules out quads
 * and full houses).  So for each board the random player's possible hands (two of the live cards:
 * the deck less the board) fall into classes by rank pair and by which of the two cards are of
 * fs: at most 91 x 4 classes, each evaluated once and weighted by its number of hands, against the
 * best of the known hands on that board.  The low half depends on ranks alone.  A flop spot is
 * about 91 lookups a board instead of 990 evaluations.
 *
 * Counts are the board engine's outcome patterns (csrc/showdown.h), identical to walking every
 * hand: tests/test_exact_paths.py checks this strategy against every other.
 */
#include "showdown.h"

typedef struct {
    const uint16_t *rank_table, *flush_table; /* the high evaluator's: strength by rank slot, flush by mask */
    uint32_t rank_key[13];                    /* one card's rank part of PYEVAL_CARD_KEY */
    int deck_rank_n[13];                      /* deck cards per rank */
    uint64_t deck_bits;                       /* the deck's cards as a hand mask */
    int random_player;
} random_hand_tables;

/* Outcomes on one board, by how the random hand compares with the best known hand: high
 * (0 worse, 1 tie, 2 better) times low (0 takes no share, 1 ties the best low, 2 wins the low alone). */
typedef int64_t compare_counts[3][3];

static inline int compare(int32_t v, int32_t best)
{
    return (v > best) * 2 + (v == best);
}

static inline int compare_low(int32_t v, int32_t best)
{
    return v > best ? 2 : v == best && v > 0;
}

/* Add ``n`` hands of strength hi (and low lo) to the comparison counts. */
static inline __attribute__((always_inline)) void add_class(compare_counts c, const int lo_kind, int32_t hi,
                                                            int32_t lo, const best_hands *best, int64_t n)
{
    c[compare(hi, best->hi)][lo_kind == -1 ? 0 : compare_low(lo, best->lo)] += n;
}

/* The random hand's view of a board: its live cards per rank, and the flush suit (-1: none), the
 * cards of it the random hand needs to flush, the board's ranks of it and the live ones. */
typedef struct {
    int live[13];
    int fs, need;
    uint32_t fs_board, fs_live;
} board_view;

/* The flush suit of a complete board (key bkey, mask bbits), if any, and what the view says of it. */
static inline void view_flush_suit(const random_hand_tables *t, uint64_t bkey, uint64_t bbits, board_view *v)
{
    v->fs = -1;
    v->need = 3;
    for (int s = 0; s < 4; s++) {
        int n = (int)(bkey >> (32 + 4 * s) & 0xf);
        if (n >= 3) {
            v->fs = s;
            v->need = 5 - n;
        }
    }
    v->fs_board = v->fs >= 0 ? suit_ranks(bbits, (unsigned)v->fs) : 0;
    v->fs_live = v->fs >= 0 ? suit_ranks(t->deck_bits & ~bbits, (unsigned)v->fs) : 0;
}

/* The view of the complete board in ctx->board (mask bbits, key bkey). */
static inline __attribute__((always_inline)) void view_board(const showdown_ctx *ctx, const random_hand_tables *t,
                                                             uint64_t bkey, uint64_t bbits, board_view *v)
{
    for (int k = 0; k < 13; k++)
        v->live[k] = t->deck_rank_n[k];
    for (int j = ctx->known_n; j < ctx->board_n; j++)
        v->live[ctx->board[j] >> 2]--;
    view_flush_suit(t, bkey, bbits, v);
}

/* Every random hand on the board (its rank key and presence mask) compared with the best known
 * hands: at most 91 rank pairs, each split by its cards of the flush suit. */
static inline __attribute__((always_inline)) void count_classes(const random_hand_tables *t, const int lo_kind,
                                                                const board_view *v, uint32_t board_ranks,
                                                                uint32_t board_presence, const best_hands *best,
                                                                compare_counts c)
{
    const int fs = v->fs, need = v->need;
    const uint32_t fs_board = v->fs_board;
    for (int r1 = 0; r1 < 13; r1++) {
        const int n1 = v->live[r1];
        if (!n1)
            continue;
        const int f1 = v->fs_live >> r1 & 1, a1 = n1 - f1; /* of fs, and of the other suits */
        const uint32_t k1 = board_ranks + t->rank_key[r1];
        for (int r2 = r1; r2 < 13; r2++) {
            const int n2 = v->live[r2];
            if (!n2 || (r2 == r1 && n1 < 2))
                continue;
            const int32_t hi = t->rank_table[rank_slot(k1 + t->rank_key[r2])];
            const int32_t lo = lo_kind == -1 ? 0 : PYEVAL_LOW8_RANKMASK[board_presence | 1u << r1 | 1u << r2];
            if (fs < 0) {
                add_class(c, lo_kind, hi, lo, best, r2 == r1 ? (int64_t)n1 * (n1 - 1) / 2 : (int64_t)n1 * n2);
                continue;
            }
            const int f2 = v->fs_live >> r2 & 1, a2 = n2 - f2;
            /* Hands by how many of their cards are of fs: none, one (either card), two. */
            int64_t none, one_first, one_second, both;
            if (r2 == r1) {
                none = (int64_t)a1 * (a1 - 1) / 2;
                one_first = (int64_t)f1 * a1;
                one_second = both = 0;
            } else {
                none = (int64_t)a1 * a2;
                one_first = (int64_t)f1 * a2;
                one_second = (int64_t)a1 * f2;
                both = (int64_t)f1 * f2;
            }
            if (none)
                add_class(c, lo_kind, need == 0 ? t->flush_table[fs_board] : hi, lo, best, none);
            if (one_first)
                add_class(c, lo_kind, need <= 1 ? t->flush_table[fs_board | 1u << r1] : hi, lo, best, one_first);
            if (one_second)
                add_class(c, lo_kind, need <= 1 ? t->flush_table[fs_board | 1u << r2] : hi, lo, best, one_second);
            if (both)
                add_class(c, lo_kind, t->flush_table[fs_board | 1u << r1 | 1u << r2], lo, best, both);
        }
    }
}

/* The comparison counts as outcome patterns, each count times ``weight``. */
static inline void add_patterns(int64_t *counts, int players, int r, const best_hands *best, compare_counts c,
                                int64_t weight)
{
    const uint32_t me = 1u << r;
    const uint32_t hi_masks[3] = {best->hi_mask, best->hi_mask | me, me};
    const uint32_t lo_masks[3] = {best->lo_mask, best->lo_mask | me, me};
    for (int h = 0; h < 3; h++)
        for (int l = 0; l < 3; l++)
            if (c[h][l])
                counts[hi_masks[h] | (uint64_t)lo_masks[l] << players] += c[h][l] * weight;
}

/* Every random hand on the complete board in ctx->board (key, bits, low given), counted. */
static inline __attribute__((always_inline)) void count_board(const showdown_ctx *ctx,
                                                              const random_hand_tables *t, const int hi_kind,
                                                              const int lo_kind, uint64_t bkey, uint64_t bbits,
                                                              uint32_t blow, int64_t weight, int64_t *counts)
{
    const int r = t->random_player;
    best_hands best = showdown_best(ctx, hi_kind, lo_kind, bkey, bbits, blow, 1u << r);
    board_view v;
    view_board(ctx, t, bkey, bbits, &v);
    compare_counts c = {{0}};
    count_classes(t, lo_kind, &v, (uint32_t)bkey, rank_presence(bbits), &best, c);
    add_patterns(counts, ctx->players, r, &best, c, weight);
}

/* The count of a board's random hands as if nobody could flush, times ``weight``: the rank walk's
 * answer for a multiset of boards (live: the random hand's live cards per rank). */
static void count_ranks_only(const showdown_ctx *ctx, const random_hand_tables *t, rank_board b, const int *live,
                             int64_t weight, int64_t *counts)
{
    const int r = t->random_player;
    best_hands best = showdown_ranks_best(ctx, b, 1u << r);
    board_view v = {.fs = -1, .need = 3};
    for (int k = 0; k < 13; k++)
        v.live[k] = live[k];
    compare_counts c = {{0}};
    count_classes(t, ctx->lo_kind, &v, b.ranks, b.presence, &best, c);
    add_patterns(counts, ctx->players, r, &best, c, weight);
}

/* Boards by rank multiset of their missing cards, each weighted by its suit choices on which nobody
 * flushes: fewer than need[s] missing cards of each suit s.  The weights come from a table over the
 * suit counts so far (base-3 digits, one a suit: no suit may reach 3), extended rank by rank with
 * each choice of that rank's live suits. */
#define SUIT_STATES 81
typedef struct {
    const showdown_ctx *ctx;
    const random_hand_tables *t;
    int live[13];         /* the random hand's live cards per rank, less the multiset's */
    unsigned suits[13];   /* the deck's suits of each rank, as a 4-bit mask */
    int need[4];          /* missing cards of a suit that make a flush possible */
    int64_t *counts;
} multiset_walk;

static const int SUIT_DIGIT[4] = {1, 3, 9, 27};

/* ways_out[state'] += ways_in[state] for each choice of k of the suits in ``suits`` that keeps every
 * suit below its need. */
static void add_rank(const int64_t *ways_in, int64_t *ways_out, unsigned suits, int k, const int need[4])
{
    for (int i = 0; i < SUIT_STATES; i++)
        ways_out[i] = 0;
    for (unsigned pick = suits;; pick = (pick - 1) & suits) {
        if (__builtin_popcount(pick) == k) {
            for (int i = 0; i < SUIT_STATES; i++) {
                if (!ways_in[i])
                    continue;
                int state = i, ok = 1;
                for (int s = 0; s < 4 && ok; s++)
                    if (pick >> s & 1) {
                        int digit = state / SUIT_DIGIT[s] % 3 + 1;
                        ok = digit < need[s];
                        state += SUIT_DIGIT[s];
                    }
                if (ok)
                    ways_out[state] += ways_in[i];
            }
        }
        if (!pick)
            break;
    }
}

static void walk_rank_multisets(multiset_walk *w, int r, int left, rank_board b, const int64_t *ways)
{
    if (left == 0) {
        int64_t weight = 0;
        for (int i = 0; i < SUIT_STATES; i++)
            weight += ways[i];
        if (weight)
            count_ranks_only(w->ctx, w->t, b, w->live, weight, w->counts);
        return;
    }
    if (r < 0)
        return;
    const int avail = __builtin_popcount(w->suits[r]);
    int64_t next_ways[SUIT_STATES];
    rank_board next = b;
    for (int k = 0; k <= avail && k <= left; k++) {
        if (k == 0) {
            walk_rank_multisets(w, r - 1, left, b, ways);
        } else {
            next.ranks += w->t->rank_key[r];
            next.presence |= 1u << r;
            next.low |= PYEVAL_CARD_LOWBIT[4 * r];
            w->live[r]--;
            add_rank(ways, next_ways, w->suits[r], k, w->need);
            walk_rank_multisets(w, r - 1, left - k, next, next_ways);
        }
    }
    w->live[r] += avail < left ? avail : left;
}

/* A board on which someone may flush (the multisets' weights left it out), counted hand class by class,
 * for itself and its images under the suit swaps (w->weight). */
static void count_flush_board(rank_walk *w, uint64_t key, uint64_t bits, uint32_t low)
{
    const showdown_ctx *ctx = w->ctx;
    count_board(ctx, w->user, ctx->hi_kind, ctx->lo_kind, key, bits, low, w->weight, w->counts);
}

/* Suits that a swap of two suits maps to each other while fixing every hand, the known board and the
 * deck (so the dead cards too) as sets: weight[s] = the size of s's class for its first suit, 0 for
 * the others.  Their flush boards map one to one onto each other with the same outcome patterns. */
static void suit_classes(const showdown_ctx *ctx, int weight[4])
{
    uint64_t deck_bits = 0, board_bits = 0;
    for (int i = 0; i < ctx->deck_n; i++)
        deck_bits |= PYEVAL_CARD_BIT[ctx->deck[i]];
    for (int j = 0; j < ctx->known_n; j++)
        board_bits |= PYEVAL_CARD_BIT[ctx->board[j]];
    for (int s = 0; s < 4; s++)
        weight[s] = 1;
    for (int s = 1; s < 4; s++)
        for (int e = 0; e < s; e++) {
            if (!weight[e])
                continue;
            int same = suit_ranks(deck_bits, (unsigned)s) == suit_ranks(deck_bits, (unsigned)e) &&
                       suit_ranks(board_bits, (unsigned)s) == suit_ranks(board_bits, (unsigned)e);
            for (int p = 0; p < ctx->players && same; p++)
                same = suit_ranks(ctx->hole_bits[p], (unsigned)s) == suit_ranks(ctx->hole_bits[p], (unsigned)e);
            if (same) {
                weight[e]++;
                weight[s] = 0;
                break;
            }
        }
}

/* Omaha: the random hand holds h cards, and its strength is the best of its two-card pairs, each
 * with three board cards.  Without a flush a pair's strength depends on its two ranks (the board's
 * row of the Omaha table); with three board cards of the flush suit, two hole cards of it flush.  So
 * the hands are counted by rank multiset of their h cards, split by which of those ranks bring their
 * flush-suit card (each rank has at most one): a few thousand classes a board instead of 123,410
 * hands (Omaha's four cards from 45). */
typedef struct {
    const random_hand_tables *t;
    int lo_kind, fs;
    int live[13], suited_live[13];  /* live cards per rank, and whether its flush-suit card is live */
    int32_t pair[13][13];           /* best non-flush hand of a rank pair */
    int32_t flush[13][13];          /* best flush of two flush-suit cards of these ranks */
    uint32_t board_low;
    const best_hands *best;
    int64_t (*c)[3];
    int held[MAX_HOLE], suited[MAX_HOLE]; /* the ranks so far, and those bringing their flush-suit card */
} omaha_count;

static void omaha_classes(omaha_count *o, int r, int left, int n_held, int n_suited, int32_t hi, int32_t flush,
                          uint32_t low, int64_t ways)
{
    if (left == 0) {
        const int32_t lo = o->lo_kind == -1 ? 0 : PYEVAL_LOW8_OMAHA[low << 8 | o->board_low];
        add_class(o->c, o->lo_kind, hi > flush ? hi : flush, lo, o->best, ways);
        return;
    }
    if (r == 13)
        return;
    omaha_classes(o, r + 1, left, n_held, n_suited, hi, flush, low, ways); /* none of rank r */
    const int n = o->live[r];
    if (!n)
        return;
    int32_t with_r = hi;
    for (int i = 0; i < n_held; i++)
        with_r = o->pair[o->held[i]][r] > with_r ? o->pair[o->held[i]][r] : with_r;
    int32_t flush_r = flush;
    for (int i = 0; i < n_suited; i++)
        flush_r = o->flush[o->suited[i]][r] > flush_r ? o->flush[o->suited[i]][r] : flush_r;
    o->held[n_held] = r;
    const uint32_t low_r = low | PYEVAL_CARD_LOWBIT[4 * r];
    const int f = o->suited_live[r], a = n - f; /* the flush-suit card, the others */
    for (int m = 1; m <= n && m <= left; m++) {
        const int32_t hi_m = m >= 2 && o->pair[r][r] > with_r ? o->pair[r][r] : with_r;
        if (m <= a) /* m cards of the other suits */
            omaha_classes(o, r + 1, left - m, n_held + 1, n_suited, hi_m, flush, low_r, ways * binom(a, m));
        if (f && m - 1 <= a) { /* the flush-suit card and m - 1 others */
            o->suited[n_suited] = r;
            omaha_classes(o, r + 1, left - m, n_held + 1, n_suited + 1, hi_m, flush_r, low_r,
                          ways * binom(a, m - 1));
        }
    }
}

/* Every random Omaha hand on the complete board in ctx->board (key, bits, low given), counted. */
static void count_board_omaha(const showdown_ctx *ctx, const random_hand_tables *t, const int lo_kind,
                              uint64_t bkey, uint64_t bbits, uint32_t blow, int64_t *counts)
{
    const int r = t->random_player;
    best_hands best = showdown_best(ctx, PYEVAL_KIND_OMAHA_HIGH, lo_kind, bkey, bbits, blow, 1u << r);
    board_view v;
    view_board(ctx, t, bkey, bbits, &v);
    omaha_count o = {.t = t, .lo_kind = lo_kind, .fs = v.fs, .board_low = blow, .best = &best};
    compare_counts c = {{0}};
    o.c = c;
    const uint16_t *row = pyeval_omaha_board_row(bkey);
    for (int x = 0; x < 13; x++) {
        o.live[x] = v.live[x];
        o.suited_live[x] = v.fs_live >> x & 1;
        for (int y = x; y < 13; y++)
            o.pair[x][y] = o.pair[y][x] = row[PYEVAL_PAIR_INDEX[13 * x + y]];
    }
    if (v.fs >= 0) { /* three to five board cards of the suit: the best three with each hole pair of it */
        int board_fs[5], nb = 0;
        for (int k = 0; k < 13; k++)
            if (v.fs_board >> k & 1)
                board_fs[nb++] = k;
        for (int x = 0; x < 13; x++)
            for (int y = x + 1; y < 13; y++) {
                int32_t best_flush = 0;
                if (o.suited_live[x] && o.suited_live[y])
                    for (int p = 0; p < nb; p++)
                        for (int q = p + 1; q < nb; q++)
                            for (int s = q + 1; s < nb; s++) {
                                uint32_t mask = 1u << x | 1u << y | 1u << board_fs[p] | 1u << board_fs[q] |
                                                1u << board_fs[s];
                                best_flush = PYEVAL_HIGH_FLUSH[mask] > best_flush ? PYEVAL_HIGH_FLUSH[mask] : best_flush;
                            }
                o.flush[x][y] = o.flush[y][x] = best_flush;
            }
    } else {
        for (int k = 0; k < 13; k++)
            o.suited_live[k] = 0;
    }
    omaha_classes(&o, 0, ctx->h, 0, 0, 0, 0, 0, 1);
    add_patterns(counts, ctx->players, r, &best, c, 1);
}

static inline __attribute__((always_inline)) void count_walk(showdown_ctx *ctx, const random_hand_tables *t,
                                                             const int hi_kind, const int lo_kind, int missing,
                                                             int64_t start, int64_t count, int64_t *counts)
{
    board_walk w;
    board_walk_start(&w, ctx, missing, start);
    for (int64_t done = 0; done < count; done++) {
        board_walk_keys(&w, ctx);
        if (hi_kind == PYEVAL_KIND_OMAHA_HIGH)
            count_board_omaha(ctx, t, lo_kind, w.key_at[missing], w.bits_at[missing], w.low_at[missing], counts);
        else
            count_board(ctx, t, hi_kind, lo_kind, w.key_at[missing], w.bits_at[missing], w.low_at[missing], 1,
                        counts);
        if (!board_walk_next(&w, ctx))
            break;
    }
}

/* Whether the count applies: two hole cards, a five-card board, a high evaluator whose strength is
 * a rank-slot or flush-mask entry, no low or the 8-or-better one. */
static int random_hand_kinds(int h, int board_n, int hi_kind, int lo_kind, random_hand_tables *t)
{
    if (hi_kind == PYEVAL_KIND_OMAHA_HIGH) /* the rank tables are the Omaha ones (count_board_omaha) */
        return h >= 4 && h <= MAX_HOLE && board_n == 5 && (lo_kind == -1 || lo_kind == PYEVAL_KIND_OMAHA_LOW8);
    if (h != 2 || board_n != 5 || (lo_kind != -1 && lo_kind != PYEVAL_KIND_LOW8))
        return 0;
    switch (hi_kind) {
    case PYEVAL_KIND_HIGH:
        t->rank_table = PYEVAL_HIGH_RANK;
        t->flush_table = PYEVAL_HIGH_FLUSH;
        return 1;
    case PYEVAL_KIND_SHORTDECK:
        t->rank_table = PYEVAL_SHORTDECK_RANK;
        t->flush_table = PYEVAL_SHORTDECK_FLUSH;
        return 1;
    case PYEVAL_KIND_SHORTDECK_ALT:
        t->rank_table = PYEVAL_SHORTDECK_RANK_ALT;
        t->flush_table = PYEVAL_SHORTDECK_FLUSH_ALT;
        return 1;
    default:
        return 0;
    }
}

/* Two boards (double-board hold'em, high only): each card of the random hand plays on both boards,
 * so its role is which boards' flush suits it is of (bit b: board b's); the hands fall into rank
 * pairs times role pairs, each valued on both boards, and the outcomes are counted by how the hand
 * compares with the best known hand on each board (3 x 3 cells). */
static void count_two_boards(const showdown_ctx *ctx0, const showdown_ctx *ctx1, const random_hand_tables *t,
                             const uint64_t key[2], const uint64_t bits[2], int64_t *counts)
{
    const int r = t->random_player, players = ctx0->players;
    const best_hands best[2] = {showdown_best(ctx0, ctx0->hi_kind, -1, key[0], bits[0], 0, 1u << r),
                                showdown_best(ctx1, ctx1->hi_kind, -1, key[1], bits[1], 0, 1u << r)};
    board_view v[2]; /* their flush suits; the live cards, of both boards at once, are counted below */
    view_flush_suit(t, key[0], bits[0], &v[0]);
    view_flush_suit(t, key[1], bits[1], &v[1]);
    /* live cards per rank and role */
    int live[13][4] = {{0}};
    const uint64_t live_bits = t->deck_bits & ~bits[0] & ~bits[1];
    for (int k = 0; k < 13; k++)
        for (int s = 0; s < 4; s++)
            if (live_bits >> (16 * s + k) & 1)
                live[k][(s == v[0].fs) | (s == v[1].fs) << 1]++;
    int64_t c[3][3] = {{0}};
    for (int r1 = 0; r1 < 13; r1++)
        for (int r2 = r1; r2 < 13; r2++) {
            int32_t rank_value[2];
            for (int b = 0; b < 2; b++)
                rank_value[b] = t->rank_table[rank_slot((uint32_t)key[b] + t->rank_key[r1] + t->rank_key[r2])];
            for (int x = 0; x < 4; x++)
                for (int y = r2 == r1 ? x : 0; y < 4; y++) {
                    const int64_t n = r2 == r1 ? (x == y ? (int64_t)live[r1][x] * (live[r1][x] - 1) / 2
                                                         : (int64_t)live[r1][x] * live[r1][y])
                                               : (int64_t)live[r1][x] * live[r2][y];
                    if (!n)
                        continue;
                    int cell[2];
                    for (int b = 0; b < 2; b++) {
                        const int in1 = x >> b & 1, in2 = y >> b & 1;
                        int32_t value = rank_value[b];
                        if (v[b].fs >= 0 && in1 + in2 >= v[b].need)
                            value = t->flush_table[v[b].fs_board | (uint32_t)in1 << r1 | (uint32_t)in2 << r2];
                        cell[b] = compare(value, best[b].hi);
                    }
                    c[cell[0]][cell[1]] += n;
                }
        }
    const uint32_t me = 1u << r;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            if (c[a][b]) {
                const uint32_t m0 = a == 0 ? best[0].hi_mask : a == 1 ? best[0].hi_mask | me : me;
                const uint32_t m1 = b == 0 ? best[1].hi_mask : b == 1 ? best[1].hi_mask | me : me;
                counts[m0 | (uint64_t)m1 << players] += c[a][b];
            }
}

/* Validates the query into ctx and t (0), or -2, -3, or 1 when the count does not apply. */
static int64_t random_hand_setup(showdown_ctx *ctx, random_hand_tables *t, const uint8_t *holes, int players, int h,
                                 const uint8_t *known, int known_n, const uint8_t *deck, int deck_n, int missing,
                                 int hi_kind, int lo_kind, int random_player, int64_t counts_len)
{
    if (random_player < 0 || random_player >= players || players > MAX_PLAYERS)
        return -2;
    if (!random_hand_kinds(h, known_n + missing, hi_kind, lo_kind, t))
        return 1;
    int64_t status = pyeval_showdown_setup(ctx, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind,
                                           lo_kind, counts_len, 1u << random_player);
    if (status != 0)
        return status;
    t->random_player = random_player;
    t->deck_bits = 0;
    for (int k = 0; k < 13; k++) {
        t->rank_key[k] = (uint32_t)PYEVAL_CARD_KEY[4 * k];
        t->deck_rank_n[k] = 0;
    }
    for (int i = 0; i < ctx->deck_n; i++) {
        t->deck_rank_n[ctx->deck[i] >> 2]++;
        t->deck_bits |= PYEVAL_CARD_BIT[ctx->deck[i]];
    }
    return 0;
}

/* See pyeval.h. */
PYEVAL_HOT int64_t pyeval_random_hand_patterns(const uint8_t *holes, int players, int h, const uint8_t *known,
                                               int known_n, const uint8_t *deck, int deck_n, int missing,
                                               int hi_kind, int lo_kind, int random_player, int64_t start,
                                               int64_t count, int64_t *counts, int64_t counts_len)
{
    random_hand_tables t;
    showdown_ctx ctx;
    int64_t status = random_hand_setup(&ctx, &t, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind,
                                       lo_kind, random_player, counts_len);
    if (status != 0)
        return status;
    if (!completions_in_range(start, count, deck_n, missing))
        return -2;
    if (count == 0)
        return 0;
#define COUNT(hi, lo) count_walk(&ctx, &t, hi, lo, missing, start, count, counts)
    WITH_CONSTANT_KINDS(hi_kind, lo_kind, COUNT);
#undef COUNT
    return 0;
}

/* See pyeval.h.  Boards with three or more cards of a suit are the only ones on which anyone
 * flushes (two hole cards each): need[s] of the missing cards for suit s. */
PYEVAL_HOT int64_t pyeval_random_hand_patterns_ranks(const uint8_t *holes, int players, int h, const uint8_t *known,
                                                     int known_n, const uint8_t *deck, int deck_n, int missing,
                                                     int hi_kind, int lo_kind, int random_player, int64_t *counts,
                                                     int64_t counts_len)
{
    random_hand_tables t;
    showdown_ctx ctx;
    int64_t status = random_hand_setup(&ctx, &t, holes, players, h, known, known_n, deck, deck_n, missing, hi_kind,
                                       lo_kind, random_player, counts_len);
    if (status != 0)
        return status;
    if (hi_kind == PYEVAL_KIND_OMAHA_HIGH) /* boards by rank multiset: hold'em and short deck only */
        return 1;
    int need[4], known_suit[4] = {0}, deck_suit[4] = {0};
    for (int j = 0; j < ctx.known_n; j++)
        known_suit[ctx.board[j] & 3]++;
    for (int i = 0; i < ctx.deck_n; i++)
        deck_suit[ctx.deck[i] & 3]++;
    int suit_weight[4];
    suit_classes(&ctx, suit_weight);
    int64_t flush_boards = 0; /* to walk: one suit of each class */
    for (int s = 0; s < 4; s++) {
        need[s] = 3 - known_suit[s];
        for (int j = need[s] > 0 ? need[s] : 0; j <= missing && suit_weight[s]; j++)
            flush_boards += binom(deck_suit[s], j) * binom(ctx.deck_n - deck_suit[s], missing - j);
    }
    for (int s = 0; s < 4; s++)
        if (need[s] <= 0) /* three of a suit known: every board is a flush board */
            return 1;
    if (binom(12 + missing, missing) + flush_boards + 40 >= binom(ctx.deck_n, missing))
        return 1;
    multiset_walk m = {.ctx = &ctx, .t = &t, .counts = counts};
    for (int k = 0; k < 13; k++) {
        m.live[k] = t.deck_rank_n[k];
        m.suits[k] = 0;
    }
    for (int i = 0; i < ctx.deck_n; i++)
        m.suits[ctx.deck[i] >> 2] |= 1u << (ctx.deck[i] & 3);
    for (int s = 0; s < 4; s++)
        m.need[s] = need[s];
    int64_t ways[SUIT_STATES] = {1};
    walk_rank_multisets(&m, 12, missing, (rank_board){(uint32_t)ctx.known_key, rank_presence(ctx.known_bits),
                                                      ctx.known_low}, ways);
    rank_walk w = {.ctx = &ctx, .counts = counts, .flush_board = count_flush_board, .user = &t,
                   .suit_weight = suit_weight};
    pyeval_walk_flush_boards(&w, missing, need);
    return 0;
}

/* See pyeval.h. */
PYEVAL_HOT int64_t pyeval_random_hand_patterns2(const uint8_t *holes, int players, int h, const uint8_t *known0,
                                                const uint8_t *known1, int known_n, const uint8_t *deck, int deck_n,
                                                int missing, int hi_kind, int random_player, int64_t start,
                                                int64_t count, int64_t *counts, int64_t counts_len)
{
    random_hand_tables t;
    showdown_ctx ctx0, ctx1;
    if (hi_kind == PYEVAL_KIND_OMAHA_HIGH) /* two Omaha boards: not counted */
        return 1;
    if (deck_n < 2 * missing || counts_len < (INT64_C(1) << (2 * players)) || players > 8)
        return -2;
    int64_t status = random_hand_setup(&ctx0, &t, holes, players, h, known0, known_n, deck, deck_n, missing,
                                       hi_kind, -1, random_player, counts_len);
    if (status == 0) /* the second board's known cards, checked against the first query's cards */
        status = random_hand_setup(&ctx1, &t, holes, players, h, known1, known_n, deck, deck_n, missing, hi_kind,
                                   -1, random_player, counts_len);
    if (status != 0)
        return status;
    uint64_t board_bits = 0;
    for (int j = 0; j < known_n; j++)
        board_bits |= PYEVAL_CARD_BIT[ctx0.board[j]] | PYEVAL_CARD_BIT[ctx1.board[j]];
    if (!HAND_OK(board_bits, 2 * known_n))
        return -3;
    if (!completions_in_range(start, count, deck_n, missing))
        return -2;
    board_walk w0;
    board_walk_start(&w0, &ctx0, missing, start);
    for (int64_t done = 0; done < count; done++) {
        board_walk_keys(&w0, &ctx0);
        /* the second board is dealt from what the first left */
        const uint64_t first = w0.bits_at[missing] & ~ctx0.known_bits;
        ctx1.deck_n = 0;
        for (int i = 0; i < ctx0.deck_n; i++)
            if (!(PYEVAL_CARD_BIT[ctx0.deck[i]] & first))
                ctx1.deck[ctx1.deck_n++] = ctx0.deck[i];
        board_walk w1;
        board_walk_start(&w1, &ctx1, missing, 0);
        for (int64_t more = 1; more; more = board_walk_next(&w1, &ctx1)) {
            board_walk_keys(&w1, &ctx1);
            const uint64_t key[2] = {w0.key_at[missing], w1.key_at[missing]};
            const uint64_t bits[2] = {w0.bits_at[missing], w1.bits_at[missing]};
            count_two_boards(&ctx0, &ctx1, &t, key, bits, counts);
        }
        if (!board_walk_next(&w0, &ctx0))
            break;
    }
    return 0;
}
