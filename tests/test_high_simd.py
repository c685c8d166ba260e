"""The AVX-512 path of evaluate_high (csrc/high_simd.c) against the portable loop (csrc/high.c).

Where the CPU has AVX-512, evaluate_high takes blocks of 16 hands through it; tests/test_high.py then checks that
path against tests/reference.py (every 5- and 7-card hand).  Here each batch is evaluated with the path on and off
(``pyeval_high_simd``): the strengths and the first bad hand named must be the same, across block and fix-up span
boundaries, on flush-heavy batches, and with a bad hand anywhere.  On a CPU without AVX-512 the comparisons skip.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.core._native import lib

SIMD = bool(lib.pyeval_high_simd(-1))
needs_simd = pytest.mark.skipif(not SIMD, reason="this CPU has no AVX-512 (avx512f, bw, vbmi, vpopcntdq)")


@pytest.fixture(autouse=True)
def restore_the_path():
    before = lib.pyeval_high_simd(-1)
    yield
    lib.pyeval_high_simd(int(before))


def both_paths(hands: np.ndarray):
    """(strengths or the error's text) with the AVX-512 path on, then off."""
    answers = []
    for mode in (1, 0):
        lib.pyeval_high_simd(mode)
        try:
            answers.append(pyeval.evaluate_high(hands, threads=1))
        except ValueError as e:
            answers.append(str(e))
    return answers


def assert_paths_agree(hands: np.ndarray) -> None:
    simd, portable = both_paths(hands)
    if isinstance(portable, str):
        assert simd == portable
    else:
        np.testing.assert_array_equal(simd, portable)


def random_hands(rng, n, k, suits=4):
    """n hands of k distinct cards from the first ``suits`` suits of every rank."""
    deck = np.array([4 * r + s for r in range(13) for s in range(suits)], np.uint8)
    return deck[np.argpartition(rng.random((n, len(deck))), k, axis=1)[:, :k]]


def test_the_switch_reports_the_path():
    assert lib.pyeval_high_simd(0) == 0
    assert lib.pyeval_high_simd(1) == int(SIMD)


@needs_simd
@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("n", [0, 1, 15, 16, 17, 31, 32, 33, 1023, 1024, 1025, 1040, 2047, 2048, 5000])
def test_block_and_span_boundaries(k, n):
    assert_paths_agree(random_hands(np.random.default_rng(n * 10 + k), n, k))


@needs_simd
@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("suits", [1, 2])
def test_flush_heavy_batches(k, suits):
    """One or two suits: most or all hands may flush, so the fix-up list fills every span."""
    hands = random_hands(np.random.default_rng(k + suits), 4100, k, suits)
    assert_paths_agree(hands)


@needs_simd
@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("bad_at", [0, 15, 16, 1023, 1024, 1030, 2999])
@pytest.mark.parametrize("how", ["repeat", "code 52", "code 255", "code 64"])
def test_a_bad_hand_is_named_by_both(k, bad_at, how):
    hands = random_hands(np.random.default_rng(bad_at), 3000, k)
    if how == "repeat":
        hands[bad_at, k - 1] = hands[bad_at, 0]
    else:
        hands[bad_at, k // 2] = int(how.split()[1])
    simd, portable = both_paths(hands)
    assert isinstance(simd, str) and simd == portable
    assert f"hand {bad_at}" in simd


@needs_simd
@settings(max_examples=60, deadline=None)
@given(k=st.sampled_from([5, 6, 7]), n=st.integers(0, 200), seed=st.integers(0, 2**32 - 1),
       bad=st.one_of(st.none(), st.tuples(st.integers(0, 199), st.integers(0, 6), st.integers(0, 255))))
def test_paths_agree_on_any_batch(k, n, seed, bad):
    hands = random_hands(np.random.default_rng(seed), n, k)
    if bad is not None and n:
        hands[bad[0] % n, bad[1] % k] = bad[2]
    assert_paths_agree(hands)


@needs_simd
def test_slices_on_threads_take_the_path_too():
    hands = random_hands(np.random.default_rng(11), 700_000, 7)
    lib.pyeval_high_simd(0)
    portable = pyeval.evaluate_high(hands, threads=1)
    lib.pyeval_high_simd(1)
    np.testing.assert_array_equal(pyeval.evaluate_high(hands, threads=2), portable)
