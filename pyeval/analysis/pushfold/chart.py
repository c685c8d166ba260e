"""``pyeval.pushfold_chart``: heads-up push/fold equilibria over a range of stack depths, as the
charts players use: per class, the largest stack at which it is pushed (called), and the stacks
where it drops out and comes back (gaps).

A class counts as played at a depth when any share of it is (a mixed class is played).  The
depths are a grid (1 to 20 big blinds by tenths by default); "20+" in the text means played at
the largest depth of the grid.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pyeval.analysis.pushfold.heads_up import heads_up
from pyeval.core import _progress
from pyeval.core.checks import is_number
from pyeval.query.limits import CHART_SECONDS_PER_DEPTH, MAX_CHART_DEPTHS
from pyeval.ranges.classes import CLASS_NAMES, CLASS_SIZES
from pyeval.results.protocol import Result

__all__ = ["PushFoldChart", "pushfold_chart", "DEFAULT_DEPTHS"]

DEFAULT_DEPTHS = tuple(round(1 + k / 10, 1) for k in range(191))
"""1.0, 1.1, ..., 20.0 big blinds."""


def _intervals(depths: np.ndarray, played: np.ndarray) -> list[tuple[float, float]]:
    """The runs of consecutive grid depths at which a class is played, as (low, high)."""
    out: list[tuple[float, float]] = []
    start = None
    for k, on in enumerate(played):
        if on and start is None:
            start = k
        if start is not None and (not on or k == len(played) - 1):
            end = k if on else k - 1
            out.append((float(depths[start]), float(depths[end])))
            start = None
    return out


@dataclass(eq=False)
class PushFoldChart(Result):
    """Push/fold equilibria over stack depths (``pushfold_chart``).

    depths      the effective stacks solved (ascending)
    push, call  (169, depths) the share of each class played at each depth (CLASS_NAMES order)
    exploitability  (depths,) each solve's exploitability
    seconds     the wall time of all the solves
    """

    depths: np.ndarray
    push: np.ndarray
    call: np.ndarray
    exploitability: np.ndarray
    sb: float
    bb: float
    ante: float
    seconds: float = field(compare=False)

    def largest(self, which: str = "push") -> np.ndarray:
        """Per class, the largest depth at which it is played (NaN: at none)."""
        shares = self._shares(which)
        played = shares > 0
        last = np.where(played.any(axis=1), played.shape[1] - 1 - np.argmax(played[:, ::-1], axis=1), -1)
        return np.where(last >= 0, self.depths[np.maximum(last, 0)], np.nan)

    def intervals(self, name: str, which: str = "push") -> list[tuple[float, float]]:
        """The depth intervals (low, high) in which class ``name`` is played: more than one when
        it has gaps."""
        return _intervals(self.depths, self._shares(which)[CLASS_NAMES.index(name)] > 0)

    def _shares(self, which: str) -> np.ndarray:
        if which not in ("push", "call"):
            raise ValueError(f"which must be 'push' or 'call', got {which!r}")
        return self.push if which == "push" else self.call

    def label(self, depth: float) -> str:
        """A chart cell's text: the depth, '20+' at the top of the grid, '-' for never."""
        if np.isnan(depth):
            return "-"
        return f"{depth:g}+" if depth == self.depths[-1] else f"{depth:g}"

    def grid(self, which: str = "push") -> np.ndarray:
        """(13, 13) of the largest depths, as the chart's grid (pairs on the diagonal, suited above)."""
        return self.largest(which).reshape(13, 13)

    def rows(self) -> list[dict[str, Any]]:
        out = []
        push_max, call_max = self.largest("push"), self.largest("call")
        for k, n in enumerate(CLASS_NAMES):
            spans = {w: ",".join(f"{a:g}-{b:g}" if a != b else f"{a:g}" for a, b in self.intervals(n, w))
                     for w in ("push", "call")}
            out.append({"class": n, "combos": int(CLASS_SIZES[k]), "push_max": float(push_max[k]),
                        "push_depths": spans["push"], "call_max": float(call_max[k]), "call_depths": spans["call"]})
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"depths": self.depths, "sb": self.sb, "bb": self.bb, "ante": self.ante,
                "max_exploitability": float(self.exploitability.max()), "seconds": self.seconds,
                "rows": self.rows()}

    def text(self, which: str = "push") -> str:
        """The 13 x 13 chart as text, with the classes that have gaps listed below it."""
        values = self.largest(which)
        lines = ["     " + "".join(f"{c:>6}" for c in "AKQJT98765432")]
        for i in range(13):
            cells = [self.label(values[13 * i + j]) + ("*" if len(self.intervals(CLASS_NAMES[13 * i + j], which)) > 1
                                                        else "") for j in range(13)]
            lines.append(f"{'AKQJT98765432'[i]:>5}" + "".join(f"{c:>6}" for c in cells))
        for n in CLASS_NAMES:
            spans = self.intervals(n, which)
            if len(spans) > 1:
                lines.append(f"  * {n}: " + ", ".join(f"{a:g}-{b:g}" for a, b in spans))
        return "\n".join(lines)

    def __repr__(self) -> str:
        ante = f", ante {self.ante:g}" if self.ante else ""
        return "\n".join([
            f"PushFoldChart(heads-up chip EV, {len(self.depths)} depths {self.depths[0]:g}-{self.depths[-1]:g}, "
            f"blinds {self.sb:g}/{self.bb:g}{ante}; max exploitability {self.exploitability.max():.1e}, "
            f"{self.seconds:.1f} s)",
            "small blind pushes up to (suited above the diagonal):", self.text("push"),
            "big blind calls up to:", self.text("call")])


@_progress.reports_progress("pushfold chart")
def pushfold_chart(depths: Any = None, *, sb: float = 0.5, bb: float = 1.0, ante: float = 0.0,
                   tolerance: float | None = None, progress: Any = None) -> PushFoldChart:
    """Heads-up chip-EV push/fold equilibria at each of ``depths`` (effective stacks before
    posting; default 1 to 20 big blinds by tenths): ``pyeval.pushfold`` at each.  ``progress``:
    one step a depth (as ``pyeval.equity``'s).  More than ``MAX_CHART_DEPTHS`` (500) distinct
    depths are refused at once with the time they would take.

    >>> c = pushfold_chart([8, 10, 12])
    >>> c.label(c.largest()[CLASS_NAMES.index("K2o")]), c.label(c.largest("call")[CLASS_NAMES.index("A2o")])
    ('10', '12+')
    """
    grid = np.array(DEFAULT_DEPTHS if depths is None else depths, dtype=object)
    if grid.ndim != 1 or len(grid) == 0:
        raise ValueError("depths must be a non-empty list of stacks")
    if not all(is_number(d) for d in grid):
        raise TypeError(f"depths must be numbers, got {list(grid)!r}")
    values = np.unique(grid.astype(np.float64))
    if len(values) > MAX_CHART_DEPTHS:
        seconds = len(values) * CHART_SECONDS_PER_DEPTH
        raise ValueError(f"a chart of {len(values):,} depths takes about {seconds:,.0f} s "
                         f"(one exact solve a depth), beyond the limit of {MAX_CHART_DEPTHS:,} depths "
                         f"(pyeval.query.limits.MAX_CHART_DEPTHS): give {MAX_CHART_DEPTHS:,} depths or fewer, "
                         f"e.g. a coarser grid, and chart the ranges that matter in parts")
    start = time.perf_counter()
    watch = _progress.current()
    if watch is not None:
        watch.add_total(len(values))
    solved = []
    for d in values:
        solved.append(heads_up(float(d), sb=sb, bb=bb, ante=ante, tolerance=tolerance))
        if watch is not None:
            watch.advance(1)
    seconds = time.perf_counter() - start
    push = np.array([[r.push[n] for r in solved] for n in CLASS_NAMES])
    call = np.array([[r.call[n] for r in solved] for n in CLASS_NAMES])
    return PushFoldChart(values, push, call, np.array([r.exploitability for r in solved]), solved[0].sb,
                         solved[0].bb, solved[0].ante, round(seconds, 3))
