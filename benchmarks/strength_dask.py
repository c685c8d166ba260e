"""Dask scaling of pyeval.strength.table(client=) (issue 41): the same slice on a LocalCluster of
one worker and on one of two (worker processes, one thread each), both clusters up at once, every
worker's river table built before the clock starts, and the runs alternating 1, 2, 2, 1, 1, 2, ...
so that a change of the machine's load falls on both alike.

    python benchmarks/strength_dask.py [--flop-chunks 8] [--turn-chunks 4] [--repeats 3] [--no-local]

(--turn-chunks 0 leaves the turn out; --no-local the one-process baseline on 2 threads.)

Per slice: the median wall time on each cluster, the median over the rounds of the ratio
1 worker / 2 workers within a round (2.0 is linear), and the workers' CPU seconds per run (from
the Dask task stream: the sum of the tasks' compute time, wall clock) and the worker processes'
CPU seconds: the same CPU on two workers means the work divides without overhead, so the wall
ratio is what the machine's free cores allow; compute time far above CPU time means the
workers waited for a core (an oversubscribed machine).  Prints the load average before,
between and after; benchmarks/RESULTS.md keeps the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from pyeval.strength import STATES, table
from pyeval.strength.tables import CHUNK, river_e


def slices(a: argparse.Namespace) -> list[tuple[str, int, int]]:
    """Whole chunks from a third of the way into each street."""
    out = []
    for street, chunks in (("flop", a.flop_chunks), ("turn", a.turn_chunks)):
        lo = STATES[street] // 3 // CHUNK[street] * CHUNK[street]
        if chunks:
            out.append((street, lo, lo + chunks * CHUNK[street]))
    return out


def run_once(client, street: str, lo: int, hi: int) -> tuple[float, float, float, int]:
    """Wall seconds of one table(client=) call, the tasks' summed compute seconds (wall clock
    inside the tasks), the worker processes' CPU seconds over the call, and how many workers ran
    tasks."""
    from distributed import get_task_stream

    cpu_before = client.run(time.process_time)
    with get_task_stream(client) as stream:
        t = time.perf_counter()
        table(street, start=lo, stop=hi, client=client)
        wall = time.perf_counter() - t
    cpu_after = client.run(time.process_time)
    busy, workers = 0.0, set()
    for task in stream.data:
        if str(task["key"]).startswith("pyeval-strength"):
            workers.add(task["worker"])
            busy += sum(p["stop"] - p["start"] for p in task["startstops"] if p["action"] == "compute")
    return wall, busy, sum(cpu_after[w] - cpu_before[w] for w in cpu_after), len(workers)


def main() -> None:
    from distributed import Client, LocalCluster

    ap = argparse.ArgumentParser()
    ap.add_argument("--flop-chunks", type=int, default=8)
    ap.add_argument("--turn-chunks", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--no-local", action="store_true")
    a = ap.parse_args()
    print(f"load before: {os.getloadavg()}", flush=True)
    local: dict[str, float] = {}
    if not a.no_local:
        river_e()
        for street, lo, hi in slices(a):
            runs = []
            for _ in range(a.repeats):
                t = time.perf_counter()
                table(street, start=lo, stop=hi, threads=2)
                runs.append(time.perf_counter() - t)
            local[street] = statistics.median(runs)
    clusters = {w: LocalCluster(n_workers=w, threads_per_worker=1, processes=True, dashboard_address=":0",
                                silence_logs=50) for w in (1, 2)}
    clients = {w: Client(c) for w, c in clusters.items()}
    try:
        for w, client in clients.items():
            t = time.perf_counter()
            client.run(river_e)  # each worker process builds its river table once, before any timing
            print(f"{w} worker(s): river tables built in {time.perf_counter() - t:.1f} s", flush=True)
        print(f"load before the timed runs: {os.getloadavg()}", flush=True)
        for street, lo, hi in slices(a):
            runs: dict[int, list[tuple[float, float, float, int]]] = {1: [], 2: []}
            for r in range(a.repeats):
                for w in ((1, 2) if r % 2 == 0 else (2, 1)):
                    runs[w].append(run_once(clients[w], street, lo, hi))
            ratios = [one[0] / two[0] for one, two in zip(runs[1], runs[2])]
            med = {w: statistics.median(x[0] for x in runs[w]) for w in runs}
            busy = {w: statistics.median(x[1] for x in runs[w]) for w in runs}
            cpu = {w: statistics.median(x[2] for x in runs[w]) for w in runs}
            print(f"{street} states {lo:,}..{hi:,} ({(hi - lo) // CHUNK[street]} chunks), {a.repeats} rounds: "
                  f"one process 2 threads {local.get(street, float('nan')):.2f} s; "
                  f"Dask 1 worker {med[1]:.2f} s (tasks' compute {busy[1]:.1f} s, workers' CPU {cpu[1]:.1f} s), "
                  f"2 workers {med[2]:.2f} s (tasks' compute {busy[2]:.1f} s, workers' CPU {cpu[2]:.1f} s, "
                  f"tasks on {runs[2][0][3]} workers); "
                  f"1 / 2 workers by round {', '.join(f'{x:.2f}' for x in ratios)}: "
                  f"median {statistics.median(ratios):.2f}; load now {os.getloadavg()[0]:.1f}", flush=True)
    finally:
        for w in clients:
            clients[w].close()
            clusters[w].close()
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
