"""One hand as text, a list of codes or a 1-D uint8 array takes a short path (pyeval/evaluate.py,
_one_hand): the same strengths as the batch path, and the same errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval

# (evaluator, card counts, lowest code, keyword arguments)
EVALUATORS = [
    (pyeval.evaluate_high, (5, 6, 7), 0, {}), (pyeval.evaluate_deuce7, (5, 6, 7), 0, {}),
    (pyeval.evaluate_razz, (5, 6, 7), 0, {}), (pyeval.evaluate_low8, (5, 6, 7), 0, {}),
    (pyeval.evaluate_shortdeck, (5, 6, 7), 16, {}),
    (pyeval.evaluate_shortdeck, (5, 7), 16, {"trips_beat_straight": False}),
    (pyeval.evaluate_badugi, (4,), 0, {}), (pyeval.evaluate_showing, (1, 2, 3, 4), 0, {}),
    (pyeval.evaluate_showing, (2, 4), 0, {"low": True}),
]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize("fn, counts, low, kwargs", EVALUATORS)
def test_one_hand_gives_its_batch_strength(fn, counts, low, kwargs, data):
    k = data.draw(st.sampled_from(counts))
    codes = data.draw(st.lists(st.integers(low, 51), min_size=k, max_size=k, unique=True))
    expected = int(fn(np.array([codes], np.uint8), **kwargs)[0])
    for form in (codes, tuple(codes), np.array(codes, np.uint8), pyeval.format_cards(codes)):
        assert fn(form, **kwargs) == expected, form


@settings(max_examples=40, deadline=None)
@given(cards=st.lists(st.integers(0, 51), min_size=9, max_size=9, unique=True))
@pytest.mark.parametrize("fn", [pyeval.evaluate_omaha, pyeval.evaluate_omaha_low8])
def test_one_omaha_hand_gives_its_batch_strength(fn, cards):
    expected = int(fn(np.array([cards[:4]], np.uint8), np.array([cards[4:]], np.uint8))[0])
    assert fn(cards[:4], cards[4:]) == expected
    assert fn(pyeval.format_cards(cards[:4]), pyeval.format_cards(cards[4:])) == expected
    assert fn(np.array(cards[:4], np.uint8), tuple(cards[4:])) == expected


@pytest.mark.parametrize("cards, error, message", [
    ("As As Ks Qs Js", ValueError, "evaluate_high: duplicate card As"),
    ([0, 0, 1, 2, 3], ValueError, "evaluate_high: duplicate card 2c"),
    (np.array([0, 1, 2, 3, 200], np.uint8), ValueError, "evaluate_high: bad card code 200"),
    ([0, 1, 2, 3, 52], ValueError, "evaluate_high: bad card code 52"),
    ([0, 1, 2, 3, -1], ValueError, "evaluate_high: bad card code -1"),
    ("Xx Ks Qs Js Ts", ValueError, "bad card 'Xx'"),
    ("As Ks", ValueError, "evaluate_high: hands of 5 to 7 cards expected, got 2"),
    ([0, 1, 2, 3, True], TypeError, "card codes must be integers"),
    ([0, 1, 2, 3, 4.0], TypeError, "card codes must be integers"),
])
def test_a_bad_single_hand_is_refused_as_a_batch_row_would_be(cards, error, message):
    with pytest.raises(error, match=message):
        pyeval.evaluate_high(cards)


def test_a_bool_in_a_list_of_hands_is_not_a_card():
    """numpy would read it as code 0 or 1 (bools are never numbers: tests/test_argument_rules.py)."""
    with pytest.raises(TypeError, match="evaluate_high: card codes must be integers 0..51, got a bool"):
        pyeval.evaluate_high([[0, 1, 2, 3, 4], [5, 6, 7, 8, np.False_]])


def test_a_short_deck_hand_with_a_low_card_is_named():
    with pytest.raises(ValueError, match="evaluate_shortdeck: card 2c is not in the 36-card short deck"):
        pyeval.evaluate_shortdeck("2c As Ks Qs Js")
    with pytest.raises(ValueError, match="evaluate_omaha: duplicate card As"):
        pyeval.evaluate_omaha("As Kd Qc Jh", "As 5s 8s Js Kh")
