"""pyeval.evaluate_shortdeck and evaluate_badugi against tests/reference.py."""

from math import comb

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

# ---------------------------------------------------------------------------
# short deck
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("tbs", [True, False])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_shortdeck_random_matches_reference(k, tbs, n_random):
    n = n_random // 2
    hands = random_hands(n, k, seed=500 + k + 10 * tbs, low=16)
    s = pyeval.evaluate_shortdeck(hands, trips_beat_straight=tbs)
    assert isinstance(s, np.ndarray) and s.shape == (n,)
    assert s.min() >= 1 and s.max() <= 1404
    keys = [R.shortdeck_key(h, trips_beat_straight=tbs) for h in hands.tolist()]
    assert_order_isomorphic(keys, s, hands)


@pytest.mark.parametrize("tbs", [True, False])
def test_shortdeck_all_five_card_hands(tbs):
    hands = all_combinations(36, 5) + np.uint8(16)
    assert len(hands) == comb(36, 5)
    s = np.asarray(pyeval.evaluate_shortdeck(hands, trips_beat_straight=tbs))
    assert len(np.unique(s)) == 1404 and s.min() == 1 and s.max() == 1404
    ref = class_reference_ranks(lambda h: R.shortdeck_key(h, tbs), hands, ranks=range(4, 13))
    assert_order_isomorphic(ref, s, hands)


def test_shortdeck_examples():
    sd = pyeval.evaluate_shortdeck
    assert sd("As Ks Qs Js Ts") == 1404
    assert sd("9s 8s 7s 6s As") == 1399                       # lowest straight flush
    assert sd("Ah 9h 8h 7h Jh") > sd("Kc Kd Kh Qs Qc")        # flush beats full house
    assert sd("6c 6d 6h Ks Qc") > sd("Ac Kd Qh Js Tc")        # trips beat straights
    assert sd("6c 6d 6h Ks Qc", trips_beat_straight=False) < sd("Ac Kd Qh Js Tc", trips_beat_straight=False)
    assert sd("Tc 9d 8h 7s 6c") > sd("Ac 9d 8h 7s 6c") > sd("Ac Kd 8h 7s 6c")
    assert sd("Ac 9c 8c 7c 6c") > sd("Ac Ad Ah As Kc")
    assert sd("9c 8d 7h 6s Ac") == sd("9d 8h 7s 6c Ad")
    # the same ordering of every hand across the two rules, except trips vs straights
    assert sd("As Ks Qs Js Ts", trips_beat_straight=False) == 1404


@pytest.mark.parametrize("bad", [
    "5c 9d 8h 7s 6c",        # a five is not in the short deck
    "2c 9d 8h 7s 6c",
    "6c 6c 8h 7s 9c",
    "6c 7c 8h 9s",
    "6c 7c 8h 9s Ts Js Qs Ks",
])
def test_shortdeck_bad_input(bad):
    with pytest.raises(ValueError):
        pyeval.evaluate_shortdeck(bad)
    with pytest.raises(ValueError):
        pyeval.evaluate_shortdeck(np.array([[16, 20, 24, 28, 15]]))


def test_shortdeck_describe():
    sd = pyeval.evaluate_shortdeck
    assert pyeval.describe(sd("As Ks Qs Js Ts"), kind="shortdeck") == "Royal flush"
    assert pyeval.describe(sd("9c 8d 7h 6s Ac"), kind="shortdeck") == "Straight, nine high"
    for s in range(1, 1405):
        assert pyeval.describe(s, kind="shortdeck")


# ---------------------------------------------------------------------------
# badugi
# ---------------------------------------------------------------------------

BADUGI_RANGES = {4: (378, 1092), 3: (92, 377), 2: (14, 91), 1: (1, 13)}


def test_badugi_random_matches_reference(n_random):
    hands = random_hands(n_random, 4, seed=600)
    s = pyeval.evaluate_badugi(hands)
    assert isinstance(s, np.ndarray) and s.shape == (n_random,)
    keys = [R.badugi_key(h) for h in hands.tolist()]
    assert_order_isomorphic(keys, s, hands)


@pytest.fixture(scope="module")
def all_badugi():
    hands = all_combinations(52, 4)
    return hands, np.asarray(pyeval.evaluate_badugi(hands))


@pytest.fixture(scope="module")
def canonical_badugi(all_badugi):
    """Hands whose lowest card is a club: every hand is a suit renaming of one of
    these (suit invariance is tested separately), with their reference keys."""
    hands, _ = all_badugi
    canon = hands[hands[:, 0] % 4 == 0]
    return canon, [R.badugi_key(h) for h in canon.tolist()]


def test_badugi_all_hands_distinct_and_sizes(all_badugi, canonical_badugi):
    hands, s = all_badugi
    assert len(hands) == comb(52, 4) == 270_725
    values = np.unique(s)
    assert len(values) == 1092 and values.min() == 1 and values.max() == 1092
    # which strengths belong to which badugi size, by the reference
    canon, keys = canonical_badugi
    sizes = np.array([k[0] for k in keys])
    cs = np.asarray(pyeval.evaluate_badugi(canon))
    assert len(np.unique(cs)) == 1092
    for size, (lo, hi) in BADUGI_RANGES.items():
        got = np.unique(cs[sizes == size])
        assert got.min() == lo and got.max() == hi and len(got) == hi - lo + 1, size


def test_badugi_all_hands_match_reference(canonical_badugi):
    canon, keys = canonical_badugi
    assert_order_isomorphic(keys, pyeval.evaluate_badugi(canon), canon)


def test_badugi_suit_permutations_all_hands(all_badugi):
    hands, s = all_badugi
    for perm in ([1, 2, 3, 0], [3, 2, 1, 0], [0, 2, 1, 3]):
        renamed = (hands & ~np.uint8(3)) | np.array(perm, dtype=np.uint8)[hands & 3]
        assert np.array_equal(pyeval.evaluate_badugi(renamed), s)


def test_badugi_examples():
    bd = pyeval.evaluate_badugi
    assert bd("Ac 2d 3h 4s") == 1092
    assert bd("Kc Qd Jh Ts") == 378                          # worst 4-card badugi
    assert bd("Kc Qd Jh Ts") > bd("Ac 2d 3h 3s")            # 4 cards beat 3
    assert bd("Ac 2d 3h 3s") == 377
    assert bd("Ac 2c 3h 4s") == bd("Ad 3h 4s Kd")           # A-3-4 three-card
    assert bd("Kc Kd Kh Ks") == 1
    assert bd("Ac Ad 2c 2d") == bd("Ah Ad 2h 2d") == 91      # best two-card badugi, 2-A
    assert bd("7c 5d 4h 2s") > bd("8c 3d 2h As")
    assert bd("7c 5d 4h 2s") == bd("7d 5h 4s 2c")
    assert pyeval.describe(1092, kind="badugi")
    for s in range(1, 1093):
        assert pyeval.describe(s, kind="badugi")


@pytest.mark.parametrize("bad", ["Ac 2d 3h", "Ac 2d 3h 4s 5c", "Ac Ac 3h 4s", "Zz 2d 3h 4s"])
def test_badugi_bad_input(bad):
    with pytest.raises(ValueError):
        pyeval.evaluate_badugi(bad)


@settings(max_examples=200, deadline=None)
@given(hand=st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True), order=st.permutations(range(4)))
def test_badugi_order_invariant(hand, order):
    assert pyeval.evaluate_badugi(np.array(hand)) == pyeval.evaluate_badugi(np.array([hand[i] for i in order]))
    lo, hi = BADUGI_RANGES[R.badugi_size(hand)]
    assert lo <= pyeval.evaluate_badugi(np.array(hand)) <= hi


# ---------------------------------------------------------------------------
# the two short-deck games (issue 13): "shortdeck" keeps trips over a straight,
# "shortdeck-straight" plays a straight over trips; every engine reads the declaration
# ---------------------------------------------------------------------------

TRIPS_VS_STRAIGHT = (["9s 9d", "Kh Jd"], "9h Qc Tc 7d 6s")  # trips of nines against K-Q-J-T-9


@pytest.mark.parametrize("game, trips_win", [("shortdeck", True), ("shortdeck-straight", False)])
def test_shortdeck_rules_decide_trips_against_a_straight(game, trips_win):
    hands, board = TRIPS_VS_STRAIGHT
    keys = [R.shortdeck_key(R.cards(h + " " + board), trips_beat_straight=trips_win) for h in hands]
    assert (keys[0] > keys[1]) == trips_win  # the reference agrees with the rule
    r = pyeval.equity(game, hands, board=board)
    assert r.equity.tolist() == ([1.0, 0.0] if trips_win else [0.0, 1.0])
    s = pyeval.showdown(game, pyeval.parse_cards(" ".join(hands)).reshape(1, 2, 2),
                        pyeval.parse_cards(board).reshape(1, 5))
    assert s.shares[0].tolist() == r.equity.tolist()


def test_shortdeck_straight_ranges():
    """The range engine reads the declaration too: a range of one combo gives the hand's answer."""
    board = "9h Qc Tc"
    one_combo = pyeval.equity("shortdeck-straight", ["9s9d", "KhJd,KhJc:0"], board=board, method="exact")
    hand = pyeval.equity("shortdeck-straight", ["9s9d", "KhJd"], board=board, method="exact")
    other_rule = pyeval.equity("shortdeck", ["9s9d", "KhJd"], board=board, method="exact")
    assert one_combo.fractions == hand.fractions != other_rule.fractions
