"""``pyeval.pushfold`` (``players=2``): the heads-up push/fold equilibrium, in chips or in tournament equity (ICM).

The game: both players post an ante, the small blind posts ``sb`` and the big blind ``bb``; the
small blind goes all in or folds; facing the all-in the big blind calls or folds; called hands
are dealt out to the river.  ``stack`` is each player's stack before posting anything (the
effective stack when one number; a pair gives the small blind's and the big blind's when they
differ: the pot then holds twice the smaller stack).  Chip EV counts chips won or lost against
the stack before posting; with ``payouts`` and the ``stacks`` of the players not in the hand,
each outcome's stacks are valued by ICM (``pyeval.icm``; a busted player takes the last place).

Strategies are per starting-hand class (every combo of a class plays the same share); EVs are
summed over every pair of disjoint combos (``equities``: exact counts over all boards,
so card removal is exact).  With strategies the same for each combo of a class, each combo of a
class has the same EV, so a best response per class is a best response per combo.  The solve
(``solver``): CFR+ to ``tolerance`` (the most either player would gain, per hand dealt,
by switching to a best response: ``exploitability``), then purified to an exact equilibrium,
verified class by class (docs/pushfold.md, "What equilibrium means").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from pyeval.analysis.icm import prize_equity
from pyeval.analysis.pushfold.equities import BOARDS, class_pair_counts
from pyeval.analysis.pushfold.solver import BilinearGame, solve
from pyeval.core.checks import finite_number
from pyeval.ranges import Range
from pyeval.ranges.classes import CLASS_NAMES, CLASS_SIZES, COMBO_CLASS, HOLDEM_COMBOS
from pyeval.results.protocol import Result

__all__ = ["PushFoldResult", "heads_up", "OUTCOMES"]

OUTCOMES = ("fold", "steal", "win", "tie", "lose")
"""The ends of a hand, from the small blind's side: he folds; he pushes and the big blind folds;
he pushes, is called, and wins, ties or loses the showdown."""

RANGE_DECIMALS = 4
"""Shares in the range texts are rounded to this many decimals (the ``push`` and ``call``
mappings keep them whole)."""


@dataclass(eq=False)
class PushFoldResult(Result):
    """A heads-up push/fold equilibrium (``pushfold``).

    push, call        class name -> share of its combos the small blind pushes (the big blind
                      calls), 0..1
    push_range, call_range  the same as range text (``pyeval.parse_range``, ``pyeval.equity``)
    ev_sb, ev_bb      each player's expected value per hand: chips won against the stack
                      before posting (chip EV), or prize equity (ICM)
    push_gain         per class, a hand's EV of pushing minus folding (169 values)
    call_gain         per class, a hand's EV of calling minus folding when pushed into
    exploitability    the most either player gains by a best response (``gains``: each one's)
    """

    stacks_in_hand: tuple[float, float]
    sb: float
    bb: float
    ante: float
    payouts: list[float] | None
    stacks: list[float] | None
    push: dict[str, float]
    call: dict[str, float]
    push_range: str
    call_range: str
    ev_sb: float
    ev_bb: float
    push_gain: np.ndarray
    call_gain: np.ndarray
    gains: tuple[float, float]
    tolerance: float
    iterations: int = field(compare=False)

    @property
    def model(self) -> str:
        return "chip EV" if self.payouts is None else "ICM"

    @property
    def exploitability(self) -> float:
        return max(self.gains)

    @property
    def stack(self) -> float:
        """The effective stack: the smaller of the two."""
        return min(self.stacks_in_hand)

    def push_share(self) -> float:
        """The share of all 1,326 combos the small blind pushes."""
        return float(sum(self.push[n] * CLASS_SIZES[k] for k, n in enumerate(CLASS_NAMES)) / 1326)

    def call_share(self) -> float:
        """The share of all 1,326 combos the big blind calls with."""
        return float(sum(self.call[n] * CLASS_SIZES[k] for k, n in enumerate(CLASS_NAMES)) / 1326)

    def rows(self) -> list[dict[str, Any]]:
        return [{"class": n, "combos": int(CLASS_SIZES[k]), "push": self.push[n], "call": self.call[n],
                 "push_gain": float(self.push_gain[k]), "call_gain": float(self.call_gain[k])}
                for k, n in enumerate(CLASS_NAMES)]

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model, "stacks_in_hand": list(self.stacks_in_hand), "sb": self.sb, "bb": self.bb,
                "ante": self.ante, "payouts": self.payouts, "stacks": self.stacks, "push_range": self.push_range,
                "call_range": self.call_range, "push_share": self.push_share(), "call_share": self.call_share(),
                "ev_sb": self.ev_sb, "ev_bb": self.ev_bb, "exploitability": self.exploitability,
                "tolerance": self.tolerance, "iterations": self.iterations, "rows": self.rows()}

    def __repr__(self) -> str:
        a, b = self.stacks_in_hand
        stacks = f"stack {a:g}" if a == b else f"stacks {a:g} (SB) and {b:g} (BB)"
        ante = f", ante {self.ante:g}" if self.ante else ""
        model = "chip EV" if self.payouts is None else f"ICM, payouts {self.payouts}, others {self.stacks}"
        unit = "" if self.payouts is None else " prize"
        return "\n".join([
            f"PushFoldResult(heads-up, {stacks}, blinds {self.sb:g}/{self.bb:g}{ante}; {model})",
            f"  SB pushes {100 * self.push_share():.1f}%: {shorten(self.push_range)}",
            f"  BB calls  {100 * self.call_share():.1f}%: {shorten(self.call_range)}",
            f"  EV: SB {self.ev_sb:+.4f}, BB {self.ev_bb:+.4f}{unit}; exploitability {self.exploitability:.1e} "
            f"after {self.iterations} iterations"])


def shorten(text: str, width: int = 100) -> str:
    """Range text cut to ``width`` characters at a token boundary (a comma), with the count of
    tokens left out: never a token cut in two (``43s:0...``)."""
    if len(text) <= width:
        return text
    tokens = text.split(",")
    kept: list[str] = []
    for k, token in enumerate(tokens):
        tail = f",... (+{len(tokens) - k} more)"
        if len(",".join(kept + [token])) + len(tail) > width:
            return ",".join(kept) + f",... (+{len(tokens) - len(kept)} more)" if kept else "..."
        kept.append(token)
    return text


def checked_tolerance(tolerance: Any, default: float) -> float:
    """A solve's ``tolerance`` (``default`` when None), checked: a positive finite number."""
    tol = checked_number(default if tolerance is None else tolerance, "tolerance")
    if tol <= 0:
        raise ValueError(f"tolerance must be positive, got {tolerance!r}")
    return tol


def checked_number(value: Any, what: str) -> float:
    return float(finite_number(value, what))


def _stacks_in_hand(stack: Any) -> tuple[float, float]:
    if isinstance(stack, (tuple, list)):
        if len(stack) != 2:
            raise ValueError(f"stack is one number or a pair (small blind's, big blind's), got {len(stack)} values")
        return checked_number(stack[0], "the small blind's stack"), checked_number(stack[1], "the big blind's stack")
    s = checked_number(stack, "stack")
    if s <= 0:
        raise ValueError(f"stack must be positive, got {stack!r}")
    return s, s


def check_prizes(payouts: Any, others: Any, in_hand: int, name: str) -> tuple[list[float] | None, list[float] | None]:
    """The prizes and the stacks of the players not in the hand (argument ``name``), checked
    (both None for chip EV)."""
    if payouts is not None and others is None:
        others = []  # the players in the hand are the last ones
    if (payouts is None) != (others is None):
        raise ValueError(f"payouts and {name} go together: the prizes, and the chips of the players not in the hand "
                         f"({name}=[] when the {'two' if in_hand == 2 else 'three'} are the last players)")
    if payouts is None:
        return None, None
    if isinstance(others, (str, bytes)) or not hasattr(others, "__iter__"):
        raise TypeError(f"{name} must be a list of numbers (the other players' chips), got {others!r}")
    rest = [checked_number(s, name) for s in others]
    if any(s <= 0 for s in rest):
        raise ValueError(f"{name} must be positive (players still in the tournament), got {rest}")
    if isinstance(payouts, (str, bytes)) or not hasattr(payouts, "__iter__"):
        raise TypeError(f"payouts must be a list of numbers (1st place first), got {payouts!r}")
    prizes = [checked_number(x, "payouts") for x in payouts]
    players = in_hand + len(rest)
    if not prizes or len(prizes) > players or any(x < 0 for x in prizes) or prizes != sorted(prizes, reverse=True):
        raise ValueError(f"payouts must be 1 to {players} non-negative prizes, 1st place first, never increasing; "
                         f"got {prizes}")
    return prizes, rest


def check_spot(stack: Any, sb: Any, bb: Any, ante: Any, payouts: Any, stacks: Any
               ) -> tuple[tuple[float, float], float, float, float, list[float] | None, list[float] | None]:
    """The spot's numbers, checked: ValueError or TypeError naming what is wrong."""
    in_hand = _stacks_in_hand(stack)
    sb_, bb_, ante_ = check_posts(sb, bb, ante, [("small blind", in_hand[0], "sb"), ("big blind", in_hand[1], "bb")])
    prizes, others = check_prizes(payouts, stacks, 2, "stacks")
    return in_hand, sb_, bb_, ante_, prizes, others


def check_posts(sb: Any, bb: Any, ante: Any, seats: list[tuple[str, float, str | None]]) -> tuple[float, float, float]:
    """The blinds and the ante, checked, and that each seat ``(who, stack, "sb" | "bb" | None)``
    can post its blind and the ante."""
    sb_, bb_, ante_ = checked_number(sb, "sb"), checked_number(bb, "bb"), checked_number(ante, "ante")
    if bb_ <= 0 or sb_ < 0 or ante_ < 0:
        raise ValueError(f"blinds and ante must be non-negative and bb positive, got sb={sb!r}, bb={bb!r}, "
                         f"ante={ante!r}")
    for who, s, kind in seats:
        blind = {"sb": sb_, "bb": bb_, None: 0.0}[kind]
        if s <= 0:
            raise ValueError(f"the {who}'s stack must be positive, got {s:g}")
        if s < blind + ante_:
            raise ValueError(f"the {who}'s stack {s:g} is less than his blind plus the ante "
                             f"({blind:g} + {ante_:g}): he must be able to post them")
    return sb_, bb_, ante_


def outcome_values(in_hand: tuple[float, float], sb: float, bb: float, ante: float, payouts: list[float] | None,
                   others: list[float] | None) -> dict[str, tuple[float, float]]:
    """(small blind's value, big blind's value) of each of ``OUTCOMES``."""
    s_sb, s_bb = in_hand
    allin = min(s_sb, s_bb)
    chips = {"fold": (-(sb + ante), sb + ante), "steal": (bb + ante, -(bb + ante)), "win": (allin, -allin),
             "tie": (0.0, 0.0), "lose": (-allin, allin)}
    if payouts is None:
        return chips
    assert others is not None
    return {k: tuple(prize_equity([s_sb + d_sb, s_bb + d_bb] + others, [s_sb, s_bb] + others,  # type: ignore[misc]
                                  payouts)[:2])
            for k, (d_sb, d_bb) in chips.items()}


@cache
def deal_weights() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per class pair (SB's, BB's): P(deal), and the SB's win, tie and loss shares of its boards."""
    wins, ties, pairs = class_pair_counts()
    boards = np.maximum(pairs * BOARDS, 1)
    return pairs / (1326 * 1225), wins / boards, ties / boards, (pairs * BOARDS - wins - ties) / boards


def heads_up_game(values: dict[str, tuple[float, float]]) -> BilinearGame:
    """The heads-up push/fold game over the 169 classes with these outcome values."""
    deal, win, tie, lose = deal_weights()
    (fold1, fold2), (steal1, steal2) = values["fold"], values["steal"]
    showdown1 = win * values["win"][0] + tie * values["tie"][0] + lose * values["lose"][0]
    showdown2 = win * values["win"][1] + tie * values["tie"][1] + lose * values["lose"][1]
    dealt = deal.sum(axis=1)
    return BilinearGame(a1=dealt * (steal1 - fold1), G1=deal * (showdown1 - steal1), a2=dealt * (steal2 - fold2),
                        G2=deal * (showdown2 - steal2), k1=fold1, k2=fold2, dealt1=dealt, dealt2=deal.sum(axis=0))


def range_text(shares: np.ndarray) -> str:
    """Range text of per-class shares (rounded to ``RANGE_DECIMALS``); '' when empty."""
    weights = np.round(shares, RANGE_DECIMALS)[COMBO_CLASS]
    if not (weights > 0).any():
        return ""
    return str(Range(HOLDEM_COMBOS, weights))


def heads_up(stack: float | tuple[float, float], *, sb: float = 0.5, bb: float = 1.0, ante: float = 0.0,
             payouts: list[float] | None = None, stacks: list[float] | None = None, tolerance: float | None = None,
             max_iterations: int = 200_000) -> PushFoldResult:
    """The heads-up push/fold equilibrium (module docstring).

    stack      each player's stack before posting (big blinds by default: ``bb=1``), or a pair
               (small blind's, big blind's)
    sb, bb, ante  the blinds and each player's ante, in the stack's unit
    payouts, stacks  tournament prizes (1st place first) and the chips of the players not in the
               hand: each outcome is valued by ICM (``payouts=[1], stacks=[]``: winner takes all,
               the same strategies as chip EV)
    tolerance  the CFR+ exploitability from which the exact equilibrium is purified (default 1e-6
               big blinds; ICM: 1e-8 of the prize pool)

    >>> r = heads_up(10)
    >>> r.push["K2o"], r.push["J5o"], r.call["A2o"], r.exploitability < 1e-4
    (1.0, 0.0, 1.0, True)
    """
    in_hand, sb_, bb_, ante_, prizes, others = check_spot(stack, sb, bb, ante, payouts, stacks)
    tol = checked_tolerance(tolerance, 1e-6 * bb_ if prizes is None else 1e-8 * sum(prizes))
    game = heads_up_game(outcome_values(in_hand, sb_, bb_, ante_, prizes, others))
    found = solve(game, tol, max_iterations=max_iterations)
    p, c = found.push, found.call
    ev_sb, ev_bb = game.values(p, c)
    deal = deal_weights()[0]
    with np.errstate(invalid="ignore", divide="ignore"):
        push_gain = game.push_gains(c) / deal.sum(axis=1)
        call_gain = game.call_gains(p) / (deal.T @ p)  # given a push: NaN when nothing is pushed
    return PushFoldResult(in_hand, sb_, bb_, ante_, prizes, others,
                          {n: float(p[k]) for k, n in enumerate(CLASS_NAMES)},
                          {n: float(c[k]) for k, n in enumerate(CLASS_NAMES)},
                          range_text(p), range_text(c), ev_sb, ev_bb, push_gain, call_gain, found.gains, tol,
                          found.iterations)
