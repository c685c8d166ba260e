"""All-in EV over hand histories (issue 30): reading and equity timed apart, against pokerkit's replay.

    python benchmarks/allin_ev.py [--copies 24] [--repeats 3] [--pokerkit-hands 1000]

The input is the 4,209 Pluribus hands (../shared/data/phh/pluribus) listed ``--copies`` times
(the files come from the page cache after the first pass).  Reading: ``pyeval.history.sources``
(the fast reader, one process per core).  Equity: the all-in rows of those hands through the
batch engine.  Whole: ``pyeval.allin_ev`` on the same list (reading, equity and the tables).
pokerkit: ``HandHistory.load`` and a full replay (``state_actions``) of the first
``--pokerkit-hands`` hands, one process.  Medians of the repeats; CPU seconds are this process's
and its workers' (what the steps cost whatever the load of the machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

import pyeval
from pyeval.history import allin
from pyeval.history.sources import collect_paths, read_source

PLURIBUS = Path(__file__).resolve().parents[2] / "shared" / "data" / "phh" / "pluribus"


def median(f, repeats: int) -> tuple[float, object, float]:
    """Median wall seconds, the last result, median CPU seconds (this process and its children)."""
    times, cpu, out = [], [], None
    for _ in range(repeats):
        c0, t0 = os.times(), time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t0)
        c1 = os.times()
        cpu.append(c1.user - c0.user + c1.system - c0.system + c1.children_user - c0.children_user
                   + c1.children_system - c0.children_system)
    return statistics.median(times), out, statistics.median(cpu)


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
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    load_before = os.getloadavg()[0]
    read_source(paths)  # warm: the page cache, the imports
    read_time, records, read_cpu = median(lambda: read_source(listed), args.repeats)
    one_core, _, _ = median(lambda: read_source(paths, workers=1), args.repeats)

    def equity():
        _, rows = allin.pot_rows(records)
        allin.count_rows(rows)
        return rows

    equity_time, rows, _ = median(equity, args.repeats)
    whole_time, result, whole_cpu = median(lambda: pyeval.allin_ev(listed, progress=False), args.repeats)
    pk_time, _, _ = median(lambda: pokerkit_replay(paths[:args.pokerkit_hands]), max(1, args.repeats // 2))
    n = len(records)
    pk_rate = args.pokerkit_hands / pk_time
    print(f"hands {n:,} ({len(paths):,} x {args.copies}), all-in pot rows {len(rows):,}, cores {cores}, "
          f"load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after")
    print(f"reading (all cores)   {read_time:7.2f} s  {n / read_time:10,.0f} hands/s  "
          f"{n / read_time / cores:8,.0f} /s/core  {n / read_time / cores / pk_rate:5.1f} x pokerkit a core  "
          f"cpu {read_cpu / n * 1e6:5.1f} us/hand")
    print(f"reading (one core)    {one_core:7.2f} s  {len(paths) / one_core:10,.0f} hands/s  "
          f"{'':>16}  {len(paths) / one_core / pk_rate:5.1f} x pokerkit a core")
    print(f"equity                {equity_time:7.2f} s  {len(rows) / equity_time:10,.0f} rows/s")
    both = read_time + equity_time
    print(f"reading + equity      {both:7.2f} s  {n / both:10,.0f} hands/s  {n / both / cores:8,.0f} /s/core  "
          f"{n / both / cores / pk_rate:5.1f} x pokerkit a core; 1,000,000 hands: {1e6 / n * both:.1f} s")
    print(f"allin_ev (whole)      {whole_time:7.2f} s  {n / whole_time:10,.0f} hands/s  "
          f"{n / whole_time / cores:8,.0f} /s/core  {n / whole_time / cores / pk_rate:5.1f} x pokerkit a core; "
          f"1,000,000 hands: {1e6 / n * whole_time:.1f} s; cpu {whole_cpu / n * 1e6:5.1f} us/hand "
          f"({len(result.hands):,} hands)")
    print(f"pokerkit replay       {pk_time:7.2f} s  {pk_rate:10,.0f} hands/s (one core)")

if __name__ == "__main__":
    main()
