"""Exact heads-up preflop all-in counts for every pair of disjoint hold'em combos
(``pyeval/data/combo_pairs.npz``, made by ``tables/combo_pairs.py``).

Two combo pairs that differ only by a permutation of the suits (and the order of the two hands)
have the same counts, so the file holds one representative per class: the 1,624,350 ordered
pairs of disjoint combos fall into 47,008 classes.  For each it holds the first hand's wins and
the ties over the 1,712,304 boards; the second hand's wins are the rest.  ``combo_pair_counts()``
expands them to 1,326 x 1,326 arrays (``HOLDEM_COMBOS`` order), ``class_pair_counts()`` sums
them per class pair (the push/fold solver's payoffs: with strategies the same for every combo of
a class, a class's combos all have the same EV, and that EV is a sum over its combo pairs).
"""

from __future__ import annotations

import itertools
from functools import cache
from importlib import resources

import numpy as np

from pyeval.ranges.classes import COMBO_CLASS, COMBO_INDEX, HOLDEM_COMBOS, combo_masks

__all__ = ["BOARDS", "combo_pair_classes", "combo_pair_counts", "class_pair_counts"]

BOARDS = 1_712_304
"""Boards of five cards from the 48 cards two hands leave: every pair's outcomes."""


def _suit_images() -> np.ndarray:
    """(24, 1326): the combo each combo becomes under each permutation of the four suits."""
    out = np.empty((24, 1326), np.int64)
    cards = np.arange(52)
    for k, perm in enumerate(itertools.permutations(range(4))):
        image = (cards & ~3) | np.array(perm)[cards & 3]
        out[k] = COMBO_INDEX[image[HOLDEM_COMBOS[:, 0]], image[HOLDEM_COMBOS[:, 1]]]
    return out


@cache
def combo_pair_classes() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(first, second, key, forward) over every ordered pair of disjoint combos: the combo
    indices, the key of its class (the smallest ``a * 1326 + b`` over its images under the suit
    permutations and the swap of the hands: the class's representative ``(a, b)``), and whether
    the representative keeps the hands in order (``False``: its first hand is our second)."""
    masks = combo_masks(HOLDEM_COMBOS)
    first, second = np.nonzero((masks[:, None] & masks[None, :]) == 0)
    same = np.full(len(first), np.iinfo(np.int64).max)
    swapped = same.copy()
    for image in _suit_images():
        a, b = image[first], image[second]
        np.minimum(same, a * 1326 + b, out=same)
        np.minimum(swapped, b * 1326 + a, out=swapped)
    forward = same <= swapped
    return first, second, np.where(forward, same, swapped), forward


@cache
def _table() -> dict[str, np.ndarray]:
    path = resources.files("pyeval") / "data" / "combo_pairs.npz"
    with resources.as_file(path) as p, np.load(p, allow_pickle=False) as z:
        return {k: z[k] for k in z.files}


@cache
def combo_pair_counts() -> tuple[np.ndarray, np.ndarray]:
    """(wins, ties), each (1326, 1326) int32 in ``HOLDEM_COMBOS`` order: ``wins[a, b]`` boards on
    which combo ``a`` beats combo ``b``, ``ties[a, b]`` boards they split (of 1,712,304); zero
    where the combos share a card."""
    t = _table()
    first, second, key, forward = combo_pair_classes()
    at = np.searchsorted(t["key"], key)
    if not np.array_equal(t["key"][at], key):
        raise RuntimeError("pyeval/data/combo_pairs.npz does not match this version's combo order")
    rep_wins, rep_ties = t["wins"].astype(np.int64)[at], t["ties"].astype(np.int64)[at]
    wins = np.zeros((1326, 1326), np.int32)
    ties = np.zeros((1326, 1326), np.int32)
    wins[first, second] = np.where(forward, rep_wins, BOARDS - rep_wins - rep_ties)
    ties[first, second] = rep_ties
    for a in (wins, ties):
        a.flags.writeable = False
    return wins, ties


@cache
def class_pair_counts() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(wins, ties, pairs), each (169, 169) int64 in ``CLASS_NAMES`` order: the combo-pair counts
    summed over the disjoint pairs of each class pair, and the number of those pairs."""
    wins, ties = combo_pair_counts()
    onehot = np.zeros((1326, 169))
    onehot[np.arange(1326), COMBO_CLASS] = 1
    masks = combo_masks(HOLDEM_COMBOS)
    disjoint = (masks[:, None] & masks[None, :]) == 0
    # float64 matrix products (BLAS): every sum is an integer below 2**53, so exact
    out = tuple(np.rint(onehot.T @ m.astype(np.float64) @ onehot).astype(np.int64) for m in (wins, ties, disjoint))
    for a in out:
        a.flags.writeable = False
    return out
