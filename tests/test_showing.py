"""pyeval.evaluate_showing (stud up-cards) and pyeval.bring_in against tests/reference.py."""

import numpy as np
import pytest
import reference as R
from conftest import all_combinations, assert_order_isomorphic
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import cards as C

import pyeval


@pytest.mark.parametrize("low", [False, True])
@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_all_showing_hands_match_reference(k, low):
    """Every set of k up-cards (up to 270,725 for k = 4)."""
    hands = all_combinations(52, k)
    s = pyeval.evaluate_showing(hands, low=low)
    assert isinstance(s, np.ndarray) and s.shape == (len(hands),)
    keys = [R.showing_key(h, low=low) for h in hands.tolist()]
    assert_order_isomorphic(keys, s, hands)
    assert s.min() >= 0


def test_showing_examples():
    sh = pyeval.evaluate_showing
    assert sh("2c 2d") > sh("Ac Kd")
    assert sh("Ac Ad") > sh("Kc Kd")
    assert sh("3c 3d 2h 2s") > sh("Ac Ad Kh Qs")
    assert sh("2c 2d 2h 3s") > sh("Ac Ad Kh Ks")
    assert sh("2c 2d 2h 2s") > sh("Ac Ad Ah Ks")
    assert sh("5c 6c 7c 8c") == sh("5d 6h 7s 8d")          # straights/flushes do not count
    assert sh("9c 2d 3h 4s") > sh("5c 6c 7c 8c")
    assert sh("As") > sh("Ks") and sh("As") == sh("Ac")
    lo = dict(low=True)
    assert sh("2c Ad", **lo) > sh("3c Ad", **lo)
    assert sh("Kc Qd", **lo) > sh("Ac Ad", **lo)            # pairs count against
    assert sh("Ac", **lo) > sh("2c", **lo) > sh("Kc", **lo)  # ace is low
    assert sh("Ac Ad 2c", **lo) > sh("2d 2h Ac", **lo)
    assert sh("7c 4d 3h 2s", **lo) > sh("8c 3d 2h As", **lo)


def test_showing_single_and_text():
    hands = all_combinations(52, 3)[::997]
    batch = pyeval.evaluate_showing(hands)
    for i in range(0, len(hands), 50):
        one = pyeval.evaluate_showing(hands[i])
        assert not isinstance(one, np.ndarray) and int(one) == batch[i]
        assert pyeval.evaluate_showing(R.hand_text(hands[i])) == batch[i]


@pytest.mark.parametrize("bad", ["", "As Ks Qs Js Ts", "As As", "Zz"])
def test_showing_bad_input(bad):
    with pytest.raises(ValueError):
        pyeval.evaluate_showing(bad)


@settings(max_examples=200, deadline=None)
@given(hand=st.integers(1, 4).flatmap(lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)),
       perm=st.permutations(range(4)), data=st.data(), low=st.booleans())
def test_showing_invariant_under_suit_and_order_permutation(hand, perm, data, low):
    renamed = data.draw(st.permutations([4 * (c >> 2) + perm[c & 3] for c in hand]))
    assert pyeval.evaluate_showing(np.array(hand), low=low) == pyeval.evaluate_showing(np.array(renamed), low=low)


# ---------------------------------------------------------------------------
# bring-in
# ---------------------------------------------------------------------------

def test_bring_in_examples():
    bi = pyeval.bring_in
    assert bi(C("5h 5d 5s 7c"), "stud") == 1                # the sheet: 5d before 5h and 5s
    assert bi(C("Kh 2c Ad"), "stud") == 1                   # 2c is the lowest card
    assert bi(C("Ac 3c Kd"), "stud") == 1                   # ace is high in stud
    assert bi(C("Ac 3c Kd"), "stud-hilo") == 1
    assert bi(C("Ac 3c Kd"), "razz") == 2                   # ace is low in razz
    assert bi(C("Kh Qs Ks 2c"), "razz") == 2                # Ks is the highest card
    assert bi(C("Qc Qd Qh 2c"), "razz") == 2                # card-room rule: the highest-suited queen
    assert bi(C("2s 2c"), "stud") == 1
    assert bi(C("As Ah"), "razz") == 0


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_bring_in_random_deals(game):
    rng = np.random.default_rng({"stud": 1, "stud-hilo": 2, "razz": 3}[game])
    for _ in range(2000):
        players = int(rng.integers(2, 9))
        ups = rng.choice(52, players, replace=False)
        got = pyeval.bring_in(ups, game)
        assert int(got) == R.bring_in(ups.tolist(), game), (R.hand_text(ups), game)
        assert int(pyeval.bring_in(list(map(int, ups)), game)) == int(got)
        assert int(pyeval.bring_in(R.hand_text(ups), game)) == int(got)


def test_bring_in_bad_input():
    with pytest.raises(ValueError):
        pyeval.bring_in(C("As Ks"), "holdem")
    with pytest.raises(ValueError):
        pyeval.bring_in(C("As As"), "stud")
    with pytest.raises(ValueError):
        pyeval.bring_in([], "stud")
    with pytest.raises(ValueError):
        pyeval.bring_in([0, 52], "stud")
