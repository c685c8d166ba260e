"""``pyeval allin-ev``: all-in EV and luck over PHH hand histories (docs/history.md).

    pyeval allin-ev hands/                          the per-player table
    pyeval allin-ev hands/ --player Alice --plot w.png --csv -
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pyeval.cli import output

SKIPPED_SHOWN = 50
"""Skipped hands listed on stderr one a line; past this many, the count of the rest (``--json``
lists every one)."""


def run_allin_ev(args: argparse.Namespace) -> int:
    from pyeval.history import allin_ev

    result = allin_ev(args.paths, player=args.player, progress=output.show_bar(args))
    _print_skipped(result.skipped_lines())
    return output.emit(args, result, text=repr(result), plot=lambda path: result.plot(path, player=args.player))


def _print_skipped(lines: list[str]) -> None:
    """The hands left out, on stderr: file:line: reason, and how many."""
    if not lines:
        return
    for line in lines[:SKIPPED_SHOWN]:
        print(f"pyeval: skipped {line}", file=sys.stderr)
    rest = f" ({len(lines) - SKIPPED_SHOWN:,} not listed; --json lists every one)" if len(lines) > SKIPPED_SHOWN else ""
    print(f"pyeval: {len(lines):,} hand(s) skipped{rest}", file=sys.stderr)


def register(sub: Any) -> None:
    examples = ["pyeval allin-ev hands/", "pyeval allin-ev hands/ --player Alice --plot winnings.png",
                "pyeval allin-ev a.phh b.phhs --csv players.csv"]
    p = sub.add_parser(
        "allin-ev", help="all-in EV, actual winnings and luck over PHH hand histories",
        description="Each player's actual winnings, all-in adjusted winnings (EV in all-in hands, actual "
                    "otherwise), luck and its z-score over PHH hand histories (files, folders read recursively).",
        epilog="examples:\n" + "".join(f"  {e}\n" for e in examples),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", help=".phh / .phhs files or folders")
    p.add_argument("--player", help="only this player's hands and row")
    output.add_options(p, plot="cumulative actual vs all-in adjusted winnings", table="the per-player table")
    p.set_defaults(func=run_allin_ev)
