"""The flops up to suit isomorphism: which raw flops a report's row stands for.

A suit permutation that maps both ranges (with their weights) and the dead cards onto
themselves maps every deal onto one with the same outcomes, so isomorphic flops have the same
row.  For ranges written by class (``"AKs, QQ+"``) that is all 24 permutations: 1,755 classes of
the 22,100 flops, of 4, 12 or 24 flops each.  A range that names suits (``"AsKs"``) keeps fewer
symmetries and so more classes; the weights always sum to the number of raw flops.

>>> from pyeval.core.cards import SUIT_PERMUTATIONS
>>> classes = flop_classes(list(SUIT_PERMUTATIONS), np.arange(52, dtype=np.uint8))
>>> len(classes.flops), int(classes.weights.sum()), sorted(set(classes.weights.tolist()))
(1755, 22100, [4, 12, 24])
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from pyeval.core.cards import permute_suits

__all__ = ["FlopClasses", "flop_classes", "raw_flops"]


@dataclass(frozen=True)
class FlopClasses:
    """flops (n, 3): one flop per class, its cards from the highest down; weights: how many raw
    flops each stands for; raw (m, 3) every raw flop and raw_class (m,) its class's index."""

    flops: np.ndarray
    weights: np.ndarray
    raw: np.ndarray
    raw_class: np.ndarray


def raw_flops(live: np.ndarray) -> np.ndarray:
    """Every 3-card flop of the live cards (m, 3) uint8, each flop's cards ascending."""
    return np.array(list(combinations(sorted(np.asarray(live).tolist()), 3)), np.uint8).reshape(-1, 3)


def _keys(flops: np.ndarray) -> np.ndarray:
    """One integer per flop as a set of cards (its cards sorted descending, base 52)."""
    s = -np.sort(-flops.astype(np.int64), axis=1)
    return (s[:, 0] * 52 + s[:, 1]) * 52 + s[:, 2]


def flop_classes(group: list[np.ndarray], live: np.ndarray) -> FlopClasses:
    """The orbits of the flops of ``live`` under the suit permutations ``group`` (maps suit ->
    suit, the identity included).  Each class is shown by its member with the largest key (cards
    from the highest down, suits in the order s, h, d, c of the highest cards), and the classes
    are listed from the highest flop down."""
    raw = raw_flops(live)
    keys = np.stack([_keys(permute_suits(raw, sigma)) for sigma in group]) if group else _keys(raw)[None]
    canonical = keys.max(axis=0)
    reps, raw_class, weights = np.unique(canonical, return_inverse=True, return_counts=True)
    order = np.argsort(-reps, kind="stable")  # the highest flop first
    rank_of = np.empty_like(order)
    rank_of[order] = np.arange(len(order))
    reps = reps[order]
    flops = np.stack([reps // (52 * 52), reps // 52 % 52, reps % 52], axis=1).astype(np.uint8)
    return FlopClasses(flops, weights[order].astype(np.int64), raw, rank_of[raw_class.ravel()])

