/* Standalone ASan/UBSan harness for the evaluator C API (issue 8), run by .ci/sanitize.
 *
 * Built with -fsanitize=address,undefined straight from the csrc sources (no Python), so
 * every buffer below is a malloc of exactly the size the API may touch: any read
 * or write outside it is an ASan report.  Checks, for every evaluator:
 *   - every card count from -1 to 9: out-of-range counts return -2 and touch nothing
 *     (NULL pointers), n = 0 returns -1 and touches nothing;
 *   - every 256 byte value in every position of a valid hand: the return value says
 *     exactly whether the hand is valid (codes 0..51, distinct, short deck >= 6c);
 *   - all 5-card (and 4-card) hands, and random 6-/7-card hands: every strength in
 *     its documented range, batch answers equal one-at-a-time answers;
 *   - a batch with a bad hand returns the index of the first bad hand;
 *   - Omaha: every hole/board size 3..7 / 2..6, contiguous, side-by-side rows and a
 *     zero-stride (broadcast) board, all giving the same answers.
 * Exit status 0 and the last line "harness: ok" when every check passes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyeval.h"
#include "internal.h" /* next_combination */

static long failures = 0;
static long checks = 0;

#define CHECK(cond, ...)                                   \
    do {                                                   \
        checks++;                                          \
        if (!(cond)) {                                     \
            if (failures++ < 20) {                         \
                fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
                fprintf(stderr, __VA_ARGS__);              \
                fputc('\n', stderr);                       \
            }                                              \
        }                                                  \
    } while (0)

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void)
{ /* splitmix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* k distinct cards from low..51 */
static void random_hand(uint8_t *dst, int k, int low)
{
    uint8_t deck[52];
    int m = 52 - low;
    for (int i = 0; i < m; i++)
        deck[i] = (uint8_t)(low + i);
    for (int i = 0; i < k; i++) {
        int j = i + (int)(next_random() % (uint64_t)(m - i));
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        dst[i] = deck[i];
    }
}

static int hand_valid(const uint8_t *c, int k, int low)
{
    for (int i = 0; i < k; i++) {
        if (c[i] >= 52 || c[i] < low)
            return 0;
        for (int j = 0; j < i; j++)
            if (c[i] == c[j])
                return 0;
    }
    return 1;
}

typedef struct {
    const char *name;
    int kmin, kmax, low; /* valid card counts, lowest valid code */
    int32_t lo, hi;      /* strength range */
    int flag;            /* shortdeck trips_beat_straight / showing low */
    int64_t (*fn)(const uint8_t *, int64_t, int, int, int32_t *);
} Evaluator;

static int64_t call_high(const uint8_t *c, int64_t n, int k, int f, int32_t *o) { (void)f; return pyeval_eval_high(c, n, k, o); }
static int64_t call_deuce7(const uint8_t *c, int64_t n, int k, int f, int32_t *o) { (void)f; return pyeval_eval_deuce7(c, n, k, o); }
static int64_t call_razz(const uint8_t *c, int64_t n, int k, int f, int32_t *o) { (void)f; return pyeval_eval_razz(c, n, k, o); }
static int64_t call_low8(const uint8_t *c, int64_t n, int k, int f, int32_t *o) { (void)f; return pyeval_eval_low8(c, n, k, o); }
static int64_t call_shortdeck(const uint8_t *c, int64_t n, int k, int f, int32_t *o) { return pyeval_eval_shortdeck(c, n, k, f, o); }
static int64_t call_showing(const uint8_t *c, int64_t n, int k, int f, int32_t *o) { return pyeval_eval_showing(c, n, k, f, o); }
static int64_t call_badugi(const uint8_t *c, int64_t n, int k, int f, int32_t *o)
{
    (void)f;
    return k == 4 ? pyeval_eval_badugi(c, n, o) : -2; /* badugi has no k: always 4 */
}

static const Evaluator EVALUATORS[] = {
    {"high", 5, 7, 0, 1, 7462, 0, call_high},
    {"deuce7", 5, 7, 0, 1, 7462, 0, call_deuce7},
    {"razz", 5, 7, 0, 1, 6175, 0, call_razz},
    {"low8", 5, 7, 0, 0, 56, 0, call_low8},
    {"shortdeck", 5, 7, 16, 1, 1404, 1, call_shortdeck},
    {"shortdeck-alt", 5, 7, 16, 1, 1404, 0, call_shortdeck},
    {"showing", 1, 4, 0, 1, 2379, 0, call_showing},
    {"showing-low", 1, 4, 0, 1, 2379, 1, call_showing},
    {"badugi", 4, 4, 0, 1, 1092, 0, call_badugi},
};

static uint8_t *exact_alloc(size_t bytes) { return malloc(bytes ? bytes : 1); }

static void test_counts(const Evaluator *e)
{
    for (int k = -1; k <= 9; k++) {
        int valid = k >= e->kmin && k <= e->kmax;
        if (e->fn == call_badugi && k != 4)
            continue; /* the wrapper, not the API */
        int64_t r = e->fn(NULL, 0, k, e->flag, NULL);
        CHECK(r == (valid ? -1 : -2), "%s k=%d n=0: returned %lld", e->name, k, (long long)r);
        if (!valid) {
            r = e->fn(NULL, 5, k, e->flag, NULL); /* must return before touching anything */
            CHECK(r == -2, "%s k=%d n=5: returned %lld", e->name, k, (long long)r);
        }
    }
}

static void test_every_byte(const Evaluator *e)
{
    for (int k = e->kmin; k <= e->kmax; k++) {
        uint8_t base[8];
        random_hand(base, k, e->low);
        for (int pos = 0; pos < k; pos++)
            for (int v = 0; v < 256; v++) {
                uint8_t *hand = exact_alloc((size_t)k);
                int32_t *out = malloc(sizeof(int32_t));
                memcpy(hand, base, (size_t)k);
                hand[pos] = (uint8_t)v;
                int valid = hand_valid(hand, k, e->low);
                *out = -12345;
                int64_t r = e->fn(hand, 1, k, e->flag, out);
                CHECK(r == (valid ? -1 : 0), "%s k=%d pos=%d byte=%d: returned %lld", e->name, k, pos, v, (long long)r);
                if (valid)
                    CHECK(*out >= e->lo && *out <= e->hi, "%s byte=%d: strength %d", e->name, v, *out);
                free(hand);
                free(out);
            }
    }
}

/* all C(m, k) hands of codes low..51, as one batch */
static int64_t all_hands(int k, int low, uint8_t **cards_out)
{
    int m = 52 - low;
    int64_t n = 1;
    for (int i = 0; i < k; i++)
        n = n * (m - i) / (i + 1);
    uint8_t *cards = exact_alloc((size_t)(n * k));
    int idx[8];
    for (int i = 0; i < k; i++)
        idx[i] = i;
    for (int64_t row = 0; row < n; row++) {
        for (int i = 0; i < k; i++)
            cards[row * k + i] = (uint8_t)(low + idx[i]);
        if (next_combination(idx, k, m) < 0)
            break;
    }
    *cards_out = cards;
    return n;
}

static void check_batch(const Evaluator *e, const uint8_t *cards, int64_t n, int k)
{
    int32_t *out = malloc((size_t)(n ? n : 1) * sizeof(int32_t));
    int64_t r = e->fn(cards, n, k, e->flag, out);
    CHECK(r == -1, "%s k=%d batch of %lld: returned %lld", e->name, k, (long long)n, (long long)r);
    int64_t bad = 0;
    for (int64_t i = 0; i < n; i++)
        bad += out[i] < e->lo || out[i] > e->hi;
    CHECK(bad == 0, "%s k=%d: %lld strengths outside %d..%d", e->name, k, (long long)bad, e->lo, e->hi);
    /* one at a time, for a sample of rows */
    for (int64_t i = 0; i < n; i += 1 + n / 997) {
        uint8_t *one = exact_alloc((size_t)k);
        int32_t *o = malloc(sizeof(int32_t));
        memcpy(one, cards + i * k, (size_t)k);
        CHECK(e->fn(one, 1, k, e->flag, o) == -1 && *o == out[i], "%s k=%d row %lld: single differs", e->name, k,
              (long long)i);
        free(one);
        free(o);
    }
    /* the first bad hand is reported */
    if (n > 2) {
        uint8_t *spoiled = exact_alloc((size_t)(n * k));
        memcpy(spoiled, cards, (size_t)(n * k));
        int64_t first = n / 2, second = n - 1;
        spoiled[first * k + (k - 1)] = 200;
        spoiled[second * k] = 52;
        r = e->fn(spoiled, n, k, e->flag, out);
        CHECK(r == first, "%s k=%d: bad hand %lld reported as %lld", e->name, k, (long long)first, (long long)r);
        if (k > 1) {
            memcpy(spoiled, cards, (size_t)(n * k));
            spoiled[1 * k + 1] = spoiled[1 * k];
            r = e->fn(spoiled, n, k, e->flag, out);
            CHECK(r == 1, "%s k=%d: duplicate in hand 1 reported as %lld", e->name, k, (long long)r);
        }
        free(spoiled);
    }
    free(out);
}

static void test_batches(const Evaluator *e)
{
    for (int k = e->kmin; k <= e->kmax; k++) {
        uint8_t *cards;
        int64_t n;
        if (k <= 5) {
            n = all_hands(k, e->low, &cards);
        } else {
            n = 300000;
            cards = exact_alloc((size_t)(n * k));
            for (int64_t i = 0; i < n; i++)
                random_hand(cards + i * k, k, e->low);
        }
        check_batch(e, cards, n, k);
        free(cards);
    }
}

typedef int64_t (*OmahaFn)(const uint8_t *, int64_t, int, const uint8_t *, int64_t, int, int64_t, int32_t *);

static void test_omaha(const char *name, OmahaFn fn, int32_t lo, int32_t hi)
{
    /* sizes and NULL with n = 0 / bad sizes */
    for (int h = 2; h <= 8; h++)
        for (int b = 1; b <= 7; b++) {
            int valid = h >= 4 && h <= 6 && b >= 3 && b <= 5;
            int64_t r = fn(NULL, h, h, NULL, b, b, 0, NULL);
            CHECK(r == (valid ? -1 : -2), "%s h=%d b=%d n=0: %lld", name, h, b, (long long)r);
            if (!valid) {
                r = fn(NULL, h, h, NULL, b, b, 3, NULL);
                CHECK(r == -2, "%s h=%d b=%d n=3: %lld", name, h, b, (long long)r);
                continue;
            }
            int64_t n = 20000;
            int w = h + b;
            uint8_t *rows = exact_alloc((size_t)(n * w)); /* side by side: hole then board */
            uint8_t *hole = exact_alloc((size_t)(n * h)), *board = exact_alloc((size_t)(n * b));
            for (int64_t i = 0; i < n; i++) {
                random_hand(rows + i * w, w, 0);
                memcpy(hole + i * h, rows + i * w, (size_t)h);
                memcpy(board + i * b, rows + i * w + h, (size_t)b);
            }
            int32_t *out1 = malloc((size_t)n * sizeof(int32_t)), *out2 = malloc((size_t)n * sizeof(int32_t));
            CHECK(fn(hole, h, h, board, b, b, n, out1) == -1, "%s h=%d b=%d contiguous", name, h, b);
            CHECK(fn(rows, w, h, rows + h, w, b, n, out2) == -1, "%s h=%d b=%d side by side", name, h, b);
            int64_t bad = 0, diff = 0;
            for (int64_t i = 0; i < n; i++) {
                bad += out1[i] < lo || out1[i] > hi;
                diff += out1[i] != out2[i];
            }
            CHECK(bad == 0 && diff == 0, "%s h=%d b=%d: %lld out of range, %lld layout differences", name, h, b,
                  (long long)bad, (long long)diff);
            /* one board for every hole (zero stride): holes drawn from the cards off that board */
            uint8_t *one_board = exact_alloc((size_t)b);
            memcpy(one_board, board, (size_t)b);
            for (int64_t i = 0; i < n; i++) {
                uint8_t deck[52];
                int m = 0;
                for (int c = 0; c < 52; c++)
                    if (!memchr(one_board, c, (size_t)b))
                        deck[m++] = (uint8_t)c;
                for (int j = 0; j < h; j++) {
                    int t = j + (int)(next_random() % (uint64_t)(m - j));
                    uint8_t s = deck[j];
                    deck[j] = deck[t];
                    deck[t] = s;
                    hole[i * h + j] = deck[j];
                }
            }
            CHECK(fn(hole, h, h, one_board, 0, b, n, out1) == -1, "%s h=%d b=%d zero-stride board", name, h, b);
            for (int64_t i = 0; i < n; i += 101) {
                uint8_t *hh = exact_alloc((size_t)h), *bb = exact_alloc((size_t)b);
                int32_t *o = malloc(sizeof(int32_t));
                memcpy(hh, hole + i * h, (size_t)h);
                memcpy(bb, one_board, (size_t)b);
                CHECK(fn(hh, h, h, bb, b, b, 1, o) == -1 && *o == out1[i], "%s h=%d b=%d broadcast row %lld", name,
                      h, b, (long long)i);
                free(hh);
                free(bb);
                free(o);
            }
            /* every byte in every position of one hand */
            for (int pos = 0; pos < w; pos++)
                for (int v = 0; v < 256; v++) {
                    uint8_t *hh = exact_alloc((size_t)h), *bb = exact_alloc((size_t)b);
                    int32_t *o = malloc(sizeof(int32_t));
                    uint8_t all[16];
                    memcpy(all, rows, (size_t)w);
                    all[pos] = (uint8_t)v;
                    memcpy(hh, all, (size_t)h);
                    memcpy(bb, all + h, (size_t)b);
                    int valid_hand = hand_valid(all, w, 0);
                    int64_t r = fn(hh, h, h, bb, b, b, 1, o);
                    CHECK(r == (valid_hand ? -1 : 0), "%s h=%d b=%d pos=%d byte=%d: %lld", name, h, b, pos, v,
                          (long long)r);
                    if (valid_hand)
                        CHECK(*o >= lo && *o <= hi, "%s byte=%d: strength %d", name, v, *o);
                    free(hh);
                    free(bb);
                    free(o);
                }
            free(one_board);
            free(rows);
            free(hole);
            free(board);
            free(out1);
            free(out2);
        }
}

int main(void)
{
    for (size_t i = 0; i < sizeof EVALUATORS / sizeof EVALUATORS[0]; i++) {
        const Evaluator *e = &EVALUATORS[i];
        long before = checks;
        test_counts(e);
        test_every_byte(e);
        test_batches(e);
        printf("harness: %-14s %8ld checks\n", e->name, checks - before);
    }
    long before = checks;
    test_omaha("omaha", pyeval_eval_omaha, 1, 7462);
    test_omaha("omaha-low8", pyeval_eval_omaha_low8, 0, 56);
    printf("harness: %-14s %8ld checks\n", "omaha (both)", checks - before);
    if (failures) {
        printf("harness: %ld of %ld checks FAILED\n", failures, checks);
        return 1;
    }
    printf("harness: ok (%ld checks)\n", checks);
    return 0;
}
