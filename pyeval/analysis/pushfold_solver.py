"""The push/fold solver's core: a two-player game in which each player makes one yes/no decision
per hand class (the first player pushes or folds, the second, facing a push, calls or folds),
with payoffs that are bilinear in the two strategies.

A strategy is the share ``p[i]`` (``c[j]``) of class ``i`` (``j``) that says yes.  The payoffs
(expected values over a random deal, per deal) are

    first player    k1 + p . (a1 + G1 @ c)       (a1 + G1 @ c)[i]: his gain from pushing class i
    second player   k2 + p . a2 + c . (G2.T @ p)   (G2.T @ p)[j]: his gain from calling with class j

so a best response pushes the classes of positive gain and calls those of positive gain.  The
game need not be zero-sum (ICM); ``exploitability`` is the most either player gains by switching
to a best response.

The solution: CFR+ (regret matching+, alternating updates, iteration-weighted averages), then a
refinement that guesses which classes mix from the averages and solves the indifference
equations of those classes exactly (the mixed classes of one player make the other's mixed
classes indifferent); the refined profile is kept when it is less exploitable.  Every few
hundred iterations the exploitability is computed exactly; the solve stops below the tolerance.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["BilinearGame", "Solution", "solve", "regret_step", "rounded"]


@dataclass(frozen=True)
class BilinearGame:
    """Payoffs of a push/call game (module docstring); ``a1`` (n,), ``G1`` and ``G2`` (n, m),
    ``a2`` (n,), ``k1`` and ``k2`` the values when the first player always folds."""

    a1: np.ndarray
    G1: np.ndarray
    a2: np.ndarray
    G2: np.ndarray
    k1: float = 0.0
    k2: float = 0.0

    def push_gains(self, c: np.ndarray) -> np.ndarray:
        return self.a1 + self.G1 @ c

    def call_gains(self, p: np.ndarray) -> np.ndarray:
        return self.G2.T @ p

    def values(self, p: np.ndarray, c: np.ndarray) -> tuple[float, float]:
        """Each player's expected value with strategies ``p`` and ``c``."""
        return (float(self.k1 + p @ self.push_gains(c)),
                float(self.k2 + p @ self.a2 + c @ self.call_gains(p)))

    def best_response_gains(self, p: np.ndarray, c: np.ndarray) -> tuple[float, float]:
        """What each player gains by a best response against the other's strategy (>= 0: rounding
        below zero is clipped)."""
        g = self.push_gains(c)
        h = self.call_gains(p)
        return max(0.0, float(np.maximum(g, 0).sum() - p @ g)), max(0.0, float(np.maximum(h, 0).sum() - c @ h))


@dataclass(frozen=True)
class Solution:
    push: np.ndarray
    call: np.ndarray
    gains: tuple[float, float]  # each player's best-response gain
    iterations: int

    @property
    def exploitability(self) -> float:
        return max(self.gains)


def _refine(game: BilinearGame, p: np.ndarray, c: np.ndarray, margin: float) -> tuple[np.ndarray, np.ndarray]:
    """The profile whose mixed classes are those of ``p``, ``c`` strictly inside (margin,
    1 - margin), the rest rounded, with the mixed shares solved from the indifference equations:
    the first player's mixed classes have zero push gain (unknowns: the second's mixed shares),
    and the other way round.  Least squares when the counts differ; shares clipped to [0, 1]."""
    mixed1 = (p > margin) & (p < 1 - margin)
    mixed2 = (c > margin) & (c < 1 - margin)
    p_new = np.where(p >= 0.5, 1.0, 0.0)
    c_new = np.where(c >= 0.5, 1.0, 0.0)
    if mixed1.any() and mixed2.any():
        c_new[mixed2] = 0.0
        rhs = -(game.a1[mixed1] + game.G1[mixed1] @ c_new)
        c_new[mixed2] = np.linalg.lstsq(game.G1[np.ix_(mixed1, mixed2)], rhs, rcond=None)[0]
        p_new[mixed1] = 0.0
        rhs = -(game.G2[:, mixed2].T @ p_new)
        p_new[mixed1] = np.linalg.lstsq(game.G2[np.ix_(mixed1, mixed2)].T, rhs, rcond=None)[0]
    return np.clip(p_new, 0.0, 1.0), np.clip(c_new, 0.0, 1.0)


def regret_step(yes: np.ndarray, no: np.ndarray, share: np.ndarray, gain: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One CFR+ update of a yes/no decision per class: ``gain`` is what saying yes gains over no
    (per class, against the others' current strategies), ``share`` the current share of yes;
    returns the new regrets (clipped at 0: regret matching+) and the new share."""
    yes = np.maximum(yes + (1 - share) * gain, 0)
    no = np.maximum(no - share * gain, 0)
    total = yes + no
    return yes, no, np.divide(yes, total, out=np.full(len(share), 0.5), where=total > 0)


def solve(game: BilinearGame, tolerance: float, max_iterations: int = 200_000, check_every: int = 200) -> Solution:
    """Strategies with exploitability at most ``tolerance`` (module docstring), or the least
    exploitable profile found in ``max_iterations`` CFR+ iterations."""
    n, m = game.G1.shape
    regret_push, regret_fold = np.zeros(n), np.zeros(n)
    regret_call, regret_pass = np.zeros(m), np.zeros(m)
    p, c = np.full(n, 0.5), np.full(m, 0.5)
    p_sum, c_sum = np.zeros(n), np.zeros(m)
    best: Solution | None = None
    for t in range(1, max_iterations + 1):
        regret_push, regret_fold, p = regret_step(regret_push, regret_fold, p, game.push_gains(c))
        p_sum += t * p
        regret_call, regret_pass, c = regret_step(regret_call, regret_pass, c, game.call_gains(p))
        c_sum += t * c
        if t % check_every and t != max_iterations:
            continue
        weight = t * (t + 1) / 2
        p_avg, c_avg = p_sum / weight, c_sum / weight
        margins = (1e-4, 1e-3, 1e-2, 5e-2)
        candidates = ([(p_avg, c_avg)] + [_refine(game, p_avg, c_avg, m) for m in margins]
                      + [(rounded(p_avg, m), rounded(c_avg, m)) for m in margins])
        for cp, cc in candidates:
            found = Solution(cp, cc, game.best_response_gains(cp, cc), t)
            if best is None or _better(found, best, tolerance):
                best = found
        if best is not None and best.exploitability <= tolerance:
            return best
    assert best is not None
    return best


def rounded(shares: np.ndarray, margin: float) -> np.ndarray:
    """Shares within ``margin`` of 0 or 1 made pure."""
    return np.where(shares < margin, 0.0, np.where(shares > 1 - margin, 1.0, shares))


def _mixed(s: Solution) -> int:
    return int(((s.push > 0) & (s.push < 1)).sum() + ((s.call > 0) & (s.call < 1)).sum())


def _better(new: Solution, old: Solution, tolerance: float) -> bool:
    """Within the tolerance, the profile with fewer mixed classes (CFR+'s averages leave traces
    like 0.9999 that the refinement rounds away); else the less exploitable."""
    if new.exploitability <= tolerance and old.exploitability <= tolerance:
        return (_mixed(new), new.exploitability) < (_mixed(old), old.exploitability)
    return new.exploitability < old.exploitability
