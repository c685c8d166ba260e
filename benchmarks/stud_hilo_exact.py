"""Exact heads-up stud hi/lo: the joint count (pyeval.engines.single.two_hand_hilo) against the walk (issue 16, item 3).

    python benchmarks/stud_hilo_exact.py --repeats 3

Times ``pyeval.equity(..., method="exact")`` on third street with 10 dead cards (2.1e9 outcomes)
and with none (18.3e9), on 1 and 2 threads, and, on a spot small enough to walk, the joint count
against the generic enumeration of every outcome (the path stud hi/lo took before), checking
that both give the same counts.  Medians of ``--repeats`` runs in this process (the kernels
compiled or loaded by a first untimed run).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

import pyeval
from pyeval.engines import engine
from pyeval.engines.single import two_hand_hilo

HANDS = ["AsAd7c", "KhKd2s"]
SPOTS = {"third street, 10 dead cards": "2c3c4c5c6c7d8d9dTdJd", "third street, no dead card": ""}
WALK_SPOT = (["AsAd7cKs", "3h4h5dKd"], "2c3c4c5c6c7d8d9dTdJd")  # fourth street, 26.9M outcomes


def median_time(fn, repeats: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeats):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    pyeval.equity("stud-hilo", HANDS, dead="2c3c4c5c6c7d8d9dTdJdQdQc", method="exact")  # compile or load
    print("| spot | outcomes | threads | seconds (median) | equity |")
    print("| --- | ---: | ---: | ---: | --- |")
    for name, dead in SPOTS.items():
        for threads in (1, 2):
            s, r = median_time(lambda d=dead, t=threads: pyeval.equity("stud-hilo", HANDS, dead=d, method="exact",
                                                                       threads=t), args.repeats)
            print(f"| {name} | {r.outcomes:,} | {threads} | {s:.2f} | {np.round(r.equity, 6).tolist()} |", flush=True)
    g = pyeval.get_game("stud-hilo")
    lay = engine.build_layout(g, [pyeval.parse_cards(h) for h in WALK_SPOT[0]], [], pyeval.parse_cards(WALK_SPOT[1]))
    jobs = [(min(engine.CHUNK, lay.outcomes - s), s, None) for s in range(0, lay.outcomes, engine.CHUNK)]
    walk_s, walked = median_time(lambda: engine.run_chunks(lay, jobs, 1), args.repeats)
    count_s, counted = median_time(lambda: two_hand_hilo.run(lay, 1), args.repeats)
    same = all(np.array_equal(getattr(walked, k), getattr(counted, k))
               for k in ("units", "sumsq", "wins", "ties", "part_units", "no_qualifier"))
    print(f"\nfourth street {' vs '.join(WALK_SPOT[0])}, dead {WALK_SPOT[1]} ({lay.outcomes:,} outcomes, 1 thread): "
          f"walked {walk_s:.2f} s, counted {count_s:.3f} s ({walk_s / count_s:.0f}x); same counts: {same}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
