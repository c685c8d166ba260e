"""One real run of ``pyeval.allin_ev`` over 1,001,742 hands: the 4,209 Pluribus hands listed 238
times (issue 30's goal: 1,000,000 no-limit hold'em hands in under a minute on two cores).

    python benchmarks/allin_ev_million.py

pokerkit's replay of 1,000 hands is timed first, in the same run (the ratio per core does not
depend on the load of the machine as much as the rates do).
"""

from __future__ import annotations

import os
import resource
import time

from allin_ev import PLURIBUS, pokerkit_replay

import pyeval
from pyeval.history.sources import collect_paths, cores


def main() -> None:
    paths = collect_paths(PLURIBUS)
    pyeval.allin_ev(paths, progress=False)  # warm: the page cache, the imports
    t = time.perf_counter()
    pokerkit_replay(paths[:1000])
    pk = 1000 / (time.perf_counter() - t)
    print(f"load average before {os.getloadavg()[0]:.2f}")
    c0, t = os.times(), time.perf_counter()
    r = pyeval.allin_ev(paths * 238, progress=False)
    dt, c1 = time.perf_counter() - t, os.times()
    cpu = (c1.user - c0.user + c1.system - c0.system + c1.children_user - c0.children_user
           + c1.children_system - c0.children_system)
    n, k = len(r.hands), cores()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6
    print(f"allin_ev {n:,} hands: {dt:.1f} s, {n / dt:,.0f} hands/s, {n / dt / k:,.0f} /s/core; read "
          f"{r.seconds['read']:.1f} s, equity {r.seconds['equity']:.1f} s, tables {r.seconds['tables']:.1f} s; "
          f"cpu {cpu / n * 1e6:.1f} us/hand; peak rss {peak:.2f} GB")
    print(f"pokerkit {pk:,.0f} hands/s one core; allin_ev per core / pokerkit = {n / dt / k / pk:.1f}")
    print(f"load average after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
