"""Range parsing time and peak memory, this tree against another (issue 38 item 1).

    python benchmarks/range_parse.py [--base DIR] [--repeats 3]

Each case runs in a fresh child (peak memory is the child's VmHWM); with --base, the same case
runs against the tree at DIR (a directory holding an importable ``pyeval``) alternately, and the
ratio of medians is printed.  Also times numpy's unique against the sorted unique the parser uses.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

CASES = [("AA@1", "omaha6"), ("A", "omaha6"), ("RONB", "omaha"), ("AA,KK,QQ,JJ,TT", "omaha6")]
CHILD = """import sys, time
sys.path.insert(0, {root!r})
from pyeval import parse_range
start = time.perf_counter()
r = parse_range({text!r}, game={game!r})
took = time.perf_counter() - start
peak = next(int(line.split()[1]) for line in open('/proc/self/status') if line.startswith('VmHWM'))
print(took, peak / 1024, len(r))
"""


def run(root: str, text: str, game: str) -> tuple[float, float, int]:
    out = subprocess.run([sys.executable, "-c", CHILD.format(root=root, text=text, game=game)],
                         capture_output=True, text=True, timeout=600, check=True).stdout.split()
    return float(out[0]), float(out[1]), int(out[2])


def unique_ratio(repeats: int) -> tuple[float, float]:
    import numpy as np

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from pyeval.ranges.classes import sorted_unique

    a = np.random.default_rng(1).integers(0, 2**52, 2_000_000).astype(np.uint64)
    hashed, sorted_ = [], []
    for _ in range(repeats):
        t = time.perf_counter()
        np.unique(a)
        hashed.append(time.perf_counter() - t)
        t = time.perf_counter()
        sorted_unique(a)
        sorted_.append(time.perf_counter() - t)
    return statistics.median(hashed), statistics.median(sorted_)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", help="a tree to compare against (a directory holding pyeval/)")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    here = str(Path(__file__).resolve().parents[1])
    h, s = unique_ratio(args.repeats)
    print(f"np.unique of 2M masks {h:.2f} s, sorted_unique {s:.3f} s ({h / s:.0f}x)")
    for text, game in CASES:
        new, old = [], []
        for _ in range(args.repeats):
            new.append(run(here, text, game))
            if args.base:
                old.append(run(args.base, text, game))
        line = f"{text:<18} {game:<7} {statistics.median(x[0] for x in new):7.2f} s {max(x[1] for x in new):7.0f} MB"
        if old:
            line += (f"   base {statistics.median(x[0] for x in old):7.2f} s {max(x[1] for x in old):7.0f} MB   "
                     f"({statistics.median(x[0] for x in old) / statistics.median(x[0] for x in new):.1f}x)")
        print(line, flush=True)


if __name__ == "__main__":
    main()
