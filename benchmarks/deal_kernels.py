"""The stud and draw kernels in C (pyeval._deal_kernels) against the numba kernels they replaced
(tests/numba_kernels.py), warm, in one process: the same queries, alternating, median of repeats.

    python benchmarks/deal_kernels.py --repeats 5 --threads 1

CPU time (all threads) and wall time per query; the ratio is numba / C (above 1: C faster).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_cold_kernels import numba_twins  # noqa: E402  (the numba kernels behind the C kernels' signatures)

import pyeval  # noqa: E402
from pyeval import _deal_kernels  # noqa: E402

QUERIES = {
    "stud MC 2M": ("stud", ["AsAd7c", "KhKd2s"], dict(samples=2_000_000, seed=7)),
    "stud-hilo 8-way MC 400k": ("stud-hilo", ["AsAd7c"] + ["random"] * 7, dict(samples=400_000, seed=1)),
    "draw MC 2M": ("badugi", ["As2d", "Kh3c"], dict(samples=2_000_000, seed=1)),
    "stud exact (two-hand count)": ("stud", ["AsAd7c", "KhKd2s"], dict(dead="2c3c4c5c6c7d8d9dTdJd", method="exact")),
    "stud-hilo exact (hi/lo count)": ("stud-hilo", ["AsAd7c", "KhKd2s"], dict(dead="2c3c4c5c6c7d8d9dTdJd",
                                                                              method="exact")),
    "multiway stud exact": ("stud", ["AsAdKcKs2h7h", "3h4h5d6d9c8s", "QcQdJcJdTh9h"], dict(method="exact")),
}


def timed(game, hands, kw, threads):
    c0, w0 = time.process_time(), time.perf_counter()
    r = pyeval.equity(game, hands, threads=threads, **kw)
    return time.process_time() - c0, time.perf_counter() - w0, r


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    c_kernels = {name: getattr(_deal_kernels, name) for name in vars(numba_twins())}
    print("| query | C: CPU s | C: wall s | numba: CPU s | numba: wall s | numba / C (CPU) | same answer |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for label, (game, hands, kw) in QUERIES.items():
        runs: dict[str, list] = {"C": [], "numba": []}
        answers = {}
        for r in range(args.repeats + 1):  # the first round warms both (numba's cache load)
            for impl in ("C", "numba") if r % 2 else ("numba", "C"):
                kernels = c_kernels if impl == "C" else vars(numba_twins())
                for name, fn in kernels.items():
                    setattr(_deal_kernels, name, fn)
                cpu, wall, res = timed(game, hands, kw, args.threads)
                answers[impl] = (res.equity.tolist(), res.win.tolist(), res.tie.tolist())
                if r:
                    runs[impl].append((cpu, wall))
        for name, fn in c_kernels.items():
            setattr(_deal_kernels, name, fn)
        med = {k: [statistics.median(x[i] for x in v) for i in range(2)] for k, v in runs.items()}
        print(f"| {label} | {med['C'][0]:.3f} | {med['C'][1]:.3f} | {med['numba'][0]:.3f} | {med['numba'][1]:.3f} | "
              f"{med['numba'][0] / med['C'][0]:.2f} | {answers['C'] == answers['numba']} |", flush=True)
    print(f"\nthreads={args.threads}, median of {args.repeats}; load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
