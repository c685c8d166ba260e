"""Omaha flop reports: each flop's equities sampled by the range engine (``pyeval.equity`` with
ranges on that flop, exact where its budget allows), one seeded query per flop; and the flops'
probabilities estimated from sampled (hero, villain) deals.

Each flop's seed is drawn from the report's seed and the flop's position, so a report is the
same for a seed whatever the threads (each query is itself thread-count independent)."""

from __future__ import annotations

import secrets

import numpy as np

from pyeval.core import _progress
from pyeval.core.cards import format_cards
from pyeval.core.games import Game
from pyeval.engines.range.combo_tally import ComboTally
from pyeval.engines.range.equity import range_equity
from pyeval.ranges import Range

__all__ = ["sampled_counts", "FLOP_SAMPLES", "STDERR_TARGET", "PAIR_SAMPLES"]

STDERR_TARGET = 0.005
"""Each flop's equities are sampled to a standard error of at most this (0.5%)..."""
FLOP_SAMPLES = 10_000
"""... by this many deals per flop: an equity's standard error is at most 0.5 / sqrt(deals)."""
PAIR_SAMPLES = 4000
"""Sampled (hero, villain) deals behind the flops' probabilities in Monte Carlo reports."""


def _flop_seed(seed: int, i: int) -> int:
    return int(np.random.SeedSequence([seed, i]).generate_state(2, np.uint64).view(np.int64)[0] & (2**62 - 1))


def _into(full: Range, order: np.ndarray, part: Range | None, tally, row: int, out: ComboTally) -> None:
    """A flop's per-combo counts (over the range left after card removal) into row ``row`` of the
    whole range's arrays (``order``: the whole range's masks in ascending order)."""
    if part is None or tally is None:
        return
    idx = order[np.searchsorted(full.masks, part.masks, sorter=order)]
    for name in ("units", "wins", "ties", "outcomes"):
        getattr(out, name)[row, idx] = np.asarray(getattr(tally, name), np.int64)


def sampled_counts(g: Game, r0: Range, r1: Range, cards: np.ndarray, dead: np.ndarray, method: str,
                   samples: int | None, seed: int | None, threads: int, client) -> tuple[list[ComboTally],
                                                                                     np.ndarray, int]:
    """Per range, per-combo counts on every flop ((flops, combos) arrays), the (flops, 2) standard
    errors and the seed used."""
    if client is not None:
        raise ValueError("client= runs hold'em and short-deck reports; Omaha reports run locally")
    used = int(seed) if seed is not None else secrets.randbits(62)
    n = len(cards)
    counts = [ComboTally(*(np.zeros((n, len(r)), np.int64) for _ in range(4))) for r in (r0, r1)]
    stderr = np.zeros((n, 2))
    dead_text = format_cards(dead) if len(dead) else ""
    orders = [np.argsort(r.masks, kind="stable") for r in (r0, r1)]
    watch = _progress.current()
    if watch is not None:
        watch.add_total(n)
    # "exact": each flop exact where the range engine affords it (method auto), else sampled
    deals = None if method == "exact" else (samples if samples is not None else FLOP_SAMPLES)
    for i, flop in enumerate(cards):
        fm = np.bitwise_or.reduce(np.uint64(1) << flop.astype(np.uint64))
        if not ((r0.masks & fm) == 0).any() or not ((r1.masks & fm) == 0).any():
            stderr[i] = np.nan  # no deal on this flop: no counts, probability 0
            if watch is not None:
                watch.advance(1)
            continue
        res = range_equity(g.name, [r0, r1], board=format_cards(flop), dead=dead_text,
                           method="monte-carlo" if method != "exact" else "auto", samples=deals,
                           seed=_flop_seed(used, i), threads=threads)
        for p in (0, 1):
            _into((r0, r1)[p], orders[p], res.ranges[p], res.combo_tally[p], i, counts[p])
        if res.stderr is not None:
            stderr[i] = np.asarray(res.stderr, np.float64)[:2]
        if watch is not None:
            watch.advance(1)
    return counts, stderr, used


def sampled_pairs(r0: Range, r1: Range, raw_masks: np.ndarray, raw_class: np.ndarray, n_classes: int,
                  seed: int, pairs: int = PAIR_SAMPLES) -> np.ndarray:
    """Per flop class: the expected number of its raw flops a (hero, villain) deal leaves, over
    ``pairs`` deals drawn by weight with card removal (rejection): proportional to the classes'
    probabilities given the ranges."""
    rng = np.random.default_rng([seed, 42])
    p0 = np.asarray(r0.weights, np.float64) / np.sum(r0.weights)
    p1 = np.asarray(r1.weights, np.float64) / np.sum(r1.weights)
    out = np.zeros(n_classes)
    got = 0
    while got < pairs:
        a = r0.masks[rng.choice(len(r0), pairs, p=p0)]
        b = r1.masks[rng.choice(len(r1), pairs, p=p1)]
        ok = (a & b) == 0
        for m in (a | b)[ok][:pairs - got]:
            out += np.bincount(raw_class[(raw_masks & m) == 0], minlength=n_classes)
            got += 1
    return out / pairs
