"""``pyeval equity``: the main job at a terminal.

    pyeval equity holdem AhAs KdKc
    pyeval equity omaha-hilo As2sKdQd AhKh3c4c --board 5s6d7h --exact
    pyeval equity stud AsAd7c KhKd2s --samples 2000000 --seed 7 --json
"""

from __future__ import annotations

import argparse

from pyeval.equity import equity
from pyeval.games import GAMES


def _count(text: str) -> int:
    """Integers with an optional K/M/G suffix: 100M."""
    t = text.strip().upper().replace("_", "").replace(",", "")
    scale = {"K": 10**3, "M": 10**6, "G": 10**9, "B": 10**9}.get(t[-1:], 1)
    if scale != 1:
        t = t[:-1]
    try:
        value = int(float(t) * scale)
    except (ValueError, OverflowError):
        raise argparse.ArgumentTypeError(f"not a count: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    return value


def run(args: argparse.Namespace) -> int:
    method = "exact" if args.exact else ("monte-carlo" if args.samples or args.stderr else "auto")
    board = args.board
    if board and "/" in board:
        board = board.split("/")
    r = equity(args.game, args.hands, board=board or "", dead=args.dead or "", method=method,
               samples=args.samples, seed=args.seed, threads=args.threads, stderr_target=args.stderr)
    print(r.to_json() if args.json else repr(r))
    return 0


def register(sub) -> None:
    p = sub.add_parser(
        "equity", help="equity of a showdown (every game)",
        description="Each player's share of the pot. Games: " + ", ".join(GAMES),
        epilog='Hands: cards like AhAs or "Ah As"; "random" (or xx) for an unknown hand; stud: the cards so far; '
               "draw games: the cards kept. Double-board games: --board AhKd2c/7s7d9h.")
    p.add_argument("game", help="game name, e.g. holdem, omaha-hilo, stud, razz, draw-deuce7")
    p.add_argument("hands", nargs="+", help="one hand per player")
    p.add_argument("--board", help="board cards (0-5)")
    p.add_argument("--dead", help="dead cards")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every outcome")
    how.add_argument("--samples", type=_count, help="Monte Carlo deals (e.g. 10M)")
    how.add_argument("--stderr", type=float, help="Monte Carlo until every standard error is at most this")
    p.add_argument("--seed", type=int, help="Monte Carlo seed (reproducible for any thread count)")
    p.add_argument("--threads", type=int, help="worker threads (default: all cores)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)
