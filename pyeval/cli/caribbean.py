"""The ``pyeval caribbean`` subcommand: Casino Stud Poker decisions and house edge.

Wired into ``pyeval/cli/__init__.py`` by :func:`register`::

    pyeval caribbean AsKd7c5h2d --dealer Qs          # EV of raise and fold, decision
    pyeval caribbean --house-edge                     # return table, optimal strategy
    pyeval caribbean --house-edge --strategy pair-or-better --paytable royal=250
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from pyeval.cli import output

__all__ = ["parse_paytable", "register", "run"]

# pyeval.caribbean.CATEGORIES, written out: importing pyeval.caribbean loads numba, which the
# command line loads only when this subcommand runs (tests/test_cli_output.py keeps them equal)
PAYTABLE_CATEGORIES = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
                       "four-of-a-kind", "straight-flush", "royal-flush")


def parse_paytable(text: str | None) -> dict[str, Fraction] | None:
    """``"royal-flush=250,straight flush=50"`` -> ``{"royal-flush": 250, ...}``.

    Payouts may be integers, decimals or fractions (``5/2``).  Raises
    ValueError on a malformed entry; categories are checked by
    :func:`pyeval.caribbean.validate_paytable`.

    >>> parse_paytable("royal=250, flush=5/2")
    {'royal': Fraction(250, 1), 'flush': Fraction(5, 2)}
    """
    if text is None:
        return None
    out: dict[str, Fraction] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise ValueError(f"pay-table entry {item.strip()!r} is not CATEGORY=PAYOUT")
        try:
            out[name.strip()] = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"payout {value.strip()!r} for {name.strip()!r} is not a number") from None
    return out


def register(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``caribbean`` subcommand; its ``func`` default is :func:`run`."""
    p = subparsers.add_parser(
        "caribbean",
        help="Casino Stud Poker (Caribbean stud): exact raise/fold decision and house edge",
        description=(
            "Casino Stud Poker (Caribbean stud). With a hand and --dealer: the exact EV of "
            "raising (over all 163,185 dealer completions) and of folding, and the best "
            "action. With --house-edge: the exact return table over all "
            "19,933,230,517,200 deals for a strategy and pay table."
        ),
        epilog="examples:\n"
               "  pyeval caribbean AsKd7c5h2d --dealer Qs\n"
               "  pyeval caribbean AsKd7c5h2d --dealer 7s --json\n"
               "  pyeval caribbean --house-edge\n"
               "  pyeval caribbean --house-edge --strategy pair-or-better --paytable royal=250",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("hand", nargs="?", help="the player's five cards, e.g. AsKd7c5h2d")
    p.add_argument("--dealer", "-d", metavar="CARD", help="the dealer's up-card, e.g. Qs")
    p.add_argument("--house-edge", action="store_true", help="compute the exact house edge")
    p.add_argument(
        "--strategy",
        default="optimal",
        help="playing strategy for --house-edge: optimal (default), always-raise, pair-or-better, ak-or-better",
    )
    p.add_argument(
        "--paytable",
        metavar="CAT=PAY,...",
        help="override raise payouts (to 1), e.g. 'royal-flush=250,straight-flush=50' (categories: "
        + ", ".join(PAYTABLE_CATEGORIES) + ")",
    )
    output.add_options(p, table="the outcomes of a raise (with --house-edge: the return table)")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Run the subcommand for parsed ``args``; returns the exit code."""
    from pyeval import caribbean  # imports numba: only when this subcommand runs

    paytable = parse_paytable(args.paytable)
    if args.house_edge:
        if args.hand is not None or args.dealer is not None:
            raise ValueError("--house-edge takes no hand or --dealer")
        result: caribbean.HouseEdge | caribbean.Decision = caribbean.house_edge(
            paytable, strategy=args.strategy, progress=output.show_bar(args))
    else:
        if args.hand is None or args.dealer is None:
            raise ValueError("give a hand and --dealer CARD, or --house-edge")
        result = caribbean.decide(args.hand, args.dealer, paytable)
    return output.emit(args, result)
