"""Hold'em's 1,326 two-card combos and the 169 starting-hand classes (``CLASS_NAMES``,
``class_of``), and the card masks of combos."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from pyeval.core.cards import RANK_CHARS, parse_cards

if TYPE_CHECKING:
    from pyeval.core._types import Cards

# ---------------------------------------------------------------------------
# hold'em combos and the 169 starting-hand classes
# ---------------------------------------------------------------------------


def _holdem_combos() -> np.ndarray:
    rows = [(hi, lo) for hi in range(51, -1, -1) for lo in range(hi - 1, -1, -1)]
    return np.array(rows, np.uint8)


HOLDEM_COMBOS = _holdem_combos()
"""The 1,326 two-card combos, (1326, 2) uint8, higher card first, in descending order (AsAh first)."""

COMBO_INDEX = np.full((52, 52), -1, np.int64)
COMBO_INDEX[HOLDEM_COMBOS[:, 0], HOLDEM_COMBOS[:, 1]] = np.arange(1326)
COMBO_INDEX[HOLDEM_COMBOS[:, 1], HOLDEM_COMBOS[:, 0]] = np.arange(1326)


def _class_name(i: int, j: int) -> str:
    """Grid cell (row i, column j), ranks counted down from the ace: pairs on the diagonal,
    suited above it, offsuit below."""
    a, b = RANK_CHARS[12 - min(i, j)], RANK_CHARS[12 - max(i, j)]
    return a + b if i == j else a + b + ("s" if i < j else "o")


CLASS_NAMES: list[str] = [_class_name(i, j) for i in range(13) for j in range(13)]
"""The 169 starting-hand classes in grid order (row-major 13 x 13, aces first): ``CLASS_NAMES[0]
== 'AA'``, ``[1] == 'AKs'``, ``[13] == 'AKo'``; the order of ``preflop_matrix()``."""
CLASS_INDEX = {n: k for k, n in enumerate(CLASS_NAMES)}


def _combo_class(hi: int, lo: int) -> int:
    rh, rl = hi >> 2, lo >> 2
    if rh < rl:
        rh, rl = rl, rh
    i, j = 12 - rh, 12 - rl
    if rh == rl:
        return 13 * i + i
    return 13 * i + j if (hi & 3) == (lo & 3) else 13 * j + i


COMBO_CLASS = np.array([_combo_class(int(a), int(b)) for a, b in HOLDEM_COMBOS], np.int64)
"""Class index (into CLASS_NAMES) of each of HOLDEM_COMBOS."""
CLASS_SIZES = np.bincount(COMBO_CLASS, minlength=169)


def class_of(hand: Cards) -> str:
    """The class name of a two-card hand: ``class_of("Ah Kh") == 'AKs'``."""
    c = parse_cards(hand)
    if len(c) != 2:
        raise ValueError(f"a hold'em hand has 2 cards, got {len(c)}")
    return CLASS_NAMES[_combo_class(int(c[0]), int(c[1]))]


CLASS_MEMBERS = [np.flatnonzero(COMBO_CLASS == k) for k in range(169)]


def class_combos(name: str) -> np.ndarray:
    return CLASS_MEMBERS[CLASS_INDEX[name]]


def combo_masks(combos: np.ndarray) -> np.ndarray:
    """Card masks of rows of card codes, a column at a time (no (n, hole) uint64 temporary: a
    reduce along rows of 4-6 cards took 9 s over a random Omaha-6 hand's 20 million rows)."""
    out = np.zeros(len(combos), np.uint64)
    for col in range(combos.shape[1]):
        out |= np.left_shift(np.uint64(1), combos[:, col].astype(np.uint64))
    return out


def sorted_unique(values: np.ndarray) -> np.ndarray:
    """``np.unique(values)`` by a sort: numpy 2's hash-based unique took 8 s on 2 million card
    masks where sorting takes 0.1 s (the range parser's sets of hands are millions of masks)."""
    out = np.sort(values, kind="stable")
    if len(out) > 1:
        out = out[np.concatenate([[True], out[1:] != out[:-1]])]
    return out


def all_of(cards_in, k: int) -> np.ndarray:
    """Every k-subset of ``cards_in`` (in order), as a (C(n, k), k) uint8 array, built with numpy."""
    cards_in = np.asarray(cards_in, np.uint8)
    n = len(cards_in)
    if k == 0:
        return np.zeros((1, 0), np.uint8)
    # positions as uint8 (a deck has 52 cards): an int64 matrix of a random Omaha-6 hand's 20 million
    # rows was 1 GB
    pos = np.arange(n, dtype=np.uint8).reshape(-1, 1)
    for _ in range(k - 1):
        last = pos[:, -1].astype(np.int64)
        counts = n - 1 - last
        start = np.cumsum(counts) - counts
        offsets = np.arange(counts.sum()) - np.repeat(start, counts)
        nxt = (np.repeat(last + 1, counts) + offsets).astype(np.uint8)
        pos = np.hstack([np.repeat(pos, counts, axis=0), nxt[:, None]])
    return cards_in[pos]
