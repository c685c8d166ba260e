"""What two cores give board Monte Carlo here: the machine's own ceiling against pyeval's threads.

Usage (from the repository root; C_BENCH built as benchmarks/c_bench.c's header says)::

    python benchmarks/mc_scaling.py --c-bench /tmp/c_bench --rounds 5 [--ompeval /tmp/ompeval_bench]

Each round runs, back to back:

* the machine: ``c_bench N 3 mc_holdem`` (the C sampler alone, no Python) on CPU 1 alone, then two
  copies at once on CPUs 0 and 1; the ceiling is (sum of the two rates) / (the rate alone);
* pyeval: ``pyeval.equity("holdem", ["AhAs", "KdKc"], method="monte-carlo", samples=S)`` with
  threads=1, then threads=2, in one process (samples per second of wall time).  S defaults to
  100M, so that a query lasts about as long as the OMPEval run (1 s).  The same pair of queries
  with ``--short`` samples (20M, 0.12 s on two threads) is timed as well: there the two-thread
  query pays the few ms this host takes to wake the core that sat idle during the one-thread
  query, which a 1 s run hides;
* OMPEval's EquityCalculator on the same spot with 1, then 2 threads (``--ompeval``: the
  harness benchmarks/ompeval_bench.cpp, ``mc SECONDS THREADS``), when given.

Medians of the per-round ratios are printed: the rounds share whatever load the machine has.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import time

RATE = re.compile(r"([0-9.]+) M deals/s|speed ([0-9.]+) M/s")


def rate(command: list[str]) -> float:
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    m = RATE.search(out)
    if not m:
        raise SystemExit(f"no rate in {command}: {out}")
    return float(next(g for g in m.groups() if g))


def machine_ceiling(c_bench: str, n: int) -> tuple[float, float]:
    """(rate alone, sum of two simultaneous rates) of the C sampler, M deals/s."""
    alone = rate(["taskset", "-c", "1", c_bench, str(n), "3", "mc_holdem"])
    procs = [subprocess.Popen(["taskset", "-c", str(cpu), c_bench, str(n), "3", "mc_holdem"], stdout=subprocess.PIPE,
                              text=True) for cpu in (0, 1)]
    outs = [p.communicate()[0] for p in procs]
    together = sum(float(next(g for g in RATE.search(o).groups() if g)) for o in outs)
    return alone, together


def pyeval_rate(samples: int, threads: int) -> float:
    import pyeval

    t = time.perf_counter()
    pyeval.equity("holdem", ["AhAs", "KdKc"], method="monte-carlo", samples=samples, seed=1, threads=threads)
    return samples / (time.perf_counter() - t) / 1e6


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--c-bench", required=True)
    ap.add_argument("--ompeval", default=None)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--deals", type=int, default=4_000_000, help="deals per c_bench repeat")
    ap.add_argument("--samples", type=int, default=100_000_000, help="samples per pyeval query")
    ap.add_argument("--short", type=int, default=20_000_000, help="samples per short pyeval query")
    args = ap.parse_args()
    pyeval_rate(1_000_000, 2)  # warm: import, thread pool, caches
    start_load = os.getloadavg()[0]
    rows: dict[str, list[float]] = {"machine": [], "pyeval": [], "short": [], "OMPEval": []}
    for r in range(args.rounds):
        alone, together = machine_ceiling(args.c_bench, args.deals)
        one, two = pyeval_rate(args.samples, 1), pyeval_rate(args.samples, 2)
        rows["machine"].append(together / alone)
        short_one, short_two = pyeval_rate(args.short, 1), pyeval_rate(args.short, 2)
        rows["pyeval"].append(two / one)
        rows["short"].append(short_two / short_one)
        line = (f"round {r}: C sampler alone {alone:.2f}, two processes {together:.2f} M/s; "
                f"pyeval 1 thread {one:.2f}, 2 threads {two:.2f} M/s (short: {short_one:.2f}, {short_two:.2f})")
        if args.ompeval:
            o1, o2 = rate([args.ompeval, "mc", "1", "1"]), rate([args.ompeval, "mc", "1", "2"])
            rows["OMPEval"].append(o2 / o1)
            line += f"; OMPEval 1 thread {o1:.2f}, 2 threads {o2:.2f} M/s"
        print(line, flush=True)
    print(f"\nload average {start_load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; medians of "
          f"{args.rounds} rounds")
    print("| what | two cores / one (median of the rounds) |")
    print("| --- | ---: |")
    print(f"| the machine: two C sampler processes at once / one alone | {statistics.median(rows['machine']):.2f}x |")
    print(f"| pyeval.equity, threads=2 / threads=1 | {statistics.median(rows['pyeval']):.2f}x |")
    print(f"| the same, {args.short // 1_000_000}M-sample queries | {statistics.median(rows['short']):.2f}x |")
    if rows["OMPEval"]:
        print(f"| OMPEval EquityCalculator, 2 threads / 1 | {statistics.median(rows['OMPEval']):.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
