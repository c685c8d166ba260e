"""Monte Carlo equity when players hold ranges (the sampling half of ``pyeval.engines.range.equity``).

Unbiased weighted sampling with card removal by rejection: every range player draws a combo by
weight, independently; if any two collide, the whole draw is rejected and redrawn; random
players then take uniform cards from what is left, and the board is completed uniformly.  The
deal model is described in pyeval/engines/range/equity.py.

Two samplers draw the same deals from a chunk's state: on one board or two with an evaluator of
the C board engine (every hold'em, short deck and Omaha game) and outcome patterns few enough to
histogram, C draws, evaluates and counts each deal in one loop (csrc/range_sample.c); elsewhere
(as nine-handed hi/lo, and every query with folded players, whose strengths are zeroed between
evaluation and tally: pyeval/engines/range/folded.py) numba draws the deals into evaluation rows,
the C core evaluates them and numba tallies.
"""

from __future__ import annotations

import math

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.engines import engine, pool
from pyeval.engines.range.combo_tally import ComboTally
from pyeval.query.limits import MAX_TRIES
from pyeval.ranges import Range
from pyeval.ranges.classes import combo_masks
from pyeval.results.tally import POT, Tally, standard_errors

__all__ = ["run_monte_carlo"]

_NO_DEAL = ("no deal is possible, or almost none: the ranges keep colliding "
            f"({MAX_TRIES:,} draws in a row)")


class _Deals:
    """What every sampler reads: the ranges as one block of combos per player (a random player
    has none), their weights, the live deck and the query's pot parts."""

    def __init__(self, spot):
        self.spot = spot
        P, h = spot.P, spot.hole
        self.kinds = np.array([1 if pl.kind == "random" else 0 for pl in spot.players], np.int64)
        self.blocks = [pl.range if pl.kind != "random" else None for pl in spot.players]
        self.sizes = [len(b) if b is not None else 0 for b in self.blocks]
        self.offsets = np.concatenate([[0], np.cumsum(self.sizes)]).astype(np.int64)
        combos = np.concatenate([b.combos for b in self.blocks if b is not None] or [np.zeros((0, h), np.uint8)])
        self.combos = np.ascontiguousarray(combos.reshape(-1, h).astype(np.uint8))
        self.masks = combo_masks(self.combos) if len(self.combos) else np.zeros(0, np.uint64)
        self.cumw = np.zeros(len(self.combos))
        self.uniform = np.zeros(P, np.bool_)
        for p, b in enumerate(self.blocks):
            if b is not None:
                c = np.cumsum(b.weights)
                self.cumw[self.offsets[p]:self.offsets[p + 1]] = c / c[-1]
                self.uniform[p] = bool((b.weights == b.weights[0]).all())
        self.layout = spot.layout_for([np.zeros(0, np.uint8)] * P)
        self.maxc = max(self.sizes + [1])
        self.boards_known = [b.astype(np.uint8) for b in spot.boards] if spot.boards else \
            [np.zeros(0, np.uint8)] * len(spot.missing)

    def per_combo_zeros(self) -> np.ndarray:
        return np.zeros((5, self.spot.P, self.maxc), np.int64)  # units, sumsq, wins, ties, samples


class _CSampler:
    """One board and a C evaluator kind: csrc/range_sample.c draws and counts each chunk's deals
    (the numba sampler's deals), into a histogram of outcome patterns and, per combo, one of its
    player's share levels (the distinct pot shares the patterns pay)."""

    def __init__(self, deals: _Deals, kinds: tuple[int, int], patterns, levels: np.ndarray, values: np.ndarray):
        self.deals, self.patterns, self.values = deals, patterns, values
        spot = deals.spot
        self.hist = np.zeros(patterns.size, np.int64)
        self.combo_counts = np.zeros((len(deals.combos), len(values)), np.int64)
        self.rejected = 0
        known = np.concatenate([*deals.boards_known, np.zeros(1, np.uint8)]).astype(np.uint8)  # never empty
        self._keep = [deals.combos, deals.offsets, deals.cumw, deals.uniform.astype(np.uint8), levels, known,
                      np.array([len(b) for b in deals.boards_known], np.int32),
                      np.ascontiguousarray(spot.live, np.uint8), np.array(spot.missing, np.int32)]
        combos, offsets, cumw, uniform, levels, known, known_n, live, missing = self._keep  # alive while in use
        self._args = (ffi.from_buffer("uint8_t[]", combos), len(combos), ffi.from_buffer("int64_t[]", offsets),
                      ffi.from_buffer("double[]", cumw), ffi.from_buffer("uint8_t[]", uniform), spot.P, spot.hole,
                      len(missing), ffi.from_buffer("uint8_t[]", known), ffi.from_buffer("int32_t[]", known_n),
                      ffi.from_buffer("uint8_t[]", live), len(live), ffi.from_buffer("int32_t[]", missing),
                      kinds[0], kinds[1], ffi.from_buffer("uint8_t[]", levels), len(values))

    def chunks(self, jobs):
        """The counts of consecutive chunks (engine.sample_jobs), each from its own stream, summed
        by the C sampler into one histogram (it adds to what it is given)."""
        hist = np.zeros_like(self.hist)
        combo_counts = np.zeros_like(self.combo_counts)
        rejected = np.zeros(1, np.int64)
        into = (ffi.from_buffer("int64_t[]", hist), len(hist), ffi.from_buffer("int64_t[]", combo_counts),
                ffi.from_buffer("int64_t[]", rejected))
        for n, _, state in jobs:
            state = np.array(state, np.uint64)
            status = lib.pyeval_range_sample_boards(*self._args, ffi.from_buffer("uint64_t[]", state), n, MAX_TRIES,
                                                    *into)
            if status == -1:
                raise ValueError(_NO_DEAL)
            if status == -5:
                raise MemoryError("the range sampler could not copy the ranges")
            if status != 0:
                raise RuntimeError(f"internal error: the range sampler refused a chunk (status {status})")
        return hist, combo_counts, int(rejected[0])

    def add(self, res) -> None:
        hist, combo_counts, rejected = res
        self.hist += hist
        self.combo_counts += combo_counts
        self.rejected += rejected

    def tally(self) -> Tally:
        return self.patterns.tally(self.hist)

    def per_combo(self) -> np.ndarray:
        v = self.values
        stats = np.stack([v, v * v, v == POT, (v > 0) & (v < POT), np.ones_like(v)], axis=1)
        out = self.deals.per_combo_zeros()
        d = self.deals
        for p, size in enumerate(d.sizes):
            out[:, p, :size] = (self.combo_counts[d.offsets[p]:d.offsets[p + 1]] @ stats.astype(np.int64)).T
        return out


def share_levels(patterns) -> tuple[np.ndarray, np.ndarray] | None:
    """The distinct pot shares the outcome patterns pay (values), and each (pattern, player)'s
    index into them (uint8, patterns x players); None when there are more than 256."""
    values = np.unique(patterns.share)
    if len(values) > 256:
        return None
    return np.ascontiguousarray(np.searchsorted(values, patterns.share).astype(np.uint8)), values


def _c_sampler(deals: _Deals) -> _CSampler | None:
    """The C sampler where it applies (one board or two, an evaluator kind of the C board engine,
    outcome patterns few enough to histogram)."""
    spot, layout = deals.spot, deals.layout
    kinds = spot.g.board_kinds
    if not 1 <= len(spot.missing) <= lib.PYEVAL_MAX_BOARDS or kinds is None or layout.patterns is None:
        return None
    levels = share_levels(layout.patterns)
    if levels is None:
        return None
    return _CSampler(deals, kinds, layout.patterns, *levels)


class _NumbaSampler:
    """Any other query: numba draws each chunk's deals into evaluation rows, the C core evaluates
    them, numba tallies pot units, also per combo."""

    def __init__(self, deals: _Deals):
        self.deals = deals
        self.total = Tally.zeros(deals.spot.P, len(deals.layout.parts))
        self.per_combo_total = deals.per_combo_zeros()
        self.rejected = 0

    def chunk(self, job):
        d, spot = self.deals, self.deals.spot
        P, h, g, parts = spot.P, spot.hole, spot.g, d.layout.parts
        width = h + g.board
        n, _, state = job  # engine.sample_jobs
        missing = np.array(spot.missing, np.int64)
        rows = np.empty((len(missing), P, n, width), np.uint8)
        for b, kb in enumerate(d.boards_known):
            rows[b, :, :, h:h + len(kb)] = kb
        idx = np.full((n, P), -1, np.int32)
        known_len = np.array([len(b) for b in d.boards_known], np.int64)
        from pyeval.engines.native import range_sample as kernels  # numba: only what the C sampler does not take

        rejected = kernels.sample_deals(state.copy(), d.combos, d.masks, d.cumw, d.uniform, d.offsets, d.kinds,
                                        spot.live, h, known_len, missing, rows, idx, MAX_TRIES)
        if rejected < 0:
            raise ValueError(_NO_DEAL)
        strengths = np.empty((len(parts), P, n), np.int32)
        for j, (kind, b, _, _) in enumerate(parts):
            block = rows[b].reshape(P * n, width)
            strengths[j] = engine.evaluate_block(kind, g.use, block, h, g.board, g.lowest_card).reshape(P, n)
        strengths[:, spot.active:] = 0  # folded players never show down (pyeval/engines/range/folded.py)
        t = Tally.zeros(P, len(parts))
        t.outcomes = n
        per_combo = d.per_combo_zeros()
        kernels.tally_deals(strengths, n, d.layout.split, d.layout.fallback, POT, t.units, t.sumsq, t.wins,
                            t.ties, t.part_units, t.no_qualifier, idx, per_combo)
        return t, per_combo, rejected

    def chunks(self, jobs):
        """Consecutive chunks (engine.sample_jobs), each from its own stream, summed."""
        total = Tally.zeros(self.deals.spot.P, len(self.deals.layout.parts))
        per_combo_total, rejected_total = self.deals.per_combo_zeros(), 0
        for job in jobs:
            t, per_combo, rejected = self.chunk(job)
            total.add(t)
            per_combo_total += per_combo
            rejected_total += rejected
        return total, per_combo_total, rejected_total

    def add(self, res) -> None:
        t, per_combo, rejected = res
        self.total.add(t)
        self.per_combo_total += per_combo
        self.rejected += rejected

    def tally(self) -> Tally:
        return self.total

    def per_combo(self) -> np.ndarray:
        return self.per_combo_total


def run_monte_carlo(spot, samples: int, seed: int, stderr_target: float | None, cap: int):
    deals = _Deals(spot)
    # folded players: their strengths are zeroed between evaluation and tally, which only numba's path exposes
    sampler: _CSampler | _NumbaSampler | None = None if spot.folders else _c_sampler(deals)
    if sampler is None:
        sampler = _NumbaSampler(deals)

    def run(jobs, count: int) -> None:  # consecutive chunks a job (engine.in_groups)
        groups, size = engine.in_groups(jobs, -(-count // engine.CHUNK), spot.threads)
        pool.run_pool(sampler.chunks, groups, spot.threads, sampler.add, size, True, count)

    if stderr_target is None:
        run(engine.sample_jobs(samples, seed), samples)
        pool.stopped(sampler.tally())
    else:
        # one chunk, then as many more as the observed standard error says are needed (+10%);
        # chunk c always uses stream (seed, c): the answer depends on the seed only
        c0, rounds = 0, 1
        while (done := sampler.tally().outcomes) < cap:
            size = min(rounds * engine.CHUNK, cap - done)
            run(engine.sample_jobs(size, seed, c0), size)
            c0 += rounds
            total = sampler.tally()
            se = float(standard_errors(total).max())
            if pool.stopped(total) or se <= stderr_target:
                break
            more = total.outcomes * ((se / stderr_target) ** 2 * 1.1 - 1)
            rounds = max(1, math.ceil(more / engine.CHUNK))
    total = sampler.tally()
    per_combo_total = sampler.per_combo()
    combo_eq: list[np.ndarray | None] = []
    combo_prob: list[np.ndarray | None] = []
    shown: list[Range | None] = []
    counts: list[ComboTally | None] = []
    for p, b in enumerate(deals.blocks):
        if b is None:
            combo_eq.append(None)
            combo_prob.append(None)
            shown.append(None)
            counts.append(None)
            continue
        cu, csq, cw, ct, cc = (x[p, :len(b)].copy() for x in per_combo_total)
        with np.errstate(invalid="ignore", divide="ignore"):
            combo_eq.append(cu / (cc * POT))
        combo_prob.append(cc / total.outcomes)
        shown.append(b)
        counts.append(ComboTally(cu, cw, ct, cc, csq))
    r = spot.finish(deals.layout, total, "monte-carlo", seed, shown, combo_eq, combo_prob, counts)
    r.extra["rejected_draws"] = sampler.rejected
    return r
