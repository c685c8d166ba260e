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

The solution: CFR+ (regret matching+, alternating updates, iteration-weighted averages) to the
tolerance, then ``purify``: an exact equilibrium from the approximate one.  Guess which classes
mix; set every other class to its best response (share 1 when its gain is positive, 0 when
negative); solve the mixed classes' shares from the indifference equations (the mixed classes of
one player make the other's mixed classes' gains exactly zero: a linear system); repeat until
nothing changes (a share outside [0, 1] makes its class pure at that bound, a pure class whose
gain has the wrong sign becomes mixed, a mixed class that cannot be made indifferent becomes
pure by its gain's sign).  The fixed point is verified: every class's gain per hand is within
``EXACT_TOLERANCE`` of zero when it mixes, and has the sign of its share when pure.  So no class
with a negative gain keeps a share and none with a positive gain gives one up: an equilibrium up
to float rounding, not to the CFR tolerance.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

__all__ = ["BilinearGame", "Solution", "solve", "purify", "regret_step", "rounded", "EXACT_TOLERANCE"]

EXACT_TOLERANCE = 1e-9
"""How far from zero a class's gain per hand of the class (in the game's unit: big blinds, or
prize) may be and still count as zero: float rounding of sums over 169 x 169 class pairs is
about 1e-14; a real gain (the issue's K2o: -0.001 big blinds) is far above it."""


@dataclass(frozen=True)
class BilinearGame:
    """Payoffs of a push/call game (module docstring); ``a1`` (n,), ``G1`` and ``G2`` (n, m),
    ``a2`` (n,), ``k1`` and ``k2`` the values when the first player always folds; ``dealt1``,
    ``dealt2`` the probability of each class being dealt to each player (gains per hand of a
    class are the gains divided by it; None: 1)."""

    a1: np.ndarray
    G1: np.ndarray
    a2: np.ndarray
    G2: np.ndarray
    k1: float = 0.0
    k2: float = 0.0
    dealt1: np.ndarray | None = None
    dealt2: np.ndarray | None = None

    def gains_per_hand(self, p: np.ndarray, c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each class's gain of yes over no per hand of the class dealt: (push, call)."""
        g, h = self.push_gains(c), self.call_gains(p)
        return (g if self.dealt1 is None else g / self.dealt1), (h if self.dealt2 is None else h / self.dealt2)

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
    exact: bool = False  # verified by ``purify`` (module docstring)

    @property
    def exploitability(self) -> float:
        return max(self.gains)


def _refine(game: BilinearGame, p: np.ndarray, c: np.ndarray, margin: float) -> tuple[np.ndarray, np.ndarray]:
    """The profile whose mixed classes are those of ``p``, ``c`` strictly inside (margin,
    1 - margin), the rest rounded, with the mixed shares solved from the indifference equations;
    shares clipped to [0, 1]."""
    mixed1 = (p > margin) & (p < 1 - margin)
    mixed2 = (c > margin) & (c < 1 - margin)
    p_new, c_new = _solve_mixes(game, mixed1, mixed2, np.where(p >= 0.5, 1.0, 0.0), np.where(c >= 0.5, 1.0, 0.0))
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
    """An exact equilibrium (``exact=True``, module docstring) purified from CFR+ strategies of
    exploitability at most ``tolerance``; failing that, the least exploitable profile found in
    ``max_iterations`` CFR+ iterations (``exact=False``)."""
    if isinstance(max_iterations, bool) or not isinstance(max_iterations, (int, np.integer)) or max_iterations < 1:
        raise ValueError(f"max_iterations must be a positive integer, got {max_iterations!r}")
    found = _cfr(game, tolerance, int(max_iterations), check_every)
    exact = purify(game, found.push, found.call)
    if exact is None:
        return found
    p, c = exact
    return Solution(p, c, game.best_response_gains(p, c), found.iterations, True)


def _solve_mixes(game: BilinearGame, mixed1: np.ndarray, mixed2: np.ndarray, p: np.ndarray, c: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
    """``p``, ``c`` with the shares of the mixed classes replaced by the solution of the
    indifference equations (least squares when the counts differ)."""
    p, c = p.copy(), c.copy()
    if mixed1.any() and mixed2.any():
        c[mixed2] = 0.0
        rhs = -(game.a1[mixed1] + game.G1[mixed1] @ c)
        c[mixed2] = np.linalg.lstsq(game.G1[np.ix_(mixed1, mixed2)], rhs, rcond=None)[0]
        p[mixed1] = 0.0
        rhs = -(game.G2[:, mixed2].T @ p)
        p[mixed1] = np.linalg.lstsq(game.G2[np.ix_(mixed1, mixed2)].T, rhs, rcond=None)[0]
    return p, c


def _purify_from(game: BilinearGame, mixed1: np.ndarray, mixed2: np.ndarray, p: np.ndarray, c: np.ndarray,
                 rounds: int = 200) -> tuple[np.ndarray, np.ndarray] | None:
    """The fixed point of module docstring's ``purify`` from these mixed classes and pure shares."""
    mixed1, mixed2 = mixed1.copy(), mixed2.copy()
    p0, c0 = np.where(p >= 0.5, 1.0, 0.0), np.where(c >= 0.5, 1.0, 0.0)
    seen: set[bytes] = set()
    for _ in range(rounds):
        key = np.concatenate([mixed1, mixed2, p0 > 0, c0 > 0]).tobytes()
        if key in seen:
            return None  # a cycle
        seen.add(key)
        p1, c1 = _solve_mixes(game, mixed1, mixed2, p0, c0)
        g, h = game.gains_per_hand(p1, c1)
        changed = False
        for mixed, share, pure in ((mixed1, p1, p0), (mixed2, c1, c0)):
            outside = mixed & ((share < 0) | (share > 1))
            if outside.any():  # a share past a bound: pure at that bound
                pure[outside] = share[outside] > 1
                mixed &= ~outside
                changed = True
        if changed:
            continue
        for mixed, pure, gain in ((mixed1, p0, g), (mixed2, c0, h)):
            wrong = ~mixed & (((pure == 1) & (gain < -EXACT_TOLERANCE)) | ((pure == 0) & (gain > EXACT_TOLERANCE)))
            if wrong.any():  # a pure class on the wrong side: it sits at its indifference point
                mixed |= wrong
                changed = True
            loose = mixed & (np.abs(gain) > EXACT_TOLERANCE)
            if loose.any() and not wrong.any():  # cannot be made indifferent: its best response
                pure[loose] = gain[loose] > 0
                mixed &= ~loose
                changed = True
        if not changed:
            return (p1, c1) if verified(game, p1, c1) else None
    return None


def verified(game: BilinearGame, p: np.ndarray, c: np.ndarray) -> bool:
    """Shares in [0, 1]; each class with a share has a gain of at least -``EXACT_TOLERANCE``,
    each class short of a whole share a gain of at most ``EXACT_TOLERANCE`` (per hand)."""
    g, h = game.gains_per_hand(p, c)
    for share, gain in ((p, g), (c, h)):
        if ((share < 0) | (share > 1)).any():
            return False
        if ((share > 0) & (gain < -EXACT_TOLERANCE)).any() or ((share < 1) & (gain > EXACT_TOLERANCE)).any():
            return False
    return True


def _with_support(game: BilinearGame, mixed1: np.ndarray, mixed2: np.ndarray, p: np.ndarray, c: np.ndarray,
                  rounds: int = 6) -> tuple[np.ndarray, np.ndarray] | None:
    """The mixed classes fixed: the other classes set to their best responses and the mixes
    re-solved until verified (None when a mix leaves [0, 1] or it does not settle)."""
    p0, c0 = np.where(p >= 0.5, 1.0, 0.0), np.where(c >= 0.5, 1.0, 0.0)
    for _ in range(rounds):
        p1, c1 = _solve_mixes(game, mixed1, mixed2, p0, c0)
        if verified(game, p1, c1):
            return p1, c1
        if ((p1 < 0) | (p1 > 1) | (c1 < 0) | (c1 > 1)).any():
            return None
        g, h = game.gains_per_hand(p1, c1)
        p_next = np.where(mixed1, p0, (g > 0).astype(np.float64))
        c_next = np.where(mixed2, c0, (h > 0).astype(np.float64))
        if np.array_equal(p_next, p0) and np.array_equal(c_next, c0):
            return None
        p0, c0 = p_next, c_next
    return None


def purify(game: BilinearGame, p: np.ndarray, c: np.ndarray, candidates: int = 6, most_mixed: int = 3
           ) -> tuple[np.ndarray, np.ndarray] | None:
    """An exact equilibrium near the approximate one ``p``, ``c`` (module docstring), or None.
    The guesses of the mixed classes: first the iteration from CFR's mixed classes; then every
    pair of equally many classes (up to ``most_mixed`` a player) among each player's
    ``candidates`` classes whose gains are nearest zero (a generic equilibrium mixes as many
    classes of one player as of the other)."""
    g, h = game.gains_per_hand(p, c)
    for m in (1e-4, 1e-3, 1e-2, 5e-2):
        found = _purify_from(game, (p > m) & (p < 1 - m), (c > m) & (c < 1 - m), p, c)
        if found is not None:
            return np.clip(found[0], 0.0, 1.0), np.clip(found[1], 0.0, 1.0)
    near1, near2 = np.argsort(np.abs(g))[:candidates], np.argsort(np.abs(h))[:candidates]
    start_p, start_c = (g > 0).astype(np.float64), (h > 0).astype(np.float64)
    for size in range(most_mixed + 1):
        for s1 in itertools.combinations(near1, size):
            for s2 in itertools.combinations(near2, size):
                mixed1, mixed2 = np.zeros(len(p), bool), np.zeros(len(c), bool)
                mixed1[list(s1)], mixed2[list(s2)] = True, True
                found = _with_support(game, mixed1, mixed2, start_p, start_c)
                if found is not None:
                    return np.clip(found[0], 0.0, 1.0), np.clip(found[1], 0.0, 1.0)
    return None


def _cfr(game: BilinearGame, tolerance: float, max_iterations: int, check_every: int) -> Solution:
    """CFR+ to ``tolerance`` (module docstring)."""
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
    assert best is not None  # max_iterations >= 1: checked by solve
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
