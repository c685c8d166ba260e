"""Issue 37's doors timed against another checkout in the same run: ``allin_ev`` over the PHH files
(exact), ``next_card`` on a flop and a turn, ``best_keep`` (Irish after the flop, Aviation before
it), a small ``simulate`` with known cards.  Each call is timed in a fresh process per checkout,
alternating, ``--repeats`` times; the medians and their ratio are printed.

    python benchmarks/door_timing.py --old /path/to/old/checkout [--repeats 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PHH = "/work/shared/data/phh"

CALLS = {
    "allin_ev PHH (exact)": f"pyeval.allin_ev({PHH!r})",
    "next_card flop AhKh vs random": "pyeval.next_card('holdem', ['AhKh', 'random'], 'Qh7d2c')",
    "next_card turn 3 known hands": "pyeval.next_card('holdem', ['AhAs', 'KdKc', 'QsJs'], '7c8c2d5h')",
    "best_keep irish flop vs random": "pyeval.best_keep('irish', ['AhAsKdQc', 'random'], board='Ad7c2s')",
    "best_keep aviation preflop": "pyeval.best_keep('aviation', ['AhAsKdQc', '7c7d'])",
    "simulate 200k deals, hands and board": ("pyeval.simulate('holdem', 3, 200_000, seed=1, hands=['AhAs'], "
                                             "board='7c8c2d', threads=1)"),
}

SCRIPT = """
import sys, time, json
sys.path.insert(0, {root!r})
import pyeval
{call}  # warm: kernels compiled, caches filled
n, t = 0, time.perf_counter()
while n < {inner} or time.perf_counter() - t < 0.5:  # fast calls: repeated for half a second
    {call}
    n += 1
print(json.dumps((time.perf_counter() - t) / n))
"""


def _time(root: str, call: str, inner: int) -> float:
    out = subprocess.run([sys.executable, "-c", SCRIPT.format(root=root, call=call, inner=inner)], check=True,
                         capture_output=True, text=True, cwd="/tmp").stdout
    return float(json.loads(out.strip().splitlines()[-1]))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", required=True)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--inner", type=int, default=3)
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; medians of {a.repeats} processes, each the mean of at least "
          f"{a.inner} calls and half a second")
    print(f"{'call':<40} {'old ms':>9} {'new ms':>9} {'new/old':>8}")
    for name, call in CALLS.items():
        if "PHH" in name and not os.path.isdir(PHH):
            continue
        old, new = [], []
        for _ in range(a.repeats):
            old.append(_time(a.old, call, a.inner))
            new.append(_time(HERE, call, a.inner))
        mo, mn = statistics.median(old), statistics.median(new)
        print(f"{name:<40} {1e3 * mo:9.2f} {1e3 * mn:9.2f} {mn / mo:8.2f}")
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
