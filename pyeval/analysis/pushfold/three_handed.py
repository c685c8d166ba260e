"""``pyeval.pushfold`` (``players=3``): the three-handed push/fold equilibrium (button, small blind, big blind),
in chips or in tournament equity (ICM).

The game: everyone posts the ante, the small blind ``sb``, the big blind ``bb``.  The button
pushes all in or folds.  When he folds, the small blind and the big blind play the heads-up
push/fold game (``pushfold``) with the button's ante as dead money; its hands are dealt as
heads-up (the folded button's cards are not taken out of the deck: the only card removal this
model leaves out).  When he pushes, the small blind calls or folds, then the big blind calls or
folds, facing the button alone (``call_bb_vs_btn``) or the button and the small blind
(``overcall_bb``).  Stacks may differ: each player puts in at most his stack, side pots by
contributions (a caller matches the button's push or goes all in; chips nobody matches go back).

Equities: a deal of classes ``(i, j, k)`` has the probability of its disjoint combo triples
(exact); a heads-up showdown uses the exact share of the class pair (``equities``, over
all disjoint combo pairs); a three-way showdown the Monte Carlo finishing orders of the class
triple (``equities3``; ties split over the orders they fit, exact in chips).  With
ICM, players busted in the same hand finish in the order of their stacks before it.

The solve: CFR+ (``solver3``) to ``tolerance``, then the exact equilibrium of these tables by
support enumeration (``purify3``); while none is verified, CFR+ runs on (twice the iterations,
up to ``max_iterations``) and the purification is tried again from its closer profile.

``gains`` are each player's best-response gains computed with these tables; ``equity_error``
bounds how much the three-way table's Monte Carlo error can add to them (3 standard errors per
class, summed over the classes of the player's decisions that meet a three-way showdown);
``exploitability`` is the largest of their sums.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from pyeval.analysis.pushfold.equities3 import PERMS, order_probabilities, samples, triple_weights
from pyeval.analysis.pushfold.heads_up import (
    OUTCOMES,
    PushFoldResult,
    checked_tolerance,
    deal_weights,
    heads_up_game,
    range_text,
    shorten,
)
from pyeval.analysis.pushfold.purify3 import purify3
from pyeval.analysis.pushfold.solver import solve
from pyeval.analysis.pushfold.solver3 import CFRPlus3, ThreeWayGame
from pyeval.analysis.pushfold.values3 import check_spot3, final_chips, value_of
from pyeval.core import _progress
from pyeval.ranges.classes import CLASS_NAMES, CLASS_SIZES
from pyeval.results.protocol import Result

__all__ = ["PushFold3Result", "three_handed", "STRATEGIES"]

STRATEGIES = ("push", "call_sb", "call_bb_vs_btn", "overcall_bb", "push_sb", "call_bb_vs_sb")
"""The six strategies: the button pushes; the small blind calls his push; the big blind calls it
(small blind folded) or overcalls (small blind called); when the button folds, the small blind
pushes and the big blind calls."""

PLAYERS = ("BTN", "SB", "BB")


@dataclass(eq=False)
class PushFold3Result(Result):
    """A three-handed push/fold equilibrium (``pyeval.pushfold(..., players=3)``).

    push, call_sb, call_bb_vs_btn, overcall_bb, push_sb, call_bb_vs_sb
                    class name -> share of its combos played, 0..1 (``STRATEGIES``)
    ranges          strategy name -> range text (``pyeval.equity``)
    ev              (button, small blind, big blind) expected values per hand: chips won against
                    the stacks before posting (chip EV) or prize equity (ICM)
    gains           each player's best-response gain with the equity tables
    equity_error    each player's bound on what the Monte Carlo error of the three-way table adds
    exploitability  max over players of gains + equity_error
    exact           True: an exact equilibrium of the game with these tables (``purify3``: every
                    class's gain per hand has the sign of its share, mixed ones 0 within
                    ``EXACT_TOLERANCE``; the heads-up subgame exact too); False: none was verified
                    within ``max_iterations``, the CFR+ profile to ``tolerance``
    heads_up        the small blind vs big blind subgame when the button folds (``PushFoldResult``)
    """

    stacks_in_hand: tuple[float, float, float]
    sb: float
    bb: float
    ante: float
    payouts: list[float] | None
    stacks: list[float] | None  # the chips of the players not in the hand (ICM)
    push: dict[str, float]
    call_sb: dict[str, float]
    call_bb_vs_btn: dict[str, float]
    overcall_bb: dict[str, float]
    push_sb: dict[str, float]
    call_bb_vs_sb: dict[str, float]
    ranges: dict[str, str]
    ev: tuple[float, float, float]
    gains: tuple[float, float, float]
    equity_error: tuple[float, float, float]
    tolerance: float
    exact: bool
    iterations: int = field(compare=False)
    seconds: float = field(compare=False)
    heads_up: PushFoldResult = field(compare=False, repr=False)

    @property
    def model(self) -> str:
        return "chip EV" if self.payouts is None else "ICM"

    @property
    def exploitability(self) -> float:
        return max(g + e for g, e in zip(self.gains, self.equity_error))

    @property
    def table_exploitability(self) -> float:
        """The exploitability with the equity tables taken as exact (the solver's target)."""
        return max(self.gains)

    def share(self, strategy: str) -> float:
        """The share of all 1,326 combos played by one of ``STRATEGIES``."""
        shares = getattr(self, strategy)
        return float(sum(shares[n] * CLASS_SIZES[k] for k, n in enumerate(CLASS_NAMES)) / 1326)

    def rows(self) -> list[dict[str, Any]]:
        return [{"class": n, "combos": int(CLASS_SIZES[k]), **{s: getattr(self, s)[n] for s in STRATEGIES}}
                for k, n in enumerate(CLASS_NAMES)]

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model, "players": 3, "stacks_in_hand": list(self.stacks_in_hand), "sb": self.sb,
                "bb": self.bb, "ante": self.ante, "payouts": self.payouts, "stacks": self.stacks,
                "ranges": dict(self.ranges), "shares": {s: self.share(s) for s in STRATEGIES},
                "ev": list(self.ev), "gains": list(self.gains), "equity_error": list(self.equity_error),
                "exploitability": self.exploitability, "table_exploitability": self.table_exploitability,
                "tolerance": self.tolerance, "exact": self.exact, "iterations": self.iterations,
                "rows": self.rows()}

    def __repr__(self) -> str:
        a, b, c = self.stacks_in_hand
        stacks = f"stack {a:g}" if a == b == c else f"stacks {a:g} (BTN), {b:g} (SB), {c:g} (BB)"
        ante = f", ante {self.ante:g}" if self.ante else ""
        model = "chip EV" if self.payouts is None else f"ICM, payouts {self.payouts}, stacks {self.stacks}"
        labels = {"push": "BTN pushes", "call_sb": "SB calls", "call_bb_vs_btn": "BB calls BTN",
                  "overcall_bb": "BB overcalls", "push_sb": "SB pushes", "call_bb_vs_sb": "BB calls SB"}
        lines = [f"PushFold3Result(three-handed, {stacks}, blinds {self.sb:g}/{self.bb:g}{ante}; {model})"]
        lines += [f"  {labels[s]:<13}{100 * self.share(s):5.1f}%: {shorten(self.ranges[s], 90)}" for s in STRATEGIES]
        ev = ", ".join(f"{p} {v:+.4f}" for p, v in zip(PLAYERS, self.ev))
        lines.append(f"  EV: {ev}{'' if self.payouts is None else ' prize'}; exploitability {self.exploitability:.1e} "
                     f"(tables {self.table_exploitability:.1e} + Monte Carlo {max(self.equity_error):.1e}) "
                     f"after {self.iterations} iterations; "
                     + ("exact equilibrium of the tables" if self.exact else "NOT exact: CFR+ to the tolerance"))
        return "\n".join(lines)


@cache
def _expanded() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The deal weights, and the heads-up win, tie and loss shares of each class pair."""
    _, win, tie, lose = deal_weights()
    return win, tie, lose


def _showdown(values: dict[str, np.ndarray]) -> np.ndarray:
    """(3, n, n) each player's value of a heads-up showdown between the row and column classes."""
    win, tie, lose = _expanded()
    return (win[None] * values["win"][:, None, None] + tie[None] * values["tie"][:, None, None]
            + lose[None] * values["lose"][:, None, None])


def _subgame(stacks: tuple[float, float, float], sb: float, bb: float, ante: float, payouts: list[float] | None,
             others: list[float] | None, tolerance: float, max_iterations: int) -> tuple[Any, np.ndarray, Any]:
    """The small blind vs big blind game after the button folds: (the heads-up game, each
    player's value per outcome, the solution)."""
    _, s1, s2 = stacks
    posted = [ante, ante + sb, ante + bb]
    call = max(posted[2], min(s2, s1))
    ends = {"fold": final_chips(stacks, posted, [2]), "steal": final_chips(stacks, [ante, s1, posted[2]], [1])}
    win = final_chips(stacks, [ante, s1, call], [1, 2])
    lose = final_chips(stacks, [ante, s1, call], [2, 1])
    ends.update(win=win, lose=lose, tie=[(x + y) / 2 for x, y in zip(win, lose)])
    values = {k: value_of(stacks, v, payouts, others) for k, v in ends.items()}
    game = heads_up_game({k: (float(v[1]), float(v[2])) for k, v in values.items()})
    return game, np.array([values[k] for k in OUTCOMES]), solve(game, tolerance, max_iterations=max_iterations)


def _outcome_shares(q: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The probabilities of ``OUTCOMES`` in the heads-up subgame with strategies q, r."""
    deal, win, tie, lose = deal_weights()
    dealt = deal.sum(axis=1)
    called = deal * np.outer(q, r)
    return np.array([dealt @ (1 - q), q @ deal @ (1 - r), (called * win).sum(), (called * tie).sum(),
                     (called * lose).sum()])


def build_game(stacks: tuple[float, float, float], sb: float, bb: float, ante: float, payouts: list[float] | None,
               others: list[float] | None, fold: np.ndarray) -> tuple[ThreeWayGame, np.ndarray]:
    """The button's push branch (``solver3``) with the fold branch worth ``fold``, and
    (3, 6) each player's value of each three-way finishing order (``PERMS``)."""
    s0, s1, s2 = stacks
    posted = [ante, ante + sb, ante + bb]
    c1, c2 = max(posted[1], min(s1, s0)), max(posted[2], min(s2, s0))

    def val(contrib: list[float], ranking: list[int]) -> np.ndarray:
        return value_of(stacks, final_chips(stacks, contrib, ranking), payouts, others)

    def pair(contrib: list[float], a: int, b: int) -> dict[str, np.ndarray]:
        w, lo = val(contrib, [a, b]), val(contrib, [b, a])
        tie = value_of(stacks, [(x + y) / 2 for x, y in zip(final_chips(stacks, contrib, [a, b]),
                                                            final_chips(stacks, contrib, [b, a]))], payouts, others)
        return {"win": w, "tie": tie, "lose": lo}

    steal = val([s0, posted[1], posted[2]], [0])
    btn_bb = _showdown(pair([s0, posted[1], c2], 0, 2))
    btn_sb = _showdown(pair([s0, c1, posted[2]], 0, 1))
    orders = np.array([val([s0, c1, c2], list(p)) for p in PERMS]).T  # (3 players, 6 orders)
    w = triple_weights()
    n = w.shape[0]
    probs = order_probabilities()
    flat = np.empty((n ** 3, 3))  # (n**3, 3) in float64, a block of the float32 table at a time
    for at in range(0, n ** 3, n * n):
        flat[at:at + n * n] = probs[at:at + n * n].astype(np.float64) @ orders.T
    three = []
    for player, axes in enumerate(((1, 2, 0), (0, 2, 1), (0, 1, 2))):
        t = (w * flat[:, player].reshape(n, n, n)).transpose(axes)
        three.append(np.ascontiguousarray(t))
    return ThreeWayGame(w, steal, btn_bb, btn_sb, (three[0], three[1], three[2]), fold), orders


def equity_errors(game: ThreeWayGame, orders: np.ndarray, s: list[np.ndarray]) -> np.ndarray:
    """(3,) per player: 3 standard errors of the Monte Carlo three-way values, per class of the
    decision that meets them (the button's push, the small blind's call, the big blind's
    overcall), summed over the classes.  A table entry serves up to two ordered triples of one
    class of one player: variances doubled."""
    p, c, _, o = s
    n = game.n
    probs = order_probabilities()
    w = triple_weights()
    out = np.zeros(3)
    reach = (np.outer(c, o), np.outer(p, o), np.outer(p, c))
    for player, axes in enumerate(((1, 2, 0), (0, 2, 1), (0, 1, 2))):
        v = orders[player].astype(np.float32)
        mean = probs @ v
        var = np.maximum(probs @ (v * v) - mean * mean, 0).reshape(n, n, n).astype(np.float64) / samples()
        t = np.ascontiguousarray((w * w * var).transpose(axes)).reshape(n * n, n)
        out[player] = 3 * np.sqrt(2 * ((reach[player] ** 2).ravel() @ t)).sum()
    return out


def three_handed(stack: float | tuple[float, float, float], *, sb: float = 0.5, bb: float = 1.0, ante: float = 0.0,
                 payouts: list[float] | None = None, stacks: list[float] | None = None,
                 tolerance: float | None = None, max_iterations: int = 3000) -> PushFold3Result:
    """The three-handed push/fold equilibrium (module docstring).

    stack      each player's stack before posting (big blinds by default), one number for all
               three or (button's, small blind's, big blind's)
    sb, bb, ante  the blinds and each player's ante
    payouts, stacks  tournament prizes (1st place first) and the chips of the players not in the
               hand (default none): outcomes valued by ICM (``payouts=[1]``: winner takes all)
    tolerance  CFR+'s best-response gain with the tables before the purification (default 1e-4
               big blinds; ICM: 1e-6 of the prize pool); the Monte Carlo error comes on top
               (``equity_error``)
    max_iterations  the cap on CFR+ iterations while no exact equilibrium is verified

    >>> r = three_handed(5)
    >>> r.push["A2o"], r.push["72o"], r.overcall_bb["AA"], r.share("overcall_bb") < r.share("call_bb_vs_btn")
    (1.0, 0.0, 1.0, True)
    """
    start = time.perf_counter()
    in_hand, sb_, bb_, ante_, prizes, rest = check_spot3(stack, sb, bb, ante, payouts, stacks)
    tol = checked_tolerance(tolerance, 1e-4 * bb_ if prizes is None else 1e-6 * sum(prizes))
    # the subgame to the heads-up default (or finer): with no dead money it is pyeval.pushfold's solve
    hu_tol = min(tol / 10, 1e-6 * bb_ if prizes is None else 1e-8 * sum(prizes))
    watch = _progress.current()  # three steps: the subgame, the push branch's tables, its solve
    if watch is not None:
        watch.add_total(3)
    hu, hu_values, hu_found = _subgame(in_hand, sb_, bb_, ante_, prizes, rest, hu_tol, 200_000)
    if watch is not None:
        watch.advance(1)
    q, r = hu_found.push, hu_found.call
    fold = _outcome_shares(q, r) @ hu_values  # each player's value when the button folds
    game, orders = build_game(in_hand, sb_, bb_, ante_, prizes, rest, fold)
    if watch is not None:
        watch.advance(1)
    cfr = CFRPlus3(game)
    found = cfr.run(tol, max_iterations)
    precise = game.in_float64()
    pure = purify3(precise, found.strategies)
    while pure is None and cfr.iterations < max_iterations:  # a closer start for the support guess
        found = cfr.run(0.0, min(2 * cfr.iterations, max_iterations))
        pure = purify3(precise, found.strategies)
    if watch is not None:
        watch.advance(1)
    s = found.strategies if pure is None else pure
    exact = pure is not None and bool(hu_found.exact)
    branch = precise.best_response_gains(s)
    p_fold = float(game.w.sum(axis=(1, 2)) @ (1 - s[0]))
    gains = np.array([branch[0], branch[1], branch[2] + branch[3]]) + p_fold * np.array([0.0, *hu_found.gains])
    errors = equity_errors(game, orders, s)
    ev = precise.values(s)
    heads_up = _heads_up_result(in_hand, sb_, bb_, ante_, prizes, rest, hu, hu_found, hu_tol)
    shares = {"push": s[0], "call_sb": s[1], "call_bb_vs_btn": s[2], "overcall_bb": s[3], "push_sb": q,
              "call_bb_vs_sb": r}
    named = {k: {n: float(v[i]) for i, n in enumerate(CLASS_NAMES)} for k, v in shares.items()}
    return PushFold3Result(in_hand, sb_, bb_, ante_, prizes, rest, named["push"], named["call_sb"],
                           named["call_bb_vs_btn"], named["overcall_bb"], named["push_sb"], named["call_bb_vs_sb"],
                           {k: range_text(v) for k, v in shares.items()},
                           (float(ev[0]), float(ev[1]), float(ev[2])),
                           (float(gains[0]), float(gains[1]), float(gains[2])),
                           (float(errors[0]), float(errors[1]), float(errors[2])), tol, exact, cfr.iterations,
                           time.perf_counter() - start, heads_up)


def _heads_up_result(stacks: tuple[float, float, float], sb: float, bb: float, ante: float,
                     payouts: list[float] | None, others: list[float] | None, game: Any, found: Any,
                     hu_tol: float) -> PushFoldResult:
    p, c = found.push, found.call
    ev_sb, ev_bb = game.values(p, c)
    deal = deal_weights()[0]
    with np.errstate(invalid="ignore", divide="ignore"):
        push_gain = game.push_gains(c) / deal.sum(axis=1)
        call_gain = game.call_gains(p) / (deal.T @ p)
    rest = None if payouts is None else [stacks[0] - ante, *(others or [])]
    return PushFoldResult((stacks[1], stacks[2]), sb, bb, ante, payouts, rest,
                          {n: float(p[k]) for k, n in enumerate(CLASS_NAMES)},
                          {n: float(c[k]) for k, n in enumerate(CLASS_NAMES)}, range_text(p), range_text(c),
                          ev_sb, ev_bb, push_gain, call_gain, found.gains, hu_tol, found.iterations)
