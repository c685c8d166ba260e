"""``pyeval allin-ev``: all-in EV and luck over PHH hand histories (docs/history.md).

    pyeval allin-ev hands/                          the per-player table
    pyeval allin-ev hands/ --player Alice --plot w.png --csv -
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

PLOT_FORMATS = (".png", ".svg", ".pdf")


def _check_path(flag: str, out: str, formats: tuple[str, ...] | None = None) -> None:
    """Refuse an output path that cannot be written, before reading any hand."""
    path = Path(out)
    if formats and path.suffix.lower() not in formats:
        raise ValueError(f"{flag} {out}: unknown format {path.suffix or '(no extension)'!r}; write "
                         + " or ".join(formats))
    if path.is_dir():
        raise ValueError(f"{flag} {out}: is a folder")
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(f"{flag} {out}: no folder {str(folder)!r}")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(f"{flag} {out}: not writable")


def run_allin_ev(args: argparse.Namespace) -> int:
    from pyeval.history import allin_ev

    if args.csv and args.csv != "-":
        _check_path("--csv", args.csv)
    if args.plot:
        _check_path("--plot", args.plot, PLOT_FORMATS)
    if args.plot:
        from pyeval.results.protocol import require

        require("matplotlib", "plot")  # before the work, not after it
    result = allin_ev(args.paths, player=args.player, progress=True if args.progress else False)
    if args.csv:
        text = result.to_csv(None if args.csv == "-" else args.csv)
        if args.csv == "-":
            sys.stdout.write(text)
    if args.plot:
        result.plot(args.plot, player=args.player)
    if args.json:
        print(json.dumps(result.to_dict()))
    elif args.csv != "-":
        print(repr(result))
    return 0


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
    p.add_argument("--json", action="store_true", help="machine-readable output (players, hands, skipped)")
    p.add_argument("--csv", metavar="FILE", help="write the per-player table as CSV (- for the terminal)")
    p.add_argument("--plot", metavar="FILE.png", help="cumulative actual vs all-in adjusted winnings")
    p.add_argument("--progress", action="store_true", help="a progress bar on stderr")
    p.set_defaults(func=run_allin_ev)
