"""Warm speed of exact range equity with the C kernels (pyeval/range_exact.py) against the numba
kernels they replaced (tests/numba_range_kernels.py), in one process, round after round.

Each round times every spot once with each kernel set, back to back (both warm: every kernel is
run once before the rounds), so both share the machine's load of that moment; the figure to read
is the median over rounds of numba's time over C's (above 1: C is faster).  The counts of both are
compared too.

    python benchmarks/range_exact_kernels.py --rounds 7 --threads 1
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import numba_range_kernels as K  # noqa: E402

from pyeval.engines.native import range_exact  # noqa: E402
from pyeval.engines.range import equity as range_equity  # noqa: E402
from pyeval.engines.range import spot as range_spot  # noqa: E402  (the module that calls the kernels)

NUMBA = K.AS_RANGE_EXACT

SPOTS = {  # name (the exact path auto picks): (game, hands, board)
    "HU flop sweep (range exact)": ("holdem", ["AKs,QQ+", "15%"], "Kd8c2s"),
    "HU turn sweep": ("holdem", ["AKs,QQ+,JTs", "30%"], "Kd8c2s7h"),
    "HU river sweep": ("holdem", ["40%", "30%"], "Kd8c2s7h3d"),
    "HU preflop assignments": ("holdem", ["AKs,QQ+,AhQh", "JJ-99,AQs"], ""),
    "3-way flop board-major": ("holdem", ["AA,KK,AKs", "QQ-TT,AQs", "JJ-88,KQs"], "Kd8c2s"),
    "3-way turn board-major": ("holdem", ["AA-TT,AK", "99-66,AQs,KQs", "JTs-54s"], "Kd8c2s7h"),
    "omaha-hilo turn board-major": ("omaha-hilo", ["AA23,AA24", "KKQQ,KKJJ"], "2c7dTh9s"),
}


def run(spot, threads):
    game, hands, board = spot
    t0 = time.perf_counter()
    r = range_equity.range_equity(game, hands, board=board, method="exact", threads=threads)
    return time.perf_counter() - t0, r


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    kernels = {"C": range_exact, "numba": NUMBA}
    times: dict = {(name, k): [] for name in SPOTS for k in kernels}
    for spot in SPOTS.values():  # warm both, and the same counts
        results = {}
        for k, mod in kernels.items():
            range_spot.range_exact = mod
            results[k] = run(spot, args.threads)[1]
        c, n = results["C"], results["numba"]
        assert c.outcomes == n.outcomes and c.wins.tolist() == n.wins.tolist() and c.ties.tolist() == n.ties.tolist()
    for _ in range(args.rounds):
        for name, spot in SPOTS.items():
            for k, mod in kernels.items():
                range_spot.range_exact = mod
                times[(name, k)].append(run(spot, args.threads)[0])
    range_spot.range_exact = range_exact
    print(f"{'spot':32} {'C ms':>9} {'numba ms':>9} {'numba/C':>8}")
    for name in SPOTS:
        ratios = [n / c for c, n in zip(times[(name, "C")], times[(name, "numba")])]
        print(f"{name:32} {1e3 * statistics.median(times[(name, 'C')]):9.1f} "
              f"{1e3 * statistics.median(times[(name, 'numba')]):9.1f} {statistics.median(ratios):8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
