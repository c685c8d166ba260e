"""One real run of ``pyeval.allin_ev`` over a million hands.

    cd benchmarks && PYTHONPATH=.. python allin_ev_million.py           # PHH
    cd benchmarks && PYTHONPATH=.. python allin_ev_million.py --site    # site text

PHH (issue 30's goal: 1,000,000 no-limit hold'em hands in under a minute on two cores): the
4,209 Pluribus hands listed 238 times (1,001,742 hands); pokerkit's replay of 1,000 hands is
timed first, in the same run (the ratio per core does not depend on the load of the machine as
much as the rates do).

``--site`` (issue 40's goal: a million hands' all-in EV from site text in under two minutes on
this machine): the shared site files (../shared/data/site-hh, every site and game pyeval reads,
1,207 hands read a pass, the rest skipped with their reasons) listed until a million hands are
read (``--hands``), each file read, decoded, detected, parsed, checked and valued as
``allin_ev`` does with any site file.  Prints wall and CPU seconds (this process and its worker
processes), the peak memory of each (max RSS), hands/s, and the load average.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from pathlib import Path
from typing import Any

import pyeval
from pyeval.history.sites.reading import SITE_SUFFIXES
from pyeval.history.sources import collect_paths, cores

SHARED_SITES = Path(__file__).resolve().parents[2] / "shared" / "data" / "site-hh"


def timed_run(paths: list[str]) -> tuple[Any, float, float]:
    """(the result, wall seconds, CPU seconds of this process and its children)."""
    c0, t = os.times(), time.perf_counter()
    r = pyeval.allin_ev(paths, progress=False)
    dt, c1 = time.perf_counter() - t, os.times()
    cpu = (c1.user - c0.user + c1.system - c0.system + c1.children_user - c0.children_user
           + c1.children_system - c0.children_system)
    return r, dt, cpu


def peak_memory() -> str:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1e6
    return f"peak rss {own:.2f} GB (the largest worker {workers:.2f} GB)"


def phh() -> None:
    from allin_ev import PLURIBUS, pokerkit_replay

    paths = collect_paths(PLURIBUS)
    pyeval.allin_ev(paths, progress=False)  # warm: the page cache, the imports
    t = time.perf_counter()
    pokerkit_replay(paths[:1000])
    pk = 1000 / (time.perf_counter() - t)
    print(f"load average before {os.getloadavg()[0]:.2f}")
    r, dt, cpu = timed_run(paths * 238)
    n, k = len(r.hands), cores()
    print(f"allin_ev {n:,} hands: {dt:.1f} s, {n / dt:,.0f} hands/s, {n / dt / k:,.0f} /s/core; read "
          f"{r.seconds['read']:.1f} s, equity {r.seconds['equity']:.1f} s, tables {r.seconds['tables']:.1f} s; "
          f"cpu {cpu / n * 1e6:.1f} us/hand; {peak_memory()}")
    print(f"pokerkit {pk:,.0f} hands/s one core; allin_ev per core / pokerkit = {n / dt / k / pk:.1f}")
    print(f"load average after {os.getloadavg()[0]:.2f}")


def site(hands: int, shared: Path) -> None:
    paths = collect_paths(str(shared), SITE_SUFFIXES)
    once = pyeval.allin_ev(paths, progress=False)  # warm, and the hands a pass
    read = len(once.hands)
    copies = -(-hands // read)
    print(f"{len(paths)} shared site files, {read:,} hands read a pass, {len(once.skipped)} skipped; "
          f"listed {copies} times ({len(paths) * copies:,} files)")
    print(f"load average before {os.getloadavg()[0]:.2f}")
    r, dt, cpu = timed_run(paths * copies)
    n = len(r.hands)
    allins = sum(1 for row in r.hands.records if row["street"] is not None)
    print(f"allin_ev on site text, {n:,} hands read ({allins:,} all-ins valued), {len(r.skipped):,} skipped: "
          f"wall {dt:.1f} s, cpu {cpu:.1f} s ({cpu / n * 1e6:.1f} us/hand), {n / dt:,.0f} hands/s on {cores()} "
          f"cores; read {r.seconds['read']:.1f} s, equity {r.seconds['equity']:.1f} s, tables "
          f"{r.seconds['tables']:.1f} s; {peak_memory()}")
    print(f"load average after {os.getloadavg()[0]:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", action="store_true", help="the shared site files instead of PHH")
    ap.add_argument("--hands", type=int, default=1_000_000, help="--site: hands to read (default a million)")
    ap.add_argument("--shared", type=Path, default=SHARED_SITES, help="--site: the shared site files' folder")
    args = ap.parse_args()
    if args.site:
        site(args.hands, args.shared)
    else:
        phh()


if __name__ == "__main__":
    main()
