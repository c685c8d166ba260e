"""``EquityResult``, the answer to an equity query, and its making from an engine's tally
(shared by pyeval.equity, pyeval.batch and the range engine)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from pyeval.core._results import HandKeyed, Result
from pyeval.core.cards import format_cards, format_codes, is_unknown_hand
from pyeval.core.games import Game
from pyeval.query.parse import codes_tuple, hand_text
from pyeval.results.tally import POT, Tally, standard_errors


@dataclass(eq=False)
class EquityResult(Result):
    """The answer to an equity query (``==`` compares every count and array by value).

    equity, win, tie   per player: expected pot share; P(winning the whole pot alone); P(sharing)
    method, outcomes   "exact" (outcomes enumerated) or "monte-carlo" (deals sampled); ``outcomes``
                       counts them either way (the one name on every result, docs/results.md)
    seed               the Monte Carlo seed (None when exact)
    stderr             per player standard error of ``equity``; None when exact
    hi, lo, scoop, no_low   hi/lo games: expected share of each half pot (with no qualifying
                       low the low half goes to the high hand), P(scoop), P(no low)
    boards             multi-board games: expected share of each board's pot, (boards, players)
    units, wins, ties  exact integer counts; equity = units / (pot_units * outcomes)
    folded             the folded players' ranges (``folded=``), shown in the repr and JSON
    board              the known board cards, one text per board; [] when no board card is known
    """

    game: str
    hands: list[str]
    board: list[str]
    dead: str
    method: str
    outcomes: int
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    stderr: np.ndarray | None
    units: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    pot_units: int
    seed: int | None = None
    hi: np.ndarray | None = None
    lo: np.ndarray | None = None
    scoop: np.ndarray | None = None
    no_low: float | None = None
    boards: np.ndarray | None = None
    extra: dict = field(default_factory=dict)

    def __getattr__(self, name: str):
        """The fields a result made by ``spot_result`` derives on first use from its tally (units,
        wins, ties, equity, win, tie, stderr, extra), then keeps: a small query does not pay for
        arrays nobody reads."""
        d = self.__dict__
        if name not in _DERIVED or "_tally" not in d:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        t = d.pop("_tally")
        d["units"], d["wins"], d["ties"] = t.units, t.wins, t.ties
        d["equity"], d["win"], d["tie"] = _shares(t, t.outcomes)
        d["stderr"] = None if d["method"] == "exact" else standard_errors(t)
        d["extra"] = {"community_card": d.pop("_community"),
                      "sample_counts": {"sumsq": t.sumsq, "part_units": t.part_units, "no_qualifier": t.no_qualifier}}
        return d[name]

    @property
    def side_pots(self) -> list[dict] | None:
        """With ``contributions=``: each pot's amount, eligible players and their shares."""
        return self.extra.get("side_pots")

    @property
    def expected_chips(self) -> np.ndarray | None:
        """With ``contributions=``: each player's expected chips back from all pots."""
        return self.extra.get("expected_chips")

    @property
    def folded(self) -> list[str]:
        """With ``folded=``: the folded players' ranges as given ([] without)."""
        return list(self.extra.get("folded", []))

    @property
    def fractions(self) -> list[Fraction]:
        """Exact equities (exact method only); they sum to exactly 1."""
        if self.method != "exact":
            raise ValueError("exact fractions exist only for method='exact'")
        return [Fraction(int(u), self.pot_units * self.outcomes) for u in self.units]

    def to_dict(self) -> dict:
        d = {
            "game": self.game, "hands": self.hands, "board": self.board, "dead": self.dead,
            "method": self.method, "outcomes": self.outcomes, "seed": self.seed,
            "equity": self.equity.tolist(), "win": self.win.tolist(), "tie": self.tie.tolist(),
            "stderr": None if self.stderr is None else self.stderr.tolist(),
        }
        if self.method == "exact":
            d["counts"] = {"pot_units": self.pot_units, "units": self.units.tolist(), "wins": self.wins.tolist(),
                           "ties": self.ties.tolist()}
        for name in ("hi", "lo", "scoop", "boards"):
            v = getattr(self, name)
            if v is not None:
                d[name] = v.tolist()
        if self.no_low is not None:
            d["no_low"] = self.no_low
        if self.folded:
            d["folded"] = self.folded
        return d

    def rows(self) -> list[dict]:
        """One row per player: hand, equity, win, tie, stderr (None when exact), and the exact
        counts (units, wins, ties) or the hi/lo halves where the result has them."""
        out = []
        for p, hand in enumerate(self.hands):
            row = {"player": p + 1, "hand": hand, "equity": float(self.equity[p]), "win": float(self.win[p]),
                   "tie": float(self.tie[p]),
                   "stderr": None if self.stderr is None else float(self.stderr[p])}
            if self.method == "exact":
                row.update(units=int(self.units[p]), wins=int(self.wins[p]), ties=int(self.ties[p]))
            for name in ("hi", "lo", "scoop"):
                v = getattr(self, name)
                if v is not None:
                    row[name] = float(v[p])
            out.append(row)
        return out

    def __repr__(self) -> str:
        how = (f"exact, {self.outcomes:,} outcomes" if self.method == "exact"
               else f"Monte Carlo, {self.outcomes:,} samples, seed {self.seed}")
        head = f"{self.game} ({how})"
        if self.board and any(self.board):
            head += f", board {' / '.join(b for b in self.board if b) or '-'}"
        if self.dead:
            head += f", dead {self.dead}"
        if self.folded:
            head += f", folded: {', '.join(self.folded)}"
        cols = ["hand", "equity", "win", "tie"]
        if self.method != "exact":
            cols.append("± stderr")
        if self.hi is not None:
            cols += ["hi", "lo", "scoop"]
        if self.boards is not None:
            cols += [f"board {j + 1}" for j in range(len(self.boards))]
        width = max([len(h) for h in self.hands] + [6])
        lines = [head, "  ".join([f"{cols[0]:<{width}}"] + [f"{c:>9}" for c in cols[1:]])]
        for p, hand in enumerate(self.hands):
            cells = [f"{100 * self.equity[p]:8.3f}%", f"{100 * self.win[p]:8.3f}%", f"{100 * self.tie[p]:8.3f}%"]
            if self.stderr is not None:
                cells.append(f"{100 * self.stderr[p]:8.3f}%")
            if self.hi is not None and self.lo is not None and self.scoop is not None:
                cells += [f"{100 * self.hi[p]:8.3f}%", f"{100 * self.lo[p]:8.3f}%", f"{100 * self.scoop[p]:8.3f}%"]
            if self.boards is not None:
                cells += [f"{100 * b[p]:8.3f}%" for b in self.boards]
            lines.append("  ".join([f"{hand:<{width}}"] + [f"{c:>9}" for c in cells]))
        if self.no_low is not None:
            lines.append(f"no qualifying low: {100 * self.no_low:.3f}%")
        return "\n".join(lines)


def spot_result(spot, parts: list, n_boards: int, t: Tally, method: str, seed, community: bool) -> EquityResult:
    """The result of a ``pyeval.query.spot.Spot`` from its tally: the hands, boards and dead cards
    as the spot read them.  One pot (no hi/lo halves, one board): the tally and the spot's texts
    are stored, the count arrays and ratios derived when first read (``EquityResult.__getattr__``)."""
    g = spot.game
    if g.low or n_boards > 1:
        return make_result(g, parts, n_boards, spot.holes, t, None, spot.boards, spot.dead, method, seed,
                           community, texts=list(spot.texts), board_texts=_board_texts(spot.boards))
    _check_pot(t)
    r = EquityResult.__new__(EquityResult)
    r.__dict__ = {"game": g.name, "hands": list(spot.texts), "board": _board_texts(spot.boards),
                  "dead": _dead_text(spot.dead), "method": method, "outcomes": t.outcomes, "pot_units": POT,
                  "seed": seed, "_tally": t, "_community": community}
    return r


_DERIVED = frozenset(("units", "wins", "ties", "equity", "win", "tie", "stderr", "extra"))


def _check_pot(t: Tally) -> None:
    if t.units_total() != POT * t.outcomes:
        raise RuntimeError(f"internal error: the pot shares sum to {t.units_total()} units, not {POT * t.outcomes}")


@functools.lru_cache(maxsize=4096)
def _dead_text(dead: tuple) -> str:
    return format_codes(dead)


def _board_texts(boards: tuple) -> list[str]:
    """A spot's boards as the result shows them ([] when no board card is known)."""
    return list(_board_texts_of(boards))


@functools.lru_cache(maxsize=4096)
def _board_texts_of(boards: tuple) -> tuple[str, ...]:
    return tuple(format_codes(b) for b in boards) if any(boards) else ()


def layout_result(g: Game, layout, t: Tally, hands, boards, dead, method: str, seed) -> EquityResult:
    return make_result(g, layout.parts, layout.boards, layout.known_holes, t, hands, boards, dead, method, seed,
                       community=g.stud_shortage and layout.board == 1)


def part_shares(parts: list, n_boards: int, low: bool, part_units: np.ndarray, no_qualifier: np.ndarray,
                outcomes) -> dict:
    """hi, lo, no_low (hi/lo games) and per-board shares (multi-board games) from integer part tallies,
    for one query (part_units (parts, players)) or for rows ((n, parts, players), outcomes (n,))."""
    out = {}
    n = np.asarray(outcomes)[..., None]
    if low:
        half = POT // n_boards // 2
        hi_idx = [j for j, p in enumerate(parts) if p[3] < 0]
        lo_idx = [j for j, p in enumerate(parts) if p[3] >= 0]
        out["hi"] = part_units[..., hi_idx, :].sum(axis=-2) / (half * len(hi_idx) * n)
        out["lo"] = part_units[..., lo_idx, :].sum(axis=-2) / (half * len(lo_idx) * n)
        out["no_low"] = no_qualifier[..., lo_idx].sum(axis=-1) / (len(lo_idx) * n[..., 0])
    if n_boards > 1:
        per_board = POT // n_boards
        out["boards"] = np.stack([part_units[..., [j for j, p in enumerate(parts) if p[1] == b], :].sum(axis=-2)
                                  for b in range(n_boards)], axis=-2) / (per_board * n[..., None])
    return out


def make_result(g: Game, parts: list, n_boards: int, known_holes: list, t: Tally, hands, boards, dead,
                method: str, seed, community: bool = False, texts: list[str] | None = None,
                board_texts: list[str] | None = None) -> EquityResult:
    """The result object of one query from its tally (shared by the engines and pyeval.batch);
    ``texts``, ``board_texts``: the hands' and boards' texts when the caller has them."""
    n = t.outcomes
    pot = POT
    equity, win, tie = _shares(t, n)
    r = EquityResult(
        game=g.name,
        hands=texts if texts is not None else ["random" if is_unknown_hand(h) else hand_text(known, g)
                                                for h, known in zip(hands, known_holes)],
        board=board_texts if board_texts is not None else
        [format_codes(codes_tuple(b)) for b in boards] if any(len(b) for b in boards) else [],
        dead=format_codes(codes_tuple(dead)),
        method=method,
        outcomes=n,
        equity=equity,
        win=win,
        tie=tie,
        stderr=None if method == "exact" else standard_errors(t),
        units=t.units,
        wins=t.wins,
        ties=t.ties,
        pot_units=pot,
        seed=seed,
        extra={"community_card": community,
               "sample_counts": {"sumsq": t.sumsq, "part_units": t.part_units, "no_qualifier": t.no_qualifier}},
    )
    if g.low or n_boards > 1:
        shares = part_shares(parts, n_boards, bool(g.low), t.part_units, t.no_qualifier, n)
        if g.low:
            r.hi, r.lo, r.scoop, r.no_low = shares["hi"], shares["lo"], r.win, float(shares["no_low"])
        r.boards = shares.get("boards")
    _check_pot(t)
    return r


def _shares(t: Tally, n) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """equity, win and tie of a tally, as ``_ratios`` gives each (the same floats), in one array
    of three parts: a small query makes one array, not three."""
    d = POT * n
    if not 0 < d <= 1 << 1000:
        return _ratios(t.units, d), _ratios(t.wins, n), _ratios(t.ties, n)
    fd, fn = float(d), float(n)
    units = t.units.tolist()
    p = len(units)
    out = np.array([c / fd for c in units] + [c / fn for c in t.wins.tolist()] + [c / fn for c in t.ties.tolist()])
    return out[:p], out[p:2 * p], out[2 * p:]


def _ratios(counts: np.ndarray, denominator: int) -> np.ndarray:
    """counts / denominator as float64, exactly as numpy divides (each side a float64 first), but
    through a list: for a few players that is several times faster than a numpy division."""
    if not denominator:
        return counts / denominator  # numpy's answer (nan, with its warning) for an empty tally
    if abs(denominator) > 1 << 1000:  # Python-int counts of weights far apart: beyond a float, divide exactly
        return np.array([float(Fraction(int(c), int(denominator))) for c in counts.tolist()])
    d = float(denominator)
    return np.array([float(c) / d for c in counts.tolist()])


RANGE_NOTE_COMBOS = 6
"""Combos a range's note in the repr lists before "..."."""


@dataclass(repr=False, eq=False)  # == and repr: EquityResult's
class RangeEquityResult(EquityResult):
    """An :class:`~pyeval.equity.EquityResult` for ranges, plus each range's equity per combo.

    ranges        per player: the Range after card removal (None for a random hand in Monte Carlo)
    combo_equity  per player: equity of each combo of ``ranges[p]`` (same order; NaN when the
                  combo never meets a valid deal), or None
    combo_prob    per player: probability of each combo in the deal distribution (exact), or
                  the fraction of samples that dealt it (Monte Carlo)
    by_combo      per player: ``{combo text: equity}`` (``"As Ah"``, found written any way), or None
    combo_tally   per player: integer counts per combo (``pyeval.engines.range.combo_tally.ComboTally``), or None
    """

    ranges: list = field(default_factory=list)
    combo_equity: list = field(default_factory=list)
    combo_prob: list = field(default_factory=list)
    combo_tally: list = field(default_factory=list)

    @property
    def by_combo(self) -> list:
        out = []
        for r, eq in zip(self.ranges, self.combo_equity):
            out.append(None if r is None or eq is None else HandKeyed(zip(format_cards(r.combos), eq.tolist())))
        return out

    def to_dict(self) -> dict:
        d = super().to_dict()
        d["by_combo"] = self.by_combo
        return d

    def __repr__(self) -> str:
        short = [h if len(h) <= 40 else h[:37] + "..." for h in self.hands]
        full, self.hands = self.hands, short
        try:
            table = super().__repr__()
        finally:
            self.hands = full
        return "\n".join([table, *self.range_notes()])

    def range_notes(self) -> list[str]:
        """A line per seat read as a range (not one hand, not random): the range and its combos
        after card removal, so that a typo read as a range (``AhAx``: three aces) shows."""
        notes = []
        for p, (text, r) in enumerate(zip(self.hands, self.ranges)):
            if r is None or text == "random":
                continue
            combos = format_cards(r.combos)
            if len(combos) == 1 and sorted(combos[0].split()) == sorted(text.split()):
                continue  # a hand
            shown = ", ".join(combos[:RANGE_NOTE_COMBOS]) + (", ..." if len(combos) > RANGE_NOTE_COMBOS else "")
            notes.append(f"player {p + 1} is a range: {text}: {len(combos):,} combo{'s' * (len(combos) != 1)} "
                         f"({shown})")
        return notes
