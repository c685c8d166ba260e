"""Suit isomorphism of a range query: the suit permutations that fix the boards, the dead cards
and every weighted range map combo assignments onto assignments with the same outcomes, so
exact range equity counts one assignment per orbit (pyeval/engines/range/equity.py)."""

from __future__ import annotations

import numpy as np

from pyeval.core.cards import permute_suits, suit_symmetries
from pyeval.ranges import Range
from pyeval.ranges.classes import combo_masks

__all__ = ["symmetry_group", "perm_tables"]

def symmetry_group(g, ranges, boards, dead) -> list[np.ndarray]:
    """Suit permutations that fix every board (as a set), the dead cards and every range with its
    weights.  Ranges may be None (random hands: always fixed)."""
    return [sigma for sigma in suit_symmetries([*boards, dead])
            if all(r is None or _range_perm(r, sigma) is not None for r in ranges)]


def _range_perm(r: Range, sigma: np.ndarray) -> np.ndarray | None:
    """Index of sigma(combo i) in r for every i, or None if sigma does not map r onto itself."""
    if (sigma == np.arange(4)).all():
        return np.arange(len(r))
    pm = combo_masks(permute_suits(r.combos, sigma))
    order = np.argsort(r.masks)
    pos = np.searchsorted(r.masks, pm, sorter=order)
    pos = np.minimum(pos, len(r) - 1)
    idx = order[pos]
    if not (r.masks[idx] == pm).all() or not (r.weights[idx] == r.weights).all():
        return None
    return idx


def perm_tables(ranges, group) -> np.ndarray:
    """(len(group), total combos) int64: local index of sigma(combo) per player block."""
    out = np.zeros((len(group), sum(len(r) for r in ranges)), np.int64)
    for s, sigma in enumerate(group):
        out[s] = np.concatenate([_range_perm(r, sigma) for r in ranges])
    return out
