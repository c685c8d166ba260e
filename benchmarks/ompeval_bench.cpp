// OMPEval as a same-run baseline for benchmarks/c_bench.c (our harness; OMPEval's code is linked, not copied).
//
// Build against a checkout of github.com/zekyll/OMPEval (OMP=that folder):
//
//   g++ -O3 -std=c++11 -pthread -include functional -I$OMP -o /tmp/ompeval_bench benchmarks/ompeval_bench.cpp \
//       $OMP/omp/HandEvaluator.cpp $OMP/omp/EquityCalculator.cpp $OMP/omp/CardRange.cpp $OMP/omp/CombinedRange.cpp
//
//   /tmp/ompeval_bench eval N R K   OMPEval's HandEvaluator on the N random K-card hands c_bench deals (same
//                                   generator and seed), Hand::empty() + each card, R timed passes; median rate.
//                                   It checks nothing (c_bench's hands are valid).
//   /tmp/ompeval_bench exact R BOARD DEAD RANGE...
//                                   its EquityCalculator's exact enumeration on one thread, R timed runs (a new
//                                   calculator each); the median wall time.  BOARD and DEAD are "-" or cards.
//   /tmp/ompeval_bench mc S T [BOARD] [RANGE...]
//                                   its EquityCalculator Monte Carlo for S seconds on T threads; its own samples/s.
//                                   The players' ranges default to AhAs KdKc (OMPEval's syntax: "random", "QQ+");
//                                   BOARD is "-" (none, the default) or the known cards, as "Th9s2c".
//
// (-include functional: omp/EquityCalculator.h uses std::function without including it.)  g++ 12 also needs
// OMPEval's XoroShiro128Plus::min and max constexpr (std::uniform_int_distribution
// asserts on them): sed -i 's/static uint64_t m\(in\|ax\)()/static constexpr uint64_t m\1()/' $OMP/omp/Random.h
//
// Output ends in "M hands/s" or "speed X M/s", which benchmarks/interleave.py and mc_scaling.py read.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "omp/EquityCalculator.h"
#include "omp/HandEvaluator.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t splitmix64()
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// c_bench.c's deal(): n rows of k distinct cards from 0..51 (rank * 4 + suit, OMPEval's numbering too).
static void deal(uint8_t *out, int64_t n, int k)
{
    for (int64_t i = 0; i < n; i++) {
        uint64_t used = 0;
        for (int j = 0; j < k;) {
            uint64_t c = (uint64_t)(((unsigned __int128)splitmix64() * 52u) >> 64);
            if (used & (1ull << c))
                continue;
            used |= 1ull << c;
            out[i * k + j++] = (uint8_t)c;
        }
    }
}

static int eval_bench(int64_t n, int repeats, int k)
{
    std::vector<uint8_t> cards((size_t)(n * k));
    std::vector<uint16_t> out((size_t)n);
    deal(cards.data(), n, k);
    omp::HandEvaluator eval;
    std::vector<double> secs;
    uint64_t checksum = 0;
    for (int r = 0; r < repeats; r++) {
        auto t0 = std::chrono::steady_clock::now();
        const uint8_t *c = cards.data();
        for (int64_t i = 0; i < n; i++, c += k) {
            omp::Hand h = omp::Hand::empty();
            for (int j = 0; j < k; j++)
                h += omp::Hand(c[j]);
            out[(size_t)i] = eval.evaluate(h);
        }
        secs.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        for (int64_t i = 0; i < n; i += 997)
            checksum = checksum * 31 + out[(size_t)i];
    }
    std::sort(secs.begin(), secs.end());
    double median = secs[secs.size() / 2];
    std::printf("OMPEval high%d %lld hands  median %.4f s  %.2f M hands/s  (best %.2f M/s)  checksum %016llx\n", k,
                (long long)n, median, n / median / 1e6, n / secs[0] / 1e6, (unsigned long long)checksum);
    return 0;
}

// The players' ranges in OMPEval's syntax, and their names joined with " vs ".
static std::string ranges_of(int players, char **hands, std::vector<omp::CardRange> &ranges)
{
    std::string names;
    for (int i = 0; i < players; i++) {
        ranges.emplace_back(hands[i]);
        names += (i ? " vs " : "") + std::string(hands[i]);
    }
    return names;
}

static int mc_bench(double seconds, unsigned threads, const char *board, int players, char **hands)
{
    omp::EquityCalculator eq;
    std::vector<omp::CardRange> ranges;
    std::string names = ranges_of(players, hands, ranges);
    uint64_t board_mask = std::strcmp(board, "-") ? omp::CardRange::getCardMask(board) : 0;
    if (!eq.start(ranges, board_mask, 0, false, 0.0, nullptr, 0.2, threads)) {
        std::fprintf(stderr, "EquityCalculator refused the spot\n");
        return 1;
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    eq.stop();
    eq.wait();
    omp::EquityCalculator::Results r = eq.getResults();
    std::printf("OMPEval mc %s, board %s, %u threads: %llu hands in %.3f s, equity %.4f, speed %.2f M/s\n",
                names.c_str(), board, threads, (unsigned long long)r.hands, r.time, r.equity[0],
                r.hands / r.time / 1e6);
    return 0;
}

// Exact enumeration (enumerateAll) on one thread, R timed runs; the median wall time and the first player's equity.
static int exact_bench(int repeats, const char *board, const char *dead, int players, char **hands)
{
    std::vector<omp::CardRange> ranges;
    std::string names = ranges_of(players, hands, ranges);
    uint64_t board_mask = std::strcmp(board, "-") ? omp::CardRange::getCardMask(board) : 0;
    uint64_t dead_mask = std::strcmp(dead, "-") ? omp::CardRange::getCardMask(dead) : 0;
    std::vector<double> secs;
    omp::EquityCalculator::Results r{};
    for (int k = 0; k < repeats; k++) {
        omp::EquityCalculator eq;
        auto t0 = std::chrono::steady_clock::now();
        if (!eq.start(ranges, board_mask, dead_mask, true, 0.0, nullptr, 0.2, 1)) {
            std::fprintf(stderr, "EquityCalculator refused the spot\n");
            return 1;
        }
        eq.wait();
        secs.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        r = eq.getResults();
    }
    std::sort(secs.begin(), secs.end());
    std::printf("OMPEval exact %s, board %s, dead %s: %llu hands, equity %.6f, median %.6f s\n", names.c_str(), board,
                dead, (unsigned long long)r.hands, r.equity[0], secs[secs.size() / 2]);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 7 && !std::strcmp(argv[1], "exact"))
        return exact_bench(std::atoi(argv[2]), argv[3], argv[4], argc - 5, argv + 5);
    if (argc == 5 && !std::strcmp(argv[1], "eval"))
        return eval_bench(std::atoll(argv[2]), std::atoi(argv[3]), std::atoi(argv[4]));
    if (argc >= 4 && !std::strcmp(argv[1], "mc")) {
        static char aa[] = "AhAs", kk[] = "KdKc";
        static char *heads_up[] = {aa, kk};
        const char *board = argc >= 5 ? argv[4] : "-";
        if (argc <= 6)  // no ranges, or one: the default heads-up spot
            return mc_bench(std::atof(argv[2]), (unsigned)std::atoi(argv[3]), board, 2, heads_up);
        return mc_bench(std::atof(argv[2]), (unsigned)std::atoi(argv[3]), board, argc - 5, argv + 5);
    }
    std::fprintf(stderr, "usage: %s eval N R K | exact R BOARD DEAD RANGE... | mc SECONDS THREADS [BOARD] [RANGE...]\n", argv[0]);
    return 2;
}
