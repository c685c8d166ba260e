"""Exact per-combo counts of two hold'em or short-deck ranges on many flops: the C flop sweep
(pyeval/engines/native/flop_sweep.py), its flops cut into chunks run on the engines' thread pool
(pyeval/engines/pool.py: progress and Ctrl-C as every engine) or as Dask tasks (``client=``,
pyeval/engines/cluster.py).  Each flop's counts are one ``ComboTally`` per range over the whole
range (a combo that touches the flop meets no outcome), exactly the per-combo counts of
``pyeval.equity`` on that flop (``RangeEquityResult.combo_tally``)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from pyeval.engines.native.flop_sweep import KINDS, flop_boards, flop_sweep
from pyeval.engines.pool import run_pool
from pyeval.engines.range.combo_tally import ComboTally
from pyeval.engines.range.symmetry import perm_tables
from pyeval.ranges import Range
from pyeval.results.tally import POT

__all__ = ["SweepPlan", "exact_counts", "sweeps"]

CHUNK = 16
"""Flops per job: a job is a few tens of milliseconds, so progress moves and two threads share."""


@dataclass(frozen=True)
class SweepPlan:
    """What every job needs (a Dask task carries it): the game's evaluator and deck (``live``),
    the dead cards, both ranges' combos (hero's first) with integer weights, each combo's twin in
    the other range, the suit maps that keep both ranges (identity first) and where each maps
    each combo."""

    high: str
    lowest_card: int
    dead_mask: int
    live: np.ndarray
    combos: np.ndarray
    n0: int
    num0: np.ndarray
    num1: np.ndarray
    self0: np.ndarray
    self1: np.ndarray
    perms: np.ndarray
    combo_perm: np.ndarray

    @property
    def packs(self) -> bool:
        """Whether a flop's wins and ties of a combo fit 32 bits each (the board kernel packs them)."""
        runouts = math.comb(len(self.live) - 3, 2)
        return runouts * max(int(self.num0.sum()), int(self.num1.sum()), 1) < 2**32

    def run_flops(self, flops: np.ndarray) -> np.ndarray:
        """Per flop, every turn and river: (flops, 6, combos) counts (csrc/flop_sweep.c's one_flop)."""
        return flop_sweep(flops, self.high, self.lowest_card, self.dead_mask, self.combos, self.n0, self.num0,
                          self.num1, self.self0, self.self1)

    def run_boards(self, flop_class: np.ndarray, n_classes: int, part: int, parts: int) -> np.ndarray:
        """One part of the boards up to isomorphism: (classes, combos) packed wins and ties."""
        return flop_boards(self.high, self.live, self.perms, self.combos, self.n0, self.num0, self.num1, self.self0,
                           self.self1, self.combo_perm, flop_class, n_classes, part, parts)


def sweeps(high: str) -> bool:
    """Whether the flop sweep plays this evaluator (hold'em and the short decks)."""
    return high in KINDS


def _twins(a: Range, b: Range) -> np.ndarray:
    """For each combo of ``a``, its index in ``b`` (-1: none)."""
    where = {int(m): i for i, m in enumerate(b.masks.tolist())}
    return np.array([where.get(int(m), -1) for m in a.masks.tolist()], np.int64)


def plan(high: str, lowest_card: int, dead: np.ndarray, live: np.ndarray, hero: Range, villain: Range,
         num0: np.ndarray, num1: np.ndarray, group: list[np.ndarray]) -> SweepPlan:
    """The plan of two ranges (after card removal of the dead cards) under the suit maps ``group``
    that keep both (``pyeval.engines.range.symmetry.symmetry_group``)."""
    combos = np.ascontiguousarray(np.vstack([hero.combos, villain.combos]).astype(np.uint8))
    dead_mask = sum(1 << int(c) for c in np.asarray(dead).tolist())
    identity = np.arange(4)
    group = [identity] + [g for g in group if not (np.asarray(g) == identity).all()]
    local = perm_tables([hero, villain], group)
    local[:, len(hero):] += len(hero)
    return SweepPlan(high, lowest_card, dead_mask, np.ascontiguousarray(live, np.uint8), combos, len(hero), num0,
                     num1, _twins(hero, villain), _twins(villain, hero), np.array(group, np.uint8),
                     np.ascontiguousarray(local, np.int32))


def _colex(flops: np.ndarray) -> np.ndarray:
    s = np.sort(flops.astype(np.int64), axis=1)
    return s[:, 0] + s[:, 1] * (s[:, 1] - 1) // 2 + s[:, 2] * (s[:, 2] - 1) * (s[:, 2] - 2) // 6


def _outcomes(p: SweepPlan, flops: np.ndarray) -> list[np.ndarray]:
    """Per range, (flops, combos): the weighted deals each combo meets on each flop, counted
    directly: every turn and river of the cards left (the same number for every pair of disjoint
    combos) times the other range's weight disjoint from the combo and the flop."""
    runouts = math.comb(len(p.live) - 7, 2)
    n0 = p.n0
    cm = p.combos.astype(np.int64)
    masks = (np.uint64(1) << cm[:, 0].astype(np.uint64)) | (np.uint64(1) << cm[:, 1].astype(np.uint64))
    out = [np.zeros((len(flops), n0), np.int64), np.zeros((len(flops), len(cm) - n0), np.int64)]
    sides = ((slice(0, n0), slice(n0, None), p.num1, p.self0), (slice(n0, None), slice(0, n0), p.num0, p.self1))
    for i, flop in enumerate(flops):
        fm = np.bitwise_or.reduce(np.uint64(1) << flop.astype(np.uint64))
        free = (masks & fm) == 0
        for side, (own, other, w_other, twin) in enumerate(sides):
            w = np.where(free[other], w_other, 0)
            per_card = np.bincount(cm[other].ravel(), weights=np.repeat(w, 2), minlength=52).astype(np.int64)
            same = np.where(twin >= 0, w[np.maximum(twin, 0)], 0) * (twin >= 0)
            c = cm[own]
            meets = int(w.sum()) - per_card[c[:, 0]] - per_card[c[:, 1]] + same
            out[side][i] = np.where(free[own], meets * runouts, 0)
    return out


def _tallies(wins: list[np.ndarray], ties: list[np.ndarray], outcomes: list[np.ndarray]) -> list[ComboTally]:
    """Heads-up counts as one ComboTally per range, arrays (flops, combos)."""
    return [ComboTally(POT * w + POT // 2 * t, w, t, n) for w, t, n in zip(wins, ties, outcomes)]


BY_FLOP = 100
"""Up to this many flops are counted flop by flop (1,176 boards each) rather than by visiting every
board of the deck once up to isomorphism (about 134,000 with all 24 suit maps, 2.6 million with none)."""


def exact_counts(p: SweepPlan, flops: np.ndarray, threads: int, client=None) -> list[ComboTally]:
    """Each range's per-combo counts on every flop: [hero's, villain's], arrays (flops, combos).
    ``flops`` must be distinct classes: no two of them images of each other under ``p.perms``."""
    if not p.packs or len(flops) <= BY_FLOP:  # weights too far apart to pack, or a few flops asked for
        return _flop_by_flop(p, flops, threads, client)
    flop_class = np.full(22100, -1, np.int32)
    flop_class[_colex(flops)] = np.arange(len(flops), dtype=np.int32)
    parts = max(8, 4 * threads)
    total = np.zeros((len(flops), len(p.combos)), np.uint64)

    def add(part_acc: np.ndarray) -> None:
        total[:] += part_acc

    if client is not None:
        _on_cluster(client, [(p, flop_class, len(flops), part, parts) for part in range(parts)], add)
    else:
        run_pool(lambda part: p.run_boards(flop_class, len(flops), part, parts), range(parts), threads, add)
    wins = (total & np.uint64(0xFFFFFFFF)).astype(np.int64)
    ties = (total >> np.uint64(32)).astype(np.int64)
    n0 = p.n0
    return _tallies([wins[:, :n0], wins[:, n0:]], [ties[:, :n0], ties[:, n0:]], _outcomes(p, flops))


def _flop_by_flop(p: SweepPlan, flops: np.ndarray, threads: int, client) -> list[ComboTally]:
    """Every turn and river of each flop (a few flops, or weights too far apart to pack; runs
    locally, even with ``client``)."""
    n1 = len(p.combos) - p.n0
    acc = np.zeros((len(flops), 6, max(p.n0, n1, 1)), np.int64)
    starts = list(range(0, len(flops), CHUNK))

    def put(result) -> None:
        start, part = result
        acc[start:start + len(part)] = part

    run_pool(lambda s: (s, p.run_flops(np.ascontiguousarray(flops[s:s + CHUNK]))), starts, threads, put)
    return _tallies([acc[:, 0, :p.n0], acc[:, 3, :n1]], [acc[:, 1, :p.n0], acc[:, 4, :n1]],
                    [acc[:, 2, :p.n0], acc[:, 5, :n1]])


def _board_task(item) -> np.ndarray:
    """A Dask task: one part of the boards (module level, so that it pickles by name)."""
    p, flop_class, n_classes, part, parts = item
    return p.run_boards(flop_class, n_classes, part, parts)


def _on_cluster(client, items: list, add) -> None:
    """Each part as a Dask task keyed by the plan and the part (pyeval/engines/cluster.py), its
    result added once; the current progress watch hears of each."""
    from pyeval.core import _progress
    from pyeval.engines.cluster import run_keyed, task_token

    watch = _progress.current()
    if watch is not None:
        watch.add_total(len(items))
    p, flop_class = items[0][0], items[0][1]
    token = task_token(p.high, p.live, p.combos, p.num0, p.num1, p.perms, flop_class)

    def done(item, part_acc) -> None:
        add(part_acc)
        if watch is not None:
            watch.advance(1)

    run_keyed(client, _board_task, items, lambda item: f"pyeval-flops-{token}-{item[3]}", done)
