"""One Monte Carlo spot's rate on one thread, from the pyeval of a given source tree: an A/B of two
builds (two worktrees, each with its extension built in place) in separate processes, in turn.

Usage::

    python benchmarks/interleave.py --rounds 5 --cpu 1 \\
        "old=python benchmarks/spot_rate.py /tmp/old-tree holdem - AhAs KdKc random" \\
        "new=python benchmarks/spot_rate.py . holdem - AhAs KdKc random"

Arguments: TREE GAME BOARD HAND... (BOARD "-" for none).  Prints the median of 3 queries of 10M samples
(after a 1M-sample warm-up), in M samples/s, and which pyeval it imported.
"""

from __future__ import annotations

import os
import statistics
import sys
import time


def main() -> int:
    if len(sys.argv) < 5:
        raise SystemExit(__doc__)
    sys.path.insert(0, os.path.abspath(sys.argv[1]))
    import pyeval

    game, board, hands = sys.argv[2], (None if sys.argv[3] == "-" else sys.argv[3]), sys.argv[4:]
    pyeval.equity(game, hands, board, method="monte-carlo", samples=1_000_000, seed=1, threads=1)
    times = []
    for _ in range(3):
        t = time.perf_counter()
        pyeval.equity(game, hands, board, method="monte-carlo", samples=10_000_000, seed=1, threads=1)
        times.append(time.perf_counter() - t)
    print(f"{10 / statistics.median(times):.2f} M samples/s  ({pyeval.__file__})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
