"""``best_five``: the cards a hand plays at showdown, per half in hi/lo games.

>>> b = best_five("Ah Kh", "Qh Jh Th 2c 3d")
>>> b.high.text, b.high.description
('Ah Kh Qh Jh Th', 'Royal flush')
>>> best_five("As 2s Kd Qd", "3c 4h Kh 8d 9c", game="omaha-hilo").low.text  # exactly 2 + 3
'8d 4h 3c 2s As'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from pyeval.core._results import Result, board_list
from pyeval.core.cards import check_distinct, format_cards, parse_cards
from pyeval.core.describe import describe, hand_category
from pyeval.core.evaluate import EVALUATORS
from pyeval.core.games import Game, get_game

if TYPE_CHECKING:
    from pyeval.core._types import Cards, GameName

__all__ = ["best_five", "BestFive", "PlayedHand", "played_cards"]

_LOW_KINDS = ("low8", "razz", "badugi", "showing-low")  # ace low: shown from the top card down, the ace last


@dataclass(frozen=True, eq=False)
class PlayedHand(Result):
    """The cards one half of a pot is played with: ``cards`` (codes, grouped as they count:
    the pair or trips first, then by rank), their ``strength`` for the evaluator ``kind``."""

    kind: str
    cards: tuple[int, ...]
    strength: int

    @property
    def text(self) -> str:
        return format_cards(list(self.cards))

    @property
    def description(self) -> str:
        return describe(self.strength, kind=self.kind)

    @property
    def category(self) -> str:
        return hand_category(self.strength, kind=self.kind)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "cards": self.text, "codes": list(self.cards), "strength": self.strength,
                "description": self.description, "category": self.category}

    def rows(self) -> list[dict]:
        return [self.to_dict()]

    def __repr__(self) -> str:
        return f"{self.text} ({self.description}, {self.kind} strength {self.strength})"


@dataclass(frozen=True, eq=False)
class BestFive(Result):
    """What a hand plays in ``game``: ``high`` is the main half (the game's ``high`` evaluator,
    which ranks lows in razz, 2-7 and badugi), ``low`` the 8-or-better half of hi/lo games
    (None there when the hand has no qualifying low, and in games without a low half)."""

    game: str
    hole: str
    board: str
    high: PlayedHand
    low: PlayedHand | None = None

    def to_dict(self) -> dict:
        return {"game": self.game, "hand": self.hole, "board": board_list(self.board), "high": self.high.to_dict(),
                "low": None if self.low is None else self.low.to_dict()}

    def rows(self) -> list[dict]:
        """One row per half played: half ("high"/"low"), cards, strength, description, category."""
        halves = [("high", self.high)] + ([("low", self.low)] if self.low is not None else [])
        return [{"half": name, **{k: v for k, v in hand.to_dict().items() if k != "codes"}} for name, hand in halves]

    def __repr__(self) -> str:
        where = f"{self.hole} | {self.board}" if self.board else self.hole
        lines = [f"{self.game}: {where}", f"  high: {self.high!r}"]
        if get_game(self.game).low:
            lines.append(f"  low:  {self.low!r}" if self.low is not None else "  low:  no qualifying low")
        return "\n".join(lines)


def _order(cards: tuple[int, ...], kind: str) -> tuple[int, ...]:
    """Cards as they count: by how many of the rank, then by rank (ace low in the low kinds)."""
    ranks = [c >> 2 for c in cards]
    value = [(r + 1) % 13 if kind in _LOW_KINDS else r for r in ranks]  # ace 0 in the low kinds
    return tuple(c for _, _, c in sorted(((-ranks.count(r), -v, c) for c, r, v in zip(cards, ranks, value)),
                                         key=lambda t: (t[0], t[1], -t[2])))


def _badugi_cards(cards: np.ndarray, strength: int) -> tuple[int, ...]:
    """The cards a badugi plays: the subset of distinct ranks and suits its strength names."""
    want = describe(strength, kind="badugi").split()[1].split("-")
    for size in range(len(want), 0, -1):
        for sub in combinations(cards.tolist(), size):
            distinct = len({c >> 2 for c in sub}) == size and len({c & 3 for c in sub}) == size
            if distinct and sorted(format_cards([c])[0] for c in sub) == sorted(want):
                return _order(sub, "badugi")
    raise AssertionError("no subset plays the badugi strength")  # pragma: no cover


def played_cards(hole: Cards, board: Cards, kind: str, use: str = "any") -> PlayedHand | None:
    """The best hand of ``kind`` from ``hole`` and ``board`` codes: any five of them (``use="any"``)
    or exactly 2 hole + 3 board cards (``"omaha"``); None for an 8-or-better low that does not
    qualify."""
    hole, board = np.asarray(hole, np.uint8), np.asarray(board, np.uint8)
    if kind == "badugi":
        return PlayedHand(kind, _badugi_cards(hole, s := int(EVALUATORS[kind](hole))), s)
    if use == "omaha":
        picks = [h + b for h in combinations(hole.tolist(), 2) for b in combinations(board.tolist(), 3)]
    else:
        every = np.concatenate([hole, board]).tolist()
        picks = list(combinations(every, 5)) if len(every) >= 5 else [tuple(every)]  # up-cards: all of them
    strengths = EVALUATORS[kind](np.array(picks, np.uint8))  # one batch call
    best = int(np.argmax(strengths))
    if kind == "low8" and strengths[best] == 0:
        return None
    cards = _order(tuple(picks[best]), kind)
    if hand_category(int(strengths[best]), kind=kind) in ("straight", "straight flush") and \
            cards[0] >> 2 == 12 and cards[1] >> 2 != 11:  # A-5-4-3-2 (short deck: A-9-8-7-6): the ace is low
        cards = cards[1:] + cards[:1]
    return PlayedHand(kind, cards, int(strengths[best]))


def _check_counts(g: Game, hole: np.ndarray, board: np.ndarray) -> None:
    if g.board:
        if len(hole) != g.hole:
            raise ValueError(f"{g.name} hands have {g.hole} hole cards, got {len(hole)}")
        least = 3 if g.use == "omaha" else max(0, 5 - g.hole)
        if not least <= len(board) <= g.board:
            raise ValueError(f"best_five in {g.name} takes a board of {least} to {g.board} cards, got {len(board)}")
        return
    if len(board) > g.community_cards:
        raise ValueError(f"{g.name} has no board" + (" (only the community card of a short deck)"
                                                     if g.stud_shortage else ""))
    least = 4 if g.high == "badugi" else 5
    if not least <= len(hole) + len(board) <= g.hole:
        raise ValueError(f"{g.name} hands play {least} to {g.hole} cards, got {len(hole) + len(board)}"
                         if least < g.hole else f"{g.name} hands have {g.hole} cards, got {len(hole) + len(board)}")


def best_five(hole: Cards, board: Cards = "", game: GameName = "holdem") -> BestFive:
    """The five cards ``hole`` plays with ``board`` in ``game``, per half in hi/lo games.

    hole    the player's cards (text or codes): the game's hole cards; stud: 5 to 7 cards
    board   the board cards (3 to 5; none in stud and draw games, where the hand is the
            player's own cards, or stud's one community card); double-board games: one
            board per call (each board is its own showdown)
    game    a name from ``pyeval.GAMES``: its declaration says which cards may play
            (Omaha games: exactly 2 hole + 3 board cards) and how they are ranked

    Where several choices of five make the same strength, the first in card order is shown.

    >>> best_five("As Kd Qc Jh", "2s 5s 8s Js Kh", game="omaha").high.description  # one spade: no flush
    'Two pair, kings and jacks'
    """
    g = get_game(game)
    if isinstance(board, (list, tuple)) and board and all(isinstance(b, str) for b in board) and len(board) > 1 \
            or isinstance(board, str) and ("/" in board or "|" in board):
        raise ValueError(f"best_five takes one board; in {g.name} call it once per board")
    h = parse_cards(hole)
    b = parse_cards(board) if board is not None else np.zeros(0, np.uint8)
    check_distinct(np.concatenate([h, b]), "(cards must be distinct across hole and board)")
    if g.lowest_card and (np.concatenate([h, b]) < g.lowest_card).any():
        bad = np.concatenate([h, b])[np.concatenate([h, b]) < g.lowest_card][0]
        raise ValueError(f"card {format_cards([bad])} is not in the {g.deck_size}-card deck of {g.name}")
    _check_counts(g, h, b)
    high = played_cards(h, b, g.high, g.use)
    low = played_cards(h, b, g.low, g.use) if g.low else None
    assert high is not None  # only an 8-or-better low can fail to qualify
    return BestFive(g.name, format_cards(h), format_cards(b), high, low)
