"""``pyeval.combo_equities``: what every combo of a range is worth against the opponents' ranges.

The counts are range equity's own per-combo tallies (``RangeEquityResult.combo_tally``): one
range query, exact where the enumeration is bounded (integer counts, exact fractions), else
Monte Carlo with a standard error per combo.  A combo counts in the range's aggregates (mean,
grid, curve, buckets) with its probability in the deal: its weight times the opponents' weight
it does not collide with, so the mean is exactly the range's equity.

>>> import pyeval
>>> t = combo_equities("holdem", "AA,KK", "QQ", board="2c7d9h", method="exact")
>>> len(t), t.mean_fraction == pyeval.equity("holdem", ["AA,KK", "QQ"], board="2c7d9h").fractions[0]
(12, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any

import numpy as np

from pyeval.core import _progress
from pyeval.core._results import ResultEquality, board_list, fraction_pair
from pyeval.core.cards import format_cards, parse_cards
from pyeval.core.games import Game, get_game
from pyeval.engines import strategies
from pyeval.engines.range.combo_tally import ComboTally
from pyeval.query.limits import MAX_LISTED_COMBOS
from pyeval.query.range_spot import read_range_spot
from pyeval.ranges import CLASS_NAMES, UNKNOWN, Range
from pyeval.ranges.classes import COMBO_CLASS, COMBO_INDEX
from pyeval.results.equity_result import RangeEquityResult
from pyeval.results.protocol import Table
from pyeval.results.tally import POT

__all__ = ["combo_equities", "ComboEquities", "DEFAULT_BUCKETS", "bucket_shares", "check_edges"]

DEFAULT_BUCKETS = (0.0, 0.25, 0.5, 0.75, 1.0)
"""Equity bucket edges: [0, 25%), [25%, 50%), [50%, 75%), [75%, 100%] (the last one closed)."""


def check_edges(edges: tuple[float, ...] | list[float]) -> list[float]:
    """Equity bucket edges as floats: ValueError unless they rise strictly within [0, 1]."""
    e = [float(x) for x in edges]
    if len(e) < 2 or not all(0 <= x <= 1 for x in e) or any(b <= a for a, b in zip(e, e[1:])):
        raise ValueError(f"bucket edges must rise strictly within [0, 1], got {list(edges)}")
    return e


def bucket_shares(equity: np.ndarray, mass: np.ndarray, edges: list[float]) -> np.ndarray:
    """The mass of the combos in each equity bucket [low, high) (the last one closed), over the
    last axis (``equity`` and ``mass`` (..., combos); NaN equity counts as 0): (..., buckets)."""
    eq = np.nan_to_num(np.asarray(equity, np.float64))
    mass = np.broadcast_to(np.asarray(mass, np.float64), eq.shape)
    rows_eq, rows_mass = eq.reshape(-1, eq.shape[-1]), mass.reshape(-1, eq.shape[-1])
    out = np.zeros((len(rows_eq), len(edges) - 1))
    for k, (lo, hi) in enumerate(zip(edges, edges[1:])):
        inside = (rows_eq >= lo) & ((rows_eq <= hi) if k == len(edges) - 2 else (rows_eq < hi))
        for r in range(len(rows_eq)):  # each row summed as its selected combos alone: the same float every time
            out[r, k] = rows_mass[r][inside[r]].sum()
    return out.reshape(*eq.shape[:-1], len(edges) - 1)


def _opponent_list(opponents: Any) -> list:
    if isinstance(opponents, (str, Range)):
        return [opponents]
    if not isinstance(opponents, (list, tuple)) or not opponents:
        raise TypeError("opponents must be a range (text or Range) or a non-empty list of them")
    return list(opponents)


def _per_outcome(counts, outcomes) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):  # 0 / 0: a combo no sample met, NaN
        return np.asarray(counts, np.float64) / np.asarray(outcomes, np.float64)


def _plus_minus(stderr: float) -> str:
    """A standard error for the repr: a combo sampled fewer than twice has none to show."""
    return f" ± {stderr:.4f}" if np.isfinite(stderr) else " (sampled too rarely for a standard error)"


@dataclass(eq=False)
class ComboEquities(Table, ResultEquality):
    """Per-combo equities of a range (``combo_equities``).

    hands     combo texts of the range after card removal (``"As Ah"``; ``len(self)`` of them; exact: a
              combo that no opponent hand can face is left out)
    weights   each combo's weight in the range
    counts    integer counts per combo against the opponents (``pyeval.engines.range.combo_tally.ComboTally``)
    prob      each combo's probability in the deal (sums to 1)
    result    the range query behind it (``RangeEquityResult``: the players' equities)
    outcomes, seed   the range query's: outcomes enumerated or deals sampled, and the Monte Carlo seed
    stderr    per combo (Monte Carlo); None when exact
    """

    game: str
    range_text: str
    opponents: list[str]
    board: str
    dead: str
    method: str
    hands: list[str]
    combos: np.ndarray
    weights: np.ndarray
    counts: ComboTally
    prob: np.ndarray
    result: RangeEquityResult = field(repr=False)

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def equity(self) -> np.ndarray:
        return self.counts.equity()

    @property
    def win(self) -> np.ndarray:
        """Each combo's chance to win alone (NaN for a sampled combo that met no deal)."""
        return _per_outcome(self.counts.wins, self.counts.outcomes)

    @property
    def tie(self) -> np.ndarray:
        return _per_outcome(self.counts.ties, self.counts.outcomes)

    @property
    def stderr(self) -> np.ndarray | None:
        """Each combo's standard error (Monte Carlo; inf for a combo sampled fewer than twice);
        None when exact."""
        return None if self.method == "exact" else self.counts.stderr()

    @property
    def outcomes(self) -> int:
        """The outcomes of the range query: enumerated (exact) or sampled (Monte Carlo)."""
        return int(self.result.outcomes)

    @property
    def seed(self) -> int | None:
        """The Monte Carlo seed (None when exact)."""
        return self.result.seed

    @property
    def fractions(self) -> list[Fraction | None]:
        """Exact equity of each combo (exact method only)."""
        if self.method != "exact":
            raise ValueError("exact fractions exist only for method='exact'")
        return self.counts.fractions()

    @property
    def mean(self) -> float:
        """The range's equity against the opponents (= ``pyeval.equity`` on the ranges)."""
        return float(self.result.equity[0])

    @property
    def mean_fraction(self) -> Fraction:
        """The range's exact equity (exact method only)."""
        return self.result.fractions[0]

    def _mass(self) -> np.ndarray:
        return np.asarray(self.prob, np.float64)

    def grid(self) -> np.ndarray:
        """(13, 13) equity of each starting-hand class (rows and columns from the ace down: pairs
        on the diagonal, suited above, offsuit below; NaN where the range has no combo), each
        class the probability-weighted mean of its combos: hold'em and short deck."""
        if self.combos.shape[1] != 2:
            raise ValueError(f"the 13x13 grid is for two-card games, not {self.game}")
        cls = COMBO_CLASS[COMBO_INDEX[self.combos[:, 0], self.combos[:, 1]]]
        mass = self._mass()
        eq = np.nan_to_num(self.equity)
        num = np.bincount(cls, weights=mass * eq, minlength=169)
        den = np.bincount(cls, weights=mass, minlength=169)
        present = np.bincount(cls, minlength=169) > 0
        with np.errstate(invalid="ignore", divide="ignore"):
            out = np.where(present, num / den, np.nan)
        return out.reshape(13, 13)

    def grid_classes(self) -> list[str]:
        """The class names in the order of ``grid().ravel()``."""
        return list(CLASS_NAMES)

    def distribution(self) -> tuple[np.ndarray, np.ndarray]:
        """The equity distribution curve: (share of the range, equity), combos sorted by equity
        from the best down; share[i] is the probability of the combos up to and including i."""
        eq = np.nan_to_num(self.equity)
        order = np.argsort(-eq, kind="stable")
        return np.cumsum(self._mass()[order]), eq[order]

    def buckets(self, edges: tuple[float, ...] | list[float] = DEFAULT_BUCKETS) -> list[tuple[float, float, float]]:
        """(low, high, share of the range) per equity bucket [low, high); the last includes high."""
        e = check_edges(edges)
        shares = bucket_shares(self.equity, self._mass(), e)
        return [(lo, hi, float(s)) for lo, hi, s in zip(e, e[1:], shares)]

    def rows(self) -> list[dict[str, Any]]:
        # every per-combo array once (each property computes its whole array), then one row each
        stderr = self.stderr
        columns: dict[str, list] = {"weight": self.weights.tolist(), "prob": np.asarray(self.prob).tolist(),
                                    "equity": self.equity.tolist(), "win": self.win.tolist(),
                                    "tie": self.tie.tolist(),
                                    "stderr": [None] * len(self) if stderr is None else stderr.tolist(),
                                    "outcomes": [int(x) for x in self.counts.outcomes]}
        if self.method == "exact":
            columns.update({k: [int(x) for x in getattr(self.counts, k)] for k in ("units", "wins", "ties")})
        names = list(columns)
        return [{"hand": h, **dict(zip(names, values))} for h, *values in zip(self.hands, *columns.values())]

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "game": self.game, "range": self.range_text, "opponents": self.opponents, "board": board_list(self.board),
            "dead": self.dead, "method": self.method, "seed": self.seed, "outcomes": self.outcomes,
            "mean_equity": self.mean, "pot_units": POT,
            "buckets": [{"low": lo, "high": hi, "share": s} for lo, hi, s in self.buckets()], "rows": self.rows()}
        if self.method == "exact":
            d["mean_equity_fraction"] = fraction_pair(self.mean_fraction)
        return d

    def __repr__(self) -> str:
        how = "exact" if self.method == "exact" else f"Monte Carlo, {self.result.outcomes:,} samples"
        spread = self.result.stderr
        head = (f"ComboEquities({self.game}, {self.range_text!r} vs {', '.join(map(repr, self.opponents))}"
                f"{', board ' + self.board if self.board else ''}; {how}): {len(self)} combos, "
                f"mean equity {self.mean:.4f}" + ("" if spread is None else f" ± {float(spread[0]):.4f}"))
        eq = np.nan_to_num(self.equity)
        se = self.stderr
        order = np.argsort(-eq, kind="stable")
        shown = list(order[:3]) + (list(order[-3:]) if len(order) > 6 else list(order[3:]))
        lines = [head]
        for n, i in enumerate(shown):
            if n == 3 and len(order) > 6:
                lines.append("  ...")
            lines.append(f"  {self.hands[i]:<12} {eq[i]:.4f}" + ("" if se is None else _plus_minus(se[i])))
        return "\n".join(lines)


def _disjoint_counts(hands: np.ndarray, others: np.ndarray) -> np.ndarray:
    """How many rows of ``others`` (card codes) share no card with each row of ``hands``: by
    inclusion-exclusion over the subsets of each hand's cards, from the counts of the other hands
    holding each subset (linear in both, where testing every pair would be their product)."""
    keys, counts = _subset_counts(others)
    out = np.full(len(hands), len(others), np.int64)
    for size in range(1, hands.shape[1] + 1):
        for cols in combinations(range(hands.shape[1]), size):
            sub = np.bitwise_or.reduce(np.uint64(1) << hands[:, cols].astype(np.uint64), axis=1)
            at = np.minimum(np.searchsorted(keys, sub), len(keys) - 1)
            found = np.where(keys[at] == sub, counts[at], 0)
            out += found if size % 2 == 0 else -found
    return out


def _subset_counts(hands: np.ndarray, chunk: int = 1 << 18) -> tuple[np.ndarray, np.ndarray]:
    """(sorted card masks, how many hands hold each) over every non-empty subset of every hand."""
    keys, counts = [], []
    for start in range(0, len(hands), chunk):
        bits = np.uint64(1) << hands[start:start + chunk].astype(np.uint64)
        subs = [np.bitwise_or.reduce(bits[:, cols], axis=1)
                for size in range(1, hands.shape[1] + 1) for cols in combinations(range(hands.shape[1]), size)]
        k, c = np.unique(np.concatenate(subs), return_counts=True)
        keys.append(k)
        counts.append(c)
    uniq, where = np.unique(np.concatenate(keys), return_inverse=True)
    return uniq, np.bincount(where, weights=np.concatenate(counts)).astype(np.int64)


def check_listed_combos(g: Game, range: Any, known: int, what: str) -> None:
    """ValueError, before anything is listed, when ``range`` (a random hand, or a Range) holds more
    combos than MAX_LISTED_COMBOS; ``known``: the board and dead cards, which no combo holds."""
    if isinstance(range, Range):
        combos = len(range)
    elif range is None or isinstance(range, str) and range.strip().lower() in UNKNOWN:
        combos = math.comb(g.deck_size - known, g.hole)
    else:
        return
    if combos > MAX_LISTED_COMBOS:
        raise ValueError(f"a random {g.name} hand is {combos:,} combos, beyond the {MAX_LISTED_COMBOS:,} {what} "
                         f"lists (pyeval.query.limits.MAX_LISTED_COMBOS); give a narrower range (e.g. "
                         f"'AA{'*' * (g.hole - 2)}')")


def _known_cards(board: Any, dead: Any) -> int:
    """How many board and dead cards the query names (0 for text the query itself will refuse)."""
    try:
        texts = [board.replace("/", " ").replace("|", " ") if isinstance(board, str) else " ".join(board or []),
                 dead or ""]
        return sum(len(parse_cards(t)) for t in texts)
    except (ValueError, TypeError, AttributeError):
        return 0


@_progress.reports_progress("{game} combos")
def combo_equities(game: str, range: str | Range, opponents: Any, board: str = "", dead: str = "",
                   method: str = "auto", samples: int | None = None, seed: int | None = None,
                   threads: int | None = None, *, folded: Any = None, progress: Any = None) -> ComboEquities:
    """Each combo's weight, equity, win and tie for ``range`` against one or more opponent
    ranges (texts, Ranges, known hands or ``"random"``) on ``board``.  Exact where the
    enumeration is within ``pyeval.query.limits.EXACT_BUDGET`` (``method="auto"``), else Monte Carlo
    (``samples``, ``seed``); hold'em, short deck and Omaha, as ``pyeval.equity`` with ranges.
    ``folded``: the folded players' ranges, dealt and never shown down (``pyeval.equity``'s)."""
    opps = _opponent_list(opponents)
    check_listed_combos(get_game(game), range, _known_cards(board, dead), "combo_equities")
    spot = read_range_spot(game, [range, *opps], board, dead, method, samples, seed, threads, folded=folded,
                           tracked=0)
    res = strategies.answer(spot)
    assert isinstance(res, RangeEquityResult), "a range spot's answer"
    rng, counts = res.ranges[0], res.combo_tally[0]
    if rng is None or counts is None:
        raise ValueError("per-combo Monte Carlo needs the range written out: a random hand's combos are not "
                         "tracked when sampling (use method='exact' or a narrower range)")
    combos, weights, hands = rng.combos, np.asarray(rng.weights, np.float64), format_cards(rng.combos)
    # a combo that no opponent hand can face is not in the deal: leave it out (exact: it met no outcome;
    # sampled: a combo may meet no sample by chance, so the opponents' ranges decide)
    if res.method == "exact":
        meets = np.asarray(counts.outcomes, np.int64) > 0
    else:
        meets = np.ones(len(combos), bool)
        for opp in res.ranges[1:len(opps) + 1]:
            if opp is not None:
                meets &= _disjoint_counts(combos, opp.combos) > 0
    if not meets.all():
        counts, combos, weights = counts.subset(meets), combos[meets], weights[meets]
        hands = [h for h, m in zip(hands, meets.tolist()) if m]
    mass = weights * np.asarray(counts.outcomes, np.float64)
    if res.method == "exact":  # probability in the deal: weight x the opponents' weight it meets
        prob = mass / mass.sum()
    else:
        prob = np.asarray(counts.outcomes, np.float64) / res.outcomes
    board_text = " / ".join(b for b in res.board if b)
    return ComboEquities(res.game, res.hands[0], res.hands[1:], board_text, res.dead, res.method, hands,
                         combos.copy(), weights.copy(), counts, prob, res)
