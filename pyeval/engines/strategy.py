"""The ``Strategy`` protocol: a way of answering a ``Spot`` (pyeval.query.spot), with
``applies(spot)``, ``cost(spot)`` (evaluation units, about 40 ns of one core each), ``run(spot)``
and ``shape(spot)``; and the spot's layout most strategies are priced on, built once.

A module of its own so that the range engine's strategies (pyeval.engines.range.strategies) and
the registry that lists them with the single-hand ones (pyeval.engines.strategies) both import it
without an import circle.
"""

from __future__ import annotations

import numpy as np

from pyeval.engines import engine
from pyeval.query.spot import Spot
from pyeval.results.tally import Tally

__all__ = ["Strategy", "layout_of"]


def layout_of(spot: Spot) -> engine.Layout:
    """The spot's layout (engine.build_layout), built once."""
    layout = spot.memo.get("layout")
    if layout is None:
        holes = [np.array(h, np.uint8) for h in spot.holes]
        boards = [np.array(b, np.uint8) for b in spot.boards]
        layout = engine.build_layout(spot.game, holes, boards, np.array(spot.dead, np.uint8),
                                     community=spot.community)
        spot.memo["layout"] = layout
    return layout


class Strategy:
    """A way of answering a spot.  ``exact``: whether it enumerates every outcome.  ``run`` gives
    the integer ``Tally`` of a single-hand spot (a range strategy's gives its finished result)."""

    name = ""
    exact = True

    def applies(self, spot: Spot) -> bool:
        raise NotImplementedError

    def cost(self, spot: Spot) -> int:
        raise NotImplementedError

    def run(self, spot: Spot) -> Tally:
        raise NotImplementedError

    def shape(self, spot: Spot) -> tuple[list, int, bool]:
        """(pot parts, boards, community card) of the spot's deal, for its result."""
        layout = layout_of(spot)
        return layout.parts, layout.boards, spot.game.stud_shortage and layout.board == 1

    def __repr__(self) -> str:
        return f"<strategy {self.name}>"
