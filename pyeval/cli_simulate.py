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


def _write(result, out: str) -> list[str]:
    path = Path(out)
    if path.suffix.lower() == ".npz":
        result.save(path)
        return [str(path)]
    written = []
    for i, name in enumerate(result.tables):
        target = path if i == 0 else path.with_name(f"{path.stem}.{name}{path.suffix or '.csv'}")
        result.to_csv(target, name)
        written.append(str(target))
    return written


def run(args: argparse.Namespace) -> int:
    client = None
    if args.scheduler:
        try:
            from dask.distributed import Client
        except ImportError:
            raise ValueError('--scheduler needs Dask: pip install "pyeval[dask]"') from None
        client = Client(args.scheduler)
    progress = None if args.progress is None else args.progress
    try:
        r = simulate(args.game, args.players, args.deals, seed=args.seed, study=args.study,
                     board=args.board or "", dead=args.dead or "", hands=args.hands, threads=args.threads,
                     progress=progress, client=client)
    finally:
        if client is not None:
            client.close()
    if args.out:
        written = _write(r, args.out)
        print(f"wrote {', '.join(written)}", file=sys.stderr)
    if args.json:
        print(json.dumps(r.to_dict()))
    else:
        print(str(r))
        print(f"{r.deals:,} deals in {r.elapsed:.2f} s ({r.deals_per_second / 1e6:.2f} M deals/s), seed {r.seed}")
    return 130 if r.interrupted else 0


def register(sub) -> None:
    p = sub.add_parser(
        "simulate", help="simulate millions of deals: starting hands, hand categories, hi/lo",
        description="Deal random deals and run ready studies, on all cores (or a Dask cluster), in bounded "
                    "memory. Studies: " + ", ".join(STUDIES) + ". Games: " + ", ".join(GAMES),
        epilog="Ctrl-C stops cleanly and writes what finished. The same --seed gives the same tables for any "
               "thread count and on a cluster.")
    p.add_argument("game", help="game name, e.g. holdem, omaha, omaha-hilo")
    p.add_argument("--players", type=int, default=6, help="players dealt in (default 6)")
    p.add_argument("--deals", type=_count, default=10_000_000, help="deals, e.g. 100M (default 10M)")
    p.add_argument("--study", action="append", choices=list(STUDIES) + ["hands", "hi-lo"],
                   help="study to run (repeat for several; default: starting-hands in board games, categories in stud "
                        "and draw games)")
    p.add_argument("--seed", type=int, help="seed (default: a random one, printed)")
    p.add_argument("--board", help="known board cards")
    p.add_argument("--dead", help="dead cards")
    p.add_argument("--hands", nargs="+", help="known hands, one per player (random for an unknown one)")
    p.add_argument("--threads", type=int, help="worker threads (default: all cores)")
    p.add_argument("--out", help="write the tables: .csv (the first table; others beside it as NAME.TABLE.csv) "
                                 "or .npz (all tables, counts and metadata)")
    p.add_argument("--scheduler", help="Dask scheduler address (tcp://host:8786): run the chunks on the cluster")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    bar = p.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="show a progress bar (default: when stderr is a terminal)")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    p.set_defaults(func=run)
