"""Stud helpers: who brings in on third street.

>>> bring_in("5h 5d 5s 7c", "stud")   # equal ranks: clubs < diamonds < hearts < spades
1
>>> bring_in("Kh Qs Ks 2c", "razz")   # razz: the highest card, ace low
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from pyeval.core.cards import parse_cards
from pyeval.core.games import get_game

if TYPE_CHECKING:
    from pyeval.core._types import Cards, GameName

__all__ = ["bring_in"]


def bring_in(up_cards: Cards | Sequence[Cards], game: GameName) -> int:
    """Index of the player who brings in, from each player's third-street up-card.

    The game declaration says the direction: the lowest up-card (ace high) in stud, stud
    hi/lo and five-card stud; the highest (ace low) in razz.  Equal ranks are ordered by
    suit, spades > hearts > diamonds > clubs (the code order).
    """
    g = get_game(game)
    if g.bring_in is None:
        raise ValueError(f"{g.name} has no bring-in (stud games only)")
    cards = parse_cards(up_cards).astype(np.int64)
    if len(cards) < 2:
        raise ValueError(f"bring_in needs one up-card per player, at least 2, got {len(cards)}")
    if len(cards) > g.max_players:
        raise ValueError(f"too many players for {g.name}: {len(cards)} (at most {g.max_players})")
    if g.bring_in == "lowest":
        return int(np.argmin(cards))  # codes order by rank (ace high), then suit
    ace_low_rank = (cards // 4 + 1) % 13  # ace 0, deuce 1, ..., king 12
    return int(np.argmax(ace_low_rank * 4 + cards % 4))
