"""Batch evaluators from Python on one thread and on every core: hands per second, and the ratio.

A long batch is cut into one slice per thread (pyeval/_threads.py).  Each round times the same
batch with ``threads=1`` and then with ``threads=T`` (default: every usable core); the figures are
the medians over rounds of each rate and of the same-round ratio, so that the machine's load,
which swings between minutes, cancels out of the ratio.

Usage (from the repository root)::

    python benchmarks/batch_threads.py                     # 7-, 6- and 5-card high, Omaha, 10M hands
    python benchmarks/batch_threads.py --n 4000000 --rounds 9 --kind high7
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

import pyeval
from pyeval._threads import usable_cpus


def random_hands(rng, n: int, k: int) -> np.ndarray:
    """(n, k) uint8 hands of k distinct cards, drawn in blocks to bound the memory."""
    out = np.empty((n, k), np.uint8)
    for lo in range(0, n, 1 << 20):
        hi = min(n, lo + (1 << 20))
        out[lo:hi] = np.argpartition(rng.random((hi - lo, 52)), k, axis=1)[:, :k]
    return out


KINDS = {
    "high7": (7, lambda c, t: pyeval.evaluate_high(c, threads=t)),
    "high6": (6, lambda c, t: pyeval.evaluate_high(c, threads=t)),
    "high5": (5, lambda c, t: pyeval.evaluate_high(c, threads=t)),
    "omaha": (9, lambda c, t: pyeval.evaluate_omaha(*c, threads=t)),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=10_000_000, help="hands per batch")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--threads", type=int, default=usable_cpus(), help="the parallel run's threads")
    ap.add_argument("--kind", action="append", choices=list(KINDS), help="repeatable; default all")
    args = ap.parse_args()
    rng = np.random.default_rng(2024)
    print(f"{args.n:,} random hands a batch, {args.rounds} rounds, threads 1 and {args.threads} "
          f"({usable_cpus()} usable cores); load average {os.getloadavg()[0]:.2f} at the start")
    print("| kind | 1 thread, M hands/s | "
          f"{args.threads} threads, M hands/s | ratio (median of same-round ratios) |")
    print("| --- | ---: | ---: | ---: |")
    for kind in args.kind or list(KINDS):
        k, run = KINDS[kind]
        cards = random_hands(rng, args.n, k)
        if kind == "omaha":  # hole and board as separate contiguous arrays, used without a copy
            cards = (np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:]))
        head = tuple(a[:300_000] for a in cards) if kind == "omaha" else cards[:300_000]
        assert np.array_equal(run(head, 1), run(head, args.threads))
        one, many = [], []
        for _ in range(args.rounds):
            for threads, rates in ((1, one), (args.threads, many)):
                t0 = time.perf_counter()
                run(cards, threads)
                rates.append(args.n / (time.perf_counter() - t0) / 1e6)
        ratio = statistics.median(m / o for m, o in zip(many, one))
        print(f"| {kind} | {statistics.median(one):.1f} | {statistics.median(many):.1f} | {ratio:.2f}x |", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
