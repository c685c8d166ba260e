/* Raw throughput of pyeval's C evaluators, without Python.
 *
 * Draws N random hands per kind (distinct cards per hand, fixed seed) into one
 * uint8 array, then times ONE call of the batch function (pyeval.h) over it,
 * R times, and prints the median (and best) rate in hands per second on one
 * thread.  This is the number to hold against the reference class of
 * OMPEval / SKPokerEval (~270-300 M random 7-card hands/s/core, their own
 * benchmarks, evaluating a pre-generated array of random hands).
 *
 * Build (from the repository root, after the tables exist: `pip install -e .`
 * or `python tables/generate.py csrc/generated` creates csrc/generated/):
 *
 *   gcc -O3 -std=c99 -fno-strict-aliasing -Icsrc -Icsrc/generated -o /tmp/c_bench benchmarks/c_bench.c \
 *       csrc/[a-z]*.c csrc/generated/tables.c
 *   taskset -c 0 /tmp/c_bench                 # all kinds, 10M hands, 7 repeats
 *   taskset -c 0 /tmp/c_bench 20000000 9 high7 omaha
 *
 * (the flags the cffi build uses, csrc/build_core.py).  Add
 * -march=native to see what the host's ISA buys (the wheel is built without
 * it).  Omaha hands are passed as separate contiguous hole and board arrays
 * (strides 4 and 5).  Kinds: high5 high6 high7 omaha omaha_low8 low8 razz deuce7
 * deuce7_7 badugi shortdeck, and mc_holdem: Monte Carlo, N deals of AhAs vs KdKc preflop
 * drawn and counted in one call of pyeval_board_patterns_sample (the C core of
 * pyeval.equity(..., method="monte-carlo") on one thread); mc_random likewise with a third hand drawn
 * with the board.  C_BENCH_PORTABLE=1 in the environment turns the
 * high evaluator's AVX-512 path off (csrc/high_simd.c), as pyeval_high_simd(0) does.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pyeval.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t splitmix64(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* n rows of k distinct cards drawn uniformly from codes lowest..51. */
static void deal(uint8_t *out, int64_t n, int k, int lowest)
{
    const uint64_t span = (uint64_t)(52 - lowest);
    for (int64_t i = 0; i < n; i++) {
        uint64_t used = 0;
        for (int j = 0; j < k;) {
            uint64_t c = (uint64_t)lowest + (uint64_t)(((unsigned __int128)splitmix64() * span) >> 64);
            if (used & (1ull << c))
                continue;
            used |= 1ull << c;
            out[i * k + j++] = (uint8_t)c;
        }
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct kind {
    const char *name;
    int hole, board; /* cards per hand: hole only, or hole + board (Omaha) */
    int lowest;      /* 16 for the short deck */
};

static const struct kind KINDS[] = {
    {"high7", 7, 0, 0},  {"high6", 6, 0, 0},      {"high5", 5, 0, 0}, {"omaha", 4, 5, 0},
    {"omaha_low8", 4, 5, 0}, {"low8", 7, 0, 0},   {"razz", 7, 0, 0},  {"deuce7", 5, 0, 0},
    {"deuce7_7", 7, 0, 0}, {"badugi", 4, 0, 0},   {"shortdeck", 7, 0, 16},
};

static int64_t run(const struct kind *kd, const uint8_t *a, const uint8_t *b, int64_t n, int32_t *out)
{
    const char *s = kd->name;
    int k = kd->hole;
    if (!strcmp(s, "omaha"))
        return pyeval_eval_omaha(a, kd->hole, kd->hole, b, kd->board, kd->board, n, out);
    if (!strcmp(s, "omaha_low8"))
        return pyeval_eval_omaha_low8(a, kd->hole, kd->hole, b, kd->board, kd->board, n, out);
    if (!strcmp(s, "low8"))
        return pyeval_eval_low8(a, n, k, out);
    if (!strcmp(s, "razz"))
        return pyeval_eval_razz(a, n, k, out);
    if (!strncmp(s, "deuce7", 6))
        return pyeval_eval_deuce7(a, n, k, out);
    if (!strcmp(s, "badugi"))
        return pyeval_eval_badugi(a, n, out);
    if (!strcmp(s, "shortdeck"))
        return pyeval_eval_shortdeck(a, n, k, 1, out);
    return pyeval_eval_high(a, n, k, out);
}

static int bench(const struct kind *kd, int64_t n, int repeats)
{
    int per = kd->hole + kd->board;
    uint8_t *all = malloc((size_t)n * (size_t)per);
    uint8_t *hole = malloc((size_t)n * (size_t)kd->hole);
    uint8_t *board = kd->board ? malloc((size_t)n * (size_t)kd->board) : NULL;
    int32_t *out = malloc((size_t)n * sizeof(int32_t));
    double *t = malloc((size_t)repeats * sizeof(double));
    if (!all || !hole || (kd->board && !board) || !out || !t) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    deal(all, n, per, kd->lowest);
    for (int64_t i = 0; i < n; i++) { /* split rows into the hole and board arrays */
        memcpy(hole + i * kd->hole, all + i * per, (size_t)kd->hole);
        if (kd->board)
            memcpy(board + i * kd->board, all + i * per + kd->hole, (size_t)kd->board);
    }
    free(all);

    int64_t rc = run(kd, hole, board, n < 100000 ? n : 100000, out); /* warm-up */
    for (int r = 0; r < repeats && rc == -1; r++) {
        double t0 = now();
        rc = run(kd, hole, board, n, out);
        t[r] = now() - t0;
    }
    if (rc != -1) {
        fprintf(stderr, "%s: evaluator returned %lld\n", kd->name, (long long)rc);
        return 1;
    }
    uint64_t checksum = 0;
    for (int64_t i = 0; i < n; i++)
        checksum = checksum * 31 + (uint32_t)out[i];
    qsort(t, (size_t)repeats, sizeof(double), cmp_double);
    double med = repeats % 2 ? t[repeats / 2] : 0.5 * (t[repeats / 2 - 1] + t[repeats / 2]);
    printf("%-11s %11lld hands  median %8.4f s  %9.2f M hands/s  (best %9.2f M/s, %6.2f ns/hand)  checksum %016llx\n",
           kd->name, (long long)n, med, n / med / 1e6, n / t[0] / 1e6, med / n * 1e9,
           (unsigned long long)checksum);
    free(hole);
    free(board);
    free(out);
    free(t);
    return 0;
}

/* Hold'em Monte Carlo preflop, n deals per timed call: AhAs vs KdKc (mc_holdem), or AhAs vs KdKc vs a
 * hand drawn with the board (mc_random). */
static int bench_mc(const char *name, int64_t n, int repeats)
{
    const int random_third = !strcmp(name, "mc_random"), players = random_third ? 3 : 2;
    const uint8_t holes[6] = {50, 51, 45, 44, 0, 0}; /* Ah As, Kd Kc, the drawn hand's row zero */
    uint8_t deck[52], known[1] = {0};
    int deck_n = 0;
    for (int c = 0; c < 52; c++)
        if (c != 50 && c != 51 && c != 45 && c != 44)
            deck[deck_n++] = (uint8_t)c;
    int64_t counts[8];
    double *t = malloc((size_t)repeats * sizeof(double));
    if (!t)
        return 1;
    for (int r = 0; r < repeats; r++) {
        uint64_t state[4] = {1, 2, 3, (uint64_t)r + 4};
        memset(counts, 0, sizeof counts);
        double t0 = now();
        int64_t rc = pyeval_board_patterns_sample(holes, players, 2, known, 0, deck, deck_n, 5, PYEVAL_KIND_HIGH, -1,
                                                  random_third ? 4u : 0u, state, n, counts, 1 << players);
        t[r] = now() - t0;
        if (rc != 0) {
            fprintf(stderr, "%s: sampler returned %lld\n", name, (long long)rc);
            free(t);
            return 1;
        }
    }
    qsort(t, (size_t)repeats, sizeof(double), cmp_double);
    double med = repeats % 2 ? t[repeats / 2] : 0.5 * (t[repeats / 2 - 1] + t[repeats / 2]);
    printf("%-11s %11lld deals  median %8.4f s  %9.2f M deals/s  (best %9.2f M/s, %6.2f ns/deal)  AhAs wins %.4f\n",
           name, (long long)n, med, n / med / 1e6, n / t[0] / 1e6, med / n * 1e9, (double)counts[1] / n);
    free(t);
    return 0;
}

int main(int argc, char **argv)
{
    int64_t n = argc > 1 ? atoll(argv[1]) : 10000000;
    int repeats = argc > 2 ? atoi(argv[2]) : 7;
    const int nkinds = (int)(sizeof KINDS / sizeof KINDS[0]);
    if (n <= 0 || repeats <= 0) {
        fprintf(stderr, "usage: %s [n=10000000] [repeats=7] [kind...]\n", argv[0]);
        return 2;
    }
    if (getenv("C_BENCH_PORTABLE")) /* the high evaluator without its AVX-512 path, for an A/B in one build */
        pyeval_high_simd(0);
    printf("high evaluator: %s\n", pyeval_high_simd(-1) ? "AVX-512 path" : "portable loop");
    int status = 0;
    int mc_wanted = argc <= 3, mc_random_wanted = 0;
    for (int a = 3; a < argc; a++) {
        mc_wanted |= !strcmp(argv[a], "mc_holdem");
        mc_random_wanted |= !strcmp(argv[a], "mc_random");
    }
    for (int i = 0; i < nkinds; i++) {
        int wanted = argc <= 3;
        for (int a = 3; a < argc; a++)
            wanted |= !strcmp(argv[a], KINDS[i].name);
        if (wanted)
            status |= bench(&KINDS[i], n, repeats);
    }
    if (mc_wanted)
        status |= bench_mc("mc_holdem", n, repeats);
    if (mc_random_wanted)
        status |= bench_mc("mc_random", n, repeats);
    return status;
}
