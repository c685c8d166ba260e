"""Main and side pots from the chips each player put in: the one rule for ``pyeval.equity``'s
``contributions=``, hand histories' all-in pots and three-handed push/fold's chips after a hand.

>>> side_pots([100, 40, 100])
[Pot(amount=120, seats=(0, 1, 2)), Pot(amount=120, seats=(0, 2))]
>>> side_pots([3575000, 75000, 3350000], in_hand=[True, False, True], dead=[225000, 0, 0])
[Pot(amount=7000000, seats=(0, 2))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pyeval.core.checks import non_negative_number

__all__ = ["Pot", "side_pots"]


@dataclass(frozen=True)
class Pot:
    """A main or side pot: its chips and the seats that may win it."""

    amount: Any
    seats: tuple[int, ...]


def side_pots(put_in: Sequence[Any], in_hand: Sequence[bool] | None = None,
              dead: Sequence[Any] | None = None) -> list[Pot]:
    """The pots of a hand, main pot first.  Each level of a live player's live chips (chips in
    minus dead money) makes a pot of everyone's live chips up to it, won among the live players
    who reached it.  ``in_hand``: False for a player who folded (the chips count, the player wins
    nothing).  ``dead``: each player's dead money inside ``put_in`` (antes, a big-blind ante): it
    goes to the main pot whoever posted it and makes no pot of its own.  A folded player's chips
    above every level go to the last pot.  Amounts are whole numbers where they can be."""
    chips = [non_negative_number(c, "contributions") for c in put_in]
    n = len(chips)
    owed = [0.0] * n if dead is None else [non_negative_number(d, "dead money") for d in dead]
    live_in = [True] * n if in_hand is None else [bool(x) for x in in_hand]
    if len(owed) != n or len(live_in) != n:
        raise ValueError(f"side_pots needs one entry per player ({n}) in contributions, in_hand and dead")
    if any(d > c for d, c in zip(owed, chips)):
        raise ValueError("dead money must not exceed the chips a player put in")
    live = [c - d for c, d in zip(chips, owed)]
    carry = sum(owed)  # dead money: the main pot's
    levels = sorted({v for v, i in zip(live, live_in) if i and (v > 0 or carry > 0)})
    pots: list[Pot] = []
    previous: float = 0
    for level in levels:
        amount = carry + sum(min(v, level) - min(v, previous) for v in live)
        carry = 0
        if amount:
            pots.append(Pot(_whole(amount), tuple(p for p in range(n) if live_in[p] and live[p] >= level)))
        previous = level
    beyond = sum(v - min(v, previous) for v in live) + carry  # a folded player's chips above every level
    if beyond and pots:
        pots[-1] = Pot(_whole(pots[-1].amount + beyond), pots[-1].seats)
    return pots


def _whole(amount: float) -> Any:
    return int(amount) if float(amount).is_integer() else amount
