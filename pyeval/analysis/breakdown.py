"""``pyeval.range_breakdown``: what a range holds on a board of 3 or 4 cards (the Flopzilla question).

Each combo of the range (after card removal) is classified (pyeval/analysis/hand_classes.py for
hold'em and short deck, pyeval/analysis/omaha_classes.py for Omaha); a class's count is the sum
of its combos' weights.  With ``opponents=``, each class's equity is summed from the exact (or
sampled) per-combo counts of ``pyeval.combo_equities``: a class's equity is its combos' units
over their outcomes, each combo with its integer weight, so it is an exact fraction.

>>> b = range_breakdown("holdem", "AA,KK,AKs", "Kd7h2h")
>>> b.count("set"), b.count("overpair"), b.count("top pair, good kicker"), b.count("flush draw")
(3.0, 6.0, 3.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from pyeval.analysis import hand_classes, omaha_classes
from pyeval.analysis.combos import ComboEquities, check_listed_combos, combo_equities
from pyeval.core import _progress
from pyeval.core._results import ResultEquality, board_list
from pyeval.core.cards import format_cards, parse_cards
from pyeval.core.games import get_game
from pyeval.engines.range.weights import integer_weights
from pyeval.query.range_spot import read_range_spot
from pyeval.ranges import Range
from pyeval.results.protocol import Table
from pyeval.results.tally import POT

__all__ = ["range_breakdown", "RangeBreakdown", "class_scheme"]


@dataclass(eq=False)
class RangeBreakdown(Table, ResultEquality):
    """A range's combos by made-hand class and by draw (``range_breakdown``).

    made_classes, draw_classes   the class names, in order
    combos, weights              the combos classified (range after card removal; ``hands``: as texts)
    made                         per combo: its made class (index into made_classes)
    draws                        per combo and draw class: whether it has that draw
    opponents                    the opponents' ranges, or None
    combos_equity                with ``opponents``: the per-combo equities behind the class equities
    equity                       with ``opponents``: each class's equity, in ``classes`` order (the rows'
                                 order; NaN for an empty class), else None; ``class_equity(name)``: one
    method, seed, outcomes       with ``opponents``: the range query's (``combos_equity``), else None
    """

    game: str
    range_text: str
    board: str
    dead: str
    opponents: list[str] | None
    made_classes: tuple[str, ...]
    draw_classes: tuple[str, ...]
    combos: np.ndarray
    weights: np.ndarray
    made: np.ndarray
    draws: np.ndarray
    outs: np.ndarray
    combos_equity: ComboEquities | None = None

    @property
    def hands(self) -> list[str]:
        cached = self.__dict__.get("_hands")
        if cached is None:  # built once: an Omaha random range has hundreds of thousands of combos
            cached = self.__dict__["_hands"] = format_cards(self.combos)
        return list(cached)

    @property
    def classes(self) -> tuple[str, ...]:
        """Every class, made then draws: the rows' order."""
        return self.made_classes + self.draw_classes

    @property
    def equity(self) -> np.ndarray | None:
        """With ``opponents``: each class's equity in ``classes`` order (NaN for an empty class);
        None without.  (Before issue 26 ``equity(name)`` was a method: it is ``class_equity(name)``.)"""
        if self.combos_equity is None:
            return None
        values = [self.class_equity(name) for name in self.classes]
        return np.array([np.nan if v is None else v for v in values], np.float64)

    @property
    def method(self) -> str | None:
        return None if self.combos_equity is None else self.combos_equity.method

    @property
    def seed(self) -> int | None:
        return None if self.combos_equity is None else self.combos_equity.seed

    @property
    def outcomes(self) -> int | None:
        return None if self.combos_equity is None else self.combos_equity.outcomes

    @property
    def total(self) -> float:
        return float(self.weights.sum())

    def _members(self, name: str) -> np.ndarray:
        if name in self.made_classes:
            return self.made == self.made_classes.index(name)
        if name in self.draw_classes:
            return self.draws[:, self.draw_classes.index(name)]
        raise ValueError(f"unknown class {name!r}; classes: {', '.join(self.made_classes + self.draw_classes)}")

    def count(self, name: str) -> float:
        """The weighted number of combos in a class."""
        return float(self.weights[self._members(name)].sum())

    def share(self, name: str) -> float:
        """The class's share of the range (by weight)."""
        return self.count(name) / self.total

    def class_equity_fraction(self, name: str) -> Fraction | None:
        """The class's exact equity against ``opponents`` (None without them, or for an empty class);
        exact method only."""
        if self.combos_equity is None:
            return None
        c = self.combos_equity
        if c.method != "exact":
            raise ValueError("exact fractions exist only for method='exact'")
        inside = self._members(name)
        w = integer_weights(c.weights)[inside]
        units = sum(int(a) * int(b) for a, b in zip(w, np.asarray(c.counts.units)[inside]))
        outcomes = sum(int(a) * int(b) for a, b in zip(w, np.asarray(c.counts.outcomes)[inside]))
        return Fraction(units, POT * outcomes) if outcomes else None

    def class_equity(self, name: str) -> float | None:
        """The class's equity against ``opponents`` (None without them or for an empty class)."""
        if self.combos_equity is None:
            return None
        c = self.combos_equity
        inside = self._members(name)
        w = c.weights[inside]
        outcomes = float((w * np.asarray(c.counts.outcomes, np.float64)[inside]).sum())
        if outcomes == 0:
            return None
        return float((w * np.asarray(c.counts.units, np.float64)[inside]).sum()) / (POT * outcomes)

    def classes_of(self, hand: str) -> list[str]:
        """The made class and the draws of one combo of the range."""
        key = np.sort(parse_cards(hand))
        hit: np.ndarray = np.flatnonzero((np.sort(self.combos, axis=1) == key).all(axis=1)) \
            if len(key) == self.combos.shape[1] else np.zeros(0, np.int64)
        if len(hit) == 0:
            raise ValueError(f"{hand!r} is not a combo of the range on this board")
        i = int(hit[0])
        return [self.made_classes[self.made[i]]] + [d for d, f in zip(self.draw_classes, self.draws[i]) if f]

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for kind, names in (("made", self.made_classes), ("draw", self.draw_classes)):
            for name in names:
                row: dict[str, Any] = {"class": name, "kind": kind, "combos": self.count(name),
                                       "share": self.share(name)}
                if self.combos_equity is not None:
                    row["equity"] = self.class_equity(name)
                out.append(row)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "range": self.range_text, "board": board_list(self.board), "dead": self.dead,
                "opponents": self.opponents, "method": self.method, "seed": self.seed, "outcomes": self.outcomes,
                "combos": self.total, "rows": self.rows()}

    def __repr__(self) -> str:
        head = f"RangeBreakdown({self.game}, {self.range_text!r} on {self.board}: {self.total:g} combos"
        head += f", equity vs {', '.join(self.opponents)})" if self.opponents else ")"
        lines = [head]
        for row in self.rows():
            if row["combos"] == 0:
                continue
            eq = f"  equity {row['equity']:.4f}" if row.get("equity") is not None else ""
            lines.append(f"  {row['kind']:<4} {row['class']:<28} {row['combos']:>8g} {100 * row['share']:6.2f}%{eq}")
        return "\n".join(lines)




def class_scheme(family: str) -> tuple[Callable, tuple[str, ...], tuple[str, ...]]:
    """The hand classes of a game family: its ``classify(combos, board, lowest_card)`` (made class,
    draws, outs), its made-class names and its draw names (Omaha's, or hold'em's and short deck's)."""
    module = omaha_classes if family == "omaha" else hand_classes
    return module.classify, module.MADE_CLASSES, module.DRAW_CLASSES


@_progress.reports_progress("{game} breakdown")
def range_breakdown(game: str, range: str | Range, board: str, dead: str = "", opponents: Any = None,
                    method: str = "auto", samples: int | None = None, seed: int | None = None, *,
                    progress: Any = None) -> RangeBreakdown:
    """The combos (weighted) and the share of ``range`` in each made-hand class and each draw
    class on ``board`` (3 or 4 cards); with ``opponents`` (one or more ranges, hands or "random", as
    in ``pyeval.combo_equities``), each
    class's equity against them (``method``, ``samples``, ``seed`` as there).
    Hold'em, short deck and Omaha games (one board)."""
    g = get_game(game)
    family = g.family
    if family not in ("holdem", "omaha") or g.boards != 1 or g.dealt_cards != g.hole:
        raise ValueError(f"range_breakdown is for hold'em, short deck and Omaha games, not {g.name}")
    if not isinstance(board, str) or not board.strip():
        raise ValueError("range_breakdown needs a board of 3 or 4 cards")
    board_cards = parse_cards(board)
    if len(board_cards) not in (3, 4):
        raise ValueError(f"range_breakdown needs a board of 3 or 4 cards, got {len(board_cards)}")
    dead_cards = parse_cards(dead) if dead else np.zeros(0, np.uint8)
    check_listed_combos(g, range, len(board_cards) + len(dead_cards), "a breakdown")
    ce = None
    if opponents is not None:
        ce = combo_equities(g.name, range, opponents, board=board, dead=dead, method=method, samples=samples,
                            seed=seed)
        combos, weights, text = ce.combos, ce.weights, ce.range_text
    else:  # the range read as range equity reads it (cards, deck, card removal), against no one in particular
        spot = read_range_spot(g, [range, "random"], board, dead, tracked=0)
        seat = spot.ranges.seats[0]
        combos, weights = seat.range.combos, np.asarray(seat.range.weights, np.float64)
        text = " ".join(range.split()) if isinstance(range, str) else str(range)  # as written, a hand too
    classify, made_names, draw_names = class_scheme(family)
    made, draws, outs = classify(combos, board_cards, g.lowest_card)
    against_text = None if ce is None else ce.opponents
    return RangeBreakdown(g.name, text, format_cards(board_cards), format_cards(dead_cards) if len(dead_cards) else "",
                          against_text, made_names, draw_names, combos, np.asarray(weights, np.float64), made, draws,
                          outs, ce)
