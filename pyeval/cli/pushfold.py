"""``pyeval pushfold``: heads-up push/fold equilibria at a terminal.

    pyeval pushfold 8                                   the equilibrium at 8 big blinds, chip EV
    pyeval pushfold 8 --ante 0.1 --csv -                with antes; the 169 classes as CSV
    pyeval pushfold 10 20 --payouts 50,30,20 --stacks 15   ICM: stacks 10 (SB) and 20 (BB), a third player
    pyeval pushfold --chart --plot chart.png            the chart over 1 to 20 big blinds
    pyeval pushfold 10 --players 3                      three-handed: button, small blind, big blind
    pyeval pushfold 8 12 20 --players 3 --payouts 50,30,20   three-handed ICM, stacks BTN SB BB, no one else
"""

from __future__ import annotations

import argparse
from typing import Any

from pyeval.cli import output
from pyeval.cli.analysis import add_number_list, subcommand_parser
from pyeval.cli.equity import number, positive_int


def run_pushfold(args: argparse.Namespace) -> int:
    from pyeval.analysis import plots, pushfold, pushfold_chart

    if args.players not in (2, 3):
        raise ValueError(f"--players is 2 (heads-up) or 3 (button, small blind, big blind), got {args.players}")
    if args.players == 3:
        if args.chart or args.plot:
            raise ValueError("--chart and --plot are heads-up only: leave out --players 3")
        if not args.stack or len(args.stack) not in (1, 3):
            raise ValueError("give one stack for the three players, or the button's, small blind's and big blind's")
        stacks: Any = args.stack[0] if len(args.stack) == 1 else tuple(args.stack)
        with output.watching(args, "pushfold, three-handed"):  # seconds: a bar on a terminal
            result = pushfold(stacks, players=3, sb=args.sb, bb=args.bb, ante=args.ante, payouts=args.payouts,
                              stacks=args.stacks)
        return output.emit(args, result)
    if args.plot and not args.chart:
        raise ValueError("--plot draws the chart: add --chart")
    if args.chart:
        if args.payouts is not None or args.stacks is not None:
            raise ValueError("--chart is chip EV: leave out --payouts and --stacks")
        depths = args.stack or None
        with output.watching(args, "pushfold chart"):
            chart = pushfold_chart(depths, sb=args.sb, bb=args.bb, ante=args.ante)
        return output.emit(args, chart, plot=lambda path: plots.pushfold_grids(chart, path))
    if not args.stack or len(args.stack) > 2:
        raise ValueError("give the effective stack (big blinds), or the small blind's and the big blind's stacks")
    stack: Any = args.stack[0] if len(args.stack) == 1 else tuple(args.stack)
    return output.emit(args, pushfold(stack, sb=args.sb, bb=args.bb, ante=args.ante, payouts=args.payouts,
                                      stacks=args.stacks))


def register(sub: Any) -> None:
    p = subcommand_parser(sub, "pushfold",
                          "heads-up push/fold equilibria (chip EV or ICM), and charts over stack depths",
                "The small blind pushes all in or folds, the big blind calls or folds: the Nash equilibrium with "
                "exact card removal, as the share of each of the 169 classes played (docs/pushfold.md).  Stacks "
                "are in big blinds, before the blinds and antes are posted.",
                ["pyeval pushfold 8", "pyeval pushfold 8 --ante 0.1 --csv -",
                 "pyeval pushfold 10 20 --payouts 50,30,20 --stacks 15",
                 "pyeval pushfold --chart --plot chart.png --csv chart.csv",
                 "pyeval pushfold 5 10 15 20 --chart", "pyeval pushfold 10 --players 3",
                 "pyeval pushfold 8 12 20 --players 3 --payouts 50,30,20"])
    p.add_argument("stack", nargs="*", type=number,
                   help="the effective stack, or the small blind's and big blind's; with --chart, the depths "
                        "(default 1 to 20 by tenths)")
    p.add_argument("--players", type=positive_int, default=2,
                   help="2: heads-up (default); 3: button, small blind and big blind (stacks: one, or BTN SB BB)")
    p.add_argument("--sb", type=number, default=0.5, help="small blind (default 0.5)")
    p.add_argument("--bb", type=number, default=1.0, help="big blind (default 1)")
    p.add_argument("--ante", type=number, default=0.0, help="each player's ante (default 0)")
    add_number_list(p, "--payouts", "ICM: prizes, 1st place first: 50,30,20")
    add_number_list(p, "--stacks", "ICM: the chips of the players not in the hand: 15,20 (default none)",
                    empty=True)
    p.add_argument("--chart", action="store_true", help="solve every depth and print the 13x13 charts")
    output.add_options(p, plot="the 13x13 charts (with --chart)",
                       table="the 169 classes' push and call shares (with --chart: per depth)")
    p.set_defaults(func=run_pushfold)
