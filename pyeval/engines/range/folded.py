"""Folded players' cards in range equity (``folded=``: card "bunching").

The model.  A folded player is one more range player of the range engine: his hand is dealt
with the others' and never shows down.  A deal is a choice of one combo per active player and
per folder, all disjoint from each other, the board and the dead cards, with probability
proportional to the product of all their combo weights (so the folded hands are drawn jointly
with the others, without replacement); then the board is completed uniformly from the cards
left.  The folders' pot share is zero and they are not in the result's per-player arrays
(``hands``, ``equity``, ``ranges``, ...; ``extra["folded"]`` names them).

How the engines leave a folder out of the showdown, with every path's own enumeration or
sampling of the deals:

* board-major (exact) and the numba sampler (Monte Carlo): the folders' strengths are set to 0
  between evaluation and tally.  Every real strength is at least 1 (docs/DESIGN.md: high, 2-7,
  razz, short deck, badugi), so a folder never has the best hand nor ties it; in a low half
  0 is ``NO_LOW`` (no qualifying low), which a folder then never has: if no active player
  qualifies the half goes to the high half as without folders;
* assignments (exact): each representative assignment's board count is the active players'
  showdown with the folders' cards out of the deck (dead), and the count is the same: the
  boards drawn are the boards of the joint deal;
* the preflop table and the heads-up sweep answer heads-up queries only: with a folder there
  are three players or more and they are not taken;
* the split by weight class splits the folders' ranges like any other.

A random folder (every combo, equal weights) changes nothing, for known hands and ranges alike:
whatever the active players hold, the number of his combos disjoint from theirs is the same, and
his cards with the board are a uniform draw from what is left.  So ``range_equity`` leaves random
folders out (they still count at the table: players, cards), and the counts (``outcomes``) are
those of the deal of the active players and the folders with ranges.
"""

from __future__ import annotations

import numpy as np

from pyeval.results.tally import Tally

__all__ = ["padded", "without_folders"]


def padded(t: Tally, players: int) -> Tally:
    """A tally of the first players widened to ``players`` columns, zero for the folders."""
    extra = players - len(t.units)

    def wide(a):
        a = np.asarray(a)
        return np.concatenate([a, np.zeros(a.shape[:-1] + (extra,), a.dtype)], axis=-1)

    return Tally(t.outcomes, wide(t.units), wide(t.sumsq), wide(t.wins), wide(t.ties), wide(t.part_units),
                        t.no_qualifier)


def without_folders(spot, t: Tally, ranges, combo_eq, combo_prob, counts):
    """The layout, tally and per-player lists of the active players only (the first
    ``spot.active``); a folder's columns are all zero: it never wins a share."""
    A = spot.active
    units = np.asarray(t.units)
    assert not units[A:].any(), "internal error: a folded player won part of a pot"
    tally = Tally(t.outcomes, units[:A], np.asarray(t.sumsq)[:A], np.asarray(t.wins)[:A],
                         np.asarray(t.ties)[:A], np.asarray(t.part_units)[:, :A], t.no_qualifier)
    layout = spot.layout_for([np.zeros(0, np.uint8)] * A)

    def cut(x):
        return x[:A] if x is not None else None

    return layout, tally, cut(ranges), cut(combo_eq), cut(combo_prob), cut(counts)
