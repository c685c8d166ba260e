"""Main and side pots from the chips each player put in: the one rule for ``pyeval.equity``'s
``contributions=``, hand histories' all-in pots and three-handed push/fold's chips after a hand.

>>> side_pots([100, 40, 100])
[Pot(amount=120, seats=(0, 1, 2)), Pot(amount=120, seats=(0, 2))]
>>> side_pots([30, 10, 50], contesting=[True, False, True])
[Pot(amount=70, seats=(0, 2)), Pot(amount=20, seats=(2,))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Pot", "side_pots"]


@dataclass(frozen=True)
class Pot:
    """A main or side pot: its chips and the seats that may win it.  ``contested`` False: one
    player's part of a layer no contesting player reached, which goes back to him."""

    amount: Any
    seats: tuple[int, ...]
    contested: bool = True

    def __repr__(self) -> str:
        tail = "" if self.contested else ", contested=False"
        return f"Pot(amount={self.amount!r}, seats={self.seats!r}{tail})"


def side_pots(put_in: Sequence[Any], contesting: Sequence[bool] | None = None) -> list[Pot]:
    """The pots of a hand, main pot first.  The chips are cut in layers between consecutive levels
    of the amounts put in; a layer belongs to the contesting players (``contesting``: default every
    player) who put in at least its top, and consecutive layers with the same players make one pot.
    A layer no contesting player reached goes back to its contributors (``contested`` False, one
    pot each)."""
    if contesting is None:
        contesting = [True] * len(put_in)
    pots: list[Pot] = []
    below: Any = 0
    start: Any = 0  # the level the last pot starts at
    for level in sorted({x for x in put_in if x > 0}):
        seats = tuple(i for i, x in enumerate(put_in) if contesting[i] and x >= level)
        if seats and pots and pots[-1].contested and pots[-1].seats == seats:
            pots[-1] = Pot(_layer(put_in, start, level), seats)  # one sum, as if the levels were one
        elif seats:
            start = below
            pots.append(Pot(_layer(put_in, below, level), seats))
        else:  # each contributor's own part of the layer goes back to him
            pots += [Pot(min(x, level) - min(x, below), (i,), False) for i, x in enumerate(put_in) if x >= level]
        below = level
    return pots


def _layer(put_in: Sequence[Any], below: Any, level: Any) -> Any:
    """The chips put in between two levels."""
    return sum(min(x, level) - min(x, below) for x in put_in)
