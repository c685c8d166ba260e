"""Range analysis speed (issue 15): the per-combo table and the breakdown, same run as a peer.

    python benchmarks/analysis_speed.py [--repeats 7]

Per-combo table: ``pyeval.combo_equities`` (one exact range query) against one exact
single-hand query per combo (``pyeval.equity``) on the same spot.  Medians of the repeats after
one warm-up call.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import pyeval

HERO, VILLAIN, FLOP = "15%", "30%", "Kd8c2s"


def median_time(f, repeats: int) -> tuple[float, object]:
    out = f()  # warm: numba cache load, lazy tables
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}")
    rows = []

    def row(name: str, secs: float, note: str = "") -> None:
        rows.append((name, secs, note))
        print(f"{name:72s} {secs * 1000:10.1f} ms  {note}", flush=True)

    s, t = median_time(lambda: pyeval.combo_equities("holdem", HERO, VILLAIN, board=FLOP, method="exact"),
                       args.repeats)
    row(f"combo_equities {HERO} vs {VILLAIN} on {FLOP}, exact ({len(t)} combos)", s,
        f"mean {t.mean:.4f}, path {t.result.extra.get('source', 'engine')}")
    few = t.hands[:20]
    s1, _ = median_time(lambda: [pyeval.equity("holdem", [h, VILLAIN], board=FLOP, method="exact") for h in few],
                        max(1, args.repeats // 3))
    row(f"  pyeval.equity per combo, exact (20 combos, scaled to {len(t)})", s1 * len(t) / len(few),
        f"the table is {s1 * len(t) / len(few) / s:.0f}x faster")
    s, b = median_time(lambda: pyeval.range_breakdown("holdem", "random", FLOP), args.repeats)
    row(f"range_breakdown random on {FLOP} ({b.total:g} combos)", s)
    s, b = median_time(lambda: pyeval.range_breakdown("holdem", "random", FLOP + "7h"), args.repeats)
    row(f"range_breakdown random on {FLOP}7h ({b.total:g} combos)", s)
    s, b = median_time(lambda: pyeval.range_breakdown("holdem", VILLAIN, FLOP, against=HERO), args.repeats)
    row(f"range_breakdown {VILLAIN} on {FLOP} against {HERO}, exact equity per class", s)
    s, n = median_time(lambda: pyeval.next_card("holdem", ["AhKh", "QsQd"], "Jh8h2c"), args.repeats)
    row("next_card AhKh vs QsQd on Jh8h2c (45 cards, exact, with street leads)", s)
    s, _ = median_time(lambda: pyeval.icm(list(range(1000, 11000, 1000)), [50, 30, 20, 10, 5, 3, 2]), args.repeats)
    row("icm 10 players, 7 places, exact fractions", s)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
