"""Three-handed push/fold: the spot's numbers checked, the chips each player ends a hand with
(side pots by contributions), and what those chips are worth (chips, or ICM).

Players are 0 the button, 1 the small blind, 2 the big blind.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyeval.analysis.icm import icm
from pyeval.analysis.pushfold import _number, check_posts, check_prizes

__all__ = ["check_spot3", "final_chips", "value_of", "prize_equity"]


def check_spot3(stacks: Any, sb: Any, bb: Any, ante: Any, payouts: Any, others: Any
                ) -> tuple[tuple[float, float, float], float, float, float, list[float] | None, list[float] | None]:
    """The spot's numbers, checked: ValueError or TypeError naming what is wrong."""
    if isinstance(stacks, (tuple, list)):
        if len(stacks) != 3:
            raise ValueError(f"stacks is one number or three (button's, small blind's, big blind's), got "
                             f"{len(stacks)} values")
        s = tuple(_number(x, "stacks") for x in stacks)
    else:
        x = _number(stacks, "stacks")
        s = (x, x, x)
    sb_, bb_, ante_ = check_posts(sb, bb, ante, [("button", s[0], None), ("small blind", s[1], "sb"),
                                                  ("big blind", s[2], "bb")])
    prizes, rest = check_prizes(payouts, others, 3, "stacks")
    return (s[0], s[1], s[2]), sb_, bb_, ante_, prizes, rest


def final_chips(stacks: tuple[float, float, float], contrib: list[float], ranking: list[int]) -> list[float]:
    """Each player's chips after the hand: ``contrib`` what each put in (antes and blinds
    included), ``ranking`` the players still in, best hand first.  The pot is split in layers
    between consecutive contribution levels; each layer goes to the best hand among the players
    in it who put in that much (a layer only its contributor reached goes back to him)."""
    final = [s - c for s, c in zip(stacks, contrib)]
    prev = 0.0
    for level in sorted(set(contrib)):
        layer = [min(c, level) - min(c, prev) for c in contrib]
        eligible = [p for p in ranking if contrib[p] >= level]
        if eligible:
            final[eligible[0]] += sum(layer)
        else:
            final = [f + x for f, x in zip(final, layer)]
        prev = level
    return final


def prize_equity(chips: list[float], start: list[float], payouts: list[float]) -> list[float]:
    """ICM equity of each player; the players with no chips left take the last places, in the
    order of their chips before the hand (``start``; equal ones share their places)."""
    n = len(chips)
    prizes = list(payouts) + [0.0] * (n - len(payouts))
    alive = [k for k, c in enumerate(chips) if c > 0]
    out = [0.0] * n
    if len(alive) == 1:
        out[alive[0]] = prizes[0]
    else:
        for k, e in zip(alive, icm([chips[k] for k in alive], prizes[:len(alive)]).equity):
            out[k] = float(e)
    busted = sorted((k for k in range(n) if chips[k] <= 0), key=lambda k: -start[k])
    place = len(alive)
    while busted:
        same = [k for k in busted if start[k] == start[busted[0]]]
        share = sum(prizes[place:place + len(same)]) / len(same)
        for k in same:
            out[k] = share
        place += len(same)
        busted = busted[len(same):]
    return out


def value_of(stacks: tuple[float, float, float], final: list[float], payouts: list[float] | None,
             others: list[float] | None) -> np.ndarray:
    """(3,) the three players' values of ending with ``final`` chips: chips won (chip EV) or prize
    equity (ICM, with the ``others`` at the table)."""
    if payouts is None:
        return np.array(final) - np.array(stacks)
    assert others is not None
    rest = list(others)
    return np.array(prize_equity(list(final) + rest, list(stacks) + rest, payouts)[:3])
