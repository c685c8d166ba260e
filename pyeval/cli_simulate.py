"""``pyeval simulate``: ready studies over millions of random deals.

    pyeval simulate holdem --players 6 --deals 100M --study starting-hands --out table.csv
    pyeval simulate omaha-hilo --players 4 --deals 10M --study hilo --study categories --out hilo.npz
    pyeval simulate holdem --players 9 --deals 1G --seed 7 --scheduler tcp://10.0.0.5:8786
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from pyeval.cli import check_quoted
from pyeval.cli_equity import _count, non_negative_int, positive_int
from pyeval.cli_help import games_help
from pyeval.simulate import STUDIES, simulate

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
    check_quoted(args)
    if args.out:
        check_out(args.out)
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
                    "memory. Studies: " + ", ".join(STUDIES) + " (default: starting-hands in board games, "
                    "categories in stud and draw games).",
        epilog="Ctrl-C stops cleanly and writes what finished. The same --seed gives the same tables for any "
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
    p.add_argument("--scheduler", help="Dask scheduler address (tcp://host:8786): run the chunks on the cluster")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    bar = p.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="show a progress bar (default: when stderr is a terminal)")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    p.set_defaults(func=run)
