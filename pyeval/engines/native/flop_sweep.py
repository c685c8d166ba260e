"""Exact heads-up range equity on many flops at once, in C (csrc/flop_sweep.c): per flop, every
turn and river, each combo of both ranges evaluated once and the two ranges swept against each
other (the sweep of pyeval/engines/native/range_exact.py's ``sweep_heads_up``, csrc/range_sweep.h).
``pyeval.flop_report`` (pyeval/analysis/flops/) calls it; the C call releases the GIL, so slices
of the flops run on every core.

Every array is checked here (dtype, layout, shape) and the C code checks every card and index."""

from __future__ import annotations

import numpy as np

from pyeval.core._native import lib
from pyeval.engines.native.deal_kernels import pointer
from pyeval.engines.native.range_exact import check_heads_up, check_kernel, check_shape

__all__ = ["flop_boards", "flop_sweep", "KINDS"]

KINDS = {"high": lib.PYEVAL_KIND_HIGH, "shortdeck": lib.PYEVAL_KIND_SHORTDECK,
         "shortdeck-straight": lib.PYEVAL_KIND_SHORTDECK_ALT}
"""The evaluator of each ``Game.high`` the kernel plays (hold'em's and the two short decks')."""


def _check_kind(high: str) -> None:
    if high not in KINDS:
        raise ValueError(f"the flop kernels play {', '.join(KINDS)} hands, not {high!r}")


def flop_sweep(flops: np.ndarray, high: str, lowest_card: int, dead_mask: int, combos: np.ndarray, n0: int,
               num0: np.ndarray, num1: np.ndarray, self0: np.ndarray, self1: np.ndarray) -> np.ndarray:
    """(n_flops, 6, max(n0, n1)) int64: per flop, range 0's combos' wins, ties and outcomes (rows
    0-2) and range 1's (rows 3-5) against the other range over every turn and river, each count
    weighted by the other range's integer weights (0 for a combo that touches the flop)."""
    _check_kind(high)
    if not isinstance(flops, np.ndarray) or flops.ndim != 2 or flops.shape[1] != 3:
        raise ValueError("flops: expected (n, 3) card codes")
    n0, n1 = check_heads_up(combos, n0, num0, num1, self0, self1)
    if not 0 <= int(dead_mask) < 1 << 52:
        raise ValueError("dead_mask: expected a 52-bit card mask")
    cols = max(n0, n1, 1)
    acc = np.zeros((flops.shape[0], 6, cols), np.int64)
    check_kernel(lib.pyeval_flop_sweep(pointer(flops, np.uint8, "flops"), flops.shape[0], KINDS[high], int(lowest_card),
                                 int(dead_mask), pointer(combos, np.uint8, "combos"), n0, n1,
                                 pointer(num0, np.int64, "num0"), pointer(num1, np.int64, "num1"),
                                 pointer(self0, np.int64, "self0"), pointer(self1, np.int64, "self1"),
                                 pointer(acc, np.int64, "acc", True), cols), "flop_sweep")
    return acc


def flop_boards(high: str, live: np.ndarray, perms: np.ndarray, combos: np.ndarray, n0: int, num0: np.ndarray,
                num1: np.ndarray, self0: np.ndarray, self1: np.ndarray, combo_perm: np.ndarray,
                flop_class: np.ndarray, n_classes: int, part: int, parts: int) -> np.ndarray:
    """(n_classes, n0 + n1) uint64: this part's wins (low 32 bits) and ties (high 32 bits) of each
    combo on each class's representative flop, from every 5-card board once up to the suit maps
    ``perms`` (csrc/flop_sweep.h: ``pyeval_flop_boards``)."""
    _check_kind(high)
    n0, n1 = check_heads_up(combos, n0, num0, num1, self0, self1)
    n = n0 + n1
    if not isinstance(perms, np.ndarray) or perms.ndim != 2 or perms.shape[1] != 4 or not 1 <= len(perms) <= 24:
        raise ValueError("perms: expected (1..24, 4) suit maps")
    check_shape(combo_perm, (len(perms), n), "combo_perm")
    check_shape(flop_class, (22100,), "flop_class")
    if not isinstance(live, np.ndarray) or live.ndim != 1:
        raise ValueError("live: expected the deck's cards")
    acc = np.zeros((int(n_classes), max(n, 1)), np.uint64)
    check_kernel(lib.pyeval_flop_boards(KINDS[high], pointer(live, np.uint8, "live"), live.size,
                                  pointer(perms, np.uint8, "perms"), len(perms), pointer(combos, np.uint8, "combos"),
                                  n0, n1, pointer(num0, np.int64, "num0"), pointer(num1, np.int64, "num1"),
                                  pointer(self0, np.int64, "self0"), pointer(self1, np.int64, "self1"),
                                  pointer(combo_perm, np.int32, "combo_perm"),
                                  pointer(flop_class, np.int32, "flop_class"),
                                  int(n_classes), int(part), int(parts), pointer(acc, np.uint64, "acc", True)),
           "flop_boards")
    return acc[:, :n]
