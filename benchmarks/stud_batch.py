"""Stud, razz and draw rows of ``equity_batch``: time per row by the old path (one ``pyeval.equity``
call a row, what ``equity_batch`` did for every stud and draw row before issue 29 item 3) against
the C rows (csrc/stud_batch.c), in the same process, repeats interleaved, medians printed.

The old path is the batch with ``Game.stud_kinds`` answering None, which sends
every row to ``pyeval.equity`` as before.  Both runs give the same counts (checked on every repeat).

Usage (from the repository root)::

    PYTHONPATH=. python benchmarks/stud_batch.py                   # every spot, 5 repeats
    PYTHONPATH=. python benchmarks/stud_batch.py --rows 2000 --repeats 7 --threads 1
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from unittest import mock

import numpy as np

import pyeval

# name -> (game, players, known cards a hand, dead cards, method, samples)
SPOTS = {
    "stud 6th street, heads-up, exact": ("stud", 2, 6, 2, "exact", None),
    "stud hi/lo 6th street, heads-up, exact": ("stud-hilo", 2, 6, 2, "exact", None),
    "razz 6th street, 3-way, exact": ("razz", 3, 6, 0, "exact", None),
    "stud 7th street, 8 players (common card), exact": ("stud", 8, 6, 0, "exact", None),
    "stud 5th street, heads-up, exact": ("stud", 2, 5, 0, "exact", None),
    "stud hi/lo 5th street, heads-up, exact (left to equity)": ("stud-hilo", 2, 5, 0, "exact", None),
    "2-7 draw, 3 kept vs 4 kept, exact": ("draw-deuce7", 2, (3, 4), 0, "exact", None),
    "stud 4th street, 3-way, Monte Carlo 10,000": ("stud", 3, 4, 0, "monte-carlo", 10_000),
}


def rows_of(game: str, n: int, players: int, known, dead_n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    g = pyeval.get_game(game)
    rng = np.random.default_rng(seed)
    counts = [known] * players if isinstance(known, int) else list(known)
    holes = np.full((n, players, g.hole), -1, np.int64)
    dead = np.zeros((n, dead_n), np.int64)
    for i in range(n):
        cards = rng.choice(52, sum(counts) + dead_n, replace=False)
        at = 0
        for p, k in enumerate(counts):
            holes[i, p, :k] = cards[at:at + k]
            at += k
        dead[i] = cards[at:]
    return holes, dead


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=1000, help="rows a batch (the old path's runs take ~1 ms a row)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--threads", type=int, default=None, help="default: every core")
    ap.add_argument("--spot", action="append", choices=list(SPOTS), help="repeatable; default all")
    args = ap.parse_args()
    print(f"{args.rows:,} rows a batch, {args.repeats} repeats interleaved, threads {args.threads or 'all'} "
          f"({os.cpu_count()} cores); load average {os.getloadavg()[0]:.2f} at the start")
    print("| spot | old path, us a row | C rows, us a row | speed-up |")
    print("| --- | ---: | ---: | ---: |")
    for name in args.spot or list(SPOTS):
        game, players, known, dead_n, method, samples = SPOTS[name]
        holes, dead = rows_of(game, args.rows, players, known, dead_n, seed=29)
        kw = {"method": method, "samples": samples, "seed": 1, "threads": args.threads}
        pyeval.equity_batch(game, holes[:2], dead=dead[:2], **kw)  # the first call's set-up, out of the timing
        old, new = [], []
        for _ in range(args.repeats):
            t = time.perf_counter()
            with mock.patch.dict(pyeval.get_game(game).__dict__, {"stud_kinds": None}):  # the old path
                before = pyeval.equity_batch(game, holes, dead=dead, **kw)
            old.append(time.perf_counter() - t)
            t = time.perf_counter()
            after = pyeval.equity_batch(game, holes, dead=dead, **kw)
            new.append(time.perf_counter() - t)
            assert before == after, "the C rows differ from the single queries"
        a, b = statistics.median(old) / args.rows * 1e6, statistics.median(new) / args.rows * 1e6
        print(f"| {name} | {a:,.1f} | {b:,.2f} | {a / b:,.0f}x |", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
