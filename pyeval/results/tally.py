"""The integer counts of a set of deals, and the standard errors of Monte Carlo equities from them."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

POT = 10080  # pot units: divisible by every split of 1..10 players, halved and quartered


@dataclass
class Tally:
    """Integer counts over a set of deals (sums of chunk tallies)."""

    outcomes: int
    units: np.ndarray
    sumsq: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    part_units: np.ndarray
    no_qualifier: np.ndarray

    @classmethod
    def zeros(cls, players: int, parts: int) -> Tally:
        z = lambda *s: np.zeros(s, np.int64)  # noqa: E731
        return cls(0, z(players), z(players), z(players), z(players), z(parts, players), z(parts))

    def units_total(self) -> int:
        """The pot units shared out over every outcome (POT x outcomes in a sound tally)."""
        return sum(self.units.tolist())

    def add(self, other: Tally) -> None:
        self.outcomes += other.outcomes
        for name in ("units", "sumsq", "wins", "ties", "part_units", "no_qualifier"):
            getattr(self, name).__iadd__(getattr(other, name))


def standard_errors(t: Tally) -> np.ndarray:
    return standard_errors_rows(np.array([t.outcomes]), t.units[None, :], t.sumsq[None, :])[0]


def standard_errors_rows(outcomes: np.ndarray, units: np.ndarray, sumsq: np.ndarray) -> np.ndarray:
    """Standard errors of the equities of rows of sampled tallies ((n,), (n, players) twice);
    inf for a row of fewer than two samples."""
    n = np.asarray(outcomes, np.float64)[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = units / (POT * n)
        var = sumsq / (POT * POT * n) - mean * mean
        se = np.sqrt(np.maximum(var, 0.0) * n / (n - 1) / n)
    return np.where(n < 2, np.inf, se)
