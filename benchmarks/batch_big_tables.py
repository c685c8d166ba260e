"""equity_batch on spots whose outcome-pattern table is large (issue 28, item 1): eight-handed
hold'em hi/lo rivers, 65,536 patterns a row.  Before the fix the batch allocated (rows, 65,536)
int64 tallies up front (1,000 rows: 40 s and 1.1 GB; 20,000 rows: a 9.8 GiB MemoryError); now each
job's histograms are tallied at once from their non-zero counts.

    python benchmarks/batch_big_tables.py --rows 1000 20000 --repeats 3

Each size runs in a fresh process, so the peak memory is that size's own."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

CHILD = """
import resource, sys, time
import numpy as np
import pyeval
n = int(sys.argv[1])
c = np.argsort(np.random.default_rng(1).random((n, 52)), 1)[:, :21].astype(np.uint8)
pyeval.equity_batch("holdem-hilo", c[:2, :16].reshape(-1, 8, 2), board=c[:2, 16:])  # warm the tables
t = time.perf_counter()
pyeval.equity_batch("holdem-hilo", c[:, :16].reshape(-1, 8, 2), board=c[:, 16:])
took = time.perf_counter() - t
peak = next(int(x.split()[1]) for x in open("/proc/self/status") if x.startswith("VmHWM")) / 1024
print(took, peak)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[1000, 20000])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    for n in args.rows:
        runs = [subprocess.run([sys.executable, "-c", CHILD, str(n)], capture_output=True, text=True, check=True)
                .stdout.split() for _ in range(args.repeats)]
        seconds = statistics.median(float(r[0]) for r in runs)
        peak = max(float(r[1]) for r in runs)
        print(f"{n:>7,} eight-handed hi/lo rivers: {seconds:.2f} s (median of {args.repeats}), peak {peak:.0f} MB")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
