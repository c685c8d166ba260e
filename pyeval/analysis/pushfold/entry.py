"""``pyeval.pushfold``: the push/fold equilibrium heads-up (``players=2``: ``pushfold.heads_up``)
or three-handed (``players=3``: ``three_handed.three_handed``), with one vocabulary: ``stack`` the
stacks of the players in the hand, ``stacks`` the chips of those not in it (ICM).
"""

from __future__ import annotations

from typing import Any

from pyeval.analysis.pushfold.heads_up import PushFoldResult, heads_up
from pyeval.analysis.pushfold.three_handed import PushFold3Result, three_handed
from pyeval.core import _progress

__all__ = ["pushfold"]

MAX_ITERATIONS = {2: 200_000, 3: 3000}
"""The default cap on CFR+ iterations per player count (the three-handed ones cost ~1,000 times
more each)."""


@_progress.reports_progress("pushfold")
def pushfold(stack: Any, *, players: int = 2, sb: float = 0.5, bb: float = 1.0, ante: float = 0.0,
             payouts: list[float] | None = None, stacks: list[float] | None = None, tolerance: float | None = None,
             max_iterations: int | None = None, progress: Any = None) -> PushFoldResult | PushFold3Result:
    """The push/fold equilibrium (docs/pushfold.md).

    stack      the stacks before posting (big blinds by default: ``bb=1``) of the players in the
               hand: one number for all, or heads-up (small blind's, big blind's), three-handed
               (button's, small blind's, big blind's)
    players    2: the small blind pushes or folds, the big blind calls or folds
               (``PushFoldResult``); 3: the button, small blind and big blind
               (``PushFold3Result``)
    sb, bb, ante  the blinds and each player's ante, in the stack's unit
    payouts, stacks  tournament prizes (1st place first) and the chips of the players not in
               the hand (default none): each outcome is valued by ICM (``pyeval.icm``)
    tolerance  the CFR+ exploitability to reach: the start from which the equilibrium is made
               exact (docs/pushfold.md, "What equilibrium means")
    max_iterations  the cap on CFR+ iterations (default 200,000 heads-up, 3,000 three-handed:
               more iterations are run, doubling, while no exact equilibrium is verified)
    progress   as ``pyeval.equity``'s: heads-up one step (a fraction of a second), three-handed
               three (the subgame, the three-way tables, the solve: seconds each)

    >>> r = pushfold(10)
    >>> r.push["K2o"], r.push["J5o"], r.call["A2o"], r.exploitability < 1e-12
    (1.0, 0.0, 1.0, True)
    """
    if isinstance(players, bool) or players not in (2, 3):
        raise ValueError(f"players is 2 (heads-up) or 3 (button, small blind, big blind), got {players!r}")
    cap = MAX_ITERATIONS[players] if max_iterations is None else max_iterations
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
        raise ValueError(f"max_iterations must be a positive integer, got {max_iterations!r}")
    if players == 3:
        return three_handed(stack, sb=sb, bb=bb, ante=ante, payouts=payouts, stacks=stacks, tolerance=tolerance,
                            max_iterations=cap)
    watch = _progress.current()
    if watch is not None:
        watch.add_total(1)
    result = heads_up(stack, sb=sb, bb=bb, ante=ante, payouts=payouts, stacks=stacks, tolerance=tolerance,
                      max_iterations=cap)
    if watch is not None:
        watch.advance(1)
    return result

