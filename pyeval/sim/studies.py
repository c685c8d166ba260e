"""The studies of ``pyeval.simulate`` (``starting-hands``, ``categories``, ``hilo``): what each
counts per chunk of deals and the tables it makes of the counts, and the suit-canonical
starting-hand classes they share.  pyeval/sim/simulate.py plans and runs the chunks."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from pyeval.core.cards import RANK_CHARS, SUIT_CHARS
from pyeval.core.describe import CATEGORIES, category_index
from pyeval.engines import engine
from pyeval.results.tally import POT
from pyeval.sim import _sim_kernels

if TYPE_CHECKING:
    from pyeval.sim.deal import DealSpec

STUDIES = ("starting-hands", "categories", "hilo")


_STUDY_ALIASES = {"hands": "starting-hands", "starting_hands": "starting-hands", "starting-hand": "starting-hands",
                  "category": "categories", "hi-lo": "hilo", "hi/lo": "hilo", "low": "hilo"}


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
        ranks += engine.BINOM[combos[:, q].astype(np.int64), q + 1]
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


STUDY_CLASSES = {"starting-hands": _StartingHands, "categories": _Categories, "hilo": _HiLo}


def resolve_studies(study) -> tuple[str, ...]:
    names = [study] if isinstance(study, str) else list(study)
    if not names:
        raise ValueError("give at least one study")
    out = []
    for s in names:
        if not isinstance(s, str):
            raise TypeError(f"study must be a name, got {s!r}")
        key = s.strip().lower().replace("_", "-").replace(" ", "-")
        key = _STUDY_ALIASES.get(key, key)
        if key not in STUDY_CLASSES:
            raise ValueError(f"unknown study {s!r}; studies: {', '.join(STUDIES)}")
        if key not in out:
            out.append(key)
    return tuple(out)
