"""Integer counts per combo of a range: what each combo scores against the other players.

Every path of range equity (exact and Monte Carlo) fills one :class:`ComboTally` per range
player.  Exact counts are weighted by the *other* players' integer weights (a combo's own
weight is left out, so its counts read "this combo against the opponents' ranges"); Monte
Carlo counts are plain sample counts.  ``equity = units / (POT * outcomes)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pyeval.core._results import ResultEquality
from pyeval.results.tally import POT, standard_errors_rows

__all__ = ["ComboTally", "from_assignments"]


@dataclass(eq=False)
class ComboTally(ResultEquality):
    """One player's per-combo counts (arrays of the range's length, int64 or Python ints).

    units     pot units won (``POT`` per whole pot)
    wins      outcomes in which the combo wins the whole pot alone
    ties      outcomes in which it shares the pot
    outcomes  outcomes the combo meets (0: it never meets a valid deal)
    sumsq     Monte Carlo only: sum of squared pot units (for standard errors), else None
    """

    units: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    outcomes: np.ndarray
    sumsq: np.ndarray | None = None

    def equity(self) -> np.ndarray:
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.asarray(self.units, np.float64) / (POT * np.asarray(self.outcomes, np.float64))

    def fractions(self) -> list[Fraction | None]:
        """Exact equities (None where the combo meets no outcome)."""
        return [Fraction(int(u), POT * int(n)) if int(n) else None for u, n in zip(self.units, self.outcomes)]

    def stderr(self) -> np.ndarray:
        """Standard errors of the equities (zeros without ``sumsq``: exact counts)."""
        if self.sumsq is None:
            return np.zeros(len(self.units))
        n = np.asarray(self.outcomes, np.int64)
        return standard_errors_rows(n, np.asarray(self.units, np.float64)[:, None],
                                           np.asarray(self.sumsq, np.float64)[:, None])[:, 0]

    def subset(self, keep: np.ndarray) -> ComboTally:
        """The counts of the combos at positions ``keep`` (an index or boolean array)."""
        return ComboTally(np.asarray(self.units)[keep], np.asarray(self.wins)[keep], np.asarray(self.ties)[keep],
                          np.asarray(self.outcomes)[keep], None if self.sumsq is None else np.asarray(self.sumsq)[keep])

    def scaled_into(self, total: ComboTally, where, factor: int) -> None:
        """Add these counts times ``factor`` into ``total`` at positions ``where`` (Python ints)."""
        for name in ("units", "wins", "ties", "outcomes"):
            part = np.asarray(getattr(self, name)).astype(object) * factor
            getattr(total, name)[where] += part

    @classmethod
    def zeros_object(cls, n: int) -> ComboTally:
        z = lambda: np.zeros(n, object)  # noqa: E731
        return cls(z(), z(), z(), z())


def _sum_by(index: np.ndarray, values: np.ndarray, n: int) -> np.ndarray:
    out = np.zeros(n, np.int64)
    np.add.at(out, index, values)
    return out


def from_assignments(assign: np.ndarray, nums: list, wfull: np.ndarray, per_board: int, units: np.ndarray,
                     wins: np.ndarray, ties: np.ndarray, sizes: list[int]) -> list[ComboTally]:
    """Per-combo counts from per-assignment ones (units/wins/ties (assignments, players), each
    assignment meeting ``per_board`` boards): each assignment counts with the other players'
    weights, ``wfull`` (the product of all weights) over the combo's own."""
    out = []
    for p, n in enumerate(sizes):
        idx = assign[:, p]
        own = np.asarray(nums[p], np.int64)[idx]
        others = wfull // own
        out.append(ComboTally(_sum_by(idx, others * units[:, p], n), _sum_by(idx, others * wins[:, p], n),
                              _sum_by(idx, others * ties[:, p], n), _sum_by(idx, others * per_board, n)))
    return out
