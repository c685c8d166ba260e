"""A small query against its row in ``equity_batch`` (issue 37's target: at most 1.15x for hand
against a random hand on a flop, at most 2x for a heads-up turn spot), timed in one process.

    PYTHONPATH=. python benchmarks/small_query.py [rounds]

Each round times, one after the other, the median of warm ``pyeval.equity`` calls and the median
per-row time of ``pyeval.equity_batch`` over ROWS copies of the same spot (both exact, one
thread), in CPU time of the calling thread (on a loaded machine a long batch call is preempted
and a short single call mostly not: wall-clock medians would favour the single call); the table
gives the medians over the rounds and their ratio, and the load average.

The same spot asked again is the case a script meets (the query's reading is then a cached copy,
``pyeval.query.spot.read_plain_spot``); the last line asks a new heads-up turn spot each call
(cycling through more distinct spots than any of the reading's caches holds), read in full every time, against
the same batch row.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

import pyeval

SPOTS = [
    ("hand vs random, flop", ["AhKh", "random"], "Qh7d2c", 1.15),
    ("heads-up turn", ["AhKh", "QsQd"], "Jh7d2c5s", 2.0),
]
ROWS = 200
FRESH = 10_000
"""Distinct heads-up turn spots the last line cycles through (more than any of the reading's caches holds)."""


def fresh_spots() -> list[list[str]]:
    """FRESH distinct pairs of hands on the turn Jh7d2c5s."""
    board = {"Jh", "7d", "2c", "5s"}
    live = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in board]
    hands = [a + b for i, a in enumerate(live) for b in live[i + 1:]]
    pairs = ([a, b] for a in hands for b in hands if not {a[:2], a[2:]} & {b[:2], b[2:]})
    return [next(pairs) for _ in range(FRESH)]


def median_time(f, reps: int) -> float:
    """The median CPU time of the calling thread over ``reps`` calls (both sides run on it: one
    thread), so that a long batch call is not charged for the time other processes take the core."""
    f()
    ts = []
    for _ in range(reps):
        t = time.thread_time()
        f()
        ts.append(time.thread_time() - t)
    return statistics.median(ts)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print("load average before:", os.getloadavg())
    single: dict[str, list[float]] = {name: [] for name, *_ in SPOTS}
    row: dict[str, list[float]] = {name: [] for name, *_ in SPOTS}
    fresh, spots = [], iter(fresh_spots() * 1000)
    for _ in range(rounds):
        fresh.append(median_time(lambda: pyeval.equity("holdem", next(spots), board="Jh7d2c5s", method="exact",
                                                       threads=1), 1001))
        for name, hands, board, _target in SPOTS:
            one = median_time(lambda h=hands, b=board: pyeval.equity("holdem", h, board=b, method="exact",
                                                                     threads=1), 101 if board[6:] else 21)
            rows = median_time(lambda h=hands, b=board: pyeval.equity_batch("holdem", [h] * ROWS, board=[b] * ROWS,
                                                                            method="exact", threads=1),
                               5 if board[6:] else 3)
            single[name].append(one)
            row[name].append(rows / ROWS)
    print("load average after:", os.getloadavg())
    print(f"| spot ({rounds} rounds) | pyeval.equity | equity_batch row | ratio | target |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, _hands, _board, target in SPOTS:
        s, r = statistics.median(single[name]), statistics.median(row[name])
        print(f"| {name} | {s * 1e6:.1f} us | {r * 1e6:.1f} us | {s / r:.2f} | {target} |")
    s, r = statistics.median(fresh), statistics.median(row[SPOTS[1][0]])
    print(f"| heads-up turn, a new spot each call | {s * 1e6:.1f} us | {r * 1e6:.1f} us | {s / r:.2f} | - |")


if __name__ == "__main__":
    main()
