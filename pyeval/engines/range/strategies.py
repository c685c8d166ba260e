"""The range engine's paths as priced strategies (the protocol of pyeval.engines.strategy:
``applies(spot)``, ``cost(spot)`` in hand evaluations, ``run(spot)``), for a range ``Spot``
(pyeval.query.range_spot).  The registry (pyeval.engines.strategies) lists them and answers a
range spot with them: ``method="auto"`` runs the cheapest exact strategy (``exact_choice``) that
applies when its price is within ``EXACT_BUDGET``, else Monte Carlo; ``method="exact"`` runs the
cheapest and refuses, naming its price, above ``RANGE_EXACT_LIMIT`` (or naming why when none
applies).  Exact strategies give identical counts: the choice changes the time only.

Exact, in the order they are priced (equal prices go to the name first in the alphabet; a
strategy whose floor is at or above the best price so far is skipped unpriced, so nothing is
priced after a free one):

- ``weight-split``: weights so far apart that weighted counts could overflow int64: the query
  split by weight class, each part (all weights 1) counted by its own cheapest strategy and the
  parts combined in Python integers (pyeval/engines/range/weights.py).  Where it applies, the
  strategies below do not (their int64 counts could overflow).
- ``preflop-table``: heads-up hold'em, no board or dead cards, both ranges unions of whole
  classes: the shipped class matrix (price 0).
- ``board-major``: one board left to complete and at most ``MAX_ASSIGNMENTS`` assignments: every
  completion once, every combo evaluated on it, every assignment tallied.
- ``sweep``: heads-up, two hole cards, one board, high only: per board both ranges sorted and swept.
- ``assignments``: at most ``MAX_ASSIGNMENTS`` assignments, one per suit-symmetry orbit, each
  counted by the board enumerator.  Its price needs the symmetry group; its floor (24
  symmetries, the most there are) does not, and when a cheaper strategy is already priced at or
  below the floor the group is never built.

Sampling: ``monte-carlo`` (pyeval/engines/range/sampling.py), with the query's seed or a drawn one.
"""

from __future__ import annotations

import itertools
import math
import secrets
from dataclasses import replace

import numpy as np

from pyeval.engines.range import sampling as range_sampling
from pyeval.engines.range.spot import range_view, table_classes
from pyeval.engines.range.weights import (
    INT64_SAFE,
    ExactCounts,
    SplitPart,
    combine_split,
    weight_classes,
    weighted_total,
)
from pyeval.engines.strategy import Strategy
from pyeval.query.limits import DEFAULT_SAMPLES, MAX_ASSIGNMENTS, MAX_SPLIT_QUERIES
from pyeval.query.spot import Spot
from pyeval.results.equity_result import RangeEquityResult
from pyeval.results.tally import POT

__all__ = ["RangeStrategy", "EXACT", "MONTE_CARLO", "BY_NAME", "exact_choice", "forced"]


def _sizes(spot: Spot) -> list[int]:
    """Each seat's combos (a random hand: every combo of the live deck), found once."""
    sizes = spot.memo.get("range-sizes")
    if sizes is None:
        view = range_view(spot)
        sizes = spot.memo["range-sizes"] = [math.comb(len(view.live), view.hole) if s.kind == "random"
                                            else len(s.range) for s in view.players]
    return sizes


def _parts(spot: Spot) -> int:
    """Pot parts of a showdown: boards x halves."""
    view = range_view(spot)
    return len(view.boards or [0]) * (2 if view.g.low else 1)


def _needs_split(spot: Spot) -> bool:
    """Whether weighted int64 counts could overflow (then only the split by weight class counts)."""
    need = spot.memo.get("range-split")
    if need is None:
        view = range_view(spot)
        if all(len(weight_classes(s)) == 1 for s in view.players):
            need = False
        else:
            totals = [weighted_total(s, len(view.live), view.hole) for s in view.players]
            need = math.prod(totals) * view.boards_per_assignment() * POT * view.P >= INT64_SAFE
        spot.memo["range-split"] = need
    return need


class RangeStrategy(Strategy):
    """An exact path of the range engine: ``counts`` gives its ``ExactCounts``; ``run`` the result."""

    def counts(self, spot: Spot) -> ExactCounts:
        raise NotImplementedError

    def floor(self, spot: Spot) -> float:
        """A lower bound of the price, cheaper to find than the price and found on any range spot,
        whether the strategy applies or not (0: none known)."""
        return 0.0

    def run(self, spot: Spot) -> RangeEquityResult:  # type: ignore[override]
        c = self.counts(spot)
        res = range_view(spot).finish(c.layout, c.tally, "exact", None, c.ranges, c.combo_eq, c.combo_prob,
                                      c.combo_tally)
        res.extra.update(c.extra)
        return res


class WeightSplit(RangeStrategy):
    name = "weight-split"

    def _split(self, spot: Spot) -> list[tuple[SplitPart, RangeStrategy, float]] | None:
        """Each part (one weight class per player with a deal), its strategy and price; None when
        the parts are too many or one has no exact strategy."""
        if "range-split-parts" not in spot.memo:
            spot.memo["range-split-parts"] = self._plan(spot)
        return spot.memo["range-split-parts"]

    def _plan(self, spot: Spot) -> list[tuple[SplitPart, RangeStrategy, float]] | None:
        classes = [weight_classes(s) for s in range_view(spot).players]
        if math.prod(len(c) for c in classes) > MAX_SPLIT_QUERIES:
            return None
        parts = []
        for choice in itertools.product(*classes):
            keep = [idx for _, idx in choice]
            sub = replace(spot, ranges=spot.ranges.restricted(keep), memo={})
            if range_view(sub).has_deal():  # else no deal with these classes
                parts.append(SplitPart(math.prod(w for w, _ in choice), sub, keep, [w for w, _ in choice]))
        if not parts:
            raise ValueError("no deal is possible: the ranges (with the board and dead cards) always collide")
        priced = []
        for part in parts:
            best = exact_choice(part.spot)
            if best is None:
                return None
            priced.append((part, *best))
        return priced

    def applies(self, spot: Spot) -> bool:
        return _needs_split(spot) and self._split(spot) is not None

    def cost(self, spot: Spot) -> float:  # type: ignore[override]
        split = self._split(spot)
        assert split is not None, "priced only where it applies"
        return float(sum(c for _, _, c in split))

    def counts(self, spot: Spot) -> ExactCounts:
        split = self._split(spot)
        assert split is not None, "run only where it applies"
        view = range_view(spot)
        parts = [(part, strategy.counts(part.spot)) for part, strategy, _ in split]
        return combine_split(parts, view.exact_ranges(), view.layout_for([np.zeros(0, np.uint8)] * view.P))


class PreflopTable(RangeStrategy):
    name = "preflop-table"

    def _classes(self, spot: Spot) -> list | None:
        """Each player's class weights (``table_classes``), or None: found once."""
        if "range-table" not in spot.memo:
            spot.memo["range-table"] = None if _needs_split(spot) else table_classes(range_view(spot))
        return spot.memo["range-table"]

    def applies(self, spot: Spot) -> bool:
        return self._classes(spot) is not None

    def cost(self, spot: Spot) -> float:  # type: ignore[override]
        return 0.0

    def counts(self, spot: Spot) -> ExactCounts:
        return range_view(spot).run_table(self._classes(spot))


class BoardMajor(RangeStrategy):
    name = "board-major"

    def applies(self, spot: Spot) -> bool:
        view = range_view(spot)
        return not _needs_split(spot) and len(view.missing) == 1 and math.prod(_sizes(spot)) <= MAX_ASSIGNMENTS

    def cost(self, spot: Spot) -> float:  # type: ignore[override]
        # every combo evaluated once per board; a (board, assignment) tally step costs about one
        # evaluation (measured: ~30 ns)
        view, sizes, parts = range_view(spot), _sizes(spot), _parts(spot)
        return math.comb(len(view.live), view.missing[0]) * (
            sum(sizes) * parts * 2 + math.prod(sizes) * (0.5 + view.P * parts / 4) + 100)

    def counts(self, spot: Spot) -> ExactCounts:
        return range_view(spot).run_board_major()


class Sweep(RangeStrategy):
    name = "sweep"

    def applies(self, spot: Spot) -> bool:
        view, g = range_view(spot), spot.game
        return not _needs_split(spot) and view.P == 2 and view.hole == 2 and len(view.missing) == 1 and not g.low \
            and g.use == "any"

    def cost(self, spot: Spot) -> int:
        # one evaluation per combo per board, plus sorting: about 3 evaluations' worth, and a fixed
        # cost per board (allocations, two sorts)
        view = range_view(spot)
        return math.comb(len(view.live), view.missing[0]) * (sum(_sizes(spot)) * 3 + 200)

    def counts(self, spot: Spot) -> ExactCounts:
        return range_view(spot).run_sweep()


class Assignments(RangeStrategy):
    name = "assignments"

    def applies(self, spot: Spot) -> bool:
        return not _needs_split(spot) and math.prod(_sizes(spot)) <= MAX_ASSIGNMENTS

    def _per_assignment(self, spot: Spot) -> float:
        # each assignment also costs a C call and some Python (~ 2,000 evaluations' worth)
        view = range_view(spot)
        return view.showdowns_per_assignment() * view.P * _parts(spot) + 2000

    def floor(self, spot: Spot) -> float:
        return math.prod(_sizes(spot)) / 24 * self._per_assignment(spot)  # 24 suit symmetries at most

    def cost(self, spot: Spot) -> float:  # type: ignore[override]
        return math.prod(_sizes(spot)) / len(range_view(spot).symmetries()) * self._per_assignment(spot)

    def counts(self, spot: Spot) -> ExactCounts:
        return range_view(spot).run_assignments()


class MonteCarlo(Strategy):
    """Weighted sampling with card removal by rejection, chunk c from its own stream."""

    name = "monte-carlo"
    exact = False

    def applies(self, spot: Spot) -> bool:
        return True

    def cost(self, spot: Spot) -> int:
        return (spot.samples or DEFAULT_SAMPLES) * range_view(spot).P * _parts(spot)

    def run(self, spot: Spot) -> RangeEquityResult:  # type: ignore[override]
        seed = spot.seed if spot.seed is not None else secrets.randbits(63)
        n = int(spot.samples) if spot.samples is not None else DEFAULT_SAMPLES
        cap = n if spot.samples is not None else 2_000_000_000
        target = None if spot.stderr_target is None else float(spot.stderr_target)
        return range_sampling.run_monte_carlo(range_view(spot), n, seed, target, cap)


EXACT: tuple[RangeStrategy, ...] = (WeightSplit(), PreflopTable(), BoardMajor(), Sweep(), Assignments())
"""Every exact strategy of the range engine, in the order they are priced."""

MONTE_CARLO = MonteCarlo()

BY_NAME: dict[str, RangeStrategy] = {s.name: s for s in EXACT}


def exact_choice(spot: Spot) -> tuple[RangeStrategy, float] | None:
    """The cheapest exact strategy that applies and its price (equal prices: the name first in the
    alphabet), or None.  A strategy whose floor is at or above the best price so far is not priced."""
    best: tuple[RangeStrategy, float] | None = None
    for s in EXACT:
        if best is not None and s.floor(spot) >= best[1] or not s.applies(spot):
            continue
        cost = s.cost(spot)
        if best is None or (cost, s.name) < (best[1], best[0].name):
            best = (s, cost)
    return best


def forced(spot: Spot, name: str) -> RangeStrategy:
    """The exact strategy a test forces by name; the weight split where the weights need it (the
    others' int64 counts could overflow)."""
    return BY_NAME["weight-split"] if _needs_split(spot) else BY_NAME[name]

