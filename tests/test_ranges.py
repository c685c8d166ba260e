"""Range syntax: combo counts, round trips, errors naming the token, Omaha patterns."""

import numpy as np
import pytest

import pyeval
from pyeval.ranges import HOLDEM_COMBOS, Range, RangeError, class_of, is_range_entry, parse_range

HOLDEM_COUNTS = [
    ("QQ+", 18), ("AKs", 4), ("AKo", 12), ("A2s+", 48), ("random", 1326), ("xx", 1326), ("AK", 16),
    ("22-55", 24), ("55-22", 24), ("KTo+", 36), ("T9s-65s", 20), ("K9s-K6s", 16), ("AhKh", 1), ("AsK*", 4),
    ("A*K*", 16), ("QQ", 6), ("AA,KK", 12), ("Q9+", 48), ("T8s-64s", 20), ("65s-T9s", 20),
    ("QQ+,AKs:0.5,AhKh:0", 21), ("aks", 4), ("qq+ , ak s", 22), ("100%", 1326),
]


@pytest.mark.parametrize("text, n", HOLDEM_COUNTS)
def test_holdem_combo_counts(text, n):
    r = parse_range(text)
    assert len(r) == n
    assert parse_range(str(r)) == r


def test_hand_counted_cases():
    assert set(parse_range("AKs").hands()) == {"AsKs", "AhKh", "AdKd", "AcKc"}
    assert set(parse_range("AsK*").hands()) == {"AsKs", "AsKh", "AsKd", "AsKc"}
    assert {class_of(h) for h in parse_range("T9s-65s").hands()} == {"T9s", "98s", "87s", "76s", "65s"}
    assert {class_of(h) for h in parse_range("K9s-K6s").hands()} == {"K9s", "K8s", "K7s", "K6s"}
    assert {class_of(h) for h in parse_range("KTo+").hands()} == {"KTo", "KJo", "KQo"}
    assert {class_of(h) for h in parse_range("22-55").hands()} == {"22", "33", "44", "55"}
    assert parse_range("AK") == parse_range("AKs,AKo") == parse_range("A*K*")
    assert str(parse_range("A2s+")) == "A2s+"
    assert str(parse_range("QQ+,AKs")) == "QQ+,AKs"
    assert str(parse_range("KK-QQ,AKo")) == "QQ-KK,AKo"


def test_weights_and_overrides():
    r = parse_range("AKs:0.5,AhKh:0.25")
    assert r.weight("AsKs") == 0.5 and r.weight("AhKh") == 0.25 and r.weight("AhKs") == 0
    assert "AsKs" in r and "AhKs" not in r
    assert len(parse_range("QQ+,AsAh:0")) == 17  # weight 0 removes
    r = parse_range("QQ+:0.3,AK:2")
    assert parse_range(str(r)) == r and r.total_weight == pytest.approx(18 * 0.3 + 16 * 2)


def test_round_trip_random_ranges():
    rng = np.random.default_rng(5)
    for _ in range(60):
        k = int(rng.integers(1, 1326))
        idx = rng.choice(1326, k, replace=False)
        w = rng.choice([1.0, 0.5, 0.25, 0.125, 1 / 3], size=k)
        r = Range(HOLDEM_COMBOS[idx], w)
        text = str(r)
        assert parse_range(text) == r, text
    r = parse_range("random")
    assert str(r) == "random" and r.is_random


def test_percentages():
    sizes = [len(parse_range(f"{p}%")) for p in (1, 5, 10, 15, 25, 50, 75, 100)]
    assert sizes == sorted(sizes) and sizes[-1] == 1326
    for p in (5, 15, 50):
        assert abs(len(parse_range(f"{p}%")) - p / 100 * 1326) <= 12 / 2  # nearest whole classes
    order = pyeval.preflop_order()
    assert order[:3] == ["AA", "KK", "QQ"] and len(set(order)) == 169
    for p in (3, 20):  # whole classes, a prefix of the order
        classes = {class_of(h) for h in parse_range(f"{p}%").hands()}
        assert classes == set(order[:len(classes)])
    r = parse_range("15%:0.5")
    assert set(r.weights.tolist()) == {0.5}


BAD = [
    ("QQ+,AKx", "AKx"), ("ZZ", "ZZ"), ("AKs:-1", "AKs:-1"), ("AKs:abc", "AKs:abc"), ("AA-KQ", "AA-KQ"),
    ("T9s-65o", "T9s-65o"), ("AKss", "AKss"), ("22-55s", "22-55s"), ("AsAs", "AsAs"), ("QQ,,KK", "''"),
    ("150%", "150%"), ("AK,T9s-J8s", "T9s-J8s"), ("AAs", "AAs"), ("0%", "0%"),
]


@pytest.mark.parametrize("text, token", BAD)
def test_errors_name_the_token(text, token):
    with pytest.raises(ValueError, match="range") as exc:
        parse_range(text)
    assert token in str(exc.value)
    assert isinstance(exc.value, RangeError)


def test_errors_through_equity():
    with pytest.raises(ValueError, match="'AKx'"):
        pyeval.equity("holdem", ["QQ+,AKx", "random"])
    with pytest.raises(ValueError, match="bad card"):  # not a range: the card parser's error
        pyeval.equity("holdem", ["AhXs", "KdKc"])


def test_is_range_entry():
    assert is_range_entry("QQ+") and is_range_entry("AK") and is_range_entry("15%") and is_range_entry("AsK*")
    assert is_range_entry(parse_range("AA"))
    assert not is_range_entry("AhKh") and not is_range_entry("random") and not is_range_entry("xx")
    assert not is_range_entry([51, 47]) and not is_range_entry("AhXs")
    assert is_range_entry("AA**", "omaha") and not is_range_entry("AsKsQdJd", "omaha")


def test_card_removal_and_short_deck():
    r = parse_range("AA,KK").without("As Kd 2c")
    assert len(r) == 6 and all("As" not in h and "Kd" not in h for h in r.hands())
    assert len(parse_range("random", "shortdeck")) == 630
    assert len(parse_range("A2s+", "shortdeck")) == 32  # A6s..AKs
    assert len(parse_range("22+", "shortdeck")) == 54


OMAHA_COUNTS = [
    ("AA**", 6961), ("AA", 6961), ("AAxx", 6961), ("AAKK", 36), ("AAKKds", 6), ("AAKKss", 24),
    ("AAKKrainbow", 6), ("AsKsQdJd", 1), ("As**", 20825), ("AAKK,QQJJ", 72),
]


@pytest.mark.parametrize("text, n", OMAHA_COUNTS)
def test_omaha_counts(text, n):
    r = parse_range(text, "omaha")
    assert len(r) == n
    assert parse_range(str(r), "omaha") == r


def test_omaha_suit_qualifiers():
    for text, pattern in (("AA**ds", [2, 2, 0, 0]), ("KK**ss", [2, 1, 1, 0]), ("QQ**rainbow", [1, 1, 1, 1])):
        r = parse_range(text, "omaha")
        counts = np.sort(np.stack([((r.combos & 3) == s).sum(axis=1) for s in range(4)], axis=1), axis=1)[:, ::-1]
        assert (counts == pattern).all(), text
    ds, ss, rb = (len(parse_range(f"****{s}", "omaha")) for s in ("ds", "ss", "rainbow"))
    assert (ds, ss, rb) == (6 * 13**0 * 78 * 78, 12 * 78 * 13 * 13, 13**4)  # suit pairs x rank choices
    assert len(parse_range("AA", "omaha5")) == 6 * 17296 + 4 * 1128 + 48


def test_other_games_take_explicit_hands():
    r = parse_range("AsAdKc,QsQdQc", "stud")
    assert len(r) == 2
    with pytest.raises(ValueError, match="QQ"):
        parse_range("QQ", "stud")
