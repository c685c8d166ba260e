"""``pyeval equity``: the main job at a terminal.

    pyeval equity holdem AhAs KdKc
    pyeval equity omaha-hilo As2sKdQd AhKh3c4c --board 5s6d7h --exact
    pyeval equity stud AsAd7c KhKd2s --samples 2000000 --seed 7 --json

A long run shows a progress bar on a terminal; Ctrl-C stops it (exit 130), and a Monte Carlo
run prints the result of the deals sampled so far.
"""

from __future__ import annotations

import argparse
from typing import Any

from pyeval.cli import check_quoted, output
from pyeval.cli.help import RANGE_HELP, games_help
from pyeval.core.checks import read_number
from pyeval.equity import equity


def option_type(**rule: Any):
    """An argparse ``type`` reading a number by ``pyeval.core.checks.read_number``'s ``rule`` (the one
    check of numbers; argparse's message names the option)."""
    def parse(text: str):
        try:
            return read_number(text, **rule)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return parse


parse_count = option_type(whole=True, least=1, scaled=True)
"""Counts: whole numbers >= 1, with an optional K/M/G suffix (100M)."""
positive_float = option_type(above=0)
number = option_type()
non_negative_int = option_type(whole=True, least=0)
positive_int = option_type(whole=True, least=1)


def run(args: argparse.Namespace) -> int:
    check_quoted(args)
    method = "exact" if args.exact else ("monte-carlo" if args.samples or args.stderr else "auto")
    board = args.board
    if board and "/" in board:
        board = board.split("/")
    with output.watching(args, f"{args.game} equity", keep_partial=True) as watch:
        r = equity(args.game, args.hands, board=board or "", dead=args.dead or "", method=method,
                   samples=args.samples, seed=args.seed, threads=args.threads, stderr_target=args.stderr,
                   folded=args.folded)
    partial = f"the result of the {r.outcomes:,} deals sampled so far" if watch.interrupted else None
    return output.emit(args, r, text=repr(r), partial=partial)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "equity", help="equity of a showdown (every game)",
        description="Each player's share of the pot when every remaining card is dealt and every hand shows down: "
                    "exact (every outcome) when that is quick or --exact, else Monte Carlo (--samples, --stderr).",
        epilog="examples:\n"
               "  pyeval equity holdem AhAs KdKc\n"
               "  pyeval equity holdem AhKh QQ+,AKs random --board \"Kd 8c 2s\"\n"
               "  pyeval equity holdem \"Ah*\" KsKc --board Kd8c2s7h\n"
               "  pyeval equity holdem AhKh QQ+ --folded 30% random random\n"
               "  pyeval equity omaha-hilo As2sKdQd AhKh3c4c --board 5s6d7h --exact\n"
               "  pyeval equity stud AsAd7c KhKd2s --samples 2M --seed 7 --json\n"
               "  pyeval equity holdem-double-board AhAs KdKc --board AhKd2c/7s7d9h\n\n"
               + RANGE_HELP + "\n\n" + games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help="game name or alias (list below)")
    p.add_argument("hands", nargs="+", help="one hand (or range) per player")
    p.add_argument("--board", help='board cards (0-5), one word: quote spaced cards, --board "Kd 8c 2s"')
    p.add_argument("--dead", help="dead cards, one word")
    p.add_argument("--folded", nargs="+", metavar="RANGE",
                   help="the folded players' ranges, one per player (bunching: their cards are dealt, never shown; "
                        "hold'em and Omaha games), e.g. --folded 30%% random")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every outcome")
    how.add_argument("--samples", type=parse_count, help="Monte Carlo deals (e.g. 10M)")
    how.add_argument("--stderr", type=positive_float,
                     help="Monte Carlo until every standard error is at most this (e.g. 0.001)")
    p.add_argument("--seed", type=non_negative_int, help="Monte Carlo seed (reproducible for any thread count)")
    p.add_argument("--threads", type=positive_int, help="worker threads (default: all cores)")
    output.add_options(p, table="each player's equity, win and tie")
    p.set_defaults(func=run)
