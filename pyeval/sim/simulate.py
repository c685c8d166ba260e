"""``pyeval.simulate``: ready studies over millions of random deals, streamed in bounded memory.

    >>> import pyeval
    >>> r = pyeval.simulate("holdem", players=2, deals=300_000, seed=1, study="starting-hands",
    ...                     progress=False)
    >>> row = r.table[r.table["hand"] == "AA"][0]
    >>> bool(0.84 < row["equity"] < 0.87)
    True
    >>> r.to_csv("hands.csv")  # doctest: +SKIP

Studies (``study=``, one name or a list):

``"starting-hands"``  every starting-hand class (hold'em: the 169; Omaha: the 16,432 suit-
    canonical hands) against N-1 random opponents: times dealt, equity (expected pot share)
    and its standard error, win (whole pot alone), tie (part of the pot); hi/lo games add
    the expected share of the high and the low half.  A second table, ``"features"``,
    groups the classes by pairing, suitedness, aces and connectedness.
``"categories"``  made-hand categories at showdown, by the game's evaluator (high hands; razz
    pair shapes; badugi sizes): of every player's hand and of the winning hand (per board);
    hi/lo games add a ``"low-categories"`` table (8-low ... 5-low).  The default for games
    without a board.
``"hilo"``  hi/lo games: how often a low is possible (the board has three low ranks),
    made (someone qualifies), split; how often a player scoops.

Engine.  The deals are cut into chunks of ``CHUNK`` deals; chunk c is dealt from its own
stream ``engine.chunk_seed(seed, c)`` (``pyeval.deal(..., n=CHUNK, seed=seed, chunk=c)``
deals the same cards).  A chunk is dealt straight into evaluation rows, scored by the C
core and tallied in sub-batches that stay in cache (the C kernels of pyeval._sim_kernels,
which release the GIL), and returns integer counts; totals are sums of chunk counts.  So
the same seed gives byte-identical results for any number of threads or Dask workers, and
memory does not grow with ``deals``.
"""

from __future__ import annotations

import csv
import io
import json
import math
import signal
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from pyeval.core._results import ResultEquality
from pyeval.core._threads import default_threads
from pyeval.core.cards import RANK_CHARS, SUIT_CHARS
from pyeval.core.checks import positive_int
from pyeval.core.describe import CATEGORIES, category_index
from pyeval.engines import engine
from pyeval.sim import _sim_kernels
from pyeval.sim.deal import DealSpec, _default_seed, deal_spec, evaluate_rows

if TYPE_CHECKING:
    from dask.distributed import Client

    from pyeval.core._types import Board, Cards, FilePath, GameName, Hand
    from pyeval.core.games import Game

__all__ = ["simulate", "SimulationResult", "CHUNK", "STUDIES"]

CHUNK = 1 << 18
"""Deals per chunk.  Part of a simulation's definition: chunk c is stream ``chunk_seed(seed, c)``."""
SUB_BYTES = 1 << 20
"""Working set of one sub-batch (rows + strengths), sized to stay in a core's L2 cache."""
POT = engine.POT

STUDIES = ("starting-hands", "categories", "hilo")
_STUDY_ALIASES = {"hands": "starting-hands", "starting_hands": "starting-hands", "starting-hand": "starting-hands",
                  "category": "categories", "hi-lo": "hilo", "hi/lo": "hilo", "low": "hilo"}


# ---------------------------------------------------------------------------------------------
# Starting-hand classes


@dataclass(frozen=True)
class HandClasses:
    """Suit-canonical classes of h-card starting hands.

    table    (C(52, h),) int32: class of each combination by its colex rank (sorted cards c_0 <
             c_1 < ...: sum of C(c_q, q + 1)); -1 for combinations outside the deck
    labels   class names ("AKs", or a representative such as "AsAhKsKh")
    combos   combinations per class
    features name -> per-class values (pairing, suits, ace, connectedness)
    """

    hole: int
    table: np.ndarray
    labels: np.ndarray
    combos: np.ndarray
    features: dict


@cache
def hand_classes(hole: int, lowest_card: int = 0) -> HandClasses:
    """The starting-hand classes of ``hole`` cards from the deck lowest_card..51 (cached).

    Two hands are in one class when a permutation of the suits maps one onto the other.
    Hold'em classes are in the order of ``pyeval.CLASS_NAMES`` (the 13 x 13 grid, row by
    row: AA, AKs, ..., A2s, AKo, KK, ...); others by their ranks, best first, then more
    suited first.  A class's representative gives the fullest suit spades, then hearts,
    diamonds, clubs (Omaha: "AsAhKsKh").
    """
    if not 1 <= hole <= 5:
        raise ValueError(f"starting-hand classes are built for 1 to 5 hole cards, not {hole}")
    combos = _combinations(52 - lowest_card, hole) + np.uint8(lowest_card)
    keys = np.empty(len(combos), np.int64)
    _sim_kernels.hole_class_keys(combos, hole, keys)
    ranks = np.zeros(len(combos), np.int64)
    for q in range(hole):
        ranks += engine._BINOM[combos[:, q].astype(np.int64), q + 1]
    del combos
    uniq, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    # Representatives: suit mask j (largest first) becomes suit 3 - j (spades, hearts, ...).
    masks = (uniq[:, None] >> (13 * (3 - np.arange(4)))[None, :]) & 0x1FFF  # (C, 4)
    present = (masks[:, None, :] >> np.arange(13)[None, :, None]) & 1  # (C, rank, j)
    # card code 4 * rank + (3 - j); sorted by code descending = rank descending, then s, h, d, c
    bits = present[:, ::-1, :]  # rank descending
    order_codes = (4 * np.arange(12, -1, -1)[:, None] + (3 - np.arange(4))[None, :]).ravel()
    flat = bits.reshape(len(uniq), 52).astype(bool)
    reps = np.broadcast_to(order_codes, flat.shape)[flat].reshape(len(uniq), hole)  # (C, h) descending
    r = reps >> 2
    suit_counts = np.stack([(reps & 3) == s for s in range(4)], axis=2).sum(axis=1)  # (C, 4)
    pattern = -(suit_counts * suit_counts).sum(axis=1)
    order = np.lexsort((-uniq, pattern) + tuple(-r[:, q] for q in range(hole - 1, -1, -1)))
    if hole == 2:  # hold'em: the 13 x 13 grid order of pyeval.CLASS_NAMES (AA, AKs, ..., A2s, AKo, KK, ...)
        from pyeval.ranges import CLASS_NAMES

        grid = {name: i for i, name in enumerate(CLASS_NAMES)}
        order = np.array(sorted(range(len(uniq)), key=lambda i: grid[_labels(reps[i:i + 1])[0]]), np.int64)
    reps, r, suit_counts = reps[order], r[order], suit_counts[order]
    new_id = np.empty(len(uniq), np.int64)
    new_id[order] = np.arange(len(uniq))
    table = np.full(math.comb(52, hole), -1, np.int32)
    table[ranks] = new_id[inverse.ravel()]
    return HandClasses(hole, table, _labels(reps), counts[order].astype(np.int64), _features(reps, r, suit_counts))


def _combinations(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n), lexicographic, as an (C(n, k), k) uint8 array."""
    combos = np.arange(n, dtype=np.int64).reshape(-1, 1)
    for _ in range(k - 1):
        last = combos[:, -1]
        counts = n - 1 - last
        start = np.cumsum(counts) - counts
        offsets = np.arange(counts.sum()) - np.repeat(start, counts)
        nxt = np.repeat(last + 1, counts) + offsets
        combos = np.hstack([np.repeat(combos, counts, axis=0), nxt[:, None]])
    return np.ascontiguousarray(combos.astype(np.uint8))


def _labels(reps: np.ndarray) -> np.ndarray:
    rank_chars = np.array(list(RANK_CHARS))
    suit_chars = np.array(list(SUIT_CHARS))
    if reps.shape[1] == 2:
        a, b = reps[:, 0], reps[:, 1]
        tail = np.where(a >> 2 == b >> 2, "", np.where(a & 3 == b & 3, "s", "o"))
        return np.char.add(np.char.add(rank_chars[a >> 2], rank_chars[b >> 2]), tail)
    out = np.full(len(reps), "", dtype=f"U{2 * reps.shape[1]}")
    for q in range(reps.shape[1]):
        out = np.char.add(np.char.add(out, rank_chars[reps[:, q] >> 2]), suit_chars[reps[:, q] & 3])
    return out


def _features(reps: np.ndarray, r: np.ndarray, suit_counts: np.ndarray) -> dict[str, np.ndarray]:
    """Summary features of each class (pairing, suits, ace, connectedness), vectorised."""
    C, h = reps.shape
    rank_counts = np.zeros((C, 13), np.int64)
    np.add.at(rank_counts, (np.repeat(np.arange(C), h), r.ravel()), 1)
    mult = -np.sort(-rank_counts, axis=1)
    if h == 2:
        pairing = np.where(mult[:, 0] == 2, "pair", "no pair")
    else:
        pairing = np.select([mult[:, 0] >= 4, (mult[:, 0] == 3) & (mult[:, 1] == 2), mult[:, 0] == 3,
                             (mult[:, 0] == 2) & (mult[:, 1] == 2), mult[:, 0] == 2],
                            ["quads", "trips and a pair", "trips", "two pair", "one pair"], "no pair")
    sc = -np.sort(-suit_counts, axis=1)
    if h == 2:
        suits = np.where(sc[:, 0] == 2, "suited", "offsuit")
    else:
        top = np.array([f"{k} of one suit" for k in range(h + 1)])[sc[:, 0]]
        suits = np.select([sc[:, 0] == 1, (sc[:, 0] == 2) & (sc[:, 1] == 2), sc[:, 0] == 2, sc[:, 1] >= 2],
                          ["rainbow", "double-suited", "single-suited", np.char.add(top, " and a suited pair")], top)
    is_ace = r == 12
    ace_suit_count = np.where(is_ace, np.take_along_axis(suit_counts, reps & 3, axis=1), 0)
    ace = np.select([ace_suit_count.max(axis=1) >= 2, is_ace.any(axis=1)], ["suited ace", "ace"], "no ace")
    present = rank_counts > 0
    distinct = present.sum(axis=1)
    idx = np.arange(13)
    hi_r = np.where(present, idx, -1).max(axis=1)
    lo_r = np.where(present, idx, 99).min(axis=1)
    span = hi_r - lo_r
    # the ace also plays low (rank -1): span of the other ranks and -1
    others_hi = np.where(present[:, :12], idx[:12], -1).max(axis=1)
    span_low = np.where(present[:, 12] & (others_hi >= 0), others_hi + 1, 99)
    gaps = np.minimum(span, span_low) - (distinct - 1)
    connected = np.select([distinct < 2, gaps == 0, gaps == 1, gaps == 2],
                          ["one rank", "connected", "one gap", "two gaps"], "unconnected")
    return {"pairing": pairing, "suits": suits, "ace": ace, "connectedness": connected}


# ---------------------------------------------------------------------------------------------
# Studies: a study adds integer counts per sub-batch and turns the totals into tables.


class _Study:
    name = ""

    def check(self, spec: DealSpec) -> None:
        """Refuse a deal this study cannot count (ValueError); by default every deal is fine."""

    def zeros(self, spec: DealSpec) -> dict[str, np.ndarray]:
        raise NotImplementedError

    def tally(self, spec: DealSpec, rows, hi, lo, acc) -> None:
        raise NotImplementedError

    def tables(self, spec: DealSpec, counts: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        raise NotImplementedError


def _equity_columns(dealt, units, sumsq, wins, ties):
    n = np.maximum(dealt, 1)
    mean = units / (POT * n)
    var = np.maximum(sumsq / (POT * POT * n) - mean * mean, 0.0)
    stderr = np.where(dealt > 1, np.sqrt(var / np.maximum(dealt - 1, 1)), np.nan)
    return mean, stderr, wins / n, ties / n


class _StartingHands(_Study):
    name = "starting-hands"

    def check(self, spec):
        g = spec.game
        if g.board == 0:
            raise ValueError(f"the starting-hands study is for board games; {g.name} has no board")
        if spec.hole > 5:
            raise ValueError(f"the starting-hands study handles up to 5 hole cards, {g.name} has {spec.hole}")
        if spec.players < 2:
            raise ValueError("the starting-hands study needs at least 2 players")

    @staticmethod
    def _split_mode(spec):
        return spec.boards == 1 and not spec.game.low

    def zeros(self, spec):
        n = len(hand_classes(spec.hole, spec.game.lowest_card).labels)
        if self._split_mode(spec):
            return {"hands-split": np.zeros((n, spec.players + 1), np.int64)}
        return {"hands": np.zeros((n, 6), np.int64)}

    def tally(self, spec, rows, hi, lo, acc):
        classes = hand_classes(spec.hole, spec.game.lowest_card).table
        ids = np.empty((rows.shape[0], spec.players), np.int32)
        _sim_kernels.hand_class_ids(rows, spec.hole, classes, ids)
        if self._split_mode(spec):
            _sim_kernels.tally_hands_split(hi, ids, acc["hands-split"])
        elif spec.boards == 1 and lo is not None:
            _sim_kernels.tally_hands_hilo(hi, lo, POT, ids, acc["hands"])
        else:
            _sim_kernels.tally_hands(hi, lo if lo is not None else hi, lo is not None, POT, ids,
                                     acc["hands"])

    @staticmethod
    def columns(spec, counts):
        """(dealt, units, sumsq, wins, ties, hi_units) per class from either tally form."""
        if "hands-split" in counts:
            c = counts["hands-split"]
            k = np.arange(c.shape[1])
            each = np.zeros(len(k), np.int64)
            each[1:] = POT // k[1:]
            dealt = c.sum(axis=1)
            units = c @ each
            sumsq = c @ (each * each)
            return dealt, units, sumsq, c[:, 1], c[:, 2:].sum(axis=1), units
        h = counts["hands"]
        return h[:, 0], h[:, 1], h[:, 2], h[:, 3], h[:, 4], h[:, 5]

    def tables(self, spec, counts):
        hc = hand_classes(spec.hole, spec.game.lowest_card)
        dealt, units, sumsq, wins, ties, hi_units = self.columns(spec, counts)
        low = bool(spec.game.low)

        def build(keys, labels, combos, d, u, s, w, t, hu):
            fields = [(k, f"U{max(len(x) for x in v)}") for k, v in zip(keys, labels)]
            fields += [("combos", "i8"), ("dealt", "i8"), ("equity", "f8"), ("stderr", "f8"), ("win", "f8"),
                       ("tie", "f8")]
            if low:
                fields += [("hi", "f8"), ("lo", "f8")]
            out = np.zeros(len(combos), dtype=fields)
            for k, v in zip(keys, labels):
                out[k] = v
            eq, se, wi, ti = _equity_columns(d, u, s, w, t)
            for k, v in (("combos", combos), ("dealt", d), ("equity", eq), ("stderr", se), ("win", wi), ("tie", ti)):
                out[k] = v
            if low:
                half = POT // 2 * np.maximum(d, 1)
                out["hi"], out["lo"] = hu / half, (u - hu) / half
            return out

        hands = build(["hand"], [hc.labels], hc.combos, dealt, units, sumsq, wins, ties, hi_units)
        rows = []
        for name, values in hc.features.items():
            for value in dict.fromkeys(values.tolist()):
                m = values == value
                rows.append((name, value) + tuple(int(x[m].sum()) for x in
                                                  (hc.combos, dealt, units, sumsq, wins, ties, hi_units)))
        cols = list(zip(*rows))
        feats = build(["feature", "value"], [list(cols[0]), list(cols[1])],
                      *[np.array(c, dtype=np.int64) for c in cols[2:]])
        return {"hands": hands, "features": feats}


LOW_CATEGORIES = CATEGORIES["low8"]  # ("no low", "8-low", ..., "5-low")


class _Categories(_Study):
    name = "categories"

    # Categories of the game's own evaluator (describe.CATEGORIES): high hands, razz pair shapes,
    # badugi sizes...; the winning hand is the one with the highest strength, as at showdown.

    def zeros(self, spec):
        z = {"categories": np.zeros((2, len(CATEGORIES[spec.game.high])), np.int64)}
        if spec.game.low == "low8":
            z["low-categories"] = np.zeros((2, len(LOW_CATEGORIES)), np.int64)
        return z

    def tally(self, spec, rows, hi, lo, acc):
        low = acc.get("low-categories")
        if low is None:
            low = np.zeros((2, 1), np.int64)
        _sim_kernels.tally_categories(hi, lo if lo is not None else hi, lo is not None,
                                      category_index(spec.game.high), category_index("low8"), acc["categories"][0],
                                      acc["categories"][1], low[0], low[1])

    def tables(self, spec, counts):
        def build(names, c, of_all, of_win):
            out = np.zeros(len(names), dtype=[("category", f"U{max(map(len, names))}"), ("hands", "i8"),
                                              ("frequency", "f8"), ("stderr", "f8"), ("winning", "i8"),
                                              ("winning_frequency", "f8"), ("winning_stderr", "f8")])
            out["category"] = names
            for col, row, total in (("hands", 0, of_all), ("winning", 1, of_win)):
                p = c[row] / max(total, 1)
                pre = "" if col == "hands" else "winning_"
                out[col], out[pre + "frequency"] = c[row], p
                out[pre + "stderr"] = np.sqrt(p * (1 - p) / max(total, 1))
            return out

        deals = int(counts["categories"][1].sum()) // spec.boards
        tables = {"categories": build(list(CATEGORIES[spec.game.high]), counts["categories"],
                                      deals * spec.boards * spec.players, deals * spec.boards)}
        if "low-categories" in counts:
            tables["low-categories"] = build(list(LOW_CATEGORIES), counts["low-categories"],
                                             deals * spec.boards * spec.players, deals * spec.boards)
        return tables


_HILO_ROWS = [  # (statistic, counter, denominator counter)
    ("low possible", 2, 1), ("low made", 3, 1), ("low split", 4, 1), ("low split when made", 4, 3),
    ("high split", 5, 1), ("scoop", 6, 0), ("scoop with a low made", 7, 0), ("hands with a low", 9, 8),
]


class _HiLo(_Study):
    name = "hilo"

    def check(self, spec):
        if not spec.game.low:
            raise ValueError(f"the hilo study is for hi/lo games; {spec.game.name} has no low half")

    def zeros(self, spec):
        return {"hilo": np.zeros(10, np.int64)}

    def tally(self, spec, rows, hi, lo, acc):
        _sim_kernels.tally_hilo(rows, hi, lo, POT, spec.hole, spec.board_n, acc["hilo"])

    def tables(self, spec, counts):
        c = counts["hilo"]
        rows = [r for r in _HILO_ROWS if spec.board_n >= 3 or r[0] != "low possible"]
        out = np.zeros(len(rows), dtype=[("statistic", "U24"), ("count", "i8"), ("of", "i8"), ("frequency", "f8"),
                                         ("stderr", "f8")])
        for i, (name, num, den) in enumerate(rows):
            p = c[num] / max(c[den], 1)
            out[i] = (name, c[num], c[den], p, math.sqrt(p * (1 - p) / max(c[den], 1)))
        return {"hilo": out}


_STUDY_CLASSES = {"starting-hands": _StartingHands, "categories": _Categories, "hilo": _HiLo}


def _studies(study) -> tuple[str, ...]:
    names = [study] if isinstance(study, str) else list(study)
    if not names:
        raise ValueError("give at least one study")
    out = []
    for s in names:
        if not isinstance(s, str):
            raise TypeError(f"study must be a name, got {s!r}")
        key = s.strip().lower().replace("_", "-").replace(" ", "-")
        key = _STUDY_ALIASES.get(key, key)
        if key not in _STUDY_CLASSES:
            raise ValueError(f"unknown study {s!r}; studies: {', '.join(STUDIES)}")
        if key not in out:
            out.append(key)
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# The plan: everything needed to run any chunk (small and picklable: what a Dask task carries).


@dataclass(frozen=True, eq=False)
class Plan:
    spec: DealSpec
    studies: tuple[str, ...]
    deals: int
    seed: int
    chunk_size: int = CHUNK

    @property
    def chunks(self) -> int:
        return -(-self.deals // self.chunk_size)

    def chunk_deals(self, c: int) -> int:
        return min(self.chunk_size, self.deals - c * self.chunk_size)

    def zeros(self) -> dict[str, np.ndarray]:
        acc = {}
        for s in self.studies:
            acc.update(_STUDY_CLASSES[s]().zeros(self.spec))
        return acc

    @property
    def sub_batch(self) -> int:
        per_deal = self.spec.rows * (self.spec.k + 4 * (2 if self.spec.game.low else 1))
        sub = 1 << max(8, min(14, (SUB_BYTES // per_deal).bit_length() - 1))
        return sub

    def run_chunk(self, c: int, stop: threading.Event | None = None) -> dict[str, np.ndarray] | None:
        """Integer counts of chunk c (None if ``stop`` was set before it finished)."""
        spec = self.spec
        if not 0 <= c < self.chunks:
            raise ValueError(f"chunk {c} is out of range: this simulation has {self.chunks} chunks")
        n = self.chunk_deals(c)
        studies = [_STUDY_CLASSES[s]() for s in self.studies]
        acc = self.zeros()
        state = engine.chunk_seed(self.seed, c)
        deck = spec.deck.copy()
        sub = min(self.sub_batch, n)
        rows = np.empty((sub, spec.rows, spec.k), np.uint8)
        done = 0
        while done < n:
            m = min(sub, n - done)
            r = rows[:m]
            _sim_kernels.deal_rows(deck, state, spec.template, spec.pick_pos, spec.boards, spec.board_n,
                                   spec.players, spec.hole, r)
            hi, lo = evaluate_rows(spec.game, r, spec.hole, spec.board_n, spec.boards, spec.players)
            for s in studies:
                s.tally(spec, r, hi, lo, acc)
            done += m
            if stop is not None and stop.is_set():
                return None
        return acc


def default_study(g: Game) -> str:
    """The study a game gets without ``study=``: starting hands in board games (up to 5 hole
    cards), else the made-hand categories (stud, draw, badugi, six-card Omaha)."""
    return "starting-hands" if g.board and g.hole <= 5 else "categories"


def make_plan(game: GameName, players: int | None, deals: int, seed: int | None = None,
              study: str | Sequence[str] | None = None, board: Board = "", dead: Cards = "",
              hands: Sequence[Hand] | None = None,
              chunk_size: int = CHUNK) -> Plan:
    spec = deal_spec(game, players, board, dead, hands)
    studies = _studies(default_study(spec.game) if study is None else study)
    for s in studies:
        _STUDY_CLASSES[s]().check(spec)
    deals, chunk_size = positive_int(deals, "deals"), positive_int(chunk_size, "chunk_size")
    return Plan(spec, studies, deals, _default_seed(seed), chunk_size)


# ---------------------------------------------------------------------------------------------
# The result


@dataclass(eq=False)
class SimulationResult(ResultEquality):
    """The answer of ``pyeval.simulate`` (``==`` compares the counts and tables, not the timing).

    tables      name -> numpy structured array (``table`` is the first one)
    counts      name -> the integer tallies the tables come from (sums over chunks)
    deals       deals simulated (fewer than ``requested`` if interrupted)
    chunks_done chunk indices that finished (all of them unless interrupted)
    """

    game: str
    players: int
    studies: tuple[str, ...]
    seed: int
    requested: int
    deals: int
    chunk_size: int
    tables: dict[str, np.ndarray]
    counts: dict[str, np.ndarray]
    interrupted: bool = False
    elapsed: float = field(default=0.0, compare=False)
    chunks_done: list[int] = field(default_factory=list)
    known: tuple = ()

    @property
    def table(self) -> np.ndarray:
        return next(iter(self.tables.values()))

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.elapsed if self.elapsed > 0 else float("nan")

    def meta(self) -> dict:
        return {"game": self.game, "players": self.players, "studies": list(self.studies), "seed": self.seed,
                "requested": self.requested, "deals": self.deals, "chunk_size": self.chunk_size,
                "interrupted": self.interrupted, "elapsed": self.elapsed,
                "hands": list(self.known[0]) if self.known else [],
                "board": list(self.known[1]) if self.known else [], "dead": self.known[2] if self.known else "",
                "chunks_done": list(self.chunks_done)}

    def csv(self, table: str | None = None) -> str:
        """One table as CSV text (header row, then one row per entry; floats in full precision)."""
        arr = self.tables[table] if table else self.table
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(_columns(arr))
        for row in arr.tolist():
            w.writerow([repr(x) if isinstance(x, float) else x for x in row])
        return buf.getvalue()

    def to_csv(self, path: FilePath, table: str | None = None) -> None:
        """Write one table (default: the first) as CSV."""
        with open(path, "w", newline="") as f:
            f.write(self.csv(table))

    def save(self, path: FilePath) -> None:
        """Write every table, the raw counts and the metadata to an ``.npz`` file (no pickles)."""
        arrays = {f"table/{k}": v for k, v in self.tables.items()}
        arrays.update({f"counts/{k}": v for k, v in self.counts.items()})
        arrays["meta"] = np.array(json.dumps(self.meta()))
        np.savez_compressed(path, **cast(dict[str, Any], arrays))  # numpy's stub types **kwds as its options

    to_npz = save

    @classmethod
    def load(cls, path: FilePath) -> SimulationResult:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(str(z["meta"]))
            tables = {k[6:]: z[k] for k in z.files if k.startswith("table/")}
            counts = {k[7:]: z[k] for k in z.files if k.startswith("counts/")}
        return cls(meta["game"], meta["players"], tuple(meta["studies"]), meta["seed"], meta["requested"],
                   meta["deals"], meta["chunk_size"], tables, counts, meta["interrupted"], meta["elapsed"],
                   chunks_done=meta.get("chunks_done", []), known=(tuple(meta["hands"]), tuple(meta["board"]),
                                                                   meta["dead"]))

    def to_dict(self) -> dict:
        """JSON-ready: metadata and every table as a list of row dicts."""
        d = self.meta()
        d["tables"] = {k: [dict(zip(_columns(v), row)) for row in v.tolist()] for k, v in self.tables.items()}
        return d

    def __repr__(self) -> str:
        head = (f"{self.game}, {self.players} players: {self.deals:,} deals, seed {self.seed}, "
                f"{', '.join(self.studies)}")
        if self.interrupted:
            head += f" (interrupted: {self.deals:,} of {self.requested:,} deals)"
        return self._text(head, rows=5)

    def __str__(self) -> str:
        return self._text(repr(self).splitlines()[0], rows=10)

    def _text(self, head: str, rows: int) -> str:
        lines = [head]
        for name, arr in self.tables.items():
            more = f", first {rows} (all: .tables[{name!r}])" if len(arr) > rows else ""
            lines.append(f"[{name}] {len(arr)} rows{more}:")
            names = _columns(arr)
            cells = [[_fmt(x) for x in row] for row in arr[:rows].tolist()]
            widths = [max([len(n)] + [len(r[i]) for r in cells]) for i, n in enumerate(names)]
            lines.append("  ".join(n.rjust(w) for n, w in zip(names, widths)))
            lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in cells]
        return "\n".join(lines)


def _columns(table: np.ndarray) -> tuple[str, ...]:
    """The column names of a study table (a structured array)."""
    return table.dtype.names or ()


def _fmt(x) -> str:
    if isinstance(x, float):
        return f"{x:.6f}" if math.isfinite(x) else str(x)
    return f"{x}"


def merge(total: dict[str, np.ndarray], part: dict[str, np.ndarray]) -> None:
    for k, v in part.items():
        total[k] += v


def _result(plan: Plan, counts, deals: int, done: list[int], interrupted: bool, elapsed: float) -> SimulationResult:
    hands, boards, dead = plan.spec.known
    known = (hands, boards if any(boards) else (), dead)  # no board card known: board []
    tables = {}
    for s in plan.studies:
        tables.update(_STUDY_CLASSES[s]().tables(plan.spec, counts))
    return SimulationResult(plan.spec.game.name, plan.spec.players, plan.studies, plan.seed, plan.deals, deals,
                            plan.chunk_size, tables, counts, interrupted, elapsed, sorted(done), known)


# ---------------------------------------------------------------------------------------------
# Running chunks


def _progress_bar(enabled, total: int, desc: str):
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    return tqdm(total=total, unit=" deals", unit_scale=True, desc=desc, smoothing=0.05, dynamic_ncols=True,
                file=sys.stderr)


def _run_local(plan: Plan, chunks: Iterable[int], threads: int, on_done, stop: threading.Event) -> None:
    """Run chunks on ``threads`` threads (the kernels and the C core release the GIL) through the
    equity engines' pool: one chunk in flight per thread, so memory does not depend on the deal
    count.  Once ``stop`` is set nothing new starts and running chunks end at their next sub-batch."""
    engine._run_pool(lambda c: (c, plan.run_chunk(c, stop)), chunks, threads, lambda done: on_done(*done), stop=stop)


class _GracefulInterrupt:
    """While running in the main thread with Python's default SIGINT handler: the first
    Ctrl-C sets ``stop`` (the run winds down and returns what finished), a second one
    raises KeyboardInterrupt as usual."""

    def __init__(self, stop: threading.Event):
        self.stop = stop
        self.old = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread() and \
                signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self.old = signal.signal(signal.SIGINT, self._handler)
        return self

    def _handler(self, signum, frame):
        if self.stop.is_set():
            raise KeyboardInterrupt
        self.stop.set()

    def __exit__(self, *exc):
        if self.old is not None:
            signal.signal(signal.SIGINT, self.old)
        return False


def simulate(game: GameName, players: int | None = None, deals: int = 1_000_000, seed: int | None = None,
             study: str | Sequence[str] | None = None, *, board: Board = "", dead: Cards = "",
             hands: Sequence[Hand] | None = None, threads: int | None = None, progress: bool | None = None,
             client: Client | None = None, chunk_size: int = CHUNK) -> SimulationResult:
    """Deal ``deals`` random deals of ``game`` at a ``players``-handed table and run studies.

    game        a name from ``pyeval.GAMES``
    players     players dealt in (every hand goes to showdown)
    deals       number of deals (memory does not grow with it)
    seed        the seed (``None``: a random one, reported in the result); the same seed gives
                identical results for any thread count and on a Dask cluster
    study       "starting-hands", "categories", "hilo", or a list of them (see the module doc);
                default: the game's (``default_study``: starting hands in board games, else
                categories)
    board, dead, hands   known cards, as for ``pyeval.deal`` (the rest is dealt at random)
    threads     worker threads (default: all cores)
    progress    show a progress bar (default: when stderr is a terminal)
    client      a ``dask.distributed.Client``: run the chunks as Dask tasks (``pip install
                pyeval-poker[dask]``); see ``pyeval.cluster``
    chunk_size  deals per chunk (default ``CHUNK``); part of the result's definition

    Ctrl-C stops cleanly: the result holds the chunks that finished (``interrupted=True``,
    ``deals`` < ``requested``).
    """
    plan = make_plan(game, players, deals, seed, study, board, dead, hands, chunk_size)
    nthreads = default_threads(threads)
    total = plan.zeros()
    done: list[int] = []
    counted = [0]
    bar = _progress_bar(progress, plan.deals, f"{plan.spec.game.name} x{plan.spec.players}")
    stop = threading.Event()

    def on_done(c: int, counts) -> None:
        if counts is None or c in done_set:
            return
        merge(total, counts)
        done_set.add(c)
        done.append(c)
        counted[0] += plan.chunk_deals(c)
        if bar is not None:
            bar.update(plan.chunk_deals(c))

    done_set: set[int] = set()
    t0 = time.perf_counter()
    try:
        with _GracefulInterrupt(stop):
            if client is not None:
                from pyeval.engines import cluster

                cluster.run_plan(client, plan, on_done, stop=stop)
            else:
                _run_local(plan, range(plan.chunks), nthreads, on_done, stop)
    except KeyboardInterrupt:
        stop.set()
    finally:
        if bar is not None:
            bar.close()
    interrupted = counted[0] < plan.deals
    elapsed = time.perf_counter() - t0
    if interrupted:
        print(f"pyeval.simulate: interrupted; returning the {counted[0]:,} deals of {len(done)} finished chunks "
              f"(of {plan.deals:,} requested)", file=sys.stderr)
    return _result(plan, total, counted[0], done, interrupted, elapsed)
