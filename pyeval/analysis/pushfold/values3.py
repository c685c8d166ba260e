"""Three-handed push/fold: the spot's numbers checked, the chips each player ends a hand with
(side pots by contributions), and what those chips are worth (chips, or ICM).

Players are 0 the button, 1 the small blind, 2 the big blind.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyeval.analysis.icm import prize_equity
from pyeval.analysis.pushfold.heads_up import check_posts, check_prizes, checked_number
from pyeval.core.pots import side_pots

__all__ = ["check_spot3", "final_chips", "value_of"]


def check_spot3(stacks: Any, sb: Any, bb: Any, ante: Any, payouts: Any, others: Any
                ) -> tuple[tuple[float, float, float], float, float, float, list[float] | None, list[float] | None]:
    """The spot's numbers, checked: ValueError or TypeError naming what is wrong."""
    if isinstance(stacks, (tuple, list)):
        if len(stacks) != 3:
            raise ValueError(f"stacks is one number or three (button's, small blind's, big blind's), got "
                             f"{len(stacks)} values")
        s = tuple(checked_number(x, "stacks") for x in stacks)
    else:
        x = checked_number(stacks, "stacks")
        s = (x, x, x)
    sb_, bb_, ante_ = check_posts(sb, bb, ante, [("button", s[0], None), ("small blind", s[1], "sb"),
                                                  ("big blind", s[2], "bb")])
    prizes, rest = check_prizes(payouts, others, 3, "stacks")
    return (s[0], s[1], s[2]), sb_, bb_, ante_, prizes, rest


def final_chips(stacks: tuple[float, float, float], contrib: list[float], ranking: list[int]) -> list[float]:
    """Each player's chips after the hand: ``contrib`` what each put in (antes and blinds
    included), ``ranking`` the players still in, best hand first.  The pots are
    ``pyeval.core.pots.side_pots``'; each goes to the best hand among its players (a pot only its
    contributor reached goes back to him, as do a folded player's chips above every live player's)."""
    top = max(contrib[p] for p in ranking)
    kept = [min(c, top) for c in contrib]  # a folded player's chips above every live player's go back to him
    final = [s - c for s, c in zip(stacks, kept)]
    for pot in side_pots(kept, [p in ranking for p in range(len(contrib))]):
        final[min(pot.seats, key=ranking.index)] += pot.amount
    return final


def value_of(stacks: tuple[float, float, float], final: list[float], payouts: list[float] | None,
             others: list[float] | None) -> np.ndarray:
    """(3,) the three players' values of ending with ``final`` chips: chips won (chip EV) or prize
    equity (ICM, with the ``others`` at the table)."""
    if payouts is None:
        return np.array(final) - np.array(stacks)
    assert others is not None
    rest = list(others)
    return np.array(prize_equity(list(final) + rest, list(stacks) + rest, payouts)[:3])
