"""Exact equity against random hands, one thread, side by side with OMPEval in the same run (issue 29).

    g++ ... -o /tmp/ompeval_bench benchmarks/ompeval_bench.cpp ...   (its header says how)
    python benchmarks/random_opponent.py --ompeval /tmp/ompeval_bench --rounds 5 [--base /path/to/older/tree]

Each round times every spot in each program, interleaved: the median of REPEATS consecutive runs
(OMPEval's own clock around a new calculator's start and wait, ``exact REPEATS``; pyeval's
perf_counter around ``pyeval.equity``); the table gives the medians of those over the rounds, and
the load average before and after.  ``--base``
also times an older pyeval tree (PYTHONPATH, its compiled core built in place) on the same spots,
the median of five warm calls a round in its own process (one where a call takes seconds), and
the Omaha spot OMPEval does not play (one call a round).  ``--batch-rows N`` times ``equity_batch``
over N turn rows with a random third seat, here and in the base tree.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

import pyeval

# (hands, board, dead) in pyeval's words; OMPEval gets the same with "-" for none
SPOTS = [
    (["AhKh", "random"], "Qh7d2c", ""),
    (["KhQh", "random"], "As8d3c", ""),
    (["AhKh", "QsQd", "random"], "Jh7d2c", ""),
    (["AhKh", "random"], "Qh7d2c5s", ""),
    (["AhKh", "random"], "", ""),
    (["AhKh", "random"], "", "2c"),
]
# what must stay fast (issue 29, item 4): every hand known
KNOWN = [
    (["AhAs", "KdKc"], "", ""),
    (["AhKh", "QsQd"], "Jh7d2c", ""),
    (["AhKh", "QsQd", "7c6c"], "", ""),
    # issue 39: three to nine known hands preflop
    (["AhKh", "QsQd", "7c6c", "2d2h"], "", ""),
    (["AhKh", "QsQd", "7c6c", "2d2h", "JcTc", "9s8s"], "", ""),
    (["AhKh", "QsQd", "7c6c", "2d2h", "JcTc"], "", ""),  # OMPEval plays at most six hands
    (["AhKh", "QsQd", "7c6c"], "", "2s3d4c5h"),
]
OMAHA_SPOT = ("omaha", ["AsKsQdJd", "random"], "2s7h9c", "")

TIMER = """
import statistics, sys, time, pyeval
game, hands, board, dead = sys.argv[1], sys.argv[2].split(","), sys.argv[3], sys.argv[4]
times = []
for _ in range(6):  # the first call warms up; then the median of five, or one where a call takes seconds
    t = time.perf_counter()
    pyeval.equity(game, hands, board=board, dead=dead, method="exact", threads=1)
    times.append(time.perf_counter() - t)
    if times[-1] > 1 and len(times) == 2:
        break
print(statistics.median(times[1:]))
"""

BATCH_TIMER = """
import sys, time, numpy as np, pyeval
n = int(sys.argv[1])
rng = np.random.default_rng(1)
holes = np.full((n, 3, 2), -1, np.int64)
boards = np.zeros((n, 4), np.int64)
for i in range(n):
    d = rng.permutation(52)
    holes[i, 0], holes[i, 1], boards[i] = d[:2], d[2:4], d[4:8]
pyeval.equity_batch("holdem", holes[:10], board=boards[:10], method="exact")
t = time.perf_counter()
pyeval.equity_batch("holdem", holes, board=boards, method="exact")
print(time.perf_counter() - t)
"""


REPEATS = 5


def pyeval_time(game: str, hands: list[str], board: str, dead: str, repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        pyeval.equity(game, hands, board=board, dead=dead, method="exact", threads=1)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def ompeval_time(binary: str, hands: list[str], board: str, dead: str) -> float:
    out = subprocess.run([binary, "exact", str(REPEATS), board or "-", dead or "-", *hands], capture_output=True,
                         text=True, check=True).stdout
    return float(re.search(r"median ([0-9.]+) s", out).group(1))


def base_time(base: str, code: str, *args: str) -> float:
    env = dict(os.environ, PYTHONPATH=base)
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True, env=env,
                         cwd="/").stdout
    return float(out.split()[-1])


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms" if seconds < 10 else f"{seconds:.1f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ompeval", required=True, help="benchmarks/ompeval_bench.cpp, built")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--base", help="an older pyeval tree to time beside this one")
    ap.add_argument("--batch-rows", type=int, default=0)
    ap.add_argument("--known-only", action="store_true", help="only the every-hand-known spots (a tree "
                    "older than the count, e.g. before issue 26's layout)")
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}")
    spots = KNOWN if args.known_only else SPOTS + KNOWN
    for hands, board, dead in spots:  # first calls (compiles, tables) out of the timings
        pyeval_time("holdem", hands, board, dead, repeats=1)
    if not args.known_only:
        pyeval_time(*OMAHA_SPOT, repeats=1)
    omaha = len(spots)
    ours: dict[int, list[float]] = {i: [] for i in range(omaha + 1)}
    theirs: dict[int, list[float]] = {i: [] for i in range(omaha)}
    base: dict[int, list[float]] = {i: [] for i in range(omaha + 1)}
    for _ in range(args.rounds):
        for i, (hands, board, dead) in enumerate(spots):
            theirs[i].append(ompeval_time(args.ompeval, hands, board, dead))
            ours[i].append(pyeval_time("holdem", hands, board, dead))
            if args.base:
                base[i].append(base_time(args.base, TIMER, "holdem", ",".join(hands), board, dead))
        if args.known_only:
            continue
        ours[omaha].append(pyeval_time(*OMAHA_SPOT, repeats=1))
        if args.base:
            game, hands, board, dead = OMAHA_SPOT
            base[omaha].append(base_time(args.base, TIMER, game, ",".join(hands), board, dead))
    print(f"load average after: {os.getloadavg()}\n")
    head = f"| exact, one thread ({args.rounds} rounds of {REPEATS}) | pyeval | OMPEval | OMPEval / pyeval |"
    print(head + (" pyeval before | before / now |" if args.base else ""))
    print("| --- | ---: | ---: | ---: |" + (" ---: | ---: |" if args.base else ""))
    for i, (hands, board, dead) in enumerate(spots):
        now, them = statistics.median(ours[i]), statistics.median(theirs[i])
        where = f"flop {board}" if len(board) == 6 else f"turn {board}" if board else "preflop"
        row = f"| {' vs '.join(hands)}, {where}{', dead ' + dead if dead else ''} | {ms(now)} | {ms(them)} | " \
              f"{them / now:.1f}x |"
        if args.base:
            before = statistics.median(base[i])
            row += f" {ms(before)} | {before / now:.0f}x |"
        print(row)
        if i == len(SPOTS) - 1 and not args.known_only:
            print("| *every hand known (kept fast)* | | | |" + (" | |" if args.base else ""))
    if args.known_only:
        print(f"load average at the end: {os.getloadavg()}")
        return
    game, hands, board, _ = OMAHA_SPOT
    now = statistics.median(ours[omaha])
    row = f"| {game}: {' vs '.join(hands)}, flop {board} | {ms(now)} | (holdem only) | |"
    if args.base:
        before = statistics.median(base[omaha])
        row += f" {ms(before)} | {before / now:.0f}x |"
    print(row)
    if args.batch_rows:
        now = base_time(os.path.dirname(os.path.dirname(os.path.abspath(pyeval.__file__))), BATCH_TIMER,
                        str(args.batch_rows))
        line = f"\nequity_batch, {args.batch_rows:,} turn rows with a random third seat: {now:.2f} s"
        if args.base:
            before = base_time(args.base, BATCH_TIMER, str(args.batch_rows))
            line += f"; before {before:.1f} s ({before / now:.0f}x)"
        print(line)
    print(f"load average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
