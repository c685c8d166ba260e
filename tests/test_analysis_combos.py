"""combo_equities: each combo equals its own single-hand query, the mean equals the range query."""

import random
from fractions import Fraction

import numpy as np
import pytest

import pyeval
from pyeval.results.tally import POT


def _spot(rng, cards):
    board = rng.sample(range(52), cards)
    return pyeval.format_cards(board) if cards else ""


@pytest.mark.parametrize("hero, villain, cards", [("QQ+,AK", "JJ-88,AQs,KQs", 3), ("15%", "30%", 3),
                                                  ("A2s-A9s,KTs+", "random", 4), ("TT+:0.5,AKs", "22+", 0)])
def test_per_combo_equals_single_hand_queries(hero, villain, cards):
    rng = random.Random(hero)
    board = _spot(rng, cards)
    t = pyeval.combo_equities("holdem", hero, villain, board=board, method="exact")
    assert t.method == "exact"
    for i in rng.sample(range(len(t)), min(6, len(t))):
        single = pyeval.equity("holdem", [t.hands[i], villain], board=board, method="exact")
        assert t.fractions[i] == single.fractions[0], t.hands[i]
        # wins and ties: the same probabilities as the single query
        n = int(t.counts.outcomes[i])
        assert Fraction(int(t.counts.wins[i]), n) == Fraction(int(single.wins[0]), single.outcomes)
        assert Fraction(int(t.counts.ties[i]), n) == Fraction(int(single.ties[0]), single.outcomes)
    assert t.mean_fraction == pyeval.equity("holdem", [hero, villain], board=board).fractions[0]
    # the mean from the combos' own counts, each with its integer weight
    w = pyeval.engines.range.weights.integer_weights(t.weights)
    units = sum(int(a) * int(b) for a, b in zip(w, t.counts.units))
    outcomes = sum(int(a) * int(b) for a, b in zip(w, t.counts.outcomes))
    assert Fraction(units, POT * outcomes) == t.mean_fraction
    assert float(np.sum(t.prob * t.equity)) == pytest.approx(t.mean, abs=1e-12)


def test_multiway_and_omaha():
    t = pyeval.combo_equities("holdem", "KK+,AKs", ["QQ-TT", "random"], board="Jc8d3h7s", method="exact")
    for i in range(0, len(t), 5):
        single = pyeval.equity("holdem", [t.hands[i], "QQ-TT", "random"], board="Jc8d3h7s", method="exact")
        assert t.fractions[i] == single.fractions[0]
    assert t.mean_fraction == pyeval.equity("holdem", ["KK+,AKs", "QQ-TT", "random"], board="Jc8d3h7s").fractions[0]
    o = pyeval.combo_equities("omaha", "AAKK", "QQJJ,QQTT", board="2c7d9h", method="exact")
    for i in range(0, len(o), 7):
        single = pyeval.equity("omaha", [o.hands[i], "QQJJ,QQTT"], board="2c7d9h", method="exact")
        assert o.fractions[i] == single.fractions[0]
    with pytest.raises(ValueError, match="two-card"):
        o.grid()


def test_short_deck_grid():
    t = pyeval.combo_equities("shortdeck", "AA,KK,AK", "QQ,JJ", board="Ts9s6d", method="exact")
    g = t.grid()
    names = t.grid_classes()
    assert np.isnan(g.ravel()[names.index("72o")])
    aa = g.ravel()[names.index("AA")]
    inside = [i for i, h in enumerate(t.hands) if h[0] == "A" and h[3] == "A"]
    expect = np.sum(t.prob[inside] * t.equity[inside]) / np.sum(t.prob[inside])
    assert aa == pytest.approx(expect)


def test_curve_and_buckets():
    t = pyeval.combo_equities("holdem", "15%", "30%", board="Kd8c2s")
    share, eq = t.distribution()
    assert share[-1] == pytest.approx(1.0) and (np.diff(eq) <= 0).all()
    b = t.buckets()
    assert sum(s for _, _, s in b) == pytest.approx(1.0)
    assert [lo for lo, _, _ in t.buckets([0, 0.5, 1])] == [0, 0.5]
    with pytest.raises(ValueError, match="bucket edges"):
        t.buckets([0.5, 0.2])


def test_monte_carlo_has_stderr_and_is_seeded():
    kw = dict(board="Kd8c2s", samples=200_000, seed=3)
    a = pyeval.combo_equities("holdem", "QQ+,AK", "JJ-99,AQs", **kw)
    assert a.method == "monte-carlo" and a == pyeval.combo_equities("holdem", "QQ+,AK", "JJ-99,AQs", **kw)
    exact = pyeval.combo_equities("holdem", "QQ+,AK", "JJ-99,AQs", board="Kd8c2s", method="exact")
    z = np.abs(a.equity - exact.equity) / a.stderr
    assert (a.stderr > 0).all() and np.median(z) < 2 and z.max() < 6
    with pytest.raises(ValueError, match="exact fractions"):
        _ = a.fractions
    # a random range is tracked combo by combo when sampled (issue 28: the refusal sent users in circles)
    r = pyeval.combo_equities("holdem", "random", "AA", board="Kd8c2s", samples=20_000, seed=1)
    assert len(r) == len(pyeval.combo_equities("holdem", "random", "AA", board="Kd8c2s", method="exact"))


def test_outputs():
    t = pyeval.combo_equities("holdem", "AA,KK", "QQ", board="2c7d9h", method="exact")
    assert "12 combos" in repr(t) and len(repr(t)) < 1000
    d = t.to_dict()
    assert d["mean_equity_fraction"] == [t.mean_fraction.numerator, t.mean_fraction.denominator]
    csv = t.to_csv()
    assert csv.splitlines()[0].startswith("hand,weight,prob,equity") and len(csv.splitlines()) == 13
    pd = pytest.importorskip("pandas")
    f = t.to_frame()
    assert isinstance(f, pd.DataFrame) and list(f["hand"]) == t.hands


def test_bad_input():
    with pytest.raises(TypeError, match="opponents"):
        pyeval.combo_equities("holdem", "AA", [])
    with pytest.raises(ValueError):
        pyeval.combo_equities("stud", "AA", "KK")


def test_weights_far_apart_split_by_weight_class():
    t = pyeval.combo_equities("holdem", "AA:1e12,KK:1", "QQ,JJ:1e-9", board="2c3d4h", method="exact")
    assert t.result.extra.get("weight_classes")
    for i in (0, len(t) - 1):
        single = pyeval.equity("holdem", [t.hands[i], "QQ,JJ:1e-9"], board="2c3d4h", method="exact")
        assert t.fractions[i] == single.fractions[0]


@pytest.mark.parametrize("board", ["Kd8c2s7h3d", "Ah7h4h9sJh", "2c2d5h5s9c"])
def test_river_combo_table_matches_eval7(board):
    """An outside check (eval7, the bench extra): on a complete board, eval7's
    ``py_hand_vs_range_exact`` gives each hand's exact equity against a range, which is what every
    row of the combo table is.  (Before the river it does not deal the rest of the board, so it
    answers another question there.)"""
    eval7 = pytest.importorskip("eval7")
    hero, villain = "QQ+,AK,T9s,76s", "JJ-77,AQs,KQs,A5s,98s"
    t = pyeval.combo_equities("holdem", hero, villain, board=board, method="exact")
    cards = [eval7.Card(board[i:i + 2]) for i in range(0, len(board), 2)]
    assert len(t) > 20
    for hand, equity in zip(t.hands, t.equity):
        theirs = eval7.py_hand_vs_range_exact([eval7.Card(hand[:2]), eval7.Card(hand[2:])], eval7.HandRange(villain),
                                              cards)
        assert equity == pytest.approx(theirs, abs=1e-6), hand  # eval7 returns float32


def _can_face_brute(hero: str, villains: list[str], board: str, game: str) -> set[str]:
    """The hero combos some opponent hand can face: every opponent combo tried (plain Python)."""
    from itertools import product

    from pyeval.core.cards import format_card
    used = set(pyeval.parse_cards(board).tolist())
    opp = [[frozenset(c.tolist()) for c in pyeval.parse_range(v, game).combos] for v in villains]
    out = set()
    for combo in pyeval.parse_range(hero, game).combos:
        mine = set(combo.tolist())
        if mine & used:
            continue
        if any(len(set().union(*pick)) == sum(map(len, pick)) and not set().union(*pick) & (mine | used)
               for pick in product(*opp)):
            out.add(" ".join(format_card(c) for c in sorted(mine, reverse=True)))
    return out


def test_monte_carlo_leaves_out_combos_no_opponent_can_face():
    """Issue 36 item 10: AA**ds against KKQQ on 7cKc7hAc listed AsAhKsKh (the opponent's kings are
    gone) with NaN equity and an infinite standard error, where the exact path leaves it out."""
    t = pyeval.combo_equities("omaha", "AA**ds", "KKQQ", board="7cKc7hAc", samples=20_000, seed=1)
    assert t.method == "monte-carlo"
    expected = _can_face_brute("AA**ds", ["KKQQ"], "7cKc7hAc", "omaha")
    assert {" ".join(sorted(h.split(), key=lambda c: pyeval.parse_cards(c)[0], reverse=True))
            for h in t.hands} == expected
    assert "As Ah Ks Kh" not in t.hands
    for row in t.rows():
        assert row["outcomes"] > 0 or row["prob"] == 0
    exact = pyeval.combo_equities("omaha", "AA**ds", "KKQQ", board="7cKc7hAc", method="exact")
    assert sorted(exact.hands) == sorted(t.hands)


def test_a_combo_sampled_too_rarely_shows_no_huge_standard_error():
    """The repr printed nan_to_num(inf): a 309-digit number."""
    t = pyeval.combo_equities("omaha", "random", "AsKsQdJd", board="2c7d9h", samples=20_000, seed=2)
    assert "e+308" not in repr(t) and "1797693134862315" not in repr(t)
