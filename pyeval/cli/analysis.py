"""``pyeval combos | breakdown | next-card | icm``: range analysis at a terminal.

    pyeval combos holdem 15% 30% --board Kd8c2s             each combo's equity, the range's mean
    pyeval breakdown holdem random --board Kd8c2s           what the range holds on the board
    pyeval next-card holdem AhAs KdKc --board 7c8c2d        every turn card, equities and outs
    pyeval icm 5000 3000 2000 --payouts 50 30 20            prize equity of the stacks

Each takes ``--json`` (the whole result), ``--csv FILE`` (its table; ``-`` for the terminal) and,
where a picture helps, ``--plot FILE.png`` (matplotlib, the ``plot`` extra).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pyeval.cli import check_quoted
from pyeval.cli.equity import _count, non_negative_int, positive_float
from pyeval.cli.help import RANGE_HELP
from pyeval.results.protocol import json_text


def _emit(args: argparse.Namespace, result: Any, plot: Any = None) -> int:
    if args.csv:
        text = result.to_csv(None if args.csv == "-" else args.csv)
        if args.csv == "-":
            sys.stdout.write(text)
    if args.plot:
        if plot is None:
            raise ValueError("this command has no plot")
        plot(args.plot)
    if args.json:
        print(json_text(result.to_dict()))
    elif args.csv != "-":
        print(repr(result))
    return 0


def _method(args: argparse.Namespace) -> str:
    return "exact" if args.exact else ("monte-carlo" if args.samples else "auto")


def run_combos(args: argparse.Namespace) -> int:
    from pyeval.analysis import combo_equities  # here, not at import: it loads numba, which other commands skip

    check_quoted(args)
    r = combo_equities(args.game, args.range, args.opponents, board=args.board or "", dead=args.dead or "",
                       method=_method(args), samples=args.samples, seed=args.seed)

    def plot(path: str) -> None:
        from pyeval.analysis import plots

        if args.curve:
            other = combo_equities(args.game, args.opponents[0], [args.range, *args.opponents[1:]],
                                   board=args.board or "", dead=args.dead or "", method=_method(args),
                                   samples=args.samples, seed=args.seed)
            plots.equity_curves(r, other, path=path)
        else:
            plots.grid_heatmap(r, path)

    return _emit(args, r, plot)


def run_breakdown(args: argparse.Namespace) -> int:
    from pyeval.analysis import range_breakdown

    check_quoted(args)
    r = range_breakdown(args.game, args.range, args.board, dead=args.dead or "", opponents=args.against or None,
                        method=_method(args), samples=args.samples, seed=args.seed)

    def plot(path: str) -> None:
        from pyeval.analysis import plots

        plots.breakdown_bars(r, path)

    return _emit(args, r, plot)


def run_next_card(args: argparse.Namespace) -> int:
    from pyeval.analysis import next_card

    check_quoted(args)
    return _emit(args, next_card(args.game, args.hands, args.board or "", dead=args.dead or ""))


def run_icm(args: argparse.Namespace) -> int:
    from pyeval.analysis import icm

    method = "monte-carlo" if args.samples else "auto"
    return _emit(args, icm(args.stacks, args.payouts, method=method, samples=args.samples, seed=args.seed))


def _outputs(p: argparse.ArgumentParser, plot: str | None) -> None:
    p.add_argument("--json", action="store_true", help="machine-readable output (the whole result)")
    p.add_argument("--csv", metavar="FILE", help="write the table as CSV (- for the terminal)")
    if plot:
        p.add_argument("--plot", metavar="FILE.png", help=plot)
    else:
        p.set_defaults(plot=None)


def _ranges(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dead", help="dead cards, one word")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every outcome")
    how.add_argument("--samples", type=_count, help="Monte Carlo deals (e.g. 10M)")
    p.add_argument("--seed", type=non_negative_int, help="Monte Carlo seed")


def _number(text: str) -> float | int:
    try:
        return int(text)
    except ValueError:
        return positive_float(text) if text.strip() not in ("0", "0.0") else 0.0


def _parser(sub: Any, name: str, summary: str, description: str, examples: list[str], more: str = "") -> Any:
    epilog = "examples:\n" + "".join(f"  {e}\n" for e in examples) + (f"\n{more}" if more else "")
    return sub.add_parser(name, help=summary, description=description, epilog=epilog,
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def register(sub: Any) -> None:
    p = _parser(sub, "combos", "each combo's equity in a range against other ranges",
                "Each combo's weight, equity, win and tie for a range against one or more ranges; the range's mean "
                "equity and equity buckets.",
                ["pyeval combos holdem 15% 30% --board Kd8c2s", "pyeval combos holdem QQ+,AK random --plot grid.png "
                 "--csv combos.csv", "pyeval combos holdem 15% 30% --board Kd8c2s --plot curve.png --curve"],
                RANGE_HELP)
    p.add_argument("game")
    p.add_argument("range", help="the range whose combos are listed")
    p.add_argument("opponents", nargs="+", help="one range (or hand, or random) per opponent")
    p.add_argument("--board", help="board cards, one word")
    _ranges(p)
    p.add_argument("--curve", action="store_true",
                   help="--plot draws the equity curves of the range and the first opponent (else the 13x13 grid)")
    _outputs(p, "the 13x13 heatmap of the range's equity (or the curves with --curve)")
    p.set_defaults(func=run_combos)

    p = _parser(sub, "breakdown", "what a range holds on a flop or turn (made hands and draws)",
                "The combos and share of a range in each made-hand class and draw on a board of 3 or 4 cards "
                "(definitions: docs/analysis.md); with --against, each class's equity.",
                ["pyeval breakdown holdem random --board Kd8c2s",
                 "pyeval breakdown holdem 30% --board Kd8c2s7h --against 15% --plot bars.png"], RANGE_HELP)
    p.add_argument("game")
    p.add_argument("range")
    p.add_argument("--board", required=True, help="3 or 4 board cards, one word")
    p.add_argument("--against", nargs="+", help="opponent ranges: adds each class's equity")
    _ranges(p)
    _outputs(p, "the breakdown as bars")
    p.set_defaults(func=run_breakdown)

    p = _parser(sub, "next-card", "every next card of a flop or turn spot: equities and outs",
                "Every possible next card with each player's exact equity after it and each player's outs; on a "
                "preflop or flop spot, who leads on each street to come.",
                ["pyeval next-card holdem AhAs KdKc --board 7c8c2d", "pyeval next-card holdem AhAs KdKc --csv -"])
    p.add_argument("game")
    p.add_argument("hands", nargs="+", help="one hand per player (or random, or an unweighted range)")
    p.add_argument("--board", help="0, 3 or 4 board cards, one word")
    p.add_argument("--dead", help="dead cards, one word")
    _outputs(p, None)
    p.set_defaults(func=run_next_card)

    p = _parser(sub, "icm", "tournament prize equity of chip stacks (ICM)",
                "Malmuth-Harville ICM: exact for up to 10 players, else Monte Carlo.",
                ["pyeval icm 5000 3000 2000 --payouts 50 30 20",
                 "pyeval icm $(seq 1000 1000 20000) --payouts 40 25 15 10 --samples 1M --seed 1"])
    p.add_argument("stacks", nargs="+", type=_number, help="each player's chips")
    p.add_argument("--payouts", nargs="+", type=_number, required=True, help="prize of 1st, 2nd, ... place")
    p.add_argument("--samples", type=_count, help="Monte Carlo finishing orders (default: exact up to 10 players)")
    p.add_argument("--seed", type=non_negative_int, help="Monte Carlo seed")
    _outputs(p, None)
    p.set_defaults(func=run_icm)
