"""Equity with ranges: published figures, every exact path against an independent reference and
against each other, Monte Carlo within 4 standard errors of exact, errors."""

from fractions import Fraction
from itertools import product

import numpy as np
import pytest

import pyeval
from pyeval.engines.range.equity import range_equity
from pyeval.ranges import parse_range


def reference(game, ranges, board="", dead=""):
    """Exact equities as Fractions, summing plain ``pyeval.equity`` over every disjoint combo
    assignment (the all-hands engine, no range code), weighted by the weight product."""
    g = pyeval.get_game(game)
    removed = set(pyeval.parse_cards(board).tolist()) | set(pyeval.parse_cards(dead).tolist())
    rs = [parse_range(r, g) for r in ranges]
    units = [Fraction(0)] * len(rs)
    total = Fraction(0)
    for pick in product(*[range(len(r)) for r in rs]):
        cards = [rs[p].combos[i] for p, i in enumerate(pick)]
        flat = [int(c) for cs in cards for c in cs]
        if len(set(flat)) != len(flat) or removed & set(flat):
            continue
        w = Fraction(1)
        for p, i in enumerate(pick):
            w *= Fraction(repr(float(rs[p].weights[i])))
        r = pyeval.equity(g, [list(c) for c in cards], board=board, dead=dead, method="exact")
        for p in range(len(rs)):
            units[p] += w * int(r.units[p])
        total += w * r.pot_units * r.outcomes
    return [u / total for u in units]


# ---------------------------------------------------------------------------
# published figures
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", [None, "assignments"])
def test_aa_vs_kk(path):
    r = range_equity("holdem", ["AA", "KK"], method="exact", _path=path)
    assert r.wins.tolist() == [50_371_344, 10_986_372]
    assert r.ties.tolist() == [285_228, 285_228]
    assert r.outcomes == 61_642_944
    assert r.method == "exact"


def test_ak_vs_random_on_2c3c():
    r = pyeval.equity("holdem", ["AK", "random"], board="2c3c", method="exact")
    assert r.wins.tolist() == [159_167_583, 108_567_320]
    assert r.ties.tolist() == [6_233_737, 6_233_737]
    assert r.outcomes == 159_167_583 + 108_567_320 + 6_233_737


def test_three_way_published():
    r = pyeval.equity("holdem", ["AA,KK", "KK,QQ", "QQ,AA"], method="exact")
    assert [round(100 * x, 3) for x in r.equity] == [45.641, 15.834, 38.525]
    assert sum(r.fractions) == 1


def test_as6s_class_against_random():
    r = pyeval.equity("holdem", ["A6s", "random"])
    assert round(100 * r.equity[0], 4) == 59.9058


# ---------------------------------------------------------------------------
# exact paths against the reference and each other
# ---------------------------------------------------------------------------

SPOTS = [
    ("holdem", ["AA,KK:0.5,AKs", "QQ,AKo,AhQh:0.25"], "Kd8c2s9h", ""),
    ("holdem", ["AA,KK", "KK,QQ", "AK,QQ"], "Qs7c2d4h", "3h"),
    ("holdem", ["AhKh", "JJ-99,AQs"], "Th9h2c3s", ""),
    ("holdem-hilo", ["A2s,A3s", "KK,A4"], "5c6d8h9s", ""),
    ("omaha", ["AAKKds,AsQsJdTd", "KKQQ"], "2c7dTh9s", ""),
    ("omaha-hilo", ["AsAd2h3h,AhAc2s3d:0.5", "KKQQ:0.5,JsJd4h5h"], "2c7dTh9s", ""),
    ("shortdeck", ["AA,KK", "QQ+,AKs"], "6c7dTh8s", ""),
]


@pytest.mark.parametrize("game, hands, board, dead", SPOTS, ids=[f"{s[0]}-{i}" for i, s in enumerate(SPOTS)])
def test_exact_against_reference(game, hands, board, dead):
    want = reference(game, hands, board, dead)
    paths = ["assignments", "board_major"]
    g = pyeval.get_game(game)
    if len(hands) == 2 and g.hole == 2 and not g.low:
        paths.append("sweep")
    results = [range_equity(game, hands, board=board, dead=dead, _path=p) for p in paths]
    results.append(pyeval.equity(game, hands, board=board, dead=dead))
    for r in results:
        assert r.fractions == want
    first = results[0]
    for r in results[1:]:
        for p in range(len(hands)):
            assert np.allclose(r.combo_equity[p], first.combo_equity[p], equal_nan=True)
            assert np.allclose(r.combo_prob[p], first.combo_prob[p])
        if first.lo is not None:
            assert np.allclose(r.lo, first.lo) and r.no_low == first.no_low


def test_sweep_path_with_dead_cards_and_weights():
    hands = ["QQ+,AKs:0.5,AhQh", "22-55,T9s-65s"]
    a = range_equity("holdem", hands, board="Kd8c2s", dead="3h", _path="sweep")
    b = range_equity("holdem", hands, board="Kd8c2s", dead="3h", _path="assignments")
    assert a.fractions == b.fractions and (a.wins == b.wins).all() and (a.ties == b.ties).all()
    for p in range(2):
        assert np.allclose(a.combo_equity[p], b.combo_equity[p], equal_nan=True)


def test_preflop_table_path_matches_enumeration():
    hands = ["KK+:0.5,AKs", "QQ,AKo"]
    t = range_equity("holdem", hands, method="exact")
    assert "preflop table" in t.extra.get("source", "")
    e = range_equity("holdem", hands, _path="assignments")
    assert t.fractions == e.fractions and (t.wins == e.wins).all() and t.outcomes == e.outcomes
    for p in range(2):
        assert np.allclose(t.combo_equity[p], e.combo_equity[p])


def test_random_as_a_range_is_the_fair_deal():
    a = range_equity("holdem", ["AhKh", "random"], board="2c7dTh", method="exact")
    b = pyeval.equity("holdem", ["AhKh", "random"], board="2c7dTh", method="exact")  # the all-hands engine
    assert a.fractions == b.fractions and a.outcomes == b.outcomes
    c = range_equity("holdem", ["QQ+", "As*", "random"], board="2c7dTh9s", method="exact")  # partial hand
    assert sum(c.fractions) == 1 and len(c.by_combo[1]) == 52 - 4 - 1  # As with every other live card


def test_by_combo():
    r = pyeval.equity("holdem", ["AA,KK", "AK,QQ"], board="Ks7c2d", method="exact")
    for p in range(2):
        assert float(np.nansum(r.combo_prob[p] * r.combo_equity[p])) == pytest.approx(r.equity[p], abs=1e-12)
    assert set(r.by_combo[0]) == set(pyeval.format_cards(parse_range("AA,KK").without("Ks7c2d").combos))
    assert r.by_combo[0]["Kh Kd"] > 0.9  # a set of kings; keys are written as results write hands,
    assert r.by_combo[0]["KhKd"] == r.by_combo[0]["kd kh"] == r.by_combo[0]["Kh Kd"]  # found written any way
    with pytest.raises(KeyError):
        r.by_combo[0]["AhKh"]
    d = r.to_dict()
    assert "by_combo" in d and d["by_combo"][1]["QsQh"] == r.by_combo[1]["QsQh"]
    assert "AA,KK" in repr(r) and r.hands == ["AA,KK", "AK,QQ"]
    assert pyeval.equity("holdem", [parse_range("KK+"), "AK,QQ"], board="Ks7c2d").hands[0] == "KK+"


# ---------------------------------------------------------------------------
# Monte Carlo
# ---------------------------------------------------------------------------

MC_SPOTS = [
    ("holdem", ["AA,KK,AK", "AK,KK,QQ"], "", 400_000),
    ("holdem", ["AA,KK,AK", "AK,KK,QQ", "QQ,JJ,AK"], "8c5d2s", 400_000),
    ("holdem", ["AA,KK:0.5,AK", "AK,KK,QQ", "random"], "Jc8d2s9h", 300_000),
    ("omaha-hilo", ["AA23", "KKQQ:0.5,JJ45", "QQJT"], "2c7dTh9s", 200_000),
]


@pytest.mark.parametrize("game, hands, board, samples", MC_SPOTS, ids=[f"{s[0]}-{len(s[1])}" for s in MC_SPOTS])
def test_monte_carlo_within_4_standard_errors(game, hands, board, samples):
    exact = pyeval.equity(game, hands, board=board, method="exact")
    mc = pyeval.equity(game, hands, board=board, method="monte-carlo", samples=samples, seed=11)
    assert mc.method == "monte-carlo" and mc.outcomes == samples
    z = (mc.equity - exact.equity) / mc.stderr
    assert np.all(np.abs(z) < 4), z
    # per combo: the most frequent combos agree loosely too
    for p in range(len(hands)):
        if mc.combo_equity[p] is None:
            continue
        k = int(np.argmax(mc.combo_prob[p]))
        n = mc.combo_prob[p][k] * samples
        assert abs(mc.combo_equity[p][k] - exact.combo_equity[p][k]) < 4 * 0.5 / np.sqrt(n) + 1e-9
        assert np.allclose(mc.combo_prob[p], exact.combo_prob[p], atol=5 / np.sqrt(samples))


def test_monte_carlo_reproducible_across_threads():
    q = dict(board="Ks7c2d", method="monte-carlo", samples=150_000, seed=42)
    a = pyeval.equity("holdem", ["AA,KK:0.5", "AK,QQ", "random"], threads=1, **q)
    b = pyeval.equity("holdem", ["AA,KK:0.5", "AK,QQ", "random"], threads=2, **q)
    assert (a.units == b.units).all() and (a.wins == b.wins).all()
    assert all((x == y).all() for x, y in zip(a.combo_equity[:2], b.combo_equity[:2], strict=True))
    assert a.by_combo[2] is None  # a random hand is sampled from the deck, not from a combo list


def test_grouped_monte_carlo_reproducible_and_unbiased():
    # a hand against a range: few combo assignments, sampled deals grouped per assignment
    q = dict(board="Jc8d2s", method="monte-carlo", samples=300_000, seed=9)
    a = pyeval.equity("holdem", ["AhKh", "QQ+,AJs+:0.5,KQs"], threads=1, **q)
    b = pyeval.equity("holdem", ["AhKh", "QQ+,AJs+:0.5,KQs"], threads=2, **q)
    assert (a.units == b.units).all() and (a.combo_equity[1] == b.combo_equity[1]).all()
    e = pyeval.equity("holdem", ["AhKh", "QQ+,AJs+:0.5,KQs"], board="Jc8d2s", method="exact")
    assert np.all(np.abs((a.equity - e.equity) / a.stderr) < 4)
    assert np.allclose(a.combo_prob[1], e.combo_prob[1], atol=5 / np.sqrt(300_000))


def test_stderr_target():
    r = pyeval.equity("holdem", ["AA,KK", "QQ+,AK"], board="Ts9s2c", method="monte-carlo", stderr_target=0.004,
                      seed=3)
    assert r.stderr.max() <= 0.004 and r.outcomes < 1_000_000


def test_auto_method():
    assert pyeval.equity("holdem", ["AhKh", "QQ+"], board="2c7dTh").method == "exact"
    r = pyeval.equity("holdem", ["30%", "30%", "30%"], samples=20_000, seed=1)
    assert r.method == "monte-carlo" and r.outcomes == 20_000


# ---------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("game, hands, kwargs, message", [
    ("holdem", ["AA", "KK"], {"board": "AsAhAd"}, "player 1: no hand of the range"),
    ("holdem", ["AA", "AA", "AA"], {"method": "exact"}, "no deal is possible"),
    ("holdem", ["AA", "AA", "AA"], {"method": "monte-carlo", "samples": 10}, "colliding"),
    ("holdem", ["AhKh", "QQ+"], {"board": "Ah2c3c"}, "duplicate card Ah"),
    ("holdem", ["QQ+", "AhKh", "AhQd"], {}, "duplicate card Ah"),
    ("holdem", ["QQ+"] * 11, {}, "too many players"),
    ("holdem", ["QQ+"], {}, "at least 2 players"),
    ("holdem", ["QQ+", "AK"], {"method": "bogus"}, "method"),
    ("holdem", ["QQ+", "AK"], {"method": "monte-carlo", "samples": 0}, "samples"),
    ("holdem", ["random", "20%", "20%", "20%", "20%"], {"method": "exact"}, "beyond the limits of every"),
    ("shortdeck", ["AA", "2c3c"], {}, "not in the 36-card deck"),
    ("omaha", ["AA**", "AhKhQhJhTh"], {}, "at most 4 cards"),
])
def test_bad_input(game, hands, kwargs, message):
    with pytest.raises(ValueError, match=message):
        pyeval.equity(game, hands, **kwargs)


@pytest.mark.parametrize("seed", [float("inf"), 1.5, "7", True])
def test_seed_of_the_wrong_type_is_refused_like_equity_refuses_it(seed):
    for hands in (["QQ+", "AK"], ["QsQh", "AhKd"]):
        with pytest.raises(TypeError, match="seed"):
            pyeval.equity("holdem", hands, method="monte-carlo", samples=1000, seed=seed)


def test_unsupported():
    with pytest.raises(ValueError, match="hold'em and Omaha"):
        range_equity("stud", ["AsAdKc,QsQdQc", "random"])
    with pytest.raises(NotImplementedError, match="ranges"):
        pyeval.equity("holdem", ["QQ+", "AK"], contributions=[10, 20])
