"""pyeval.evaluate_low8, evaluate_razz and evaluate_deuce7 against tests/reference.py."""

from collections import Counter
from math import comb, prod

import numpy as np
import pytest
import reference as R
from conftest import (
    all_combinations,
    assert_order_isomorphic,
    class_reference_ranks,
    random_hands,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval

EVALUATORS = {
    "low8": (lambda h: pyeval.evaluate_low8(h), R.low8_key),
    "razz": (lambda h: pyeval.evaluate_razz(h), R.razz_key),
    "deuce7": (lambda h: pyeval.evaluate_deuce7(h), R.deuce7_key),
}
RANGES = {"low8": (0, 56), "razz": (1, 6175), "deuce7": (1, 7462)}
SEEDS = {"low8": 200, "razz": 300, "deuce7": 400}


# ---------------------------------------------------------------------------
# random hands
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("kind", ["low8", "razz", "deuce7"])
def test_random_hands_match_reference(kind, k, n_random):
    evaluate, key = EVALUATORS[kind]
    hands = random_hands(n_random, k, seed=SEEDS[kind] + k)
    strengths = evaluate(hands)
    assert isinstance(strengths, np.ndarray) and strengths.shape == (n_random,)
    lo, hi = RANGES[kind]
    assert strengths.min() >= lo and strengths.max() <= hi
    keys = [key(h) for h in hands.tolist()]
    assert_order_isomorphic(keys, strengths, hands)
    if kind == "low8":
        none = np.array([k is None for k in keys])
        assert (strengths[none] == pyeval.NO_LOW).all()
        assert (strengths[~none] > pyeval.NO_LOW).all()


def test_no_low_constant():
    assert pyeval.NO_LOW == 0


# ---------------------------------------------------------------------------
# exhaustive: all 5-card hands, all 7-card rank multisets
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def five_card_hands():
    return all_combinations(52, 5)


def test_low8_all_five_card_hands(five_card_hands):
    s = np.asarray(pyeval.evaluate_low8(five_card_hands))
    qualifying = s[s != pyeval.NO_LOW]
    assert len(qualifying) == 4 ** 5 * 56 == 57_344
    assert len(np.unique(qualifying)) == 56 and qualifying.min() == 1 and qualifying.max() == 56
    ref = class_reference_ranks(R.low8_key, five_card_hands, flush=False)
    assert_order_isomorphic(ref, s, five_card_hands)


def test_razz_all_five_card_hands(five_card_hands):
    s = np.asarray(pyeval.evaluate_razz(five_card_hands))
    assert len(np.unique(s)) == 6175 and s.min() == 1 and s.max() == 6175
    ref = class_reference_ranks(R.razz_key, five_card_hands, flush=False)
    assert_order_isomorphic(ref, s, five_card_hands)


def test_deuce7_all_five_card_hands(five_card_hands):
    s = np.asarray(pyeval.evaluate_deuce7(five_card_hands))
    assert len(np.unique(s)) == 7462 and s.min() == 1 and s.max() == 7462
    ref = class_reference_ranks(R.deuce7_key, five_card_hands, flush=True)
    assert_order_isomorphic(ref, s, five_card_hands)


@pytest.mark.parametrize("kind", ["low8", "razz"])
def test_all_seven_card_rank_multisets(kind):
    """One hand per multiset of 7 ranks (49,205 of them): A-5 lows ignore suits."""
    evaluate, key = EVALUATORS[kind]
    hands = np.array([R.representative(ms) for ms in R.rank_multisets(7)], dtype=np.uint8)
    assert len(hands) == 49_205
    s = evaluate(hands)
    keys = [key(h) for h in hands.tolist()]
    assert_order_isomorphic(keys, s, hands)


@pytest.mark.parametrize("k", [6, 7])
def test_low8_counts_by_rank_multiset(k):
    """Number of k-card hands with a qualifying low, weighting multisets by suit choices."""
    hands = np.array([R.representative(ms) for ms in R.rank_multisets(k)], dtype=np.uint8)
    weights = np.array([prod(comb(4, c) for c in Counter(ms).values())
                        for ms in R.rank_multisets(k)])
    assert weights.sum() == comb(52, k)
    s = pyeval.evaluate_low8(hands)
    ref = sum(w for ms, w in zip(R.rank_multisets(k), weights, strict=True)
              if R.low8_key(R.representative(ms)) is not None)
    assert int(weights[s != pyeval.NO_LOW].sum()) == ref


# ---------------------------------------------------------------------------
# hand-picked values and descriptions
# ---------------------------------------------------------------------------

def test_low8_examples():
    lo = pyeval.evaluate_low8
    assert lo("5c 4d 3h 2s Ac") == 56
    assert lo("5c 4c 3c 2c Ac") == 56
    assert lo("8c 7d 6h 5s 4c") == 1
    assert lo("9c 5d 4h 3s Ac") == pyeval.NO_LOW
    assert lo("8c 8d 4h 3s Ac") == pyeval.NO_LOW
    assert lo("7c 5d 4h 2s Ac") > lo("8c 4d 3h 2s Ac")
    assert lo("8c 5d 4h 3s Ac") > lo("8c 5d 4h 3s 2c")
    assert lo("Ac Ad 2c 3d 4h 5s Kc") == 56
    assert lo("Kc Qd Jh Ts 9c 8d 7h") == pyeval.NO_LOW


def test_razz_examples():
    rz = pyeval.evaluate_razz
    assert rz("5c 4d 3h 2s Ac") == 6175
    assert rz("5c 4c 3c 2c Ac") == 6175
    assert rz("Kc Kd Kh Ks Qc") == 1
    assert rz("Kc Qd Jh Ts 9c") > rz("Ac Ad 2h 3s 4c")
    assert rz("Ac Ad Kh Qs Jc") > rz("2c 2d 3h 4s 5c")
    assert rz("Kc Kd Qh Js Tc") > rz("Ac Ad 2h 2s 3c")
    assert rz("Kc Kd Kh Qs Qc") > rz("Ac Ad Ah As 2c")
    assert rz("Kc Kd Kh Ks Qc Qd Qh") == rz("Qc Qd Qh Kc Kd")


def test_deuce7_examples():
    d7 = pyeval.evaluate_deuce7
    assert d7("7c 5d 4h 3s 2c") == 7462
    assert d7("As Ks Qs Js Ts") == 1
    assert d7("7c 5c 4c 3c 2c") < d7("Ac Kd Qh Js 9c") < d7("8c 6d 4h 3s 2c")
    assert d7("6c 5d 4h 3s 2c") < d7("Kc Qd Jh 9s 8c")     # a straight
    assert d7("Ac 5d 4h 3s 2c") < d7("Kc Qd Jh 9s 8c")     # ace high, not a wheel
    assert d7("Ac 5d 4h 3s 2c") > d7("2c 2d 3h 4s 5c")     # ... and not a straight
    assert d7("7c 5d 4h 3s 2c Kd Ks") == 7462


@pytest.mark.parametrize("text, kind, expected", [
    ("8c 6d 4h 2s Ac", "low8", "8-6-4-2-A low"),
    ("5c 4d 3h 2s Ac", "low8", "5-4-3-2-A low"),
    ("9c 6d 4h 2s Ac", "low8", "no low"),
    ("7c 5d 4h 3s 2c", "deuce7", "7-5-4-3-2"),
])
def test_describe(text, kind, expected):
    s = EVALUATORS[kind][0](text)
    assert pyeval.describe(s, kind=kind) == expected


def test_one_hand_strength_knows_its_kind():
    """describe and hand_category name one hand's strength on its own evaluator's scale, without
    kind= (issue 26: a low8 or razz strength was named as a high hand); a kind= on another scale is
    refused; plain ints and batches are read as before."""
    import json
    import pickle

    low = pyeval.evaluate_low8("8s 6d 4h 2c As")
    razz = pyeval.evaluate_razz("As 2d 3c 4h 5s Kd Kc")
    assert (low.kind, razz.kind) == ("low8", "razz")
    assert pyeval.describe(low) == "8-6-4-2-A low" and pyeval.describe(razz) == "5-4-3-2-A"
    assert pyeval.hand_category(low) == "8-low" and pyeval.hand_category(razz) == "no pair"
    assert pyeval.describe(pyeval.evaluate_low8("9s 6d 4h 2c As")) == "no low"
    made = {
        "high": pyeval.evaluate_high("Qh Qd Qc 2s 2h"),
        "deuce7": pyeval.evaluate_deuce7("7c 5d 4h 3s 2c"),
        "shortdeck": pyeval.evaluate_shortdeck("9s 8d 7s 6s As"),
        "shortdeck-straight": pyeval.evaluate_shortdeck("9s 8d 7s 6s As", trips_beat_straight=False),
        "badugi": pyeval.evaluate_badugi("Ac 2d 3h 4s"),
        "omaha": pyeval.evaluate_omaha("As Kd Qc Jh", "2s 5s 8s Js Kh"),
        "omaha-low8": pyeval.evaluate_omaha_low8("As 2h Kd Qc", "3d 4c 5s Kh Ks"),
        "showing": pyeval.evaluate_showing("Ks Kd Qc"),
        "showing-low": pyeval.evaluate_showing("Ks Kd Qc", low=True),
    }
    for kind, s in made.items():
        assert s.kind == kind
        assert pyeval.describe(s) == pyeval.describe(int(s), kind=kind), kind
        assert pyeval.hand_category(s) == pyeval.hand_category(int(s), kind=kind), kind
    # the same scale under another name is fine; another scale is refused
    assert pyeval.describe(made["omaha"], kind="high") == "Two pair, kings and jacks"
    assert pyeval.describe(made["omaha-low8"], kind="low8") == "5-4-3-2-A low"
    for s, kind in ((razz, "high"), (low, "razz"), (made["high"], "deuce7")):
        with pytest.raises(ValueError, match="would name another hand"):
            pyeval.describe(s, kind=kind)
        with pytest.raises(ValueError, match="would name another hand"):
            pyeval.hand_category(s, kind=kind)
    assert pyeval.describe(int(razz), kind="high") == "Flush, queen high"  # a plain int: the caller's kind
    # a list of one kind's strengths knows it; of several kinds, it needs kind=
    assert pyeval.describe([razz, pyeval.evaluate_razz("As 2d 3c 4h 6s")]) == ["5-4-3-2-A", "6-4-3-2-A"]
    with pytest.raises(ValueError, match="several kinds"):
        pyeval.describe([low, razz])
    # otherwise an int: equal, hashed, printed, serialised and pickled as one; arithmetic gives an int
    assert razz == 6175 and hash(razz) == hash(6175) and repr(razz) == "6175" and json.dumps(razz) == "6175"
    again = pickle.loads(pickle.dumps(razz))
    assert again == razz and again.kind == "razz"
    assert type(razz + 0) is int and type(int(razz)) is int
    # plain ints and batches carry no kind: read as high unless told (as before)
    assert pyeval.describe(6175) == "Flush, queen high"
    batch = pyeval.evaluate_razz(np.array([[51, 1, 6, 11, 12]], dtype=np.uint8))
    assert type(batch) is np.ndarray and pyeval.describe(batch, kind="razz") == ["5-4-3-2-A"]


def test_describe_all_strengths():
    for kind, (lo, hi) in RANGES.items():
        for s in range(lo, hi + 1):
            d = pyeval.describe(s, kind=kind)
            assert isinstance(d, str) and d
        with pytest.raises(ValueError):
            pyeval.describe(hi + 1, kind=kind)


@pytest.mark.parametrize("kind", ["low8", "razz", "deuce7"])
@pytest.mark.parametrize("bad", ["Zz 2c 3c 4c 5c", "2c 2c 3c 4c 5c", "2c 3c 4c 5c", "2c 3c 4c 5c 6c 7c 8c 9c"])
def test_bad_input(kind, bad):
    with pytest.raises(ValueError):
        EVALUATORS[kind][0](bad)
    with pytest.raises(ValueError):
        EVALUATORS[kind][0](np.array([[0, 4, 8, 12, 52]]))


# ---------------------------------------------------------------------------
# properties
# ---------------------------------------------------------------------------

hands_5_to_7 = st.integers(5, 7).flatmap(
    lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True))


@settings(max_examples=200, deadline=None)
@given(hand=hands_5_to_7, perm=st.permutations(range(4)), data=st.data())
def test_invariant_under_suit_and_order_permutation(hand, perm, data):
    renamed = data.draw(st.permutations([4 * (c >> 2) + perm[c & 3] for c in hand]))
    for kind, (evaluate, _) in EVALUATORS.items():
        assert evaluate(np.array(hand)) == evaluate(np.array(renamed)), kind


@settings(max_examples=200, deadline=None)
@given(a=hands_5_to_7, b=hands_5_to_7)
def test_pairwise_comparison_matches_reference(a, b):
    for kind, (evaluate, key) in EVALUATORS.items():
        sa, sb = evaluate(np.array(a)), evaluate(np.array(b))
        ka, kb = key(a), key(b)
        if kind == "low8":
            ka = () if ka is None else ka
            kb = () if kb is None else kb
        assert (sa > sb) == (ka > kb) and (sa == sb) == (ka == kb), kind
