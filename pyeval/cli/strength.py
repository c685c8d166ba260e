"""``pyeval strength table``: a street's hand-strength table, streamed to Parquet.

    pyeval strength table river --out river.parquet --progress
    pyeval strength table flop --out flop.parquet --bins 30 --features ehs hist
    pyeval strength table turn --game shortdeck --out sd-turn.parquet

``--out FOLDER.parquet`` streams the table to a folder of Parquet chunks, resumed when run again
(chunks already written whole are skipped); ``--scheduler tcp://HOST:8786`` computes the chunks on
a Dask cluster; ``--out``/``--csv`` with .csv or .json write a slice
held in memory, like every other subcommand.
"""

from __future__ import annotations

import argparse
from typing import Any

from pyeval.cli import output
from pyeval.cli.analysis import subcommand_parser
from pyeval.cli.equity import non_negative_int
from pyeval.cli.simulate import connect_scheduler


def run_table(args: argparse.Namespace) -> int:
    from pyeval.strength import table

    folder = args.out if args.out and args.out.lower().endswith(".parquet") else None
    client = connect_scheduler(args.scheduler) if args.scheduler else None
    try:
        with output.watching(args, f"{args.street} table"):
            result = table(args.street, features=tuple(args.features), bins=args.bins, start=args.start,
                           stop=args.stop, game=args.game, path=folder, client=client)
    finally:
        if client is not None:
            client.close()
    if folder is not None:  # written chunk by chunk during the run
        return output.emit(args, result, out=lambda result, path, partial: [])
    return output.emit(args, result)


def register(sub: Any) -> None:
    from pyeval.strength.states import RANKED_GAMES, STREETS
    from pyeval.strength.tables import TABLE_FEATURES

    p = subcommand_parser(sub, "strength", "hand-strength tables of every hold'em state, 52-card or short deck "
                          "(EHS, EHS2, histograms)",
                "Every suit-isomorphic state of a street with its equity against one random hand (EHS), the mean "
                "of its river EHS squared (EHS2) and the histogram of its river EHS over the runouts "
                "(docs/strength.md).  The river table is built first (minutes); earlier streets look their "
                "runouts up in it.",
                ["pyeval strength table river --out river.parquet --progress",
                 "pyeval strength table turn --out turn.parquet --bins 30",
                 "pyeval strength table flop --out flop.parquet --features ehs ehs2",
                 "pyeval strength table river --game shortdeck --out sd-river.parquet",
                 "pyeval strength table river --stop 1000 --csv river.csv"])
    p.add_argument("what", choices=["table"], help="table: a whole street (or --start/--stop of it)")
    p.add_argument("street", choices=list(STREETS))
    p.add_argument("--game", choices=RANKED_GAMES, default="holdem",
                   help="holdem (52 cards, the default) or a short deck (36 cards) with its ranking: shortdeck (trips "
                        "beat a straight) or shortdeck-straight (a straight beats trips)")
    p.add_argument("--features", nargs="+", choices=list(TABLE_FEATURES), default=list(TABLE_FEATURES),
                   help="the columns beside the index (default: all)")
    p.add_argument("--bins", type=non_negative_int, default=50, help="histogram bins (default 50)")
    p.add_argument("--start", type=non_negative_int, default=0, help="first state index (default 0)")
    p.add_argument("--stop", type=non_negative_int, default=None, help="one past the last state index (default: all)")
    p.add_argument("--scheduler", help="Dask scheduler address (tcp://host:8786): the chunks run on the cluster")
    output.add_options(p, table="the table (a slice: it is held in memory)", out=(".parquet", *output.OUT_FORMATS))
    p.set_defaults(func=run_table)
