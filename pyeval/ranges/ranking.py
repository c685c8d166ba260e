"""The order behind Omaha ``N%`` ranges (4, 5 and 6 hole cards): hand classes under suit
isomorphism, ranked by Monte Carlo equity against one random hand (pyeval/data/omaha_ranking.npz,
made by tables/omaha_ranking.py).

A hand's class is the multiset of its four per-suit rank masks (suits are interchangeable
before the flop): the key is the four 13-bit masks sorted high to low, packed into 52 bits.
Omaha 4 has 16,432 classes, Omaha 5 134,459, Omaha 6 962,988.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from itertools import permutations

import numpy as np

from pyeval.ranges.classes import sorted_unique

RANKINGS = {4: "omaha", 5: "omaha5", 6: "omaha6"}  # hole cards -> the game the ranking was made in
_SUIT_PERMUTATIONS = np.array(list(permutations(range(4))), np.int64)  # (24, 4)


def suit_masks(combos: np.ndarray) -> np.ndarray:
    """(n, 4) int64: each hand's rank mask (bit = rank) in each suit."""
    combos = np.asarray(combos, np.int64)
    out = np.zeros((len(combos), 4), np.int64)
    rows = np.arange(len(combos))
    for col in range(combos.shape[1]):
        np.bitwise_or.at(out, (rows, combos[:, col] & 3), np.int64(1) << (combos[:, col] >> 2))
    return out


def class_keys(combos: np.ndarray) -> np.ndarray:
    """(n,) int64: each hand's suit-isomorphism class key (the per-suit masks sorted, packed)."""
    m = np.sort(suit_masks(combos), axis=1)[:, ::-1]
    return (m[:, 0] << 39) | (m[:, 1] << 26) | (m[:, 2] << 13) | m[:, 3]


def key_masks(keys: np.ndarray) -> np.ndarray:
    """(n, 4) int64: the per-suit masks of class keys, high to low."""
    keys = np.asarray(keys, np.int64)
    return np.stack([(keys >> s) & 0x1FFF for s in (39, 26, 13, 0)], axis=1)


def class_sizes(keys: np.ndarray) -> np.ndarray:
    """Hands in each class: 24 suit permutations over the permutations of equal suit masks."""
    m = key_masks(keys)
    same = np.ones(len(m), np.int64)
    # equal masks are adjacent once sorted: count the runs and divide 24 by their factorials
    run = np.ones(len(m), np.int64)
    for s in range(1, 4):
        run = np.where(m[:, s] == m[:, s - 1], run + 1, 1)
        same *= run
    return 24 // same


def representatives(keys: np.ndarray, hole: int) -> np.ndarray:
    """(n, hole) card codes: one hand of each class (mask i in suit i), highest card first."""
    m = key_masks(keys)
    out = np.zeros((len(m), hole), np.int64)
    fill = np.zeros(len(m), np.int64)
    rows = np.arange(len(m))
    for rank in range(12, -1, -1):
        for suit in range(4):
            has = (m[:, suit] >> rank) & 1 == 1
            out[rows[has], fill[has]] = 4 * rank + (3 - suit)
            fill += has
    if not (fill == hole).all():
        raise ValueError(f"class keys that are not {hole}-card hands")
    return out


def all_class_keys(hole: int) -> tuple[np.ndarray, np.ndarray]:
    """Every class of ``hole``-card hands from the 52-card deck: sorted keys and class sizes,
    built from the per-suit rank masks (no hand enumeration)."""
    popcount = np.array([bin(m).count("1") for m in range(8192)])
    by_count = [np.flatnonzero(popcount == c) for c in range(hole + 1)]
    keys = []
    # suit masks high to low with card counts c0..c3 summing to hole; equal counts need m_i >= m_{i+1}
    for c0 in range(hole + 1):
        for c1 in range(hole - c0 + 1):
            for c2 in range(hole - c0 - c1 + 1):
                c3 = hole - c0 - c1 - c2
                grids = np.meshgrid(by_count[c0], by_count[c1], by_count[c2], by_count[c3], indexing="ij")
                m = [g.ravel().astype(np.int64) for g in grids]
                ok = (m[0] >= m[1]) & (m[1] >= m[2]) & (m[2] >= m[3])
                keys.append(((m[0] << 39) | (m[1] << 26) | (m[2] << 13) | m[3])[ok])
    out = sorted_unique(np.concatenate(keys))
    return out, class_sizes(out)


_SPREAD = np.zeros(8192, np.uint64)  # a 13-bit rank mask -> card-mask bits of suit 0 (bit 4 * rank)
for _r in range(13):
    _SPREAD[(np.arange(8192) >> _r) & 1 == 1] |= np.uint64(1) << np.uint64(4 * _r)


def class_hand_masks(keys: np.ndarray) -> np.ndarray:
    """Sorted unique 52-bit card masks of every hand of the given classes."""
    m = key_masks(keys)
    hands = np.zeros((len(m), 24), np.uint64)
    for s in range(4):
        hands |= _SPREAD[m[:, _SUIT_PERMUTATIONS[:, s]]] << np.uint64(s)
    return sorted_unique(hands.ravel())


@cache
def _ranking_data() -> dict:
    path = resources.files("pyeval") / "data" / "omaha_ranking.npz"
    with resources.as_file(path) as p, np.load(p, allow_pickle=False) as z:
        data = {k: z[k] for k in z.files}
    data["info"] = json.loads(str(data.pop("info_json")))
    return data


@cache
def omaha_order(hole: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Class keys best first, their sizes and their equity against one random hand."""
    if hole not in RANKINGS:
        raise ValueError(f"pyeval ranks Omaha hands of 4, 5 or 6 cards, not {hole}")
    d = _ranking_data()
    keys, _ = all_class_keys(hole)  # the file holds the equities in sorted-key order, not the keys
    equity = d[f"equity{hole}"].astype(np.float64) / d["info"]["scale"]
    if len(equity) != len(keys):
        raise RuntimeError("pyeval/data/omaha_ranking.npz does not match this version's hand classes")
    order = np.lexsort((keys, -equity))  # ties by key: a total order
    out = keys[order], class_sizes(keys[order]), equity[order]
    for a in out:
        a.flags.writeable = False
    return out


def top_classes(hole: int, percent: float) -> int:
    """How many classes of the order make the top ``percent``: the count whose hands come
    nearest to percent% of all hands (ties: fewer)."""
    _, sizes, _ = omaha_order(hole)
    total = math.comb(52, hole)
    cum = np.concatenate([[0], np.cumsum(sizes)])
    target = percent / 100 * total
    i = int(np.searchsorted(cum, target))
    if i > 0 and (i == len(cum) or target - cum[i - 1] <= cum[i] - target):
        i -= 1
    return i


def percent_masks(hole: int, low: float, high: float) -> np.ndarray:
    """Card masks of the hands between the top ``low``% and the top ``high``% (low may be 0)."""
    keys, _, _ = omaha_order(hole)
    return class_hand_masks(keys[top_classes(hole, low):top_classes(hole, high)])


@cache
def _class_position(hole: int) -> tuple[np.ndarray, np.ndarray]:
    keys, _, _ = omaha_order(hole)
    by_key = np.argsort(keys)
    return keys[by_key], by_key


def class_positions(combos: np.ndarray) -> np.ndarray:
    """Each hand's class position in the order (0 = best)."""
    sorted_keys, position = _class_position(combos.shape[1])
    keys = class_keys(combos)
    return position[np.searchsorted(sorted_keys, keys)]
