"""``pyeval allin-ev``: all-in EV and luck over hand histories, PHH and the sites' text
(docs/history.md); ``pyeval hands``: what the site readers read (docs/site-histories.md);
``pyeval history convert``: site hands written as PHH.

    pyeval allin-ev hands/                          the per-player table
    pyeval allin-ev hands/ --player Alice --plot w.png --csv -
    pyeval allin-ev hands/ --by stakes              the table per stakes (or session)
    pyeval hands PokerStars/ --csv -                one row per hand read; skipped hands on stderr
    pyeval history convert PokerStars/ --to phh phh/
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pyeval.cli import output
from pyeval.history.result import GROUPS

SKIPPED_SHOWN = 50
"""Skipped hands listed on stderr one a line; past this many, the count of the rest (``--json``
lists every one)."""


def run_allin_ev(args: argparse.Namespace) -> int:
    from pyeval.history import allin_ev

    result = allin_ev(args.paths, player=args.player, progress=output.show_bar(args),
                      payouts=_payouts(args.payouts))
    _print_skipped(result.skipped_lines())
    if args.by:
        table = result.by(args.by)
        return output.emit(args, table, text=repr(table), plot=lambda path: result.plot(path, player=args.player))
    return output.emit(args, result, text=repr(result), plot=lambda path: result.plot(path, player=args.player))


def _payouts(text: str | None) -> list[float] | None:
    """``--payouts 50,30,20``: the prizes of places 1, 2, ... (ValueError naming a bad one)."""
    if text is None:
        return None
    prizes: list[float] = []
    for part in text.split(","):
        try:
            value = float(part)
        except ValueError:
            raise ValueError(f"--payouts takes the prizes of places 1, 2, ... separated by commas (50,30,20); "
                             f"got {part.strip()!r}") from None
        prizes.append(int(value) if value.is_integer() else value)
    return prizes


def run_hands(args: argparse.Namespace) -> int:
    from pyeval.history import read_hands

    result = read_hands(args.paths, site=args.site, progress=output.show_bar(args))
    _print_skipped(result.skipped_lines())
    return output.emit(args, result, text=repr(result))


def run_convert(args: argparse.Namespace) -> int:
    from pyeval.history.convert import convert_to_phh

    to, outdir = args.to
    if to != "phh":
        raise ValueError(f"--to {to}: pyeval converts to phh only")
    result = convert_to_phh(args.paths, outdir, force=args.force, site=args.site,
                            progress=output.show_bar(args))
    _print_skipped([f"{r['source']}:{r['line']}: {r['reason']}" for r in result.rows() if r["reason"]])
    return output.emit(args, result, text=repr(result))


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
                "pyeval allin-ev a.phh b.phhs --csv players.csv",
                "pyeval allin-ev final-table.txt --payouts 50,30,20"]
    p = sub.add_parser(
        "allin-ev", help="all-in EV, actual winnings and luck over PHH hand histories",
        description="Each player's actual winnings, all-in adjusted winnings (EV in all-in hands, actual "
                    "otherwise), luck and its z-score over PHH hand histories (files, folders read recursively).",
        epilog="examples:\n" + "".join(f"  {e}\n" for e in examples),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", help=".phh / .phhs files, site hand histories (.txt, .xml) or folders")
    p.add_argument("--player", help="only this player's hands and row")
    p.add_argument("--payouts", metavar="P1,P2,...",
                   help="tournament hands also in prize equity by ICM on the stacks of the hand's table (a final "
                        "table): the prizes of places 1, 2, ...")
    p.add_argument("--by", choices=GROUPS, help="the per-player table split by stakes, session, site, game or file")
    output.add_options(p, plot="cumulative actual vs all-in adjusted winnings (big blinds when known)",
                       table="the per-player table")
    p.set_defaults(func=run_allin_ev)

    h = sub.add_parser(
        "hands", help="read site hand histories (PokerStars, GGPoker, ...): the hands read and those skipped",
        description="Read hand histories as the poker sites export them; print what was read (sites, games), "
                    "list each hand skipped with its file, line and reason on stderr.",
        epilog="examples:\n  pyeval hands PokerStars/\n  pyeval hands a.txt b.txt --csv hands.csv\n"
               "  pyeval hands PokerStars/ --json\n", formatter_class=argparse.RawDescriptionHelpFormatter)
    h.add_argument("paths", nargs="+", help="site hand-history files or folders (read recursively)")
    h.add_argument("--site", help="the site's reader (default: detected from each file's text)")
    output.add_options(h, table="one row per hand")
    h.set_defaults(func=run_hands)

    hist = sub.add_parser("history", help="hand-history tools: convert site hands to PHH",
                          description="Hand-history tools.")
    tools = hist.add_subparsers(dest="tool", metavar="TOOL")
    c = tools.add_parser(
        "convert", help="write site hands as PHH files (one a hand) that pokerkit replays",
        description="Write each hand of site hand histories as a PHH file OUTDIR/<site>-<id>.phh; hands PHH "
                    "cannot hold are listed on stderr with the reason.",
        epilog="example:\n  pyeval history convert PokerStars/ --to phh phh/\n",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("paths", nargs="+", help="site hand-history files or folders")
    # the folder is --to's second value: ``PATH... --to phh OUTDIR`` with any number of paths (a positional
    # after the option could not follow paths, argparse having taken them all)
    c.add_argument("--to", required=True, nargs=2, metavar=("FORMAT", "OUTDIR"),
                   help="the format to write (phh) and the folder to write the PHH files to (made if missing)")
    c.add_argument("--site", help="the site's reader (default: detected)")
    output.add_options(c, table="one row per hand: the file written or the reason")
    c.set_defaults(func=run_convert, parser=c)
    hist.set_defaults(func=lambda args: hist.print_help() or 2)
