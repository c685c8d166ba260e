"""Dask scaling of pyeval.strength.table(client=) (issue 41): the same slice on a LocalCluster of
one worker and of two (worker processes, one thread each), after every worker has built its
river table; one process on two threads beside them for scale.

    python benchmarks/strength_dask.py [--flop-chunks 8] [--turn-chunks 4] [--repeats 3] [--no-local]

(--turn-chunks 0 leaves the turn out; --no-local the one-process baseline.)

Prints the medians, the ratio 1 worker / 2 workers (2.0 is linear) and the load average;
benchmarks/RESULTS.md keeps them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from pyeval.strength import STATES, table
from pyeval.strength.tables import CHUNK, river_e


def timed(repeats: int, street: str, lo: int, hi: int, **kw) -> float:
    """The median time of table(street, start=lo, stop=hi, **kw)."""
    out = []
    for _ in range(repeats):
        t = time.perf_counter()
        table(street, start=lo, stop=hi, **kw)
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def slices(a: argparse.Namespace) -> list[tuple[str, int, int]]:
    """Whole chunks from a third of the way into each street."""
    out = []
    for street, chunks in (("flop", a.flop_chunks), ("turn", a.turn_chunks)):
        lo = STATES[street] // 3 // CHUNK[street] * CHUNK[street]
        if chunks:
            out.append((street, lo, lo + chunks * CHUNK[street]))
    return out


def main() -> None:
    from distributed import Client, LocalCluster

    ap = argparse.ArgumentParser()
    ap.add_argument("--flop-chunks", type=int, default=8)
    ap.add_argument("--turn-chunks", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--no-local", action="store_true")
    a = ap.parse_args()
    print(f"load before: {os.getloadavg()}")
    times: dict[tuple[str, str], float] = {}
    for street, lo, hi in slices(a) if not a.no_local else []:
        river_e()
        times[street, "local"] = timed(a.repeats, street, lo, hi, threads=2)
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                          silence_logs=50) as lc, Client(lc) as client:
            t = time.perf_counter()
            client.run(river_e)  # each worker process builds its river table once
            print(f"{workers} worker(s): river tables built in {time.perf_counter() - t:.1f} s")
            for street, lo, hi in slices(a):
                times[street, str(workers)] = timed(a.repeats, street, lo, hi, client=client)
    for street, lo, hi in slices(a):
        one, two = times[street, "1"], times[street, "2"]
        print(f"{street} states {lo:,}..{hi:,} ({(hi - lo) // CHUNK[street]} chunks), median of {a.repeats}: "
              f"one process 2 threads {times.get((street, 'local'), float('nan')):.2f} s; Dask 1 worker {one:.2f} s, "
              f"2 workers {two:.2f} s: 1 / 2 workers = {one / two:.2f}")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
