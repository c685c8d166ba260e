"""Speed of pyeval.strength's tables (issue 41): the whole river EHS table, then slices of the
turn and flop tables (a slice costs about its share of the whole: every state's runouts are
looked up in the river table, independently of the others), scaled to the whole street, and the
baseline they replace: features() counting every opponent hand and runout of a state directly.

    python benchmarks/strength.py [--turn-states 250000] [--flop-states 20000] [--repeats 3]

Prints the figures and the load average; benchmarks/RESULTS.md keeps them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

from pyeval.strength import STATES, features
from pyeval.strength.tables import chunk_counts, river_e


def timed(fn, repeats: int) -> float:
    out = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turn-states", type=int, default=250_000)
    ap.add_argument("--flop-states", type=int, default=20_000)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    print(f"load before: {os.getloadavg()}")
    t = time.perf_counter()
    e = river_e()
    river = time.perf_counter() - t
    print(f"river EHS, all {STATES['river']:,} states: {river:.1f} s (once; {e.nbytes / 1e6:.0f} MB)")
    for street, n in (("turn", a.turn_states), ("flop", a.flop_states)):
        lo = STATES[street] // 3  # a slice from the middle of the street
        sec = timed(lambda street=street, lo=lo, n=n: chunk_counts(street, lo, lo + n, 50), a.repeats)
        whole = sec * STATES[street] / n
        print(f"{street} EHS, EHS2, 50-bin hist: {n:,} states in {sec:.2f} s (median of {a.repeats}) "
              f"-> whole street {whole:.0f} s = {whole / 60:.1f} min")
    rng = np.random.default_rng(0)
    rows = np.array([rng.choice(52, 5, replace=False) for _ in range(20)], dtype=np.uint8)
    sec = timed(lambda: features(rows[:, :2], rows[:, 2:]), 1)
    print(f"baseline features() on 20 flop states: {sec:.2f} s -> whole flop {sec / 20 * STATES['flop'] / 3600:.1f} h")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
