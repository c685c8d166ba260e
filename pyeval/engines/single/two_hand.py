"""The building blocks of the exact two-hand count (inclusion-exclusion over shared cards), shared
by its high-only form (pyeval/engines/single/exact_strategies.py) and its hi/lo form
(pyeval/engines/single/two_hand_hilo.py): each hand's completions and strengths, and the subset buckets."""

from __future__ import annotations

import numpy as np

from pyeval.core._threads import default_threads
from pyeval.engines import pool
from pyeval.engines.engine import BINOM, Layout, evaluate_block


def player_values(layout: Layout, p: int, part: int = 0):
    """All completions of player p's hand (combinations of live-deck positions) and their strengths
    in pot part ``part``."""
    from pyeval.engines.native import deal_kernels

    cols = np.nonzero(layout.src[p] >= 0)[0]
    cols = cols[np.argsort(layout.src[p, cols])]
    k = len(cols)
    combos = deal_kernels.all_combinations(len(layout.deck), k)[:, :k] if k else np.zeros((1, 0), np.uint8)
    rows = np.repeat(layout.fixed[p][None, :], len(combos), axis=0)
    rows[:, cols] = layout.deck[combos]
    kind = layout.parts[part][0]
    return combos, evaluate_block(kind, layout.game.use, np.ascontiguousarray(rows), layout.hole, layout.board,
                             layout.game.lowest_card)


TWO_HAND_STEP = 1 << 16
"""Combos per call of the two-hand count's kernels: each call is short, so Ctrl-C and the
progress bar act between calls."""


def subset_buckets(combos: np.ndarray, values: np.ndarray, m: int) -> tuple:
    """For every subset S of up to k live positions, the sorted values of the combos holding S:
    (base, offsets, data), bucket base[|S|] + colex rank of S (pyeval.engines.native.deal_kernels.subset_sizes)."""
    from pyeval.engines.native import deal_kernels

    k = combos.shape[1]
    base = np.zeros(k + 2, np.int64)
    for s in range(k + 1):
        base[s + 1] = base[s] + BINOM[m, s]
    sizes = np.zeros(base[k + 1] + 1, np.int64)
    steps = range(0, len(combos), TWO_HAND_STEP)
    pool.run_pool(lambda lo: deal_kernels.subset_sizes(combos[lo:lo + TWO_HAND_STEP], k, base, sizes), steps, 1,
              lambda _: None)
    offsets = np.cumsum(sizes)
    fill = offsets[:-1].copy()
    data = np.empty(offsets[-1], np.int32)
    pool.run_pool(lambda lo: deal_kernels.subset_fill(combos[lo:lo + TWO_HAND_STEP], values[lo:lo + TWO_HAND_STEP],
                                                   k, base, fill, data), steps, 1, lambda _: None)
    buckets = len(offsets) - 1
    per = max(1, buckets // 64)
    pool.run_pool(lambda lo: deal_kernels.sort_buckets(offsets, data, lo, min(buckets, lo + per)),
                  range(0, buckets, per), default_threads(None), lambda _: None)
    return base, offsets, data
