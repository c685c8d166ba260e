"""Heads-up exact hi/lo counts without visiting every (A, B) pair (issue 16, item 3).

The high-only two-hand count (pyeval.engines.single.exact_strategies.run_two_hand_count) needs, for each completion A of
the first hand, how many disjoint completions B of the second hand are weaker, equal or
stronger: one sorted list per subset of cards and inclusion-exclusion over A's cards.  Hi/lo
needs the two comparisons jointly (A may win the high half and lose the low half), so each
question becomes a 2-D dominance count: how many B containing a subset S have hi(B) < hi(A)
and lo(B) < lo(A), and so on for <=.  They are answered offline, bucket by bucket: A's and B's
entries of bucket S are both sorted by (hi, lo) (the same subset buckets as the high-only
count), swept in hi order, B's lows kept in a Fenwick tree over the few low ranks (an 8-or-
better low has 57 values with "no low").

Per A the nine (hi, lo) comparison cells give its outcome pattern (who wins each half; a low
nobody qualifies for goes to the high winner), so the result is the pattern histogram of the
generic engine, read by the same PatternTable.  Stud hi/lo third street heads-up, 18.3e9
outcomes, takes seconds (benchmarks/RESULTS.md).
"""

from __future__ import annotations

import numpy as np

from pyeval.engines import engine, pool
from pyeval.engines.single import two_hand
from pyeval.results.tally import Tally

BUCKET_STEP = 1 << 12
"""Buckets per call of the sweep kernel: calls stay short (Ctrl-C and progress act between them)."""


def applies(layout: engine.Layout) -> bool:
    """The layouts this count handles: the two-hand count's, with a high part and a low part that
    falls back to it (stud hi/lo, and any hi/lo game whose board is fully known)."""
    return len(layout.parts) == 2 and layout.parts[1][3] == 0 and layout.parts[0][3] == -1


def _ranks(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Both players' strengths as ranks 0.. of their common sorted levels (order kept)."""
    levels = np.unique(np.concatenate([a, b]))
    return np.searchsorted(levels, a).astype(np.int64), np.searchsorted(levels, b).astype(np.int64), levels


def run(layout: engine.Layout, threads: int = 1) -> Tally:
    """The exact Tally of a heads-up hi/lo query (``applies``), equal to the generic engine's."""
    from pyeval.engines.native import deal_kernels

    combos_a, hi_a = two_hand.player_values(layout, 0, 0)
    _, lo_a = two_hand.player_values(layout, 0, 1)
    combos_b, hi_b = two_hand.player_values(layout, 1, 0)
    _, lo_b = two_hand.player_values(layout, 1, 1)
    hra, hrb, _ = _ranks(hi_a, hi_b)
    lra, lrb, lo_levels = _ranks(lo_a, lo_b)
    n_lo = len(lo_levels)
    no_low = 0 if lo_levels[0] == 0 else -1  # the rank of "no qualifying low", if anybody has it
    if (int(max(hra.max(), hrb.max())) + 1) * n_lo >= 1 << 31:
        raise RuntimeError("internal error: too many strength levels for the hi/lo count")
    # One int32 key per completion, ordered by (hi, lo): the buckets sort it as they sort values.
    key_a = (hra * n_lo + lra).astype(np.int32)
    key_b = (hrb * n_lo + lrb).astype(np.int32)
    m = len(layout.deck)
    base, off_b, data_b = two_hand.subset_buckets(combos_b, key_b, m)
    _, off_a, data_a = two_hand.subset_buckets(combos_a, key_a, m)
    shared = min(combos_a.shape[1], combos_b.shape[1])
    buckets = int(base[shared + 1])  # subsets both hands can hold
    grid = np.zeros((2, 3, 3), np.int64)

    def sweep(lo):
        part = np.zeros((2, 3, 3), np.int64)
        deal_kernels.count_hilo_buckets(off_a, data_a, off_b, data_b, base, n_lo, no_low, lo,
                                         min(buckets, lo + BUCKET_STEP), part)
        return part

    pool.run_pool(sweep, range(0, buckets, BUCKET_STEP), threads, grid.__iadd__)
    counts = patterns_of_grid(grid)
    assert counts.sum() == layout.outcomes and layout.patterns is not None
    return layout.patterns.tally(counts)


def patterns_of_grid(grid: np.ndarray) -> np.ndarray:
    """The 16-pattern histogram (hi winner mask | lo winner mask << 2) of the cumulative counts
    ``grid[g, h, l]``: pairs with hi(B) <, <=, any hi(A) (h = 0, 1, 2) and lo(B) <, <=, any lo(A)
    (l), g = 1 where A has no low (an equal low is then nobody's)."""
    cells = np.diff(np.diff(grid, axis=1, prepend=0), axis=2, prepend=0)  # [g, hi cmp, lo cmp]: B <, ==, >
    hi_mask = (0b01, 0b11, 0b10)  # B's hi below, equal to or above A's: A wins, tie, B wins
    lo_mask = ((0b01, 0b11, 0b10), (0b01, 0b00, 0b10))  # the same for the low half; g = 1: equal is no low
    counts = np.zeros(16, np.int64)
    for g in range(2):
        for h in range(3):
            for q in range(3):
                counts[hi_mask[h] | lo_mask[g][q] << 2] += cells[g, h, q]
    return counts
