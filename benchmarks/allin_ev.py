"""All-in EV over hand histories (issue 30): reading and equity timed apart, against pokerkit's replay.

    python benchmarks/allin_ev.py [--copies 24] [--repeats 3] [--pokerkit-hands 1000]

The input is the 4,209 Pluribus hands (../shared/data/phh/pluribus) listed ``--copies`` times
(the files come from the page cache after the first pass).  Reading: ``pyeval.history.sources``
(the fast reader, one process per core).  Equity: the all-in rows of those hands through the
batch engine.  pokerkit: ``HandHistory.load`` and a full replay (``state_actions``) of the first
``--pokerkit-hands`` hands, one process.  Medians of the repeats.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from pyeval.history import allin
from pyeval.history.sources import collect_paths, read_source

PLURIBUS = Path(__file__).resolve().parents[2] / "shared" / "data" / "phh" / "pluribus"


def median(f, repeats: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def pokerkit_replay(paths: list[str]) -> None:
    from pokerkit import HandHistory

    for path in paths:
        with open(path, "rb") as f:
            for _ in HandHistory.load(f).state_actions:
                pass


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=24)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--pokerkit-hands", type=int, default=1000)
    args = ap.parse_args()
    paths = collect_paths(PLURIBUS)
    listed = paths * args.copies
    read_source(paths)  # warm: the page cache, the imports
    read_time, records = median(lambda: read_source(listed), args.repeats)
    one_core, _ = median(lambda: read_source(paths, workers=1), args.repeats)

    def equity():
        _, rows = allin.pot_rows(records)
        allin.count_rows(rows)
        return rows

    equity_time, rows = median(equity, args.repeats)
    pk_time, _ = median(lambda: pokerkit_replay(paths[:args.pokerkit_hands]), max(1, args.repeats // 2))
    n = len(records)
    print(f"hands {n:,} ({len(paths):,} x {args.copies}), all-in pot rows {len(rows):,}, cores {os.cpu_count()}, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"reading (all cores)   {read_time:7.2f} s  {n / read_time:10,.0f} hands/s")
    print(f"reading (one core)    {one_core:7.2f} s  {len(paths) / one_core:10,.0f} hands/s")
    print(f"equity                {equity_time:7.2f} s  {len(rows) / equity_time:10,.0f} rows/s")
    print(f"reading + equity      {read_time + equity_time:7.2f} s  {n / (read_time + equity_time):10,.0f} hands/s; "
          f"1,000,000 hands: {1e6 / n * (read_time + equity_time):.1f} s")
    print(f"pokerkit replay       {pk_time:7.2f} s  {args.pokerkit_hands / pk_time:10,.0f} hands/s (one core)")


if __name__ == "__main__":
    main()
