"""Run rate-printing benchmark commands in turn, round after round, and compare them pair by pair.

On a shared machine the rate of one command swings by 2x between minutes; runs taken back to back
share the load, so the median over rounds of each command's rate relative to the first command's
in the same round is the figure to read.  Each command prints one rate (the first number before
"M hands/s", "M deals/s", "M samples/s" or "M/s" on its output is taken).

Usage::

    python benchmarks/interleave.py --rounds 9 --cpu 1 \\
        "before=/tmp/c_bench_before 2000000 3 high7" "after=/tmp/c_bench_after 2000000 3 high7"
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys

RATE = re.compile(r"([0-9.]+) M (?:hands|deals|samples)/s|speed ([0-9.]+) M/s|median ([0-9.]+) M hands/s")


def rate_of(command: list[str], cpu: int) -> float:
    pinned = ["taskset", "-c", str(cpu)] + command if cpu >= 0 else command
    out = subprocess.run(pinned, check=True, capture_output=True, text=True).stdout
    m = RATE.search(out)
    if not m:
        raise SystemExit(f"no rate in the output of {shlex.join(command)}:\n{out}")
    return float(next(g for g in m.groups() if g))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("commands", nargs="+", help="NAME=COMMAND (the first is the reference)")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--cpu", type=int, default=1, help="CPU to pin to (-1: none)")
    args = ap.parse_args()
    named = [c.split("=", 1) for c in args.commands]
    load = os.getloadavg()
    rates: dict[str, list[float]] = {name: [] for name, _ in named}
    for _ in range(args.rounds):
        for name, command in named:
            rates[name].append(rate_of(shlex.split(command), args.cpu))
    ref = named[0][0]
    print(f"{args.rounds} rounds, CPU {args.cpu}, load average {load[0]:.2f} at the start, "
          f"{os.getloadavg()[0]:.2f} at the end")
    print(f"| command | median M/s | median ratio to {ref} (same round) | rounds faster than {ref} |")
    print("| --- | ---: | ---: | ---: |")
    for name, command in named:
        ratios = [r / b for r, b in zip(rates[name], rates[ref])]
        faster = sum(r > 1 for r in ratios)
        print(f"| {name}: `{command}` | {statistics.median(rates[name]):.2f} | {statistics.median(ratios):.2f}x | "
              f"{faster}/{args.rounds} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
