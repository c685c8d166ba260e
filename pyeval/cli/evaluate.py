"""``pyeval eval``: describe and score one hand, and show the five cards it plays.

    pyeval eval AsKsQsJsTs                       a hand alone, by an evaluator (--kind)
    pyeval eval AhKh --board QhJhTh2c3d          hole cards and a board: hold'em (2 cards), Omaha (4-6)
    pyeval eval As2sKdQd --board 3c4hKh8d9c --game omaha-hilo
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

import numpy as np

from pyeval.cli import output
from pyeval.cli.help import games_help
from pyeval.core._results import Result, board_list
from pyeval.core.best_five import best_five, played_cards
from pyeval.core.cards import check_distinct, format_cards, parse_cards
from pyeval.core.evaluate import EVALUATORS
from pyeval.core.games import get_game

_OWN_CARDS = ("razz", "deuce7", "badugi")  # kinds of games without a board


def _with_board(hand, board_text: str, kind: str):
    """HAND as hole cards on a board, judged by one evaluator: hold'em's rule (any five) for two
    hole cards, Omaha's (exactly 2 + 3) for four to six."""
    if kind in _OWN_CARDS:
        raise ValueError(f"--kind {kind} has no board: {kind} hands are the player's own cards "
                         f"(pyeval eval HAND --kind {kind}, or --game with a stud or draw game)")
    use = "any" if len(hand) == 2 else "omaha" if 4 <= len(hand) <= 6 else None
    if use is None:
        raise ValueError(f"with --board, HAND is two hole cards (hold'em) or four to six (Omaha), got {len(hand)}; "
                         "other games: --game")
    if use == "omaha" and kind not in ("high", "low8"):
        raise ValueError(f"--kind {kind} has no Omaha form (Omaha games are high or 8-or-better low)")
    board = parse_cards(board_text)
    check_distinct(np.concatenate([hand, board]), "(cards must be distinct across hand and board)")
    if not 3 <= len(board) <= 5:
        raise ValueError(f"--board takes 3 to 5 cards, got {len(board)}")
    if use == "any":
        EVALUATORS[kind](np.concatenate([hand, board]))  # the kind's own checks (short deck: six and up)
    return played_cards(hand, board, kind, use), "holdem" if use == "any" else "omaha"


def _half(played, label: str) -> dict:
    if played is None:  # only the 8-or-better half can be missing
        return {"half": label, "kind": "low8", "cards": None, "codes": None, "strength": 0,
                "description": "no qualifying low", "category": None}
    return {"half": label, **played.to_dict()}


def run(args: argparse.Namespace) -> int:
    hand = parse_cards(args.hand)
    if args.game is not None and args.kind is not None:
        raise ValueError("give --kind (an evaluator) or --game (a game's showdown), not both")
    if args.game is not None:  # the game's showdown, every half
        b = best_five(hand, args.board or "", game=args.game)
        halves = [_half(b.high, "high")] + ([_half(b.low, "low")] if get_game(b.game).low else [])
        head = {"hand": b.hole, "board": board_list(b.board), "game": b.game, "kind": b.high.kind}
    elif args.board is not None:
        kind = args.kind or "high"
        played, rule = _with_board(hand, args.board, kind)
        halves = [_half(played, kind)]
        head = {"hand": format_cards(hand), "board": board_list(format_cards(parse_cards(args.board))), "rule": rule,
                "kind": kind}
    else:  # one hand, one evaluator
        kind = args.kind or "high"
        EVALUATORS[kind](hand)  # the kind's card count and deck checks
        halves = [_half(played_cards(hand, [], kind), kind)]
        head = {"hand": format_cards(hand), "kind": kind}
    return output.emit(args, _Shown(head, halves), text=_text(halves))


@dataclass(eq=False)
class _Shown(Result):
    """What ``pyeval eval`` shows, as a result for the output layer: a row per half played."""

    head: dict
    halves: list[dict]

    def rows(self) -> list[dict]:
        board = " / ".join(self.head.get("board", []))
        return [{"hand": self.head["hand"], "board": board,
                 **{k: h[k] for k in ("half", "kind", "cards", "strength", "description", "category")}}
                for h in self.halves]

    def to_dict(self) -> dict:
        first = self.halves[0]
        out = {**self.head, "strength": first["strength"], "description": first["description"],
               "cards": first["cards"], "category": first.get("category")}
        if len(self.halves) > 1:
            out["low"] = self.halves[1]
        return out


def _text(halves: list[dict]) -> str:
    lines = []
    for h in halves:
        label = f"{h['half']}: " if len(halves) > 1 else ""
        if h["cards"] is None:
            lines.append(f"{label}{h['description']}")
        else:
            lines.append(f"{label}{h['description']} (strength {h['strength']}), plays {h['cards']}")
    return "\n".join(lines)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "eval", help="describe and score a hand, and show the five cards it plays",
        description="Describe and score one hand, and show the cards it plays. Alone, HAND is judged by an "
                    "evaluator (--kind). With --board (or --game), HAND is a player's hole cards and the game "
                    "says which cards may play: two hole cards mean hold'em, four to six Omaha (exactly 2 hole "
                    "+ 3 board cards); --game names any game, hi/lo games show both halves.",
        epilog="examples:\n"
               "  pyeval eval AsKsQsJsTs\n"
               "  pyeval eval 8s6d4h2cAs --kind low8\n"
               "  pyeval eval AhKh --board QhJhTh2c3d\n"
               "  pyeval eval As2sKdQd --board 3c4hKh8d9c --game omaha-hilo --json\n"
               "  pyeval eval As2d3c4h5sKdKc --game razz\n\n" + games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("hand", help='cards, e.g. "AsKsQsJsTs" or "As Ks Qs Js Ts"')
    p.add_argument("--kind", choices=list(EVALUATORS),
                   help="evaluator: " + ", ".join(EVALUATORS) + " (default high)")
    p.add_argument("--board", help="board cards: HAND is hole cards (quote spaced cards: --board \"Qh Jh Th\")")
    p.add_argument("--game", help="judge HAND as this game's showdown (names below)")
    output.add_options(p, table="a row per half played (cards, strength, description)", progress=False)
    p.set_defaults(func=run)
