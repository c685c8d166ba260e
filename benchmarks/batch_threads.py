"""Batch evaluators from Python on one thread and on every core: hands per second, and the ratio.

A long batch is cut into one slice per thread (pyeval/_threads.py).  Each round times the same
batch with ``threads=1`` and then with ``threads=T`` (default: every usable core); the figures are
the medians over rounds of each rate and of the same-round ratio, so that the machine's load,
which swings between minutes, cancels out of the ratio.

Usage (from the repository root)::

    python benchmarks/batch_threads.py                     # 7-, 6- and 5-card high, Omaha, 10M hands
    python benchmarks/batch_threads.py --n 4000000 --rounds 9 --kind high7
    python benchmarks/batch_threads.py --out             # strengths into one array reused (out=)

Without ``--out`` every call returns a new array, whose first touch (page faults on fresh memory)
is part of what is timed, as in a script that keeps each batch's result.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np
import peers  # benchmarks/ is sys.path[0] when run as a script

import pyeval
from pyeval.core._threads import usable_cpus

KINDS = ["high7", "high6", "high5", "omaha"]  # benchmarks/peers.py's, whose inputs are dealt there


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=10_000_000, help="hands per batch")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--threads", type=int, default=usable_cpus(), help="the parallel run's threads")
    ap.add_argument("--kind", action="append", choices=KINDS, help="repeatable; default all")
    ap.add_argument("--out", action="store_true", help="write into one int32 array, reused (out=)")
    args = ap.parse_args()
    print(f"{args.n:,} random hands a batch, {args.rounds} rounds, threads 1 and {args.threads} "
          f"({usable_cpus()} usable cores), {'out= reused' if args.out else 'a new result array a call'}; "
          f"load average {os.getloadavg()[0]:.2f} at the start")
    print("| kind | 1 thread, M hands/s | "
          f"{args.threads} threads, M hands/s | ratio (median of same-round ratios) |")
    print("| --- | ---: | ---: | ---: |")
    for kind in args.kind or KINDS:
        fn = getattr(pyeval, peers.KINDS[kind][0])
        cards = peers.make_inputs(kind, args.n, seed=2024)  # Omaha: hole and board, each contiguous

        reused = np.empty(args.n, np.int32) if args.out else None

        def run(arrays, threads, fn=fn, reused=reused):
            out = reused[:len(arrays[0])] if reused is not None else None
            return fn(*arrays, threads=threads, out=out).copy()

        head = tuple(a[:300_000] for a in cards)
        assert np.array_equal(run(head, 1), run(head, args.threads))
        one, many = [], []
        for _ in range(args.rounds):
            for threads, rates in ((1, one), (args.threads, many)):
                t0 = time.perf_counter()
                fn(*cards, threads=threads, out=reused)
                rates.append(args.n / (time.perf_counter() - t0) / 1e6)
        ratio = statistics.median(m / o for m, o in zip(many, one))
        print(f"| {kind} | {statistics.median(one):.1f} | {statistics.median(many):.1f} | {ratio:.2f}x |", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
