"""Equity when players hold ranges (``pyeval.equity`` delegates here when a hand is a range).

The deal model.  Each player holds one combo of his range; a deal is a choice of one combo per
player, all disjoint from each other, the board and the dead cards, with probability
proportional to the product of the combo weights; then the board is completed uniformly from
the cards left.  ``random`` is the range of every combo with equal weights; a known hand is a
range of one combo (a partial hand: every completion of it).  With a random player the deal is
exactly the fair deal of ``pyeval.equity``.

Exact.  Every valid (assignment, board) pair is counted once, with the assignment's weight;
card removal is exact (combos that touch the board, the dead cards, a known hand or each other
never meet).  Counts stay integers: weights are scaled to exact integers with the same ratios
(pyeval/engines/range/weights.py; weights far apart are counted by weight class in Python integers);
with weights all 1, ``outcomes`` is the number of (assignment, board) pairs and
``wins``/``ties`` are plain counts.  The cheapest of four paths is taken, each a priced strategy
(pyeval/engines/range/strategies.py; ``method="auto"`` enumerates within ``EXACT_BUDGET``):

* preflop table: heads-up hold'em without board or dead cards, both ranges unions of whole
  classes (one weight per class, ``random`` included): the shipped exact class matrix
  (``pyeval.ranges.preflop_counts``) gives the counts at once.
* assignments: every disjoint assignment is enumerated; suit isomorphism (the suit
  permutations that fix the boards, the dead cards and every weighted range map assignments to
  assignments with the same outcomes) leaves one assignment per orbit, counted with the orbit's
  size; each is an all-known-hands query to the C board enumerator (``pyeval_board_patterns``),
  whose outcome-pattern histograms are summed.  Best preflop.
* board-major: every board completion once; all combos of all ranges are evaluated on it
  (C batch), then every valid assignment's showdown is tallied (C).  Best on the turn and
  river, and on the flop with many assignments.
* heads-up sweep (two hole cards, one board, high only): per board both ranges are evaluated,
  sorted (radix sort on strengths) and swept; per-card prefix sums remove the combos that
  share a card, so each combo's wins/ties/outcomes against the whole other range cost O(1).

The enumeration kernels of these paths (assignments, canonical keys, evaluation rows, the sweep,
the board-major tally) are C (csrc/range_exact.c through pyeval/engines/native/range_exact.py): an exact range
query loads no numba.

Monte Carlo.  Unbiased weighted sampling with card removal by rejection: every range player
draws a combo by weight, independently; if any two collide, the whole draw is rejected and
redrawn (so the accepted draws have exactly the deal distribution above: no redraw bias from
drawing players one after another); random players then take uniform cards from what is left,
and the board is completed uniformly (rejection against the cards in use), with xoshiro256**,
one stream per fixed-size chunk: the same seed gives the same answer for any thread count.  C
draws, evaluates and counts each deal, also per combo (``by_combo``; csrc/range_sample.c, one
board or two); where the outcome patterns are too many to histogram (9-10 players in hi/lo or on two boards) numba
draws, the C core evaluates and numba tallies: the same deals for a seed either way
(pyeval/engines/range/sampling.py).
A random hand's combos are not tracked in Monte Carlo (``by_combo`` is None for it).

>>> r = range_equity("holdem", ["AA", "KK"], method="exact")
>>> r.wins.tolist(), r.ties.tolist(), r.outcomes
([50371344, 10986372], [285228, 285228], 61642944)
"""

from __future__ import annotations

from pyeval.engines import strategies
from pyeval.query.range_spot import read_range_spot
from pyeval.results.equity_result import RangeEquityResult

__all__ = ["range_equity", "RangeEquityResult"]

FORCED_NAMES = {"table": "preflop-table", "board_major": "board-major"}
"""``_path`` as the tests spell it: the strategies' old names."""


def range_equity(game, hands, board="", dead="", method: str = "auto", samples: int | None = None,
                 seed: int | None = None, threads: int | None = None, stderr_target: float | None = None,
                 contributions=None, folded=None, _path: str | None = None, _tracked: int | None = None,
                 _keep_random_folders: bool = False) -> RangeEquityResult:
    """``pyeval.equity`` where any player may hold a range (text or a :class:`~pyeval.ranges.Range`);
    same arguments and result, plus ``by_combo``.  The query is read into a ``Spot``
    (pyeval.query.range_spot) and answered by the registry (pyeval.engines.strategies) with the range
    strategies (pyeval.engines.range.strategies):
    ``method="auto"`` enumerates when the cheapest exact strategy's price is within
    ``pyeval.query.limits.EXACT_BUDGET``, else samples.  ``folded``: the folded players' ranges (or
    hands), dealt with the others and never shown down (pyeval/engines/range/folded.py).  Tests:
    ``_path`` forces an exact strategy by name, ``_tracked`` lists that seat's random hand combo by
    combo, ``_keep_random_folders`` keeps random folders in the deal."""
    if contributions is not None:
        raise NotImplementedError("side pots (contributions=) are not supported with ranges")
    spot = read_range_spot(game, hands, board, dead, method, samples, seed, threads, stderr_target, folded=folded,
                           tracked=_tracked, keep_random_folders=_keep_random_folders)
    result = strategies.answer(spot, path=None if _path is None else FORCED_NAMES.get(_path, _path))
    assert isinstance(result, RangeEquityResult), "a range spot's answer"
    return result
