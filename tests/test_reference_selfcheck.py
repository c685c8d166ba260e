"""Sanity checks of tests/reference.py itself, on hands written by hand and on
counts known from combinatorics (no pyeval involved)."""

from collections import Counter
from itertools import combinations
from math import comb

import pytest
import reference as R
from reference import cards as C


def better(key_fn, a, b, **kw):
    return key_fn(C(a), **kw) > key_fn(C(b), **kw)


def tie(key_fn, a, b, **kw):
    return key_fn(C(a), **kw) == key_fn(C(b), **kw)


# ---------------------------------------------------------------------------
# rank classes: one representative hand per (rank multiset, flush) class, with
# the number of 5-card hands of the deck in that class
# ---------------------------------------------------------------------------

CLASSES_52 = [(h, n) for _, _, h, n in R.five_card_classes()]


def test_classes_cover_the_deck():
    assert sum(n for _, n in CLASSES_52) == comb(52, 5) == 2_598_960
    assert len(CLASSES_52) == 6175 + 1287


# ---------------------------------------------------------------------------
# high
# ---------------------------------------------------------------------------

def test_high_categories_by_hand():
    cases = {
        "As Ks Qs Js Ts": "straight flush",
        "5d 4d 3d 2d Ad": "straight flush",
        "9c 9d 9h 9s 2c": "four of a kind",
        "Qc Qd Qh 2s 2c": "full house",
        "Ah 9h 7h 4h 2h": "flush",
        "5c 4d 3h 2s Ac": "straight",
        "Ac Kd Qh Js Tc": "straight",
        "7c 7d 7h Ks 2c": "three of a kind",
        "7c 7d 2h 2s Kc": "two pair",
        "7c 7d 3h 2s Kc": "one pair",
        "Ac Kd Qh Js 9c": "high card",
        "5c 4d 3h 2s Kc": "high card",    # no wrap-around straights
        "Qc Kd Ah 2s 3c": "high card",
        # best five of seven
        "As Ks Qs Js Ts 9s 8s": "straight flush",
        "2c 2d 2h 3s 3c 3d 4h": "full house",
        "Ah Kh 8h 4h 2h 2c 2d": "flush",
        "Ac Ad Ah As Kc Kd Kh": "four of a kind",
    }
    for text, cat in cases.items():
        assert R.high_category(C(text)) == cat, text


def test_high_order_by_hand():
    hk = R.high_key
    assert better(hk, "Qc Qd Qh 2s 2c", "Jc Jd Jh As Ac")           # QQQ22 > JJJAA
    assert better(hk, "6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac")           # wheel lowest straight
    assert better(hk, "5c 4d 3h 2s Ac", "Ac Ad Ah Ks Qc")           # ... still beats trips
    assert better(hk, "As Ks Qs Js Ts", "Ks Qs Js Ts 9s")           # royal best
    assert better(hk, "6d 5d 4d 3d 2d", "5d 4d 3d 2d Ad")           # steel wheel lowest SF
    assert better(hk, "5d 4d 3d 2d Ad", "Ac Ad Ah As Kc")           # ... still beats quads
    assert better(hk, "2c 2d 2h 2s 4c", "2c 2d 2h 2s 3c")           # quads kicker
    assert better(hk, "3c 3d 3h 3s 2c", "2c 2d 2h 2s Ac")
    assert better(hk, "Ac Ad 2h 2s 3c", "Kc Kd Qh Qs Ac")           # top pair first
    assert better(hk, "Ac Ad 3h 3s 2c", "Ac Ad 2h 2s Kc")
    assert better(hk, "Ac Ad 3h 3s 5c", "Ah As 3c 3d 4c")           # kicker
    assert better(hk, "Ah 9h 7h 4h 3h", "Ac 9c 7c 4c 2c")
    assert better(hk, "2h 3h 4h 5h 7h", "Ac Kd Qh Js Tc")           # flush > straight
    assert better(hk, "2c 2d 2h 3s 3c", "Ah Kh Qh Jh 9h")           # full > flush
    assert better(hk, "Ac Kd Qh Js 9c", "Ac Kd Qh Js 8c")
    assert better(hk, "Kc Kd 9h 8s 7c", "Kc Kd 9h 8s 6c")
    assert tie(hk, "Ac Kd Qh Js 9c", "Ad Kh Qs Jc 9d")
    assert tie(hk, "As Ks Qs Js Ts", "Ah Kh Qh Jh Th")
    # seven cards: a straight on board, the best five
    assert tie(hk, "2c 2d 9h Ts Jc Qd Kh", "Kc Jd 9s Th Qc 3d 4d")
    assert better(hk, "Ac 2d 9h Ts Jc Qd Kh", "2c 2d 9h Ts Jc Qd Kh")
    # counterfeited two pair: third pair does not count, kicker does
    assert tie(hk, "Ac Ad Kc Kd 2c 2d 9s", "Ah As Kh Ks 3c 3d 9d")
    assert better(hk, "Ac Ad Kc Kd 2c 2d Qs", "Ah As Kh Ks 3c 3d Jd")


def test_high_five_card_category_counts_and_distinct():
    counts = Counter()
    keys = set()
    for hand, n in CLASSES_52:
        k = R.high_key(hand)
        keys.add(k)
        counts[R.HIGH_CATEGORIES[k[0]]] += n
    assert len(keys) == 7462
    assert counts == {
        "straight flush": 40, "four of a kind": 624, "full house": 3744,
        "flush": 5108, "straight": 10200, "three of a kind": 54912,
        "two pair": 123552, "one pair": 1098240, "high card": 1302540,
    }
    # distinct values per category (the DESIGN.md ranges)
    per_cat = Counter(R.HIGH_CATEGORIES[k[0]] for k in keys)
    assert per_cat == {
        "straight flush": 10, "four of a kind": 156, "full house": 156, "flush": 1277,
        "straight": 10, "three of a kind": 858, "two pair": 858, "one pair": 2860,
        "high card": 1277,
    }


def test_high_seven_cards_is_best_subset():
    hand = C("Ah Kh 8h 4h 2h 2c 2d")
    assert R.high_key(hand) == max(R.high_key(list(s)) for s in combinations(hand, 5))


def test_bad_input():
    with pytest.raises(ValueError):
        R.high_key(C("Ac Ac Kd Qh Js"))
    with pytest.raises(ValueError):
        R.high_key(C("Ac Kd Qh Js"))
    with pytest.raises(ValueError):
        R.high_key([0, 1, 2, 3, 52])


# ---------------------------------------------------------------------------
# A-5 lows
# ---------------------------------------------------------------------------

def test_low8_by_hand():
    lk = R.low8_key
    assert better(lk, "7c 5d 4h 2s Ac", "8c 4d 3h 2s Ac")
    assert better(lk, "8c 5d 4h 3s Ac", "8c 5d 4h 3s 2c")
    assert better(lk, "5c 4d 3h 2s Ac", "6c 4d 3h 2s Ac")
    assert tie(lk, "5c 4c 3c 2c Ac", "5d 4h 3s 2c Ad")       # flushes/straights ignored
    assert better(lk, "6c 5d 4h 3s 2c", "7c 4d 3h 2s Ac")
    assert lk(C("9c 5d 4h 3s Ac")) is None                    # 9 does not qualify
    assert lk(C("8c 8d 4h 3s Ac")) is None                    # needs 5 different ranks
    assert lk(C("Kc Qd Jh Ts 9c 8d 7h")) is None
    assert lk(C("Ac Ad 2c 2d 3c 3d 4h")) is None              # only 4 low ranks
    assert tie(lk, "Ac Ad 2c 3d 4h 5s Kc", "5c 4d 3h 2s Ac")  # best five of seven
    assert tie(lk, "8c 7d 6h 5s 4c Kd Kh", "8d 7h 6s 5c 4d")
    assert lk(C("Ac 2c 3c 4c 5c")) == (-5, -4, -3, -2, -1)


def test_low8_distinct_and_qualifying_count():
    keys = Counter()
    for hand, n in CLASSES_52:
        k = R.low8_key(hand)
        if k is not None:
            keys[k] += n
    assert len(keys) == 56 == comb(8, 5)
    assert sum(keys.values()) == 4 ** 5 * 56 == 57_344


def test_razz_by_hand():
    rk = R.razz_key
    assert better(rk, "7c 5d 4h 2s Ac", "8c 4d 3h 2s Ac")
    assert better(rk, "8c 5d 4h 3s Ac", "8c 5d 4h 3s 2c")
    assert better(rk, "Kc Qd Jh Ts 9c", "Ac Ad 2h 3s 4c")     # any unpaired beats any paired
    assert better(rk, "Ac Ad Kh Qs Jc", "2c 2d 3h 4s 5c")     # aces are the lowest pair
    assert better(rk, "2c 2d 3h 4s 5c", "2h 2s 3c 4d 6c")     # then kickers
    assert better(rk, "Kc Kd Qh Js Tc", "Ac Ad 2h 2s 3c")     # one pair beats two pair
    assert better(rk, "Qc Qd Jh Js Kc", "Ac Ad Ah 2s 3c")     # two pair beats trips
    assert better(rk, "Kc Kd Kh Qs Jc", "Ac Ad Ah 2s 2c")     # trips beat a full house
    assert better(rk, "Kc Kd Kh Qs Qc", "Ac Ad Ah As 2c")     # full house beats quads
    assert tie(rk, "5c 4c 3c 2c Ac", "5d 4h 3s 2c Ad")
    assert better(rk, "Kc Qd Jh Ts 9c", "Kd Qh Js Td Th")
    assert tie(rk, "Ac Ad 2c 3d 4h 5s Kc", "5c 4d 3h 2s Ac")
    # seven cards of at most three ranks (quads and trips): best paired five
    assert tie(rk, "Ac Ad Ah As 2c 2d 2h", "Ac Ad Ah 2c 2d")
    assert tie(rk, "Kc Kd Kh Ks Qc Qd Qh", "Qc Qd Qh Kc Kd")   # lower trips full


def test_razz_distinct():
    assert len({R.razz_key(h) for h, _ in CLASSES_52}) == 6175


# ---------------------------------------------------------------------------
# 2-7
# ---------------------------------------------------------------------------

def test_deuce7_by_hand():
    dk = R.deuce7_key
    best = dk(C("7c 5d 4h 3s 2c"))
    assert all(best >= dk(h) for h, _ in CLASSES_52)
    assert better(dk, "7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c")
    assert better(dk, "7c 6d 5h 4s 2c", "8c 5d 4h 3s 2c")
    assert better(dk, "8c 6d 4h 3s 2c", "7c 5c 4c 3c 2c")   # 7-5-4-3-2 suited is a flush
    assert better(dk, "Kc Qd Jh 9s 8c", "6c 5d 4h 3s 2c")   # 6-5-4-3-2 is a straight
    assert better(dk, "Kc Qd Jh 9s 8c", "Ac 5d 4h 3s 2c")   # A-5-4-3-2 is ace high ...
    assert better(dk, "Ac 5d 4h 3s 2c", "2c 2d 3h 4s 5c")   # ... not a straight
    assert better(dk, "Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c")   # any high card beats a pair
    assert better(dk, "2c 2d 3h 4s 5c", "3c 3d 2h 4s 5c")
    assert tie(dk, "9c 8d 7h 5s 4c Kd Kh", "9d 8h 7s 5c 4d")
    assert better(dk, "7c 5d 4h 3s 2c Kd Ks", "8c 5d 4h 3s 2d")


def test_deuce7_distinct():
    assert len({R.deuce7_key(h) for h, _ in CLASSES_52}) == 7462


# ---------------------------------------------------------------------------
# Omaha
# ---------------------------------------------------------------------------

def test_omaha_high_by_hand():
    ok = R.omaha_high_key
    # four hearts on board, one heart in hand: no flush
    assert ok(C("Ah Kc Qd Js"), C("2h 5h 8h 9h Tc"))[0] == R.HIGH_CATEGORIES.index("straight")
    assert ok(C("Ah Kh Qd Js"), C("2h 5h 8h 9c Tc"))[0] == R.HIGH_CATEGORIES.index("flush")
    # a straight on board needs two hole cards
    assert ok(C("Ac Ad Ah As"), C("5c 6d 7h 8s 9c"))[0] == R.HIGH_CATEGORIES.index("one pair")
    # quads in hand: only a pair plays; board trips + a hole pair is a full house
    assert ok(C("Kc Kd 2h 3s"), C("Ac Ad Ah 7s 9c"))[0] == R.HIGH_CATEGORIES.index("full house")
    assert ok(C("Kc Qd 2h 3s"), C("Ac Ad Ah As 9c"))[0] == R.HIGH_CATEGORIES.index("three of a kind")
    assert ok(C("As Ks Qd Jd"), C("Ts 2c 3c"))[0] == R.HIGH_CATEGORIES.index("high card")
    assert ok(C("As Ks Qd Jd Tc 9c"), C("Ts Qs Js"))[0] == R.HIGH_CATEGORIES.index("straight flush")


def test_omaha_low8_by_hand():
    lk = R.omaha_low8_key
    assert lk(C("Ac 2d Kh Ks"), C("3c 4d 5h Kc Qd")) == (-5, -4, -3, -2, -1)
    assert lk(C("Ac Kd Kh Qs"), C("2c 3d 4h 5s 6c")) is None   # one low hole card
    assert lk(C("Ac 2d Kh Ks"), C("3c 4d Qh Kc Qd")) is None   # two low board cards
    assert lk(C("Ac 2d 3h 4s"), C("5c 6d 7h Kc Qd")) == (-7, -6, -5, -2, -1)
    assert lk(C("Ac Ad 2h 3s"), C("Ah 4d 8h Kc Qd")) == (-8, -4, -3, -2, -1)


# ---------------------------------------------------------------------------
# short deck
# ---------------------------------------------------------------------------

def test_shortdeck_by_hand():
    sk = R.shortdeck_key
    assert better(sk, "Ah 9h 8h 7h Jh", "Kc Kd Kh Qs Qc")     # flush beats full house
    assert better(sk, "6c 6d 6h Ks Qc", "Ac Kd Qh Js Tc")     # trips beat straights
    assert better(sk, "Ac Kd Qh Js Tc", "6c 6d 6h Ks Qc", trips_beat_straight=False)
    assert better(sk, "Tc 9d 8h 7s 6c", "Ac 9d 8h 7s 6c")     # A-6-7-8-9 lowest straight
    assert better(sk, "Ac 9d 8h 7s 6c", "Ac Kd 8h 7s 6c")     # ... still a straight
    assert better(sk, "Tc 9c 8c 7c 6c", "Ac 9c 8c 7c 6c")
    assert better(sk, "Ac 9c 8c 7c 6c", "Ac Ad Ah As Kc")
    assert better(sk, "Ac Kc Qc Jc Tc", "Kd Qd Jd Td 9d")
    with pytest.raises(ValueError):
        sk(C("5c 9d 8h 7s 6c"))


@pytest.mark.parametrize("tbs", [True, False])
def test_shortdeck_distinct(tbs):
    keys = {R.shortdeck_key(h, trips_beat_straight=tbs) for _, _, h, _ in R.five_card_classes(range(4, 13))}
    assert len(keys) == 1404
    assert sum(n for *_, n in R.five_card_classes(range(4, 13))) == comb(36, 5)


def test_shortdeck_category_counts():
    counts = Counter()
    for _, _, hand, n in R.five_card_classes(range(4, 13)):
        counts[R.shortdeck_key(hand)[0]] += n
    # categories of shortdeck keys: 8 SF, 7 quads, 6 flush, 5 full house,
    # 4 trips, 3 straight, 2 two pair, 1 pair, 0 high card
    assert counts == {8: 24, 7: 288, 6: 480, 5: 1728, 4: 16128, 3: 6120,
                      2: 36288, 1: 193536, 0: 122400}


def test_seven_card_category_frequencies_sample():
    """Reference categories of random 7-card hands match the known
    probabilities (out of 133,784,560) within 5 standard errors."""
    import random

    rng = random.Random(7)
    n = 20000
    counts = Counter(R.high_category(rng.sample(range(52), 7)) for _ in range(n))
    known = {"straight flush": 41584, "four of a kind": 224848, "full house": 3473184,
             "flush": 4047644, "straight": 6180020, "three of a kind": 6461620,
             "two pair": 31433400, "one pair": 58627800, "high card": 23294460}
    assert sum(known.values()) == comb(52, 7)
    for cat, k in known.items():
        p = k / comb(52, 7)
        assert abs(counts[cat] - n * p) <= 5 * (n * p * (1 - p)) ** 0.5 + 1, cat


# ---------------------------------------------------------------------------
# badugi
# ---------------------------------------------------------------------------

def test_badugi_by_hand():
    bk = R.badugi_key
    assert bk(C("4c 3d 2h As")) == (4, -4, -3, -2, -1)
    assert better(bk, "Kc Qd Jh Ts", "Ac 2d 3h 3s")          # 4 cards beat 3
    assert bk(C("Ac 2d 3h 3s")) == (3, -3, -2, -1)
    assert bk(C("Ac 2c 3h 4s")) == (3, -4, -3, -1)           # Ac, 3h, 4s beats 2c, 3h, 4s
    assert bk(C("Ac 2c 3c 4c")) == (1, -1)
    assert bk(C("Kc Kd Kh Ks")) == (1, -13)
    assert bk(C("Ac Ad 2c 2d")) == (2, -2, -1)
    assert better(bk, "7c 5d 4h 2s", "8c 3d 2h As")
    assert tie(bk, "7c 5d 4h 2s", "7d 5h 4s 2c")


def test_badugi_distinct_by_size():
    # Keys do not depend on suit names: every hand has a suit permutation that
    # makes its lowest card a club, so those hands give every key.
    keys = {R.badugi_key(hand) for hand in combinations(range(52), 4) if hand[0] % 4 == 0}
    by_size = Counter(k[0] for k in keys)
    assert by_size == {4: 715, 3: 286, 2: 78, 1: 13}
    assert len(keys) == 1092


# ---------------------------------------------------------------------------
# showing hands and bring-in
# ---------------------------------------------------------------------------

def test_showing_high():
    sk = R.showing_key
    assert better(sk, "2c 2d", "Ac Kd")
    assert better(sk, "Ac Ad", "Kc Kd")
    assert better(sk, "Ac Kd", "Ac Qd")
    assert better(sk, "3c 3d 3h", "Ac Ad Kc")
    assert better(sk, "Ac Ad Kh", "Ac Ad Qh")
    assert better(sk, "3c 3d 2h 2s", "Ac Ad Kh Qs")           # two pair > pair
    assert better(sk, "2c 2d 2h 3s", "Ac Ad Kh Ks")           # trips > two pair
    assert better(sk, "2c 2d 2h 2s", "Ac Ad Ah Ks")           # quads > trips
    assert tie(sk, "5c 6c 7c 8c", "5d 6h 7s 8d")              # no straights/flushes
    assert better(sk, "9c 2d 3h 4s", "5c 6c 7c 8c")
    assert better(sk, "As", "Kc")
    assert tie(sk, "As", "Ac")


def test_showing_low():
    sk = R.showing_key
    assert better(sk, "2c Ad", "3c Ad", low=True)
    assert better(sk, "Kc Qd", "Ac Ad", low=True)             # pairs count against
    assert better(sk, "Ac", "2c", low=True)
    assert tie(sk, "Kc", "Ks", low=True)
    assert better(sk, "7c 4d 3h 2s", "8c 3d 2h As", low=True)
    assert better(sk, "Ac Ad 2c", "2d 2h Ac", low=True)       # lower pair better
    assert better(sk, "Kc Kd Qh Js", "Ac Ad 2c 2d", low=True)


def test_bring_in():
    bi = R.bring_in
    assert bi(C("5h 5d 5s 7c"), "stud") == 1                 # 5d brings in
    assert bi(C("Kh 2c Ad"), "stud") == 1
    assert bi(C("Ac 3c Kd"), "stud") == 1
    assert bi(C("Ac 3c Kd"), "stud-hilo") == 1
    assert bi(C("Ac 3c Kd"), "razz") == 2                    # ace is low in razz
    assert bi(C("Kh Qs Ks 2c"), "razz") == 2                 # Ks is the highest card
    assert bi(C("Qc Qd Qh 2c"), "razz") == 2
