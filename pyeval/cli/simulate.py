"""``pyeval simulate``: ready studies over millions of random deals.

    pyeval simulate holdem --players 6 --deals 100M --study starting-hands --out table.csv
    pyeval simulate omaha-hilo --players 4 --deals 10M --study hilo --study categories --out hilo.npz
    pyeval simulate holdem --players 9 --deals 1G --seed 7 --scheduler tcp://10.0.0.5:8786
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from pyeval.cli import check_quoted
from pyeval.cli.equity import _count, non_negative_int, positive_int
from pyeval.cli.help import games_help
from pyeval.core._results import install_hint
from pyeval.results.protocol import json_text
from pyeval.sim.simulate import STUDIES, simulate

SCHEDULER_TIMEOUT = 10.0
"""Seconds ``--scheduler`` waits for the Dask scheduler to answer."""
OUT_FORMATS = (".csv", ".npz")


def check_out(out: str) -> None:
    """Refuse an --out path that cannot be written, before the run (not after it, results lost)."""
    path = Path(out)
    if path.suffix.lower() not in OUT_FORMATS:
        raise ValueError(f"--out {out}: unknown format {path.suffix or '(no extension)'!r}; write .csv or .npz")
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(f"--out {out}: no folder {str(folder)!r}")
    if path.is_dir():
        raise ValueError(f"--out {out}: is a folder")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(f"--out {out}: not writable")



def _connect(address: str):
    try:
        from dask.distributed import Client
    except ImportError:
        raise ValueError(f"--scheduler needs Dask: {install_hint('dask')}") from None
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
            target.write_text(f"# partial: interrupted after {result.outcomes:,} of {result.requested:,} deals "
                              f"(seed {result.seed})\n" + text)
    return targets


def run(args: argparse.Namespace) -> int:
    check_quoted(args)
    if args.out:
        check_out(args.out)
        _refuse_existing([Path(args.out)], args.force)  # before the run, not after it
    client = _connect(args.scheduler) if args.scheduler else None
    progress = None if args.progress is None else args.progress
    try:
        r = simulate(args.game, args.players, args.deals, seed=args.seed, study=args.study,
                     board=args.board or "", dead=args.dead or "", hands=args.hands, threads=args.threads,
                     progress=progress, client=client)
    finally:
        if client is not None:
            client.close()
    if args.out:
        written = ", ".join(str(p) for p in _write(r, args.out, args.force))
        print(f"wrote PARTIAL results ({r.outcomes:,} of {r.requested:,} deals) to {written}" if r.interrupted
              else f"wrote {written}", file=sys.stderr)
    if args.json:
        print(json_text(r.to_dict()))
    else:
        print(str(r))
        print(f"{r.outcomes:,} deals in {r.elapsed:.2f} s ({r.deals_per_second / 1e6:.2f} M deals/s), seed {r.seed}")
    return 130 if r.interrupted else 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "simulate", help="simulate millions of deals: starting hands, hand categories, hi/lo",
        description="Deal random deals and run ready studies, on all cores (or a Dask cluster), in bounded "
                    "memory. Studies: " + ", ".join(STUDIES) + " (default: starting-hands in board games, "
                    "categories in stud and draw games).",
        epilog="Ctrl-C stops cleanly and writes what finished (a CSV then starts with a '# partial' line). "
               "The same --seed gives the same tables for any "
               "thread count and on a cluster.\n\nexamples:\n"
               "  pyeval simulate holdem --players 6 --deals 100M --out hands.csv\n"
               "  pyeval simulate omaha-hilo --players 4 --deals 10M --study hilo --study categories --out hilo.npz\n"
               "  pyeval simulate razz --players 4 --deals 1M --json\n"
               "  pyeval simulate holdem --players 2 --hands AsAh --board \"Kd 8c 2s\"\n\n" + games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help="game name or alias (list below)")
    p.add_argument("--players", type=positive_int, default=6, help="players dealt in (default 6)")
    p.add_argument("--deals", type=_count, default=10_000_000, help="deals, e.g. 100M (default 10M)")
    p.add_argument("--study", action="append", choices=list(STUDIES) + ["hands", "hi-lo"],
                   help="study to run (repeat for several; default: starting-hands in board games, categories in stud "
                        "and draw games)")
    p.add_argument("--seed", type=non_negative_int, help="seed (default: a random one, printed)")
    p.add_argument("--board", help="known board cards")
    p.add_argument("--dead", help="dead cards")
    p.add_argument("--hands", nargs="+", help="known hands, one per player (random for an unknown one)")
    p.add_argument("--threads", type=positive_int, help="worker threads (default: all cores)")
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
