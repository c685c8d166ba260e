/* Rows of independent board-game spots in one call (pyeval.equity_batch, and pyeval.equity's
 * small queries as a batch of one).
 *
 * Each row is n_boards known boards (known_n cards each), players hands of h cards (a hand is
 * wholly known or wholly unknown: every card UNKNOWN_CARD) and dead_n dead cards (UNKNOWN_CARD
 * entries pad a row with fewer).  A row's cards
 * are read once into locals and checked; its live deck is every card from lowest_card up that
 * the row does not hold, ascending (the deck pyeval.engines.engine.build_layout makes).  Its outcome
 * patterns (csrc/showdown.h) are counted by the board engine where that applies (one board,
 * every hand known: csrc/board_ranks.c or the walk of csrc/board_equity.c), else by the
 * enumerator below, which deals the missing board cards first and the unknown hands after.
 * Sampled rows draw as pyeval._kernels.sample_rows does (board cards, then unknown hands in
 * player order, one partial shuffle per deal), so a row equals the single query.
 */
#include <string.h>
#include "showdown.h"
#include "rng.h"
#include "internal.h"

#define UNKNOWN_CARD 255
#define MAX_BOARDS 2
#define MAX_PARTS (2 * MAX_BOARDS)

typedef struct {
    int players, h, n_boards, known_n, dead_n, board_n, lowest_card, hi_kind, lo_kind;
} batch_shape;

typedef struct {
    uint8_t holes[MAX_PLAYERS * MAX_HOLE];
    uint8_t known[MAX_BOARDS * MAX_BOARD];
    uint8_t deck[52];
    int deck_n;
    unsigned drawn; /* bit p: player p's hand is unknown */
} row_cards;

static int shape_ok(const batch_shape *s)
{
    if (s->players < 2 || s->players > MAX_PLAYERS || s->h < 2 || s->h > MAX_HOLE || s->n_boards < 1 ||
        s->n_boards > MAX_BOARDS || s->known_n < 0 || s->known_n > s->board_n || s->board_n != MAX_BOARD ||
        s->dead_n < 0 || s->dead_n > 52 || s->lowest_card < 0 || s->lowest_card > 51)
        return 0;
    if (s->hi_kind == PYEVAL_KIND_OMAHA_HIGH ? s->h < 4 : s->h != 2)
        return 0;
    if (s->hi_kind < PYEVAL_KIND_HIGH || s->hi_kind > PYEVAL_KIND_OMAHA_HIGH)
        return 0;
    if (s->lo_kind != -1 && s->lo_kind != (s->hi_kind == PYEVAL_KIND_OMAHA_HIGH ? PYEVAL_KIND_OMAHA_LOW8
                                                                                : PYEVAL_KIND_LOW8))
        return 0;
    int parts = s->n_boards * (s->lo_kind == -1 ? 1 : 2);
    return s->players * parts <= 16;
}

/* Read row i once into r and check it; 0 or a ROW_ reason. */
static int read_row(const batch_shape *s, const uint8_t *holes, const uint8_t *boards, const uint8_t *dead, int64_t i,
                    row_cards *r)
{
    const int hn = s->players * s->h, bn = s->n_boards * s->known_n;
    uint64_t used = 0;
    int bad = 0;
    r->drawn = 0;
    for (int p = 0; p < s->players; p++) {
        int unknown = 0;
        for (int j = 0; j < s->h; j++) {
            uint8_t c = holes[i * hn + p * s->h + j];
            r->holes[p * s->h + j] = c;
            unknown += c == UNKNOWN_CARD;
        }
        if (unknown == s->h) {
            r->drawn |= 1u << p;
            for (int j = 0; j < s->h; j++)
                r->holes[p * s->h + j] = 0;
        } else if (unknown) {
            return ROW_PARTIAL_HAND;
        }
    }
    uint8_t cards[MAX_PLAYERS * MAX_HOLE + MAX_BOARDS * MAX_BOARD + 52];
    int m = 0;
    for (int p = 0; p < s->players; p++)
        if (!(r->drawn >> p & 1))
            for (int j = 0; j < s->h; j++)
                cards[m++] = r->holes[p * s->h + j];
    for (int j = 0; j < bn; j++)
        cards[m++] = r->known[j] = boards[i * bn + j];
    for (int j = 0; j < s->dead_n; j++) { /* UNKNOWN_CARD pads a row with fewer dead cards */
        uint8_t c = dead[i * s->dead_n + j];
        if (c != UNKNOWN_CARD)
            cards[m++] = c;
    }
    for (int j = 0; j < m; j++)
        row_card(cards[j], s->lowest_card, &used, &bad);
    if (bad)
        return bad;
    r->deck_n = row_deck(used, s->lowest_card, r->deck);
    int need = s->n_boards * (s->board_n - s->known_n) + s->h * __builtin_popcount(r->drawn);
    return need > r->deck_n ? ROW_DECK_SHORT : 0;
}

int64_t pyeval_board_batch_check(const uint8_t *holes, int players, int h, const uint8_t *boards, int n_boards,
                                 int known_n, const uint8_t *dead, int dead_n, int board_n, int lowest_card,
                                 int hi_kind, int lo_kind, int64_t n, int32_t *reason)
{
    batch_shape s = {players, h, n_boards, known_n, dead_n, board_n, lowest_card, hi_kind, lo_kind};
    if (!shape_ok(&s) || n < 0)
        return -2;
    row_cards r;
    for (int64_t i = 0; i < n; i++) {
        int why = read_row(&s, holes, boards, dead, i, &r);
        if (why) {
            *reason = why;
            return i;
        }
    }
    return -1;
}

/* ---- the enumerator and sampler of rows the board engine does not take ---- */

typedef struct {
    const batch_shape *s;
    row_cards *r;
    uint8_t board[MAX_BOARDS][MAX_BOARD];
    uint64_t bkey[MAX_BOARDS], bbits[MAX_BOARDS];
    uint32_t blow[MAX_BOARDS];
    int32_t value[MAX_PARTS][MAX_PLAYERS];
    uint8_t used[52]; /* by deck position */
    int slot_target[MAX_BOARDS + MAX_PLAYERS], slot_k[MAX_BOARDS + MAX_PLAYERS], slots, board_slots;
    int64_t *counts;
} deal;

static void set_slots(deal *d)
{
    const batch_shape *s = d->s;
    d->slots = 0;
    for (int j = 0; j < s->n_boards; j++)
        if (s->board_n > s->known_n) {
            d->slot_target[d->slots] = -1 - j;
            d->slot_k[d->slots++] = s->board_n - s->known_n;
        }
    d->board_slots = d->slots;
    for (int p = 0; p < s->players; p++)
        if (d->r->drawn >> p & 1) {
            d->slot_target[d->slots] = p;
            d->slot_k[d->slots++] = s->h;
        }
    for (int j = 0; j < s->n_boards; j++)
        memcpy(d->board[j], d->r->known + j * s->known_n, (size_t)s->known_n);
}

static uint8_t *slot_cards(deal *d, int slot)
{
    int t = d->slot_target[slot];
    return t < 0 ? d->board[-1 - t] + d->s->known_n : d->r->holes + t * d->s->h;
}

static void board_keys(deal *d)
{
    for (int j = 0; j < d->s->n_boards; j++) {
        uint64_t key = 0, bits = 0;
        uint32_t low = 0;
        for (int c = 0; c < d->s->board_n; c++) {
            ADD_CARD(d->board[j][c], key, bits);
            low |= PYEVAL_CARD_LOWBIT[d->board[j][c]];
        }
        d->bkey[j] = key;
        d->bbits[j] = bits;
        d->blow[j] = low;
    }
}

/* Strengths of the players in ``who`` (a bitmask) on every board, hi and lo parts. */
static void value_players(deal *d, unsigned who)
{
    const batch_shape *s = d->s;
    const int per_board = s->lo_kind == -1 ? 1 : 2;
    for (int p = 0; p < s->players; p++) {
        if (!(who >> p & 1))
            continue;
        const uint8_t *hole = d->r->holes + p * s->h;
        uint64_t key = FLUSH_COUNTERS_INIT, bits = 0;
        uint32_t low = 0;
        for (int j = 0; j < s->h; j++) {
            ADD_CARD(hole[j], key, bits);
            low |= PYEVAL_CARD_LOWBIT[hole[j]];
        }
        for (int b = 0; b < s->n_boards; b++) {
            d->value[b * per_board][p] = eval_hi(s->hi_kind, d->bkey[b] + key, d->bbits[b] | bits, hole, s->h,
                                                 d->board[b], s->board_n, d->bkey[b]);
            if (per_board == 2)
                d->value[b * per_board + 1][p] = s->lo_kind == PYEVAL_KIND_LOW8
                                                     ? PYEVAL_LOW8_RANKMASK[rank_presence(d->bbits[b] | bits)]
                                                     : PYEVAL_LOW8_OMAHA[low << 8 | d->blow[b]];
        }
    }
}

/* The outcome pattern: part q's winner mask in bits q * players.., a low part's 0 = no low. */
static uint64_t pattern_of(const deal *d)
{
    const batch_shape *s = d->s;
    const int per_board = s->lo_kind == -1 ? 1 : 2, parts = s->n_boards * per_board;
    uint64_t pattern = 0;
    for (int q = 0; q < parts; q++) {
        const int is_low = per_board == 2 && (q & 1);
        int32_t best = is_low ? 0 : -1;
        uint32_t mask = 0;
        for (int p = 0; p < s->players; p++) {
            int32_t v = d->value[q][p];
            if (v > best) {
                best = v;
                mask = 1u << p;
            } else if (v == best && (v > 0 || !is_low)) {
                mask |= 1u << p;
            }
        }
        pattern |= (uint64_t)mask << (q * s->players);
    }
    return pattern;
}

/* Every way to fill slots slot.. from the deck positions not used, each deal counted once. */
static void enumerate_slots(deal *d, int slot)
{
    if (slot == d->board_slots) { /* boards complete: value the known hands once per board */
        board_keys(d);
        value_players(d, ~d->r->drawn & ((1u << d->s->players) - 1));
    }
    if (slot == d->slots) {
        value_players(d, d->r->drawn);
        d->counts[pattern_of(d)]++;
        return;
    }
    int avail[52], m = 0, k = d->slot_k[slot], pos[MAX_HOLE];
    for (int i = 0; i < d->r->deck_n; i++)
        if (!d->used[i])
            avail[m++] = i;
    if (k > m)
        return;
    uint8_t *out = slot_cards(d, slot);
    for (int i = 0; i < k; i++)
        pos[i] = i;
    for (;;) {
        for (int i = 0; i < k; i++) {
            d->used[avail[pos[i]]] = 1;
            out[i] = d->r->deck[avail[pos[i]]];
        }
        enumerate_slots(d, slot + 1);
        for (int i = 0; i < k; i++)
            d->used[avail[pos[i]]] = 0;
        if (next_combination(pos, k, m) < 0)
            break;
    }
}

/* n deals drawn with the Monte Carlo generator from the row's deck (permuted in place). */
static void sample_slots(deal *d, uint64_t *state, int64_t n)
{
    int take = 0;
    for (int s = 0; s < d->slots; s++)
        take += d->slot_k[s];
    uint8_t picks[MAX_BOARDS * MAX_BOARD + MAX_PLAYERS * MAX_HOLE];
    const unsigned everyone = (1u << d->s->players) - 1;
    for (int64_t i = 0; i < n; i++) {
        draw_cards(state, d->r->deck, d->r->deck_n, picks, take);
        const uint8_t *next = picks;
        for (int s = 0; s < d->slots; s++) {
            memcpy(slot_cards(d, s), next, (size_t)d->slot_k[s]);
            next += d->slot_k[s];
        }
        board_keys(d);
        value_players(d, everyone);
        d->counts[pattern_of(d)]++;
    }
}

static int64_t patterns_of(const batch_shape *s)
{
    return INT64_C(1) << (s->players * s->n_boards * (s->lo_kind == -1 ? 1 : 2));
}

/* The board engine's context of a row read_row has checked (one board, every hand known). */
static void row_context(const batch_shape *s, const row_cards *r, showdown_ctx *ctx)
{
    memcpy(ctx->hole_cards, r->holes, (size_t)(s->players * s->h));
    memcpy(ctx->board, r->known, (size_t)s->known_n);
    memcpy(ctx->deck, r->deck, (size_t)r->deck_n);
    ctx->deck_n = r->deck_n;
    showdown_fill(ctx, s->players, s->h, s->known_n, s->board_n, s->hi_kind, s->lo_kind, 0);
}

/* One row, exact, into counts (patterns_of entries, zeroed here). */
static int64_t exact_row(const batch_shape *s, row_cards *r, int64_t *counts)
{
    memset(counts, 0, sizeof(int64_t) * (size_t)patterns_of(s));
    int missing = s->board_n - s->known_n;
    if (s->n_boards == 1 && !r->drawn && missing <= 1) { /* the rank count never pays for 46 boards or fewer */
        showdown_ctx ctx;
        row_context(s, r, &ctx);
        pyeval_showdown_count(&ctx, missing, 0, missing ? r->deck_n : 1, counts);
        return 0;
    }
    if (s->n_boards == 1 && __builtin_popcount(r->drawn) == 1) { /* one random hand: counted (csrc/random_hand.c) */
        int random_player = __builtin_ctz(r->drawn);
        int64_t status = pyeval_random_hand_patterns_ranks(r->holes, s->players, s->h, r->known, s->known_n, r->deck,
                                                           r->deck_n, missing, s->hi_kind, s->lo_kind, random_player,
                                                           counts, patterns_of(s));
        if (status == 1)
            status = pyeval_random_hand_patterns(r->holes, s->players, s->h, r->known, s->known_n, r->deck,
                                                 r->deck_n, missing, s->hi_kind, s->lo_kind, random_player, 0,
                                                 binom(r->deck_n, missing), counts, patterns_of(s));
        if (status != 1)
            return status;
    }
    if (s->n_boards == 2 && s->lo_kind == -1 && __builtin_popcount(r->drawn) == 1) { /* two boards, one random hand */
        int64_t status = pyeval_random_hand_patterns2(r->holes, s->players, s->h, r->known, r->known + s->known_n,
                                                      s->known_n, r->deck, r->deck_n, missing, s->hi_kind,
                                                      __builtin_ctz(r->drawn), 0, binom(r->deck_n, missing), counts,
                                                      patterns_of(s));
        if (status != 1)
            return status;
    }
    if (s->n_boards == 1 && !r->drawn)
        return pyeval_board_patterns_all(r->holes, s->players, s->h, r->known, s->known_n, r->deck, r->deck_n,
                                         missing, s->hi_kind, s->lo_kind, counts, patterns_of(s));
    deal d = {.s = s, .r = r, .counts = counts};
    memset(d.used, 0, sizeof d.used);
    set_slots(&d);
    enumerate_slots(&d, 0);
    return 0;
}

/* Where row i's histogram goes: its own counts row, or (with a tally matrix) the one-row scratch. */
static int64_t *row_counts_of(int64_t *counts, int64_t counts_per_row, const int64_t *matrix, int64_t i)
{
    return matrix ? counts : counts + i * counts_per_row;
}

int64_t pyeval_board_batch_exact(const uint8_t *holes, int players, int h, const uint8_t *boards, int n_boards,
                                 int known_n, const uint8_t *dead, int dead_n, int board_n, int lowest_card,
                                 int hi_kind, int lo_kind, int64_t n, int64_t *counts, int64_t counts_per_row,
                                 const int64_t *matrix, int64_t columns, int64_t *tallies)
{
    batch_shape s = {players, h, n_boards, known_n, dead_n, board_n, lowest_card, hi_kind, lo_kind};
    if (!shape_ok(&s) || n < 0 || counts_per_row != patterns_of(&s) || (matrix && (columns < 1 || !tallies)))
        return -2;
    row_cards r;
    for (int64_t i = 0; i < n; i++) {
        int64_t *row_counts = row_counts_of(counts, counts_per_row, matrix, i);
        if (read_row(&s, holes, boards, dead, i, &r) || exact_row(&s, &r, row_counts) != 0)
            return i;
        if (matrix)
            pyeval_tally_row(row_counts, counts_per_row, matrix, columns, tallies + i * columns);
    }
    return -1;
}

/* Sampled rows: row i takes ``samples`` deals in chunks of ``chunk``, chunk c drawn from
 * pyeval_chunk_state(row_seeds[i], c) with a fresh ascending deck, as pyeval.equity does. */
int64_t pyeval_board_batch_sample(const uint8_t *holes, int players, int h, const uint8_t *boards, int n_boards,
                                  int known_n, const uint8_t *dead, int dead_n, int board_n, int lowest_card,
                                  int hi_kind, int lo_kind, const uint64_t *row_seeds, int64_t samples,
                                  int64_t chunk, int64_t first_chunk, int64_t chunks, int64_t n, int64_t *counts,
                                  int64_t counts_per_row, const int64_t *matrix, int64_t columns, int64_t *tallies)
{
    batch_shape s = {players, h, n_boards, known_n, dead_n, board_n, lowest_card, hi_kind, lo_kind};
    /* c * chunk stays below INT64_MAX: c <= first_chunk <= samples and chunk <= INT64_MAX / (samples + 1) */
    if (!shape_ok(&s) || n < 0 || samples < 0 || chunk < 1 || first_chunk < 0 || chunks < 0 ||
        first_chunk > samples || chunk > INT64_MAX / (samples + 1) || chunks > INT64_MAX - first_chunk ||
        counts_per_row != patterns_of(&s) ||
        (matrix && (columns < 1 || !tallies)))
        return -2;
    row_cards r;
    const int missing = board_n - known_n;
    for (int64_t i = 0; i < n; i++) {
        int64_t *row_counts = row_counts_of(counts, counts_per_row, matrix, i);
        memset(row_counts, 0, sizeof(int64_t) * (size_t)counts_per_row);
        if (read_row(&s, holes, boards, dead, i, &r))
            return i;
        uint8_t ascending[52];
        memcpy(ascending, r.deck, (size_t)r.deck_n);
        for (int64_t c = first_chunk; c < first_chunk + chunks; c++) {
            uint64_t state[4];
            int64_t take = row_chunk(row_seeds[i], samples, chunk, c, state, r.deck, ascending, r.deck_n);
            if (!take)
                break;
            if (n_boards == 1) {
                if (pyeval_board_patterns_sample(r.holes, players, h, r.known, known_n, r.deck, r.deck_n, missing,
                                                 hi_kind, lo_kind, r.drawn, state, take, row_counts,
                                                 counts_per_row) != 0)
                    return i;
            } else {
                deal d = {.s = &s, .r = &r, .counts = row_counts};
                set_slots(&d);
                sample_slots(&d, state, take);
            }
        }
        if (matrix)
            pyeval_tally_row(row_counts, counts_per_row, matrix, columns, tallies + i * columns);
    }
    return -1;
}
