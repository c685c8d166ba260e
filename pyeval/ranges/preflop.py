"""The shipped preflop tables (pyeval/data/preflop.npz, made by tables/preflop.py): the exact
class matrix, preflop equities, the preflop order that ``15%`` ranges take hands in."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from functools import cache
from importlib import resources

import numpy as np

from pyeval.core.cards import RANK_CHARS
from pyeval.ranges.classes import (
    CLASS_INDEX,
    CLASS_NAMES,
    CLASS_SIZES,
    COMBO_CLASS,
    HOLDEM_COMBOS,
    class_of,
    combo_masks,
)


@cache
def preflop_data() -> dict:
    path = resources.files("pyeval") / "data" / "preflop.npz"
    with resources.as_file(path) as p, np.load(p, allow_pickle=False) as z:
        data = {k: z[k] for k in z.files}
    for v in data.values():
        v.flags.writeable = False
    data["info"] = json.loads(str(data.pop("info_json")))
    if list(data["classes"]) != CLASS_NAMES:
        raise RuntimeError("pyeval/data/preflop.npz does not match this version's class order")
    return data


@cache
def _pairs_disjoint() -> np.ndarray:
    """Number of disjoint (row combo, column combo) pairs of each class pair."""
    ma = combo_masks(HOLDEM_COMBOS)
    disjoint = ((ma[:, None] & ma[None, :]) == 0).astype(np.float64)
    onehot = np.zeros((1326, 169))
    onehot[np.arange(1326), COMBO_CLASS] = 1
    out = np.rint(onehot.T @ disjoint @ onehot).astype(np.int64)  # small integers: exact in float64
    out.flags.writeable = False
    return out


BOARDS_HEADS_UP = math.comb(48, 5)


def preflop_counts() -> dict[str, np.ndarray]:
    """Exact heads-up counts (169 x 169, CLASS_NAMES order), summed over every disjoint pair of
    combos of the row and column classes and every board: ``wins`` (row wins), ``ties`` and
    ``total`` (pairs x 1,712,304 boards).  AA vs KK: 50,371,344 wins, 285,228 ties of 61,642,944.
    """
    d = preflop_data()
    return {"wins": d["wins"].astype(np.int64), "ties": d["ties"].astype(np.int64),
            "total": _pairs_disjoint() * BOARDS_HEADS_UP}


@cache
def _matrix() -> np.ndarray:
    c = preflop_counts()
    m = (c["wins"] + c["ties"] / 2) / c["total"]
    m.flags.writeable = False
    return m


def preflop_matrix(fractions: bool = False) -> np.ndarray | list[list[Fraction]]:
    """The exact heads-up preflop equity of every starting-hand class against every other:
    ``m[i, j]`` is class ``CLASS_NAMES[i]``'s equity against ``CLASS_NAMES[j]`` (averaged over
    their disjoint combo pairs, each pair over all 1,712,304 boards).  ``fractions=True``: a
    169 x 169 list of exact ``Fraction``.

    >>> m = preflop_matrix()
    >>> round(float(m[CLASS_NAMES.index("AA"), CLASS_NAMES.index("KK")]), 5)
    0.81946
    """
    if fractions:
        c = preflop_counts()
        w, t, tot = c["wins"].tolist(), c["ties"].tolist(), c["total"].tolist()
        return [[Fraction(2 * w[i][j] + t[i][j], 2 * tot[i][j]) for j in range(169)] for i in range(169)]
    return _matrix()


def preflop_equity(hand: str | None = None, opponents: int = 1) -> float | np.ndarray:
    """Equity of a starting hand (class name like ``'AKs'``, or two cards) against ``opponents``
    random hands: exact for 1 opponent (from the matrix), Monte Carlo for 2..9 (the table's
    standard error is ``preflop_info()["stderr"]``).  Without ``hand``: the 169 values in
    CLASS_NAMES order.

    >>> round(preflop_equity("As6s"), 6)
    0.599058
    """
    if not 1 <= opponents <= 9:
        raise ValueError("opponents must be 1..9")
    if opponents == 1:
        c = preflop_counts()
        values = (c["wins"].sum(axis=1) + c["ties"].sum(axis=1) / 2) / c["total"].sum(axis=1)
    else:
        values = preflop_data()["mc_equity"][:, opponents - 2]
    if hand is None:
        return values
    return float(values[_class_index(hand)])


def _class_index(hand: str) -> int:
    h = hand.strip()
    if h in CLASS_INDEX:
        return CLASS_INDEX[h]
    if len(h) == 2 and h[0].upper() == h[1].upper() and h[0].upper() in RANK_CHARS:
        return CLASS_INDEX[h.upper()]
    if len(h) == 3 and h[2].lower() in "so":
        name = h[:2].upper() + h[2].lower()
        if name in CLASS_INDEX:
            return CLASS_INDEX[name]
        swapped = name[1] + name[0] + name[2]
        if swapped in CLASS_INDEX:
            return CLASS_INDEX[swapped]
    return CLASS_INDEX[class_of(h)]


def preflop_order() -> list[str]:
    """The 169 classes from best to worst by exact equity against one random hand: the order
    of ``N%`` ranges (ties, if any, in CLASS_NAMES order)."""
    eq = preflop_equity()
    return [CLASS_NAMES[i] for i in np.argsort(-eq, kind="stable")]


def preflop_info() -> dict:
    """The tables' provenance: generator, wall times, Monte Carlo samples, seed and standard
    errors (``stderr``: 169 x 8 array for 2..9 opponents)."""
    d = preflop_data()
    info = dict(d["info"])
    info["stderr"] = d["mc_stderr"]
    info["samples"] = d["mc_samples"]
    return info


def top_percent(p: float) -> np.ndarray:
    order = [CLASS_INDEX[n] for n in preflop_order()]
    sizes = CLASS_SIZES[order]
    cum = np.concatenate([[0], np.cumsum(sizes)])
    target = p / 100 * 1326
    k = int(np.argmin(np.abs(cum - target)))  # first minimum: ties take fewer classes
    if k == 0:
        return np.zeros(0, np.int64)
    chosen = np.isin(COMBO_CLASS, order[:k])
    return np.flatnonzero(chosen)
