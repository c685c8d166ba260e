"""``pyeval simulate``: ready studies over millions of random deals.

    pyeval simulate holdem --players 6 --deals 100M --study starting-hands --out table.csv
    pyeval simulate omaha-hilo --players 4 --deals 10M --study hilo --study categories --out hilo.npz
    pyeval simulate holdem --players 9 --deals 1G --seed 7 --scheduler tcp://10.0.0.5:8786
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pyeval.cli_equity import _count
from pyeval.games import GAMES
from pyeval.simulate import STUDIES, simulate

SCHEDULER_TIMEOUT = 10.0
"""Seconds ``--scheduler`` waits for the Dask scheduler to answer."""


def _connect(address: str):
    try:
        from dask.distributed import Client
    except ImportError:
        raise ValueError('--scheduler needs Dask: pip install "pyeval[dask]"') from None
    try:
        return Client(address, timeout=SCHEDULER_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        raise ValueError(f"--scheduler {address}: no Dask scheduler answered within {SCHEDULER_TIMEOUT:g} s "
                         f"({type(exc).__name__}: {exc})") from None


def _targets(result, out: str) -> list[Path]:
    """The files --out writes: one .npz, or a CSV per table (the first at PATH, others beside it)."""
    path = Path(out)
    if path.suffix.lower() == ".npz":
        return [path]
    return [path if i == 0 else path.with_name(f"{path.stem}.{name}{path.suffix or '.csv'}")
            for i, name in enumerate(result.tables)]


def _refuse_existing(paths, force: bool) -> None:
    existing = [str(p) for p in paths if p.exists()]
    if existing and not force:
        raise ValueError(f"--out: {', '.join(existing)} already exists; use --force to overwrite")


def _write(result, out: str, force: bool) -> list[Path]:
    targets = _targets(result, out)
    _refuse_existing(targets, force)
    if len(targets) == 1 and targets[0].suffix.lower() == ".npz":
        result.save(targets[0])  # its metadata says interrupted, deals and requested
        return targets
    for target, name in zip(targets, result.tables):
        result.to_csv(target, name)
        if result.interrupted:  # a first line that says so, for whoever reads the file later
            text = target.read_text()
            target.write_text(f"# partial: interrupted after {result.deals:,} of {result.requested:,} deals "
                              f"(seed {result.seed})\n" + text)
    return targets


def run(args: argparse.Namespace) -> int:
    if args.out:
        _refuse_existing([Path(args.out)], args.force)  # before the run, not after it
    client = _connect(args.scheduler) if args.scheduler else None
    progress = None if args.progress is None else args.progress
    try:
        r = simulate(args.game, args.players, args.deals, seed=args.seed, study=args.study or "starting-hands",
                     board=args.board or "", dead=args.dead or "", hands=args.hands, threads=args.threads,
                     progress=progress, client=client)
    finally:
        if client is not None:
            client.close()
    if args.out:
        written = ", ".join(str(p) for p in _write(r, args.out, args.force))
        print(f"wrote PARTIAL results ({r.deals:,} of {r.requested:,} deals) to {written}" if r.interrupted
              else f"wrote {written}", file=sys.stderr)
    if args.json:
        print(json.dumps(r.to_dict()))
    else:
        print(repr(r))
        print(f"{r.deals:,} deals in {r.elapsed:.2f} s ({r.deals_per_second / 1e6:.2f} M deals/s), seed {r.seed}")
    return 130 if r.interrupted else 0


def register(sub) -> None:
    p = sub.add_parser(
        "simulate", help="simulate millions of deals: starting hands, hand categories, hi/lo",
        description="Deal random deals and run ready studies, on all cores (or a Dask cluster), in bounded "
                    "memory. Studies: " + ", ".join(STUDIES) + ". Games: " + ", ".join(GAMES),
        epilog="Ctrl-C stops cleanly and writes what finished (a CSV then starts with a '# partial' line). "
               "The same --seed gives the same tables for any thread count and on a cluster.")
    p.add_argument("game", help="game name, e.g. holdem, omaha, omaha-hilo")
    p.add_argument("--players", type=int, default=6, help="players dealt in (default 6)")
    p.add_argument("--deals", type=_count, default=10_000_000, help="deals, e.g. 100M (default 10M)")
    p.add_argument("--study", action="append", choices=list(STUDIES) + ["hands", "hi-lo"],
                   help="study to run (repeat for several; default starting-hands)")
    p.add_argument("--seed", type=int, help="seed (default: a random one, printed)")
    p.add_argument("--board", help="known board cards")
    p.add_argument("--dead", help="dead cards")
    p.add_argument("--hands", nargs="+", help="known hands, one per player (random for an unknown one)")
    p.add_argument("--threads", type=int, help="worker threads (default: all cores)")
    p.add_argument("--out", help="write the tables: .csv (the first table; others beside it as NAME.TABLE.csv) "
                                 "or .npz (all tables, counts and metadata)")
    p.add_argument("--force", action="store_true", help="overwrite --out files that exist")
    p.add_argument("--scheduler", help="Dask scheduler address (tcp://host:8786): run the chunks on the cluster")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    bar = p.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="show a progress bar (default: when stderr is a terminal)")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    p.set_defaults(func=run)
