"""``FlopReport``: the rows of ``pyeval.flop_report`` (one per flop) and their aggregates.

A flop's probability is its weight times the weighted number of (hero, villain, turn, river)
deals it leaves, over the same for all flops, so the probability-weighted mean of the flops'
equities is the preflop equity of the two ranges (exactly, as fractions, when all flops are
counted exactly: ``mean_fraction``); ``preflop`` holds ``pyeval.equity`` of the ranges, the
independent check shown in the repr."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, cast

import numpy as np

from pyeval.analysis.combos import DEFAULT_BUCKETS, bucket_shares, check_edges
from pyeval.analysis.flops.texture import TEXTURE_COLUMNS
from pyeval.core._results import ResultEquality, fraction_pair, plain
from pyeval.engines.range.combo_tally import ComboTally
from pyeval.results.protocol import Table
from pyeval.results.tally import POT

__all__ = ["FlopReport", "FlopGroups", "NUT_EQUITY", "SIDES"]

NUT_EQUITY = 0.8
"""A combo is a nut hand on a flop when its equity there is above this (the nut advantage)."""
SIDES = ("hero", "villain")


def flat(row: dict[str, Any]) -> dict[str, Any]:
    """A row with nested values as flat columns ("equity.hero", "classes.villain.set"): CSV and
    frames.  A column name keeps no comma ("classes.hero.top pair good kicker"): CSV headers stay
    plain."""
    out: dict[str, Any] = {}
    for k, v in row.items():
        if isinstance(v, dict):
            for k2, v2 in flat(v).items():
                out[f"{k}.{k2}".replace(",", "")] = v2
        else:
            out[k] = v
    return out


def _bucket_names(edges: list[float]) -> list[str]:
    return [f"{100 * lo:g}-{100 * hi:g}%" for lo, hi in zip(edges, edges[1:])]


@dataclass(eq=False)
class FlopReport(Table, ResultEquality):
    """Two ranges on every flop (``pyeval.flop_report``).

    flops, cards      each row's flop as text ("As Kd 7c") and codes (n, 3)
    weights           raw flops each row stands for (its suit-isomorphism class)
    combos, combo_weights   each range's combos and integer weights (hero's first)
    counts            per range, per-combo counts on every flop (ComboTally of (flops, combos) arrays:
                      exact integers, or Monte Carlo sample counts)
    stderr            Monte Carlo: (flops, 2) standard errors of the equities; None when exact
    class_shares      per range, (flops, classes): each class's share of the range's combos left by
                      the flop (made classes, then draws: ``classes``)
    textures          each flop's texture columns (pyeval/analysis/flops/texture.py)
    complete          the rows cover every flop (the weighted mean is then the preflop equity)
    sampled_odds      Monte Carlo: per row, the mean number of its raw flops that a sampled (hero,
                      villain) deal leaves (the probabilities' estimate); None when exact
    preflop           with every flop: ``pyeval.equity`` of the two ranges preflop (the check)
    """

    game: str
    hero: str
    villain: str
    dead: str
    method: str
    seed: int | None
    flops: list[str]
    cards: np.ndarray
    weights: np.ndarray
    combos: list[np.ndarray]
    combo_weights: list[np.ndarray]
    counts: list[ComboTally]
    stderr: np.ndarray | None
    made_classes: tuple[str, ...]
    draw_classes: tuple[str, ...]
    class_shares: list[np.ndarray]
    textures: list[dict[str, str]]
    complete: bool
    sampled_odds: np.ndarray | None = None
    preflop: Any = field(default=None, compare=False, repr=False)

    def __len__(self) -> int:
        return len(self.flops)

    @property
    def classes(self) -> tuple[str, ...]:
        return self.made_classes + self.draw_classes

    def _mass(self, side: int) -> np.ndarray:
        """(flops, combos) each combo's weight times the deals it meets on each flop."""
        return self.combo_weights[side].astype(np.float64) * np.asarray(self.counts[side].outcomes, np.float64)

    def _totals(self, side: int) -> tuple[list[int], list[int]]:
        """Per flop: the weighted pot units and deals of one range, as Python integers (exact)."""
        w = self.combo_weights[side].astype(object)
        units = np.asarray(self.counts[side].units).astype(object) @ w
        outcomes = np.asarray(self.counts[side].outcomes).astype(object) @ w
        return [int(x) for x in units], [int(x) for x in outcomes]

    @property
    def equity(self) -> np.ndarray:
        """(flops, 2): hero's and villain's equity on each flop."""
        out = np.zeros((len(self), 2))
        for s in (0, 1):
            units, outcomes = self._totals(s)
            out[:, s] = [u / (POT * n) if n else np.nan for u, n in zip(units, outcomes)]
        return out

    def equity_fractions(self, side: int = 0) -> list[Fraction]:
        """Each flop's exact equity of one range (0: hero), exact method only."""
        if self.method != "exact":
            raise ValueError("exact fractions exist only for method='exact'")
        units, outcomes = self._totals(side)
        return [Fraction(u, POT * n) for u, n in zip(units, outcomes)]

    @property
    def probability(self) -> np.ndarray:
        """Each row's probability given both ranges: weight x the deals it leaves, normalised."""
        deals = np.array([float(x) for x in self._deals()])
        return deals / deals.sum()

    def _deals(self) -> list[float] | list[int]:
        """Per row: weight x the weighted (hero, villain, turn, river) deals its flop leaves (exact
        counts), or Monte Carlo's estimate of the raw flops of its class a deal leaves."""
        if self.sampled_odds is not None:
            return [float(x) for x in self.sampled_odds]
        _, outcomes = self._totals(0)
        return [int(w) * n for w, n in zip(self.weights.tolist(), outcomes)]

    @property
    def mean(self) -> np.ndarray:
        """Hero's and villain's equity over all rows, weighted by probability."""
        return self.probability @ np.nan_to_num(self.equity)  # a flop without deals has probability 0

    @property
    def mean_fraction(self) -> Fraction:
        """Hero's exact probability-weighted equity over the rows (exact method only): with all
        flops, exactly ``pyeval.equity`` of the two ranges preflop."""
        if self.method != "exact":
            raise ValueError("exact fractions exist only for method='exact'")
        units, outcomes = self._totals(0)
        w = [int(x) for x in self.weights.tolist()]
        return Fraction(sum(a * b for a, b in zip(w, units)), POT * sum(a * b for a, b in zip(w, outcomes)))

    def combo_equity(self, side: int = 0) -> np.ndarray:
        """(flops, combos) each combo's equity on each flop (NaN where the flop holds its cards)."""
        return self.counts[side].equity()

    def buckets(self, side: int = 0, edges: tuple[float, ...] | list[float] = DEFAULT_BUCKETS) -> np.ndarray:
        """(flops, buckets): each range's share in each equity bucket of ``combo_equities`` (a combo
        weighted by its weight times the deals it meets, as there)."""
        mass = self._mass(side)
        shares = bucket_shares(self.combo_equity(side), mass, check_edges(edges))
        with np.errstate(invalid="ignore", divide="ignore"):  # a flop without deals: NaN
            return shares / mass.sum(axis=1, keepdims=True)

    def nut_advantage(self) -> np.ndarray:
        """(flops, 2): each range's share of combos above ``NUT_EQUITY`` equity on each flop."""
        out = np.zeros((len(self), 2))
        for s in (0, 1):
            mass = self._mass(s)
            with np.errstate(invalid="ignore", divide="ignore"):  # a flop without deals: NaN
                out[:, s] = (mass * (np.nan_to_num(self.combo_equity(s)) > NUT_EQUITY)).sum(axis=1) / mass.sum(axis=1)
        return out

    def rows(self) -> list[dict[str, Any]]:
        """One flat row per flop (the table of to_csv and to_frame): ``nested_rows`` flattened,
        "equity.hero", "classes.villain.set", "buckets.hero.75-100%", ..."""
        return [flat(r) for r in self.nested_rows()]

    def nested_rows(self) -> list[dict[str, Any]]:
        """One row per flop: flop, weight, probability, equity {hero, villain}, (stderr), nut_advantage,
        classes {hero: {class: share}, villain: ...}, buckets {hero: {bucket: share}, ...}, and the
        texture columns (suits, pairing, high, connectedness, group)."""
        eq, prob, nuts = self.equity, self.probability, self.nut_advantage()
        edges = [float(x) for x in DEFAULT_BUCKETS]
        names = _bucket_names(edges)
        buckets = [self.buckets(s) for s in (0, 1)]
        out = []
        for i, flop in enumerate(self.flops):
            row: dict[str, Any] = {"flop": flop, "weight": int(self.weights[i]), "probability": float(prob[i]),
                                   "equity": {s: float(eq[i, k]) for k, s in enumerate(SIDES)}}
            if self.stderr is not None:
                row["stderr"] = {s: float(self.stderr[i, k]) for k, s in enumerate(SIDES)}
            row["nut_advantage"] = {s: float(nuts[i, k]) for k, s in enumerate(SIDES)}
            row["classes"] = {s: dict(zip(self.classes, self.class_shares[k][i].tolist()))
                              for k, s in enumerate(SIDES)}
            row["buckets"] = {s: dict(zip(names, buckets[k][i].tolist())) for k, s in enumerate(SIDES)}
            row.update(self.textures[i])
            out.append(row)
        return out

    def by(self, column: str = "group") -> FlopGroups:
        """The rows aggregated by a texture column ("suits", "pairing", "high", "connectedness",
        "group"): each value's probability and its flops' probability-weighted means."""
        if column not in TEXTURE_COLUMNS:
            raise ValueError(f"by() takes a texture column ({', '.join(TEXTURE_COLUMNS)}), got {column!r}")
        values = [t[column] for t in self.textures]
        # a flop without deals (probability 0) has NaN numbers: it adds nothing to a mean
        prob, eq, nuts = self.probability, np.nan_to_num(self.equity), np.nan_to_num(self.nut_advantage())
        buckets = [np.nan_to_num(self.buckets(s)) for s in (0, 1)]
        names = _bucket_names([float(x) for x in DEFAULT_BUCKETS])
        out = []
        for value in dict.fromkeys(values):
            inside = np.array([v == value for v in values])
            p = prob[inside]
            w = p / p.sum() if p.sum() > 0 else p
            out.append({column: value, "flops": int(inside.sum()), "raw_flops": int(self.weights[inside].sum()),
                        "probability": float(p.sum()),
                        "equity": {s: float(w @ eq[inside, k]) for k, s in enumerate(SIDES)},
                        "nut_advantage": {s: float(w @ nuts[inside, k]) for k, s in enumerate(SIDES)},
                        "classes": {s: dict(zip(self.classes, (w @ self.class_shares[k][inside]).tolist()))
                                    for k, s in enumerate(SIDES)},
                        "buckets": {s: dict(zip(names, (w @ buckets[k][inside]).tolist()))
                                    for k, s in enumerate(SIDES)}})
        out.sort(key=lambda r: -cast(float, r["probability"]))
        return FlopGroups(column, out)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"game": self.game, "hero": self.hero, "villain": self.villain, "dead": self.dead,
                             "method": self.method, "seed": self.seed, "flops": len(self), "complete": self.complete,
                             "mean_equity": {s: float(x) for s, x in zip(SIDES, self.mean)}}
        if self.method == "exact":
            d["mean_equity_fraction"] = fraction_pair(self.mean_fraction)
        if self.preflop is not None:
            d["preflop_equity"] = {s: float(x) for s, x in zip(SIDES, self.preflop.equity)}
        d["rows"] = self.nested_rows()
        return plain(d)

    def __repr__(self) -> str:
        mean = self.mean
        how = "exact" if self.stderr is None else \
            f"Monte Carlo, seed {self.seed}, standard errors up to {np.nanmax(self.stderr):.4f}"
        dead = f", dead {self.dead}" if self.dead else ""
        lines = [f"FlopReport({self.game}, {self.hero!r} vs {self.villain!r}{dead}; {how}): "
                 f"{len(self)} flops ({int(self.weights.sum()):,} raw)",
                 f"  mean equity over the flops (weighted by probability): {mean[0]:.4f} vs {mean[1]:.4f}"]
        if self.preflop is not None:
            check = ""
            if self.method == "exact" and self.preflop.method == "exact":
                check = " (equal, exactly)" if self.mean_fraction == self.preflop.fractions[0] else " (DIFFERENT)"
            lines.append(f"  preflop equity (pyeval.equity):                       {self.preflop.equity[0]:.4f}"
                         f" vs {self.preflop.equity[1]:.4f}{check}")
        eq = self.equity[:, 0]
        order = [i for i in np.argsort(-eq, kind="stable").tolist() if not np.isnan(eq[i])]  # flops with deals
        shown = [("best for hero", order[:3]), ("worst for hero", order[::-1][:3])]
        for label, idx in shown:
            lines.append(f"  {label}: " + ", ".join(f"{self.flops[i]} {eq[i]:.3f}" for i in idx))
        for row in self.by("suits").nested_rows():
            lines.append(f"  {row['suits']:<9} p={row['probability']:.3f}  hero {row['equity']['hero']:.4f}")
        return "\n".join(lines)


@dataclass(eq=False)
class FlopGroups(Table, ResultEquality):
    """``FlopReport.by(column)``: one row per value of a texture column."""

    column: str
    table: list[dict[str, Any]]

    def nested_rows(self) -> list[dict[str, Any]]:
        return self.table

    def rows(self) -> list[dict[str, Any]]:
        return [flat(r) for r in self.table]

    def to_dict(self) -> dict[str, Any]:
        return plain({"by": self.column, "rows": self.table})

    def __repr__(self) -> str:
        lines = [f"FlopGroups(by {self.column}): {len(self.table)} groups"]
        for r in self.table:
            lines.append(f"  {str(r[self.column]):<24} p={r['probability']:.3f}  hero {r['equity']['hero']:.4f}  "
                         f"villain {r['equity']['villain']:.4f}  nuts {r['nut_advantage']['hero']:.3f}/"
                         f"{r['nut_advantage']['villain']:.3f}")
        return "\n".join(lines)
