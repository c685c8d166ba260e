"""Query throughput: pyeval.equity_batch and small pyeval.equity queries against poker-equity's
exact_from_text looped over the same spots, in one run, on one CPU.

Usage (from the repository root)::

    python benchmarks/compare_batch.py                      # default sizes
    python benchmarks/compare_batch.py --repeats 5 --markdown -
    python benchmarks/compare_batch.py --million            # also a million river rows vs a random hand

Spots are random deals from a fixed seed.  Per spot: the batch (threads=1) time divided by its
rows; the single-query loops (pyeval.equity, poker-equity's exact_from_text) timed over a subset
of the same spots.  Every time is the median of ``--repeats`` runs after one warm-up run, and
every pyeval row is checked against poker-equity's equities (1e-9) before timing.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import sys
import time

import numpy as np
from peers import one_core, version_of

# (label, pyeval game, poker-equity variant, players, known board cards)
SPOTS = [
    ("hold'em heads-up turn", "holdem", "holdem", 2, 4),
    ("hold'em heads-up flop", "holdem", "holdem", 2, 3),
    ("hold'em 3-way flop", "holdem", "holdem", 3, 3),
    ("Omaha hi/lo heads-up flop", "omaha-hilo", "omaha_hi_lo", 2, 3),
    ("Omaha heads-up turn", "omaha", "omaha", 2, 4),
]
RANKS, SUITS = "23456789TJQKA", "cdhs"


def text(codes) -> str:
    return "".join(RANKS[c >> 2] + SUITS[c & 3] for c in codes)


def spots(game: str, n: int, players: int, board: int, seed: int):
    import pyeval

    g = pyeval.get_game(game)
    rng = np.random.default_rng(seed)
    need = players * g.hole + board
    picks = np.argsort(rng.random((n, 52)), axis=1)[:, :need]
    return picks[:, :players * g.hole].reshape(n, players, g.hole), picks[:, players * g.hole:]


def median_times(fns, repeats: int, clock) -> list[float]:
    """Median time of each function, the repeats interleaved (one of each in turn) so that a
    change of load on a shared machine falls on all of them alike; one warm-up call each."""
    for fn in fns:
        fn()
    times = [[] for _ in fns]
    for _ in range(repeats):
        for fn, kept in zip(fns, times):
            gc.collect()
            gc.disable()
            try:
                t0 = clock()
                fn()
                kept.append(clock() - t0)
            finally:
                gc.enable()
    return [statistics.median(t) for t in times]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=20_000, help="rows per batch")
    ap.add_argument("--loop", type=int, default=300, help="spots per single-query loop")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--cpu", type=int, default=0, help="CPU to pin to (-1: do not pin)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="cpu: this process's CPU time (time.process_time; other processes' share of a busy "
                         "core is not counted), wall: time.perf_counter")
    ap.add_argument("--million", action="store_true", help="also time a million river rows against a random hand")
    ap.add_argument("--markdown", metavar="PATH", help="write the table as markdown ('-' for stdout)")
    args = ap.parse_args(argv)
    one_core(args.cpu)
    import pyeval

    try:
        import poker_equity
    except ImportError:
        print("poker-equity is not installed (pip install poker-equity): nothing to compare against")
        return 1
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    header = (f"pyeval {version_of('pyeval')} vs poker-equity {version_of('poker-equity')}; Python "
              f"{platform.python_version()}; one thread, CPU {args.cpu}; {args.rows:,} rows per batch, "
              f"{args.loop} spots per loop, median of {args.repeats} interleaved repeats, {args.clock} time; load "
              f"average {load:.2f} at start")
    lines = [header, "", "| spots | pyeval batch, per spot | pyeval.equity, per query | poker-equity, per query |"
             " batch vs poker-equity | query vs poker-equity |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for label, game, variant, players, board in SPOTS:
        holes, boards = spots(game, args.rows, players, board, seed=hash(label) % 2**32)
        hand_text = [[text(h) for h in row] for row in holes[:args.loop]]
        board_text = [text(b) for b in boards[:args.loop]]
        batch = pyeval.equity_batch(game, holes, boards, threads=1)
        for i in range(min(50, args.loop)):  # same answers before any timing
            pe = poker_equity.exact_from_text(variant, hand_text[i], board_text[i])
            got = batch.equity[i]
            want = np.array([p["equity"] for p in pe["players"]])
            if not np.allclose(got, want, atol=1e-9) or pe["samples"] != batch.outcomes[i]:
                print(f"MISMATCH {label} row {i}: pyeval {got} poker-equity {want}", file=sys.stderr)
                return 2
        def run_batch(game=game, holes=holes, boards=boards):
            pyeval.equity_batch(game, holes, boards, threads=1)

        def loop_pyeval(game=game, hand_text=hand_text, board_text=board_text):
            for h, b in zip(hand_text, board_text):
                pyeval.equity(game, h, board=b, threads=1)

        def loop_pe(variant=variant, hand_text=hand_text, board_text=board_text):
            for h, b in zip(hand_text, board_text):
                poker_equity.exact_from_text(variant, h, b)

        t_batch, t_query, t_pe = median_times([run_batch, loop_pyeval, loop_pe], args.repeats, clock)
        t_batch, t_query, t_pe = t_batch / args.rows, t_query / args.loop, t_pe / args.loop
        lines.append(f"| {label} | {t_batch * 1e6:.2f} µs | {t_query * 1e6:.1f} µs | {t_pe * 1e6:.1f} µs | "
                     f"{t_pe / t_batch:.0f}x | {t_pe / t_query:.2f}x |")
        print(lines[-1], flush=True)
    if args.million:
        holes, boards = spots("holdem", 1_000_000, 2, 5, seed=7)
        holes[:, 1] = -1
        t0 = time.perf_counter()
        r = pyeval.equity_batch("holdem", holes, boards, method="exact", threads=1)
        one = time.perf_counter() - t0
        t0 = time.perf_counter()
        pyeval.equity_batch("holdem", holes, boards, method="exact")
        every = time.perf_counter() - t0
        lines += ["", f"A million hold'em river rows against a random hand, exact ({int(r.outcomes.sum()):,} "
                  f"outcomes, all rows exact: {bool(r.exact.all())}): {one:.2f} s on one thread, {every:.2f} s on "
                  f"{len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else os.cpu_count()} CPU(s) "
                  f"allowed (pinned to CPU {args.cpu} unless --cpu -1)"]
        print(lines[-1])
    out = "\n".join(lines) + "\n"
    if args.markdown == "-":
        print(out)
    elif args.markdown:
        with open(args.markdown, "w") as f:
            f.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
