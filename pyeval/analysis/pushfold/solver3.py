"""The three-handed push/fold solver's core: the button's push branch.

The button (player 0) pushes class ``i`` with share ``p[i]`` or folds; facing the push the small
blind (1) calls with ``c[j]``; the big blind (2) calls with ``d[k]`` when the small blind folded,
overcalls with ``o[k]`` when he called.  ``w[i, j, k]`` is the probability of the deal (symmetric
in its indices: the number of disjoint combo triples of the three classes).  Each player's value
at each end of the branch, per deal (``values`` in module ``pushfold3``):

    steal[pl]          the button's push is not called
    btn_bb[pl][i, k]   the button and the big blind show down (exact heads-up shares of the pair)
    btn_sb[pl][i, j]   the button and the small blind show down
    three[pl]          the three show down: ``w * E[value]`` over the Monte Carlo finishing orders,
                       laid out with the player's own class last ((j, k, i), (i, k, j), (i, j, k))
    fold[pl]           every player's value when the button folds (the heads-up subgame's)

Payoffs are multilinear in the four strategies; each decision's gain (yes minus no, per class,
summed over deals) is a few matrix-vector products over ``w`` and ``three`` (169**3 each) on
the supports of the strategies, using that ``w`` is symmetric.  The solve: CFR+
(``solver.regret_step``) on the four decisions in turn, iteration-weighted averages;
every ``check_every`` iterations the averages (and the averages with shares near 0 or 1 made
pure) are scored by the best-response gains, the best profile kept; it stops below the
tolerance, and can be resumed (``three_handed`` runs on while ``purify3`` finds no exact
equilibrium from its profile).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pyeval.analysis.pushfold.solver import regret_step, rounded

__all__ = ["ThreeWayGame", "Solution3", "CFRPlus3", "DECISIONS"]

DECISIONS = ("push", "call_sb", "call_bb", "overcall_bb")
"""The four decisions of the push branch, in solve order: the button pushes, the small blind
calls, the big blind calls (small blind folded), the big blind overcalls (small blind called)."""


DENSE = 0.4
"""A contraction runs over the whole tensor when the vectors' supports cover this share of it,
else over the sub-tensor of their supports (copied: the strategies are mostly 0 after a few
iterations)."""


def _contract1(w: np.ndarray, v: np.ndarray) -> np.ndarray:
    """[a, b] -> sum_x w[x, a, b] v[x] (the rows of v's support only)."""
    n = w.shape[0]
    on = np.flatnonzero(v)
    if len(on) > DENSE * n:
        return (v.astype(w.dtype) @ w.reshape(n, n * n)).reshape(n, n).astype(np.float64)
    return (v[on].astype(w.dtype) @ w[on].reshape(len(on), n * n)).reshape(n, n).astype(np.float64)


def _contract2(t: np.ndarray, m: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """[a] -> sum_{x, y} t[x, y, a] m[x, y], where m is 0 outside rows x cols (the supports)."""
    n = t.shape[0]
    x, y = np.flatnonzero(rows), np.flatnonzero(cols)
    if len(x) * len(y) > DENSE * n * n:
        return (m.ravel().astype(t.dtype) @ t.reshape(n * n, n)).astype(np.float64)
    if not len(x) or not len(y):
        return np.zeros(n)
    sub = t[x][:, y].reshape(len(x) * len(y), n)
    return (m[np.ix_(x, y)].ravel().astype(t.dtype) @ sub).astype(np.float64)


@dataclass(frozen=True)
class ThreeWayGame:
    w: np.ndarray          # (n, n, n) float64
    steal: np.ndarray      # (3,)
    btn_bb: np.ndarray     # (3, n, n) [player, i, k]
    btn_sb: np.ndarray     # (3, n, n) [player, i, j]
    three: tuple[np.ndarray, np.ndarray, np.ndarray]  # each (n, n, n) float64, own class last
    fold: np.ndarray       # (3,)
    dtype: type = np.float32  # of the contractions: float32 for CFR+'s speed, float64 to purify
    w_in_dtype: np.ndarray = field(init=False, repr=False)  # w in ``dtype``
    tables: tuple[np.ndarray, ...] = field(init=False, repr=False)  # three in ``dtype``
    pair: np.ndarray = field(init=False, repr=False)
    dealt: np.ndarray = field(init=False, repr=False)  # (n,) each class's probability of being dealt
    _memo: dict[int, tuple[np.ndarray, np.ndarray]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "w_in_dtype", self.w.astype(self.dtype, copy=False))
        object.__setattr__(self, "tables", tuple(x.astype(self.dtype, copy=False) for x in self.three))
        object.__setattr__(self, "pair", self.w.sum(axis=2))
        object.__setattr__(self, "dealt", self.pair.sum(axis=1))
        object.__setattr__(self, "_memo", {})

    def in_float64(self) -> ThreeWayGame:
        """The same game with float64 contractions (gains to float rounding: ``purify3``)."""
        return ThreeWayGame(self.w, self.steal, self.btn_bb, self.btn_sb, self.three, self.fold, np.float64)

    def _over(self, v: np.ndarray) -> np.ndarray:
        """``_contract1(w, v)``, remembered for the last few strategy arrays (the solver never
        changes an array in place: each update makes a new one)."""
        hit = self._memo.get(id(v))
        if hit is not None and hit[0] is v:
            return hit[1]
        if len(self._memo) >= 8:
            self._memo.clear()
        out = _contract1(self.w_in_dtype, v)
        self._memo[id(v)] = (v, out)
        return out

    @property
    def n(self) -> int:
        return self.w.shape[0]

    def parts(self, k: int, s: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """(yes, no) of decision ``k`` of ``DECISIONS``: per class, the deciding player's value
        summed over the deals where it decides, against strategies ``s = [p, c, d, o]``.  Uses
        that ``w`` is symmetric: sum_j w[i, j, k] c[j] is ``over(c)[i, k]``, and
        sum_{j, k} w[i, j, k] m[j, k] is ``_contract2(w, m, ...)[i]``."""
        p, c, d, o = s
        pair, w = self.pair, self.w_in_dtype
        over = self._over
        if k == 0:  # the button: i
            notc = pair - over(c)   # [i, k]: sum_j w (1 - c_j)
            noto = pair - over(o)   # [i, j]: sum_k w (1 - o_k)
            yes = (self.steal[0] * notc @ (1 - d) + (notc * self.btn_bb[0]) @ d
                   + (noto * self.btn_sb[0]) @ c + _contract2(self.tables[0], np.outer(c, o), c > 0, o > 0))
            return yes, pair.sum(axis=1) * self.fold[0]
        if k == 1:  # the small blind: j
            noto = pair - over(o)   # [i, j]
            z = over(p)             # [j, k]: sum_i p_i w
            yes = (p @ (noto * self.btn_sb[1])) + _contract2(self.tables[1], np.outer(p, o), p > 0, o > 0)
            no = self.steal[1] * z @ (1 - d) + _contract2(w, p[:, None] * d[None, :] * self.btn_bb[1], p > 0, d > 0)
            return yes, no
        if k == 2:  # the big blind, the small blind folded: k
            notc = pair - over(c)   # [i, k]
            z = over(p)             # [j, k]
            return p @ (notc * self.btn_bb[2]), self.steal[2] * (1 - c) @ z
        # the big blind overcalls: k
        reach = np.outer(p, c)
        return (_contract2(self.tables[2], reach, p > 0, c > 0),
                _contract2(w, reach * self.btn_sb[2], p > 0, c > 0))

    def gains(self, k: int, s: list[np.ndarray]) -> np.ndarray:
        yes, no = self.parts(k, s)
        return yes - no

    def values(self, s: list[np.ndarray]) -> np.ndarray:
        """Each player's expected value (per hand dealt) over the whole game, the button's fold
        branch valued at ``fold``."""
        folded = float(self.w.sum(axis=(1, 2)) @ (1 - s[0]))
        out = np.array([0.0, folded * self.fold[1], folded * self.fold[2]])  # the button's: his 'no'
        for k, player in enumerate((0, 1, 2, 2)):
            yes, no = self.parts(k, s)
            out[player] += s[k] @ yes + (1 - s[k]) @ no
        return out

    def best_response_gains(self, s: list[np.ndarray]) -> np.ndarray:
        """(4,) what each decision gains by a best response against the others' strategies."""
        out = np.zeros(4)
        for k in range(4):
            g = self.gains(k, s)
            out[k] = max(0.0, float(np.maximum(g, 0).sum() - s[k] @ g))
        return out


@dataclass(frozen=True)
class Solution3:
    strategies: list[np.ndarray]  # p, c, d, o
    gains: np.ndarray             # (4,) per decision
    iterations: int

    @property
    def player_gains(self) -> np.ndarray:
        """(3,) the button's, the small blind's and the big blind's (both decisions) gain."""
        return np.array([self.gains[0], self.gains[1], self.gains[2] + self.gains[3]])

    @property
    def exploitability(self) -> float:
        return float(self.player_gains.max())


class CFRPlus3:
    """CFR+ on the push branch (module docstring), resumable: ``run`` continues from where the
    last call stopped (``three_handed`` runs more iterations when the purification fails)."""

    def __init__(self, game: ThreeWayGame, check_every: int = 50, start: list[np.ndarray] | None = None) -> None:
        n = game.n
        self.game, self.check_every = game, check_every
        self.s = [np.full(n, 0.5) for _ in range(4)] if start is None else [x.copy() for x in start]
        self.regrets = [(np.zeros(n), np.zeros(n)) for _ in range(4)]
        self.sums = [np.zeros(n) for _ in range(4)]
        self.iterations = 0
        self.best: Solution3 | None = None

    def run(self, tolerance: float, max_iterations: int) -> Solution3:
        """Iterate until the best profile's exploitability is at most ``tolerance`` (checked
        every ``check_every`` iterations) or ``max_iterations`` iterations in all; the best
        profile found so far."""
        game, s = self.game, self.s
        while self.iterations < max_iterations:
            self.iterations += 1
            t = self.iterations
            for k in range(4):
                yes, no, s[k] = regret_step(*self.regrets[k], s[k], game.gains(k, s))
                self.regrets[k] = (yes, no)
                self.sums[k] += t * s[k]
            if t % self.check_every and t != max_iterations:
                continue
            weight = t * (t + 1) / 2
            avg = [x / weight for x in self.sums]
            for cand in [avg, *([rounded(x, m) for x in avg] for m in (1e-3, 1e-2, 5e-2))]:
                found = Solution3(cand, game.best_response_gains(cand), t)
                if self.best is None or found.exploitability < self.best.exploitability:
                    self.best = found
            if self.best is not None and self.best.exploitability <= tolerance:
                break
        assert self.best is not None  # max_iterations >= 1: checked by the entry
        return self.best
