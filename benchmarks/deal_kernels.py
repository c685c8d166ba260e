"""The stud and draw kernels in C (pyeval.engines.native.deal_kernels) against the numba kernels they replaced
(tests/numba_kernels.py), warm, in one process: the same queries, alternating, median of repeats.

    python benchmarks/deal_kernels.py --repeats 5 --threads 1

CPU time (all threads) and wall time per query; the ratio is numba / C (above 1: C faster).
"""

from __future__ import annotations

import argparse
import operator
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernel_ab import print_comparison  # noqa: E402
from test_cold_kernels import numba_twins  # noqa: E402  (the numba kernels behind the C kernels' signatures)

import pyeval  # noqa: E402
from pyeval.engines.native import deal_kernels  # noqa: E402

QUERIES = {
    "stud MC 2M": ("stud", ["AsAd7c", "KhKd2s"], dict(samples=2_000_000, seed=7)),
    "stud-hilo 8-way MC 400k": ("stud-hilo", ["AsAd7c"] + ["random"] * 7, dict(samples=400_000, seed=1)),
    "draw MC 2M": ("badugi", ["As2d", "Kh3c"], dict(samples=2_000_000, seed=1)),
    "stud exact (two-hand count)": ("stud", ["AsAd7c", "KhKd2s"], dict(dead="2c3c4c5c6c7d8d9dTdJd", method="exact")),
    "stud-hilo exact (hi/lo count)": ("stud-hilo", ["AsAd7c", "KhKd2s"], dict(dead="2c3c4c5c6c7d8d9dTdJd",
                                                                              method="exact")),
    "multiway stud exact": ("stud", ["AsAdKcKs2h7h", "3h4h5d6d9c8s", "QcQdJcJdTh9h"], dict(method="exact")),
}


def query(game, hands, kw):
    def call(threads):
        r = pyeval.equity(game, hands, threads=threads, **kw)
        return r.equity.tolist(), r.win.tolist(), r.tie.tolist()
    return call


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    calls = {label: query(*q) for label, q in QUERIES.items()}
    print_comparison(deal_kernels, numba_twins, calls, args.repeats, args.threads, operator.eq, what="query")
    return 0


if __name__ == "__main__":
    sys.exit(main())
