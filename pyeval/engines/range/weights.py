"""Range weights in exact equity: only their ratios count, kept exact at any size.

A deal's probability is proportional to the product of its combos' weights.  Each player's
weights become exact integers: the decimal value of each weight (``repr`` of the float, so
``0.3`` is 3/10), over their common denominator, divided by their common factor.  ``3e-7`` and
``9e-7`` give 1 and 3, exactly as ``1`` and ``3`` do.

The exact strategies (pyeval/engines/range/strategies.py) count in int64 with the weights multiplied in.
When weighted counts could overflow int64 (weights spanning many orders of magnitude, such
as ``AA:1e8,KK:1``), the query is split by weight class instead: for each choice of one class
(combos of one weight) per player, the unweighted counts of the query restricted to those
classes, combined with Python integers.  So the answer is the exact one for any positive
finite weights.

>>> integer_weights(np.array([3e-7, 9e-7, 3e-7])).tolist()
[1, 3, 1]
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from pyeval.engines import engine
from pyeval.engines.range.combo_tally import ComboTally
from pyeval.results.tally import Tally

if TYPE_CHECKING:
    from pyeval.results.equity_result import EquityResult

__all__ = ["ExactCounts", "SplitPart", "integer_weights", "weight_classes", "weighted_total", "combine_split",
           "plain_numbers", "INT64_SAFE"]

INT64_SAFE = 2**62
"""Weighted counts below this cannot overflow an int64 sum of two of them."""


def integer_weights(w: np.ndarray) -> np.ndarray:
    """Exact integer weights with the same ratios (int64, or Python ints in an object array
    when some do not fit int64)."""
    if len(w) == 0 or (w == w[0]).all():
        return np.ones(len(w), np.int64)
    distinct = np.unique(w)
    fr = [Fraction(repr(float(x))) for x in distinct]
    den = math.lcm(*[f.denominator for f in fr])
    num = [int(f * den) for f in fr]
    common = math.gcd(*num)
    lookup = dict(zip(distinct.tolist(), (n // common for n in num)))
    values = [lookup[x] for x in w.tolist()]
    return np.array(values, np.int64 if max(values) < INT64_SAFE else object)


@dataclass
class ExactCounts:
    """What an exact path of range equity counts: the tally (int64, or Python ints after a
    split), per player the ranges and each combo's equity and probability, and notes."""

    layout: engine.Layout
    tally: Tally
    ranges: list
    combo_eq: list
    combo_prob: list
    extra: dict = field(default_factory=dict)
    combo_tally: list | None = None  # per player a pyeval.engines.range.combo_tally.ComboTally


@dataclass
class SplitPart:
    weight: int  # the product of the chosen classes' integer weights
    spot: Any  # the query restricted to those classes (a pyeval.query.spot.Spot), all weights 1
    index: list  # per player: positions in the full range of the sub-query's combos
    weights: list  # per player: the chosen class's integer weight


def weight_classes(seat) -> list[tuple[int, np.ndarray | None]]:
    """(integer weight, combo positions or None for all) of each weight class of a seat
    (pyeval.query.range_spot.RangeSeat)."""
    if seat.range is None:
        return [(1, None)]
    nums = integer_weights(seat.range.weights)
    values = sorted(set(nums.tolist()))
    if len(values) == 1:
        return [(1, None)]
    return [(v, np.flatnonzero(nums == v)) for v in values]


def weighted_total(seat, live: int, hole: int) -> int:
    """A seat's integer weights summed (a random hand: its number of combos)."""
    return sum(int(x) for x in integer_weights(seat.range.weights)) if seat.range is not None else \
        math.comb(live, hole)


def combine_split(parts: list[tuple[SplitPart, ExactCounts]], full: list, layout: engine.Layout) -> ExactCounts:
    """The exact counts of the whole query from its parts' (``parts``: each part and its
    unweighted counts): each part's counts times its weight, in Python integers; per combo, the
    weighted sums of the parts' per-combo results.  ``full``: every player's whole range."""
    P = len(full)
    tally = None
    num = [np.zeros(len(r)) for r in full]
    den = [np.zeros(len(r)) for r in full]
    per_combo = [ComboTally.zeros_object(len(r)) for r in full]
    for part, c in parts:
        t = c.tally
        scaled = Tally(part.weight * int(t.outcomes), *(np.asarray(getattr(t, name)).astype(object) * part.weight
                                                              for name in ("units", "sumsq", "wins", "ties",
                                                                           "part_units", "no_qualifier")))
        if tally is None:
            tally = scaled
        else:
            tally.add(scaled)
        for p in range(P):
            where = slice(None) if part.index[p] is None else part.index[p]
            mass = np.asarray(c.combo_prob[p], np.float64) * float(t.outcomes) * float(part.weight)
            eq = np.nan_to_num(np.asarray(c.combo_eq[p], np.float64))
            num[p][where] += eq * mass
            den[p][where] += mass
            # the part's counts are unweighted: weigh them by the other players' classes
            assert c.combo_tally is not None, "every exact path counts per combo"
            c.combo_tally[p].scaled_into(per_combo[p], where, part.weight // part.weights[p])
    combo_eq, combo_prob = [], []
    for p in range(P):
        with np.errstate(invalid="ignore", divide="ignore"):
            combo_eq.append(num[p] / den[p])
        combo_prob.append(den[p] / den[p].sum())
    assert tally is not None  # a split has at least one part
    return ExactCounts(layout, tally, full, combo_eq, combo_prob, {"weight_classes": len(parts)}, per_combo)


def plain_numbers(r: EquityResult) -> None:
    """Counts combined in Python integers (a split by weight class): the shares as float64, the
    counts as int64 where they fit."""
    for name in ("equity", "win", "tie", "hi", "lo", "scoop", "boards"):
        v = getattr(r, name)
        if v is not None and v.dtype == object:
            setattr(r, name, v.astype(np.float64))
    for name in ("units", "wins", "ties"):
        v = getattr(r, name)
        if v.dtype == object and all(abs(int(x)) < 2**63 for x in v.ravel()):
            setattr(r, name, v.astype(np.int64))
