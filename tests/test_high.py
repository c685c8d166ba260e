"""pyeval.evaluate_high (and hand_category, describe, input checks) against tests/reference.py."""

from itertools import permutations
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
from reference import cards as C

import pyeval

# docs/DESIGN.md: strength ranges of the high categories, worst first
HIGH_RANGES = {
    "high card": (1, 1277),
    "one pair": (1278, 4137),
    "two pair": (4138, 4995),
    "three of a kind": (4996, 5853),
    "straight": (5854, 5863),
    "flush": (5864, 7140),
    "full house": (7141, 7296),
    "four of a kind": (7297, 7452),
    "straight flush": (7453, 7462),
}
FIVE_CARD_COUNTS = {
    "straight flush": 40, "four of a kind": 624, "full house": 3744, "flush": 5108,
    "straight": 10200, "three of a kind": 54912, "two pair": 123552, "one pair": 1098240,
    "high card": 1302540,
}
SEVEN_CARD_COUNTS = {
    "straight flush": 41584, "four of a kind": 224848, "full house": 3473184, "flush": 4047644,
    "straight": 6180020, "three of a kind": 6461620, "two pair": 31433400, "one pair": 58627800,
    "high card": 23294460,
}


def range_category(strength):
    for name, (lo, hi) in HIGH_RANGES.items():
        if lo <= strength <= hi:
            return name
    raise AssertionError(f"strength {strength} outside 1..7462")


def category_counts(hist):
    """Category counts from a bincount of strengths (index = strength)."""
    return {name: int(hist[lo:hi + 1].sum()) for name, (lo, hi) in HIGH_RANGES.items()}


def ev(text):
    return int(pyeval.evaluate_high(text))


# ---------------------------------------------------------------------------
# random hands against the reference
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_match_reference(k, n_random):
    hands = random_hands(n_random, k, seed=100 + k)
    strengths = pyeval.evaluate_high(hands)
    assert isinstance(strengths, np.ndarray) and strengths.shape == (n_random,)
    assert strengths.dtype.kind in "iu"
    keys = [R.high_key(h) for h in hands.tolist()]
    assert_order_isomorphic(keys, strengths, hands)
    # absolute scale: the DESIGN.md category ranges
    cats = [R.HIGH_CATEGORIES[key[0]] for key in keys]
    for name, (lo, hi) in HIGH_RANGES.items():
        mask = np.array([c == name for c in cats])
        if mask.any():
            assert strengths[mask].min() >= lo and strengths[mask].max() <= hi, name


def test_dtypes_and_single_hands():
    hands = random_hands(500, 7, seed=5)
    expected = pyeval.evaluate_high(hands)
    for dtype in (np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint32):
        assert np.array_equal(pyeval.evaluate_high(hands.astype(dtype)), expected), dtype
    assert np.array_equal(pyeval.evaluate_high(np.asfortranarray(hands)), expected)
    assert np.array_equal(pyeval.evaluate_high(hands[::-1][::-1]), expected)
    assert np.array_equal(pyeval.evaluate_high(hands[:, ::-1]), expected)  # non-contiguous view
    for i in range(20):
        one = pyeval.evaluate_high(hands[i])
        assert isinstance(one, (int, np.integer)) and not isinstance(one, np.ndarray)
        assert int(one) == expected[i]
        assert ev(R.hand_text(hands[i])) == expected[i]
    assert pyeval.evaluate_high(hands[:0]).shape == (0,)


# ---------------------------------------------------------------------------
# exhaustive
# ---------------------------------------------------------------------------

def test_all_five_card_hands():
    hands = all_combinations(52, 5)
    assert len(hands) == comb(52, 5) == 2_598_960
    strengths = np.asarray(pyeval.evaluate_high(hands))
    hist = np.bincount(strengths, minlength=7463)
    assert hist[0] == 0 and len(hist) == 7463
    assert (hist[1:] > 0).all()  # all 7,462 strengths, 1..7462
    assert category_counts(hist) == FIVE_CARD_COUNTS
    # every hand against the reference (evaluated once per rank/flush class)
    ref = class_reference_ranks(R.high_key, hands)
    assert_order_isomorphic(ref, strengths, hands)


def test_all_seven_card_hands():
    """All 133,784,560 seven-card hands: 4,824 distinct strengths, known category counts."""
    hist = np.zeros(7463, dtype=np.int64)
    tail = all_combinations(50, 5)  # five cards above the first two, shifted below
    total = 0
    for a in range(52):
        for b in range(a + 1, 47):
            m = 51 - b  # cards b+1..51
            rest = tail[len(tail) - comb(m, 5):] + np.uint8(2)
            hands = np.empty((len(rest), 7), dtype=np.uint8)
            hands[:, 0] = a
            hands[:, 1] = b
            hands[:, 2:] = rest
            s = np.asarray(pyeval.evaluate_high(hands))
            hist += np.bincount(s, minlength=7463)
            total += len(hands)
    assert total == comb(52, 7) == 133_784_560
    assert int((hist > 0).sum()) == 4824
    assert category_counts(hist) == SEVEN_CARD_COUNTS


# ---------------------------------------------------------------------------
# hand-picked values
# ---------------------------------------------------------------------------

def test_design_boundaries():
    assert ev("As Ks Qs Js Ts") == 7462
    assert ev("5d 4d 3d 2d Ad") == 7453
    assert ev("2c 2d 2h 2s 3c") == 7297
    assert ev("Ac Ad Ah As Kc") == 7452
    assert ev("2c 2d 2h 3s 3c") == 7141
    assert ev("Ac Ad Ah Ks Kc") == 7296
    assert ev("7h 5h 4h 3h 2h") == 5864
    assert ev("Ah Kh Qh Jh 9h") == 7140
    assert ev("5c 4d 3h 2s Ac") == 5854
    assert ev("Ac Kd Qh Js Tc") == 5863
    assert ev("2c 2d 2h 4s 3c") == 4996
    assert ev("3c 3d 2h 2s 4c") == 4138
    assert ev("2c 2d 5h 4s 3c") == 1278
    assert ev("7c 5d 4h 3s 2c") == 1
    assert ev("Ac Kd Qh Js 9c") == 1277
    assert ev("Ac Ad Kh Qs Jc") == 4137
    assert ev("Ac Ad Kh Ks Qc") == 4995
    assert ev("Ac Ad Ah Ks Qc") == 5853


def test_hand_order_examples():
    assert ev("Qc Qd Qh 2s 2c") > ev("Jc Jd Jh As Ac")
    assert ev("6c 5d 4h 3s 2c") > ev("5c 4d 3h 2s Ac") > ev("Ac Ad Ah Ks Qc")
    assert ev("As Ks Qs Js Ts 2c 3d") == 7462
    assert ev("2c 2d 9h Ts Jc Qd Kh") == ev("Kc Jd 9s Th Qc 3d 4d")
    assert ev("Ac Ad Kc Kd 2c 2d 9s") == ev("Ah As Kh Ks 3c 3d 9d")


@pytest.mark.parametrize("text, name", [
    ("As Ks Qs Js Ts", "straight flush"),
    ("9c 9d 9h 9s 2c 3d", "four of a kind"),
    ("Qc Qd Qh 2s 2c 2d 5h", "full house"),
    ("Ah 9h 7h 4h 2h", "flush"),
    ("5c 4d 3h 2s Ac", "straight"),
    ("7c 7d 7h Ks 2c", "three of a kind"),
    ("7c 7d 2h 2s Kc", "two pair"),
    ("7c 7d 3h 2s Kc", "one pair"),
    ("Ac Kd Qh Js 9c", "high card"),
])
def test_hand_category_single(text, name):
    cat = pyeval.hand_category(ev(text))
    assert _category_name(cat) == name


def _category_name(cat):
    if isinstance(cat, str):
        return cat.lower()
    return R.HIGH_CATEGORIES[int(cat)]


def test_hand_category_array():
    strengths = np.arange(1, 7463)
    cats = pyeval.hand_category(strengths)
    cats = np.asarray(cats)
    assert cats.shape == strengths.shape
    names = [_category_name(c) for c in cats.tolist()]
    assert names == [range_category(int(s)) for s in strengths]
    two_d = pyeval.hand_category(strengths[:10].reshape(2, 5))
    assert np.asarray(two_d).shape == (2, 5)


@pytest.mark.parametrize("text, expected", [
    ("As Ks Qs Js Ts", "Royal flush"),
    ("5c 4d 3h 2s Ac", "Straight, five high"),
    ("Qc Qd Qh 2s 2c", "Full house, queens full of twos"),
])
def test_describe(text, expected):
    assert pyeval.describe(ev(text), kind="high") == expected
    assert pyeval.describe(ev(text)) == expected


def test_describe_every_strength_is_text():
    for s in range(1, 7463):
        d = pyeval.describe(s, kind="high")
        assert isinstance(d, str) and d
    for bad in (0, 7463, -1):
        with pytest.raises(ValueError):
            pyeval.describe(bad, kind="high")


# ---------------------------------------------------------------------------
# bad input
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [
    "Zz As Ks Qs Js",
    "As As Ks Qs Js",
    "As Ks Qs Js",
    "As Ks Qs Js Ts 9s 8s 7s",
    "",
])
def test_bad_text(bad):
    with pytest.raises(ValueError):
        pyeval.evaluate_high(bad)


@pytest.mark.parametrize("mixed", [[0, 1, 2, 3, "As"], ["As", 3, "Kd", "Qd", "Jd"], [["As", "Kd", "Qd", "Jd", 8]],
                                   ("As", "Kd", 2.0, "Qd", "Jd")])
def test_codes_mixed_with_text_are_named(mixed):
    with pytest.raises(TypeError, match="evaluate_high: a hand mixes card codes and card text"):
        pyeval.evaluate_high(mixed)


def test_bad_text_in_an_array_is_quoted_as_text():
    with pytest.raises(ValueError, match=r"bad card 'Zz' in 'Zz'"):
        pyeval.evaluate_high(np.array(["As", "Kd", "Zz", "Qd", "Jd"]))


@pytest.mark.parametrize("bad", [
    [0, 1, 2, 3, 52],
    [0, 1, 2, 3, -1],
    [0, 1, 2, 3, 3],
    [0, 1, 2, 3],
    [0, 1, 2, 3, 4, 5, 6, 7],
    [0, 1, 2, 3, 255],
])
def test_bad_codes(bad):
    with pytest.raises((ValueError, TypeError)):
        pyeval.evaluate_high(np.array(bad))
    batch = np.tile(np.arange(len(bad)), (3, 1))
    batch[1] = bad
    with pytest.raises((ValueError, TypeError)):
        pyeval.evaluate_high(batch)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("n, bad_at", [(1, 0), (31, 30), (33, 32), (100, 71), (97, None), (63, 62), (64, 63),
                                       (65, 64), (129, 127), (200, 130), (64, None), (129, None)])
def test_batches_of_any_size_name_the_first_bad_hand(k, n, bad_at):
    """The C loop works in blocks of hands (csrc/high.c, 64 a block, checked once a block): batch sizes
    off the block size give the strengths of hands evaluated one at a time, and the first bad hand is
    the one named, in a later block or with later bad hands in its own block."""
    hands = random_hands(n, k, seed=n + k).astype(np.uint8)  # uint8: checked in C
    one_by_one = [pyeval.evaluate_high(h) for h in hands]
    if bad_at is None:
        assert pyeval.evaluate_high(hands).tolist() == one_by_one
        return
    hands[bad_at, 1] = hands[bad_at, 0]
    hands[bad_at + 1:, 0] = 52  # later bad hands must not be the one named
    with pytest.raises(ValueError, match=f"hand {bad_at}: duplicate card"):
        pyeval.evaluate_high(hands)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_bad_byte_at_every_position_is_named(k):
    """Any byte 52..255, or a repeat, in any card of any hand of a block is rejected with that hand's index
    (the C core adds 16-byte per-card entries for every byte value: csrc/high.c)."""
    hands = random_hands(70, k, seed=k).astype(np.uint8)
    rng = np.random.default_rng(k)
    for trial in range(60):
        bad = hands.copy()
        at, j = int(rng.integers(70)), int(rng.integers(k))
        if trial % 3 == 0:
            bad[at, j] = bad[at, (j + 1) % k]
        else:
            bad[at, j] = int(rng.integers(52, 256))
        with pytest.raises(ValueError, match=f"hand {at}: "):
            pyeval.evaluate_high(bad)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_a_bad_hand_at_each_position_of_two_blocks_is_named(k):
    """A repeat or a bad byte in each hand of the first two 64-hand blocks, alone in the batch, is the
    hand named (the block's summed check finds it, csrc/hand_key.h's first_invalid_hand names it)."""
    hands = random_hands(128, k, seed=100 + k).astype(np.uint8)
    for at in range(128):
        bad = hands.copy()
        j = at % k
        bad[at, j] = bad[at, (j + 1) % k] if at % 2 else 52 + (at * 37) % 204
        with pytest.raises(ValueError, match=f"hand {at}: "):
            pyeval.evaluate_high(bad)
        assert pyeval.evaluate_high(bad[:at]).tolist() == pyeval.evaluate_high(hands[:at]).tolist()


def test_bad_types():
    with pytest.raises((ValueError, TypeError)):
        pyeval.evaluate_high(np.array([0.0, 1.0, 2.0, 3.0, 4.0]))
    with pytest.raises((ValueError, TypeError)):
        pyeval.evaluate_high(np.zeros((2, 2, 5), dtype=np.int32))
    with pytest.raises((ValueError, TypeError)):
        pyeval.evaluate_high(None)


def test_empty_python_lists_say_how_many_cards_are_expected():
    for empty in ([], [[]]):
        with pytest.raises(ValueError, match="5 to 7 cards expected, got 0"):
            pyeval.evaluate_high(empty)
    assert pyeval.evaluate_high(np.zeros((0, 7), np.uint8)).shape == (0,)


def test_parse_cards():
    assert list(pyeval.parse_cards("2c As Kd Th")) == [0, 51, 45, 34]
    assert list(pyeval.parse_cards("2cAsKdTh")) == [0, 51, 45, 34]
    with pytest.raises(ValueError):
        pyeval.parse_cards("Zz")
    with pytest.raises(ValueError):
        pyeval.parse_cards("As As")


# ---------------------------------------------------------------------------
# properties
# ---------------------------------------------------------------------------

hands_5_to_7 = st.integers(5, 7).flatmap(
    lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True))


@settings(max_examples=300, deadline=None)
@given(hand=hands_5_to_7, perm=st.permutations(range(4)), data=st.data())
def test_invariant_under_suit_and_order_permutation(hand, perm, data):
    s = int(pyeval.evaluate_high(np.array(hand)))
    renamed = [4 * (c >> 2) + perm[c & 3] for c in hand]
    shuffled = data.draw(st.permutations(renamed))
    assert int(pyeval.evaluate_high(np.array(shuffled))) == s


@settings(max_examples=300, deadline=None)
@given(a=hands_5_to_7, b=hands_5_to_7)
def test_pairwise_comparison_matches_reference(a, b):
    sa, sb = int(pyeval.evaluate_high(np.array(a))), int(pyeval.evaluate_high(np.array(b)))
    ka, kb = R.high_key(a), R.high_key(b)
    assert (sa > sb) == (ka > kb) and (sa == sb) == (ka == kb)


def test_all_orders_of_one_hand():
    hand = C("Ah Kh 8h 4h 2h 2c 2d")
    batch = np.array(list(permutations(hand)))
    s = pyeval.evaluate_high(batch)
    assert (s == s[0]).all() and R.HIGH_CATEGORIES[R.high_key(hand)[0]] == range_category(int(s[0]))
