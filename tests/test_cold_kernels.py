"""The C kernels of stud and draw (pyeval.engines.native.deal_kernels, csrc/deal_kernels.c) against the numba
kernels they replace (tests/numba_kernels.py): the same arrays out of the same arrays in, the same
answers for whole queries, and no numba in a process that asks only stud or draw questions."""

from __future__ import annotations

import math
import subprocess
import sys
import types

import numba_kernels as K  # the numba kernels the C replaced (tests/numba_kernels.py)
import numpy as np
import pytest

import pyeval
from pyeval.engines import engine
from pyeval.engines.native import deal_kernels as C

BINOM = engine.BINOM


def random_cells(rng, rows, k, picks):
    """Distinct (row, column) cells, each given a pick index (the engine's cell layout)."""
    slots = rng.permutation(rows * k)[:picks]
    return np.array([(s // k, s % k, q) for q, s in enumerate(slots)], np.int64).reshape(-1, 3)


@pytest.mark.parametrize("trial", range(6))
def test_sample_rows_matches_numba(trial):
    rng = np.random.default_rng(trial)
    deck_n = int(rng.integers(8, 53))
    deck = rng.permutation(52)[:deck_n].astype(np.uint8)
    rows, k = int(rng.integers(1, 4)), int(rng.integers(1, 8))
    unknown = int(rng.integers(0, min(deck_n, rows * k) + 1))
    cells = random_cells(rng, rows, k, unknown)
    state = engine.chunk_seed(trial, 3)
    out_c, out_n = (np.full((rows, 700, k), 255, np.uint8) for _ in range(2))
    deck_c, deck_n_, state_c, state_n = deck.copy(), deck.copy(), state.copy(), state.copy()
    C.sample_rows(deck_c, unknown, state_c, cells, out_c)
    K.sample_rows(deck_n_, unknown, state_n, cells, out_n)
    assert np.array_equal(out_c, out_n) and np.array_equal(deck_c, deck_n_) and np.array_equal(state_c, state_n)


@pytest.mark.parametrize("trial", range(8))
def test_enumerate_rows_matches_numba(trial):
    rng = np.random.default_rng(100 + trial)
    deck_n = int(rng.integers(6, 16))
    deck = rng.permutation(52)[:deck_n].astype(np.uint8)
    sizes = []
    while len(sizes) < 3 and sum(sizes) < deck_n - 1:
        sizes.append(int(rng.integers(0, min(4, deck_n - sum(sizes)) + 1)))
    sizes = np.array(sizes, np.int64)
    total, left = 1, deck_n
    for s in sizes.tolist():
        total, left = total * math.comb(left, s), left - s
    unknown = int(sizes.sum())
    rows, k = 2, max(1, (unknown + 1) // 2)
    cells = random_cells(rng, rows, k, unknown)
    start = int(rng.integers(0, total))
    n = int(min(total - start + 3, 900))  # past the last completion: both stop there
    out_c, out_n = (np.full((rows, n, k), 255, np.uint8) for _ in range(2))
    C.enumerate_rows(deck, sizes, start, cells, out_c)
    K.enumerate_rows(deck, sizes, start, BINOM, cells, out_n)
    assert np.array_equal(out_c, out_n)


def random_strengths(rng, parts, players, n):
    """Few levels, many ties and zeros (a low part nobody qualifies for)."""
    return rng.integers(0, 4, size=(parts, players, n + 5)).astype(np.int32)


@pytest.mark.parametrize("parts,players", [(1, 2), (2, 3), (2, 8), (1, 7)])
def test_tallies_match_numba(parts, players):
    rng = np.random.default_rng(parts * 10 + players)
    n = 3000
    strengths = random_strengths(rng, parts, players, n)
    fallback = np.array([-1] + [0] * (parts - 1), np.int64)
    counts_c, counts_n = (np.zeros(1 << (parts * players), np.int64) for _ in range(2))
    C.tally_patterns(strengths, n, fallback, counts_c)
    K.tally_patterns(strengths, n, fallback, counts_n)
    assert np.array_equal(counts_c, counts_n) and counts_c.sum() == n
    split = np.zeros((parts, players + 1), np.int64)
    split[:, 1:] = [[(1680 // parts) // w for w in range(1, players + 1)]] * parts
    zeros = lambda: [np.zeros(players, np.int64) for _ in range(4)] + [  # noqa: E731
        np.zeros((parts, players), np.int64), np.zeros(parts, np.int64)]
    t_c, t_n = zeros(), zeros()
    C.tally(strengths, n, split, fallback, 1680, *t_c)
    K.tally(strengths, n, split, fallback, 1680, *t_n)
    assert all(np.array_equal(a, b) for a, b in zip(t_c, t_n))
    assert t_c[0].sum() > 0


@pytest.mark.parametrize("m,k", [(10, 0), (10, 1), (12, 4), (20, 3), (9, 8), (8, 8)])
def test_all_combinations_matches_numba(m, k):
    assert np.array_equal(C.all_combinations(m, k)[:, :k], K.all_combinations(m, k, BINOM)[:, :k])


def buckets_with(kernels, combos, values, m, use_binom):
    """exact_strategies._subset_buckets with the given kernels (numba's take the binomials)."""
    b = (BINOM,) if use_binom else ()
    k = combos.shape[1]
    base = np.zeros(k + 2, np.int64)
    for s in range(k + 1):
        base[s + 1] = base[s] + BINOM[m, s]
    sizes = np.zeros(base[k + 1] + 1, np.int64)
    for lo in range(0, len(combos), 500):  # in slices, as the engine calls them
        kernels.subset_sizes(combos[lo:lo + 500], k, *b, base, sizes)
    offsets = np.cumsum(sizes)
    fill = offsets[:-1].copy()
    data = np.empty(offsets[-1], np.int32)
    for lo in range(0, len(combos), 500):
        kernels.subset_fill(combos[lo:lo + 500], values[lo:lo + 500], k, *b, base, fill, data)
    kernels.sort_buckets(offsets, data, 0, len(offsets) - 1)
    return base, offsets, data


@pytest.mark.parametrize("m,k_a,k_b", [(14, 3, 3), (16, 4, 2), (12, 2, 5), (13, 0, 3)])
def test_two_hand_counts_match_numba(m, k_a, k_b):
    rng = np.random.default_rng(m * 100 + k_a * 10 + k_b)
    combos_a = C.all_combinations(m, k_a)[:, :k_a] if k_a else np.zeros((1, 0), np.uint8)
    combos_b = C.all_combinations(m, k_b)[:, :k_b]
    values_a = rng.integers(0, 40, len(combos_a)).astype(np.int32)
    values_b = rng.integers(0, 40, len(combos_b)).astype(np.int32)
    built_c = buckets_with(C, combos_b, values_b, m, False)
    built_n = buckets_with(K, combos_b, values_b, m, True)
    assert all(np.array_equal(a, b) for a, b in zip(built_c, built_n))
    counts_c = C.count_two_hands(combos_a, values_a, k_b, *built_c)
    counts_n = tuple(int(x) for x in K.count_two_hands(combos_a, values_a, k_b, *built_n, BINOM))
    assert counts_c == counts_n
    assert sum(counts_c) == len(combos_a) * math.comb(m - k_a, k_b)  # every disjoint pair once


@pytest.mark.parametrize("m,k_a,k_b,n_lo", [(13, 3, 3, 5), (15, 2, 4, 9), (12, 4, 4, 1)])
def test_hilo_counts_match_numba(m, k_a, k_b, n_lo):
    rng = np.random.default_rng(m + k_a + n_lo)
    combos_a, combos_b = C.all_combinations(m, k_a)[:, :k_a], C.all_combinations(m, k_b)[:, :k_b]
    keys_a = rng.integers(0, 30 * n_lo, len(combos_a)).astype(np.int32)
    keys_b = rng.integers(0, 30 * n_lo, len(combos_b)).astype(np.int32)
    base, off_b, data_b = buckets_with(C, combos_b, keys_b, m, False)
    _, off_a, data_a = buckets_with(C, combos_a, keys_a, m, False)
    buckets = int(base[min(k_a, k_b) + 1])
    for no_low in (0, -1):
        grid_c, grid_n = np.zeros((2, 3, 3), np.int64), np.zeros((2, 3, 3), np.int64)
        for lo in range(0, buckets, 37):
            hi = min(buckets, lo + 37)
            C.count_hilo_buckets(off_a, data_a, off_b, data_b, base, n_lo, no_low, lo, hi, grid_c)
            K.count_hilo_buckets(off_a, data_a, off_b, data_b, base, n_lo, no_low, lo, hi, grid_n)
        assert np.array_equal(grid_c, grid_n) and grid_c.any()


def numba_twins():
    """The numba kernels behind pyeval.engines.native.deal_kernels' signatures: the engine as it was."""
    return types.SimpleNamespace(
        sample_rows=K.sample_rows, tally_patterns=K.tally_patterns, tally=K.tally, sort_buckets=K.sort_buckets,
        count_hilo_buckets=K.count_hilo_buckets,
        enumerate_rows=lambda deck, sizes, start, cells, out: K.enumerate_rows(deck, sizes, start, BINOM, cells, out),
        all_combinations=lambda m, k: K.all_combinations(m, k, BINOM),
        subset_sizes=lambda combos, k, base, sizes: K.subset_sizes(combos, k, BINOM, base, sizes),
        subset_fill=lambda combos, values, k, base, fill, data: K.subset_fill(combos, values, k, BINOM, base, fill,
                                                                              data),
        count_two_hands=lambda a, v, k_b, base, off, data: K.count_two_hands(a, v, k_b, base, off, data, BINOM))


QUERIES = [
    ("stud", ["AsAd7c", "KhKd2s"], dict(samples=20_000, seed=7)),
    ("stud-hilo", ["AsAd7c", "3h4h5d", "random"], dict(samples=20_000, seed=3)),
    ("razz", ["As2d3c", "KhKd2s"], dict(samples=20_000, seed=7)),
    ("badugi", ["As2d", "Kh3c", "random"], dict(samples=20_000, seed=1)),
    ("stud", ["AsAd7cKs2h", "3h4h5dKd9c"], dict(dead="2c3c4c5c6c7d8d9dTdJd", method="exact")),
    ("stud-hilo", ["AsAd7cKs2h", "3h4h5dKd9c"], dict(dead="2c3c4c5c6c7d8d9dTdJd", method="exact")),
    ("draw5", ["AhAsKd", "QcQdJh7s"], dict(method="exact")),
    ("stud", ["AsAdKcKs2h7h", "3h4h5d6d9c8s", "QcQdJcJdTh9h"], dict(method="exact")),
    ("stud-hilo", ["AsAd7c6s5s2d", "2h3h4d8c9c9d", "KcKdQcQdJs"], dict(method="exact")),
]


@pytest.mark.parametrize("game,hands,kw", QUERIES)
def test_queries_answer_as_with_numba(game, hands, kw, monkeypatch):
    """Whole queries, the C kernels against the numba ones, on one and two threads."""
    for threads in (1, 2):
        got = pyeval.equity(game, hands, threads=threads, **kw)
        with monkeypatch.context() as m:
            for name, fn in vars(numba_twins()).items():
                m.setattr(C, name, fn)
            want = pyeval.equity(game, hands, threads=threads, **kw)
        assert np.array_equal(got.equity, want.equity) and np.array_equal(got.win, want.win)
        assert np.array_equal(got.tie, want.tie)


def test_stud_and_draw_queries_do_not_import_numba():
    """The cold-start point of these kernels: a process asking only stud and draw questions
    never loads numba (its import and first cache load cost most of a second)."""
    code = ("import sys, pyeval\n" + "\n".join(f"pyeval.equity({g!r}, {h!r}, **{kw!r})" for g, h, kw in QUERIES)
            + "\nprint(sorted(m for m in sys.modules if m.split('.')[0] in ('numba', 'llvmlite')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_bad_arrays_are_refused():
    out = np.zeros((1, 10, 3), np.uint8)
    deck = np.arange(20, dtype=np.uint8)
    state = engine.chunk_seed(1, 0)
    cells = np.array([(0, 0, 0), (0, 1, 1)], np.int64)
    with pytest.raises(TypeError):
        C.sample_rows(deck.astype(np.int64), 2, state, cells, out)
    with pytest.raises(ValueError):
        C.sample_rows(deck, 2, state, cells, np.zeros((1, 10, 6), np.uint8)[:, :, ::2])  # not contiguous
    with pytest.raises(ValueError):  # a cell outside out, refused by the C code
        C.sample_rows(deck, 2, state, np.array([(0, 3, 0)], np.int64), out)
    with pytest.raises(ValueError):  # a pick beyond the cards drawn
        C.sample_rows(deck, 1, state, cells, out)
    with pytest.raises(ValueError):  # a pattern beyond the histogram
        C.tally_patterns(np.ones((1, 3, 4), np.int32), 4, np.array([-1], np.int64), np.zeros(4, np.int64))
    with pytest.raises(ValueError):  # offsets beyond the data
        C.sort_buckets(np.array([0, 5], np.int64), np.zeros(3, np.int32), 0, 1)
