"""``pyeval combos | breakdown | next-card | icm``: range analysis at a terminal.

    pyeval combos holdem 15% 30% --board Kd8c2s             each combo's equity, the range's mean
    pyeval breakdown holdem random --board Kd8c2s           what the range holds on the board
    pyeval next-card holdem AhAs KdKc --board 7c8c2d        every turn card, equities and outs
    pyeval icm 5000 3000 2000 --payouts 50,30,20            prize equity of the stacks

Each takes the output options of ``pyeval.cli.output``: ``--json`` (the whole result), ``--csv PATH``
(its table; ``-`` for stdout), ``--out PATH`` and, where a picture helps, ``--plot PATH``.
"""

from __future__ import annotations

import argparse
from typing import Any

from pyeval.cli import check_quoted, output
from pyeval.cli.equity import non_negative_int, number, parse_count
from pyeval.cli.help import RANGE_HELP
from pyeval.core.checks import read_number


def _partial(watch, result) -> str | None:
    """What an interrupted Monte Carlo range run kept (None: it was not interrupted)."""
    return f"the result of the {result.outcomes:,} deals sampled so far" if watch.interrupted else None


def _method(args: argparse.Namespace) -> str:
    return "exact" if args.exact else ("monte-carlo" if args.samples else "auto")


def run_combos(args: argparse.Namespace) -> int:
    from pyeval.analysis import combo_equities  # here, not at import: it loads numba, which other commands skip

    check_quoted(args)
    if args.curve and not args.plot:
        raise ValueError("--curve says what --plot draws: add --plot PATH")
    with output.watching(args, f"{args.game} combos", keep_partial=True) as watch:
        r = combo_equities(args.game, args.range, args.opponents, board=args.board or "", dead=args.dead or "",
                           method=_method(args), samples=args.samples, seed=args.seed)

    def plot(path: str) -> None:
        from pyeval.analysis import plots

        if args.curve:
            with output.watching(args, f"{args.game} combos (the curve's other range)"):
                other = combo_equities(args.game, args.opponents[0], [args.range, *args.opponents[1:]],
                                       board=args.board or "", dead=args.dead or "", method=_method(args),
                                       samples=args.samples, seed=args.seed)
            plots.equity_curves(r, other, path=path)
        else:
            plots.grid_heatmap(r, path)

    return output.emit(args, r, plot=plot, partial=_partial(watch, r.result))


def run_breakdown(args: argparse.Namespace) -> int:
    from pyeval.analysis import range_breakdown

    check_quoted(args)
    with output.watching(args, f"{args.game} breakdown", keep_partial=True) as watch:
        r = range_breakdown(args.game, args.range, args.board, dead=args.dead or "", opponents=args.against or None,
                            method=_method(args), samples=args.samples, seed=args.seed)

    def plot(path: str) -> None:
        from pyeval.analysis import plots

        plots.breakdown_bars(r, path)

    partial = None if r.combos_equity is None else _partial(watch, r.combos_equity.result)
    return output.emit(args, r, plot=plot, partial=partial)


def run_next_card(args: argparse.Namespace) -> int:
    from pyeval.analysis import next_card

    check_quoted(args)
    with output.watching(args, f"{args.game} next card"):
        r = next_card(args.game, args.hands, args.board or "", dead=args.dead or "")
    return output.emit(args, r)


def run_icm(args: argparse.Namespace) -> int:
    from pyeval.analysis import icm

    method = "monte-carlo" if args.samples else "auto"
    with output.watching(args, "icm", keep_partial=True) as watch:
        r = icm(args.stacks, args.payouts, method=method, samples=args.samples, seed=args.seed)
    partial = f"the result of the {r.outcomes:,} finishing orders drawn so far" if watch.interrupted else None
    return output.emit(args, r, partial=partial)


def _ranges(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dead", help="dead cards, one word")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every outcome")
    how.add_argument("--samples", type=parse_count, help="Monte Carlo deals (e.g. 10M)")
    p.add_argument("--seed", type=non_negative_int, help="Monte Carlo seed")


def _number(text: str) -> float | int:
    """A number >= 0 (stacks and payouts; the library says which must be positive)."""
    return read_number(text, least=0)


def _number_list(text: str) -> list[float | int]:
    """One word of a list option: ``50,30,20`` or ``50`` ('' for none)."""
    words = [w for w in text.replace(",", " ").split() if w]
    try:
        return [_number(w) for w in words]
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"expected numbers separated by commas, got {text!r} ({e})") from None


def add_number_list(p: argparse.ArgumentParser, option: str, help: str, *, empty: bool = False,
                    **kwargs: Any) -> None:
    """A list option spelt the same in every subcommand: ``--payouts 50,30,20`` (the documented
    form) or ``--payouts 50 30 20``; with ``empty``, ``''`` or nothing after the option is an empty
    list, else it is an argument error."""
    action = _Flatten if empty else _FlattenSome
    p.add_argument(option, nargs="*", type=_number_list, action=action, help=help, **kwargs)


class _Flatten(argparse.Action):
    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: Any = None) -> None:
        setattr(namespace, self.dest, [x for word in values for x in word])


class _FlattenSome(_Flatten):
    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: Any = None) -> None:
        super().__call__(parser, namespace, values, option_string)
        if not getattr(namespace, self.dest):
            parser.error(f"{option_string} needs at least one number, e.g. {option_string} 50,30,20")


def subcommand_parser(sub: Any, name: str, summary: str, description: str, examples: list[str], more: str = "") -> Any:
    epilog = "examples:\n" + "".join(f"  {e}\n" for e in examples) + (f"\n{more}" if more else "")
    return sub.add_parser(name, help=summary, description=description, epilog=epilog,
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def register(sub: Any) -> None:
    p = subcommand_parser(sub, "combos", "each combo's equity in a range against other ranges",
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
    output.add_options(p, plot="the 13x13 heatmap of the range's equity (or the curves with --curve)",
                       table="each combo's weight, equity, win and tie")
    p.set_defaults(func=run_combos)

    p = subcommand_parser(sub, "breakdown", "what a range holds on a flop or turn (made hands and draws)",
                "The combos and share of a range in each made-hand class and draw on a board of 3 or 4 cards "
                "(definitions: docs/analysis.md); with --against, each class's equity.",
                ["pyeval breakdown holdem random --board Kd8c2s",
                 "pyeval breakdown holdem 30% --board Kd8c2s7h --against 15% --plot bars.png"], RANGE_HELP)
    p.add_argument("game")
    p.add_argument("range")
    p.add_argument("--board", required=True, help="3 or 4 board cards, one word")
    p.add_argument("--against", nargs="+", help="opponent ranges: adds each class's equity")
    _ranges(p)
    output.add_options(p, plot="the breakdown as bars", table="each class's combos and share")
    p.set_defaults(func=run_breakdown)

    p = subcommand_parser(sub, "next-card", "every next card of a flop or turn spot: equities and outs",
                "Every possible next card with each player's exact equity after it and each player's outs; on a "
                "preflop or flop spot, who leads on each street to come.",
                ["pyeval next-card holdem AhAs KdKc --board 7c8c2d", "pyeval next-card holdem AhAs KdKc --csv -"])
    p.add_argument("game")
    p.add_argument("hands", nargs="+", help="one hand per player (or random, or an unweighted range)")
    p.add_argument("--board", help="0, 3 or 4 board cards, one word")
    p.add_argument("--dead", help="dead cards, one word")
    output.add_options(p, table="each next card's probability and the equities after it")
    p.set_defaults(func=run_next_card)

    p = subcommand_parser(sub, "icm", "tournament prize equity of chip stacks (ICM)",
                "Malmuth-Harville ICM: exact when affordable (any field with few paid places), else Monte Carlo "
                "from a fixed seed (0 unless --seed).",
                ["pyeval icm 5000 3000 2000 --payouts 50,30,20",
                 "pyeval icm $(seq 1000 1000 20000) --payouts 40,25,15,10 --samples 1M --seed 1"])
    p.add_argument("stacks", nargs="+", type=number, help="each player's chips")
    add_number_list(p, "--payouts", "prize of 1st, 2nd, ... place: 50,30,20", required=True)
    p.add_argument("--samples", type=parse_count, help="Monte Carlo finishing orders (default: exact when affordable)")
    p.add_argument("--seed", type=non_negative_int, help="Monte Carlo seed (default 0)")
    output.add_options(p, table="each player's prize equity and place probabilities")
    p.set_defaults(func=run_icm)
