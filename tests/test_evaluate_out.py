"""``out=``: a batch evaluator writes its strengths into the caller's int32 array and returns it.

The strengths are the ones a call without ``out`` returns, on one thread and cut into slices; a
wrong array (type, dtype, shape, layout, one overlapping the cards) or ``out`` with one hand is
refused with an error naming the problem, before anything is written.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval

# (evaluator, card counts, lowest code) of every single-array batch evaluator.
EVALUATORS = [(pyeval.evaluate_high, (5, 6, 7), 0), (pyeval.evaluate_deuce7, (5, 6, 7), 0),
              (pyeval.evaluate_razz, (5, 6, 7), 0), (pyeval.evaluate_low8, (5, 6, 7), 0),
              (pyeval.evaluate_shortdeck, (5, 6, 7), 16), (pyeval.evaluate_badugi, (4,), 0),
              (pyeval.evaluate_showing, (1, 2, 3, 4), 0)]


def random_hands(rng, n, k, low=0):
    return (np.argpartition(rng.random((n, 52 - low)), k, axis=1)[:, :k] + low).astype(np.uint8)


@settings(max_examples=40, deadline=None)
@given(which=st.integers(0, len(EVALUATORS) - 1), n=st.integers(1, 300), seed=st.integers(0, 2**32 - 1),
       data=st.data())
def test_out_receives_the_strengths_a_new_array_would(which, n, seed, data):
    fn, counts, low = EVALUATORS[which]
    k = data.draw(st.sampled_from(counts))
    hands = random_hands(np.random.default_rng(seed), n, k, low)
    out = np.full(n, -7, np.int32)
    got = fn(hands, out=out)
    assert got is out
    np.testing.assert_array_equal(out, fn(hands))


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_out_is_filled_slice_by_slice_on_threads(threads):
    hands = random_hands(np.random.default_rng(5), 600_000, 7)
    out = np.zeros(len(hands), np.int32)
    assert pyeval.evaluate_high(hands, threads=threads, out=out) is out
    np.testing.assert_array_equal(out, pyeval.evaluate_high(hands, threads=1))


@pytest.mark.parametrize("fn", [pyeval.evaluate_omaha, pyeval.evaluate_omaha_low8])
def test_omaha_out_with_a_shared_board(fn):
    rng = np.random.default_rng(9)
    cards = random_hands(rng, 500, 9)
    hole, board = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    out = np.empty(500, np.int32)
    assert fn(hole, board, out=out) is out
    np.testing.assert_array_equal(out, fn(hole, board))
    shared = board[0]
    hole_ok = hole[~np.isin(hole, shared).any(axis=1)]
    out = np.empty(len(hole_ok), np.int32)
    np.testing.assert_array_equal(fn(hole_ok, shared, out=out), fn(hole_ok, shared))


def test_out_is_reused_over_batches():
    rng = np.random.default_rng(3)
    out = np.empty(1000, np.int32)
    for _ in range(3):
        hands = random_hands(rng, 1000, 7)
        np.testing.assert_array_equal(pyeval.evaluate_high(hands, out=out), pyeval.evaluate_high(hands))


HANDS = random_hands(np.random.default_rng(1), 10, 7)


@pytest.mark.parametrize("out, error, words", [
    ([0] * 10, TypeError, "numpy int32 array, not list"),
    (np.zeros(10, np.int64), TypeError, "dtype int32, not int64"),
    (np.zeros(10, np.uint32), TypeError, "dtype int32, not uint32"),
    (np.zeros(9, np.int32), ValueError, r"shape \(10,\), one strength per hand, not \(9,\)"),
    (np.zeros((10, 1), np.int32), ValueError, r"not \(10, 1\)"),
    (np.zeros(20, np.int32)[::2], ValueError, "C-contiguous and writeable"),
])
def test_a_wrong_out_is_refused(out, error, words):
    with pytest.raises(error, match=f"evaluate_high: out must.*{words}"):
        pyeval.evaluate_high(HANDS, out=out)


def test_a_read_only_out_is_refused_and_left_as_it_was():
    out = np.zeros(10, np.int32)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="writeable"):
        pyeval.evaluate_high(HANDS, out=out)
    assert not out.any()


def test_out_overlapping_the_cards_is_refused():
    buf = np.zeros(72 + 40, np.uint8)
    cards = buf[:70].reshape(10, 7)
    cards[:] = HANDS
    with pytest.raises(ValueError, match="overlap the cards"):
        pyeval.evaluate_high(cards, out=buf[32:72].view(np.int32))
    apart = buf[72:112].view(np.int32)  # the same buffer, after the cards
    np.testing.assert_array_equal(pyeval.evaluate_high(cards, out=apart), pyeval.evaluate_high(HANDS))


@pytest.mark.parametrize("hand", ["As Ks Qs Js Ts", [48, 44, 40, 36, 32], np.array([48, 44, 40, 36, 32], np.uint8),
                                  np.array([[48, 44, 40, 36, 32]], np.uint8)[0]])
def test_out_with_one_hand_is_refused(hand):
    with pytest.raises(ValueError, match="out is for a batch of hands"):
        pyeval.evaluate_high(hand, out=np.zeros(1, np.int32))
    with pytest.raises(ValueError, match="out is for a batch of hands"):
        pyeval.evaluate_omaha("As Ks Qd Jd", "2c 3c 4h", out=np.zeros(1, np.int32))


def test_a_bad_hand_is_named_with_out_as_without():
    hands = HANDS.copy()
    hands[4, 1] = hands[4, 0]
    out = np.zeros(10, np.int32)
    with pytest.raises(ValueError) as with_out:
        pyeval.evaluate_high(hands, out=out)
    with pytest.raises(ValueError) as without:
        pyeval.evaluate_high(hands)
    assert str(with_out.value) == str(without.value)


def test_an_empty_batch_takes_an_empty_out():
    out = np.zeros(0, np.int32)
    assert pyeval.evaluate_high(np.zeros((0, 7), np.uint8), out=out) is out
