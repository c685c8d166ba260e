"""``pyeval flops``: two ranges on every flop (``pyeval.flop_report``) at a terminal.

    pyeval flops holdem "22+,A2s+,KTs+,ATo+" "22-TT,A2s-AJs,KTo+" --by suits
    pyeval flops holdem 15% 30% --csv flops.csv --plot flops.png

Output through ``pyeval.cli.output``: the report (or its ``--by`` aggregate) as text, ``--json``,
``--csv PATH|-``, ``--out PATH``; ``--plot PATH`` draws the flops sorted by hero's equity.
"""

from __future__ import annotations

import argparse
from typing import Any

from pyeval.cli import check_quoted, output
from pyeval.cli.analysis import subcommand_parser
from pyeval.cli.equity import non_negative_int, parse_count
from pyeval.cli.help import RANGE_HELP

BY = ("suits", "pairing", "high", "connectedness", "group", "texture")


def run_flops(args: argparse.Namespace) -> int:
    from pyeval.analysis.flops import flop_report  # here: the analysis package loads the range kernels

    check_quoted(args)
    method = "monte-carlo" if args.samples else "auto"
    with output.watching(args, f"{args.game} flops"):
        flops = [f for f in args.flops.split(",") if f.strip()] if args.flops else None
        r = flop_report(args.hero, args.villain, game=args.game, flops=flops, dead=args.dead or None, method=method,
                        samples=args.samples, seed=args.seed)
    shown: Any = r if args.by is None else r.by("group" if args.by == "texture" else args.by)

    def plot(path: str) -> None:
        from pyeval.analysis.flops import plots

        plots.flops_by_equity(r, path=path)

    return output.emit(args, shown, plot=plot)


def register(sub: Any) -> None:
    p = subcommand_parser(sub, "flops", "two ranges on every flop: equities, hand classes, textures",
                          "Each flop up to suit isomorphism (1,755 in hold'em) with its weight and probability given "
                          "the two ranges, both ranges' equities (exact in hold'em and short deck, Monte Carlo in "
                          "Omaha), hand classes, equity buckets and nut advantage, and its texture.",
                          ["pyeval flops holdem \"22+,A2s+,KTs+,ATo+\" \"22-TT,A2s-AJs,KTo+\" --by suits",
                           "pyeval flops holdem 15% 30% --csv flops.csv --plot flops.png"], RANGE_HELP)
    p.add_argument("game")
    p.add_argument("hero", help="hero's range")
    p.add_argument("villain", help="villain's range")
    p.add_argument("--dead", help="dead cards, one word")
    p.add_argument("--flops", help="only these flops, comma-separated (AsKd7c,9h8h2c): each its own row")
    p.add_argument("--by", choices=BY, help="aggregate the flops by a texture column (texture: the texture group)")
    p.add_argument("--samples", type=parse_count, help="Omaha: Monte Carlo deals per flop (default: to 0.5%% error)")
    p.add_argument("--seed", type=non_negative_int, help="Omaha: Monte Carlo seed")
    output.add_options(p, plot="the flops sorted by hero's equity, coloured by texture",
                       table="one row per flop (or per texture value with --by)")
    p.set_defaults(func=run_flops)
