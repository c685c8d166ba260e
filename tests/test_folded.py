"""Folded players' cards (``folded=``, issue 32 item 3): against an explicit enumeration over the
folders' hands, written here without the range engine's folder code: for each choice of one combo
per folder (disjoint), plain ``pyeval.equity`` with those cards dead, weighted by the folders'
range weights times the number of ways the rest is dealt (that query's ``outcomes``: with the
active ranges unweighted, its count of (active hands, board) deals), which is the joint deal
without replacement."""

import math
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

import pyeval
from pyeval.core.cards import format_cards
from pyeval.engines.range.equity import range_equity
from pyeval.ranges import parse_range
from pyeval.results.tally import POT


def explicit(game, hands, folded, board="", dead=""):
    """(equities, hi, lo) as Fractions (hi and lo None outside hi/lo), and the weighted deal count."""
    g = pyeval.get_game(game)
    rs = [parse_range(f, g) for f in folded]
    units = [Fraction(0)] * len(hands)
    hi = [Fraction(0)] * len(hands)
    total = Fraction(0)
    for pick in product(*[range(len(r)) for r in rs]):
        cards = [int(c) for p, i in enumerate(pick) for c in rs[p].combos[i]]
        if len(set(cards)) != len(cards):
            continue  # two folders cannot hold the same card
        w = Fraction(1)
        for p, i in enumerate(pick):
            w *= Fraction(repr(float(rs[p].weights[i])))
        try:
            r = pyeval.equity(g, hands, board=board, dead=f"{dead} {format_cards(cards)}".strip(), method="exact")
        except ValueError:  # the folders' cards collide with a known hand, or leave a range empty: no deal
            continue
        total += w * r.outcomes
        for p in range(len(hands)):
            units[p] += w * int(r.units[p])
            if r.hi is not None:
                hi[p] += w * Fraction(repr(float(r.hi[p]))) * r.outcomes
    eq = [u / (total * POT) for u in units]
    return eq, [h / total for h in hi], total


# ---------------------------------------------------------------------------
# exact: the explicit enumeration, on every exact path
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["assignments", "board_major", None])
def test_known_hands_and_a_folding_range(path):
    hands, board, folded = ["AhKh", "QsQd"], "2c7d9s", ["TT+,AK"]
    eq, _, total = explicit("holdem", hands, folded, board)
    r = range_equity("holdem", hands, board=board, folded=folded, _path=path)
    assert r.method == "exact" and r.fractions == eq
    assert r.outcomes == total  # weights all 1: the number of joint deals
    assert r.hands == ["Ah Kh", "Qs Qd"] and len(r.equity) == 2 and r.extra["folded"] == ["TT+,AK"]


@pytest.mark.parametrize("path", ["assignments", "board_major"])
def test_ranges_and_weighted_folders(path):
    hands, board, folded = ["AK,QQ", "JJ+"], "2c7d9s", ["AA:0.5,KK,AK:0.25", "QQ,99"]
    eq, _, _ = explicit("holdem", hands, folded, board)
    r = range_equity("holdem", hands, board=board, folded=folded, _path=path)
    assert r.fractions == eq
    assert r.fractions != pyeval.equity("holdem", hands, board=board).fractions  # the folders move it


def test_folder_weights_far_apart_split_by_weight_class():
    hands, board, folded = ["AhKh", "QQ,JJ"], "2c7d9s", ["AA:1e15,KK:1,AK:3e-9"]
    r = range_equity("holdem", hands, board=board, folded=folded, method="exact")
    assert r.extra["weight_classes"] == 3 and r.fractions == explicit("holdem", hands, folded, board)[0]


@pytest.mark.parametrize("path", ["assignments", "board_major"])
def test_hilo_folders_never_qualify(path):
    """In a low half a folder's strength is NO_LOW: both halves as the explicit enumeration says."""
    hands, board, folded = ["As2sKdQd", "AhKh3c4c"], "5s6d7h", ["A2**"]
    eq, hi, _ = explicit("omaha-hilo", hands, folded, board)
    r = range_equity("omaha-hilo", hands, board=board, folded=folded, _path=path)
    assert r.fractions == eq
    assert r.hi.tolist() == pytest.approx([float(h) for h in hi], abs=1e-12)


def test_preflop_bunching_by_the_explicit_amount():
    """AKo against QQ+ when one player folded AA or KK, and when two folded one of AA/KK/AK each:
    the change from the plain equity is the explicit enumeration's."""
    plain = pyeval.equity("holdem", ["AKo", "QQ+"], method="exact").fractions
    one = pyeval.equity("holdem", ["AKo", "QQ+"], folded=["AA,KK"], method="exact")
    eq, _, _ = explicit("holdem", ["AKo", "QQ+"], ["AA,KK"])
    assert one.fractions == eq
    assert float(plain[0] - one.fractions[0]) == pytest.approx(0.05038, abs=1e-5)  # AKo loses ~5 points
    two = pyeval.equity("holdem", ["AKo", "QQ+"], folded=["AA,AK", "KK,AK"], method="exact")
    eq2, _, _ = explicit("holdem", ["AKo", "QQ+"], ["AA,AK", "KK,AK"])
    assert two.fractions == eq2


# ---------------------------------------------------------------------------
# random folders: the plain answer
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["assignments", "board_major"])
@pytest.mark.parametrize("hands", [["AhKh", "QsQd"], ["AhKh", "QQ,JJ,AK"]])
def test_random_folder_is_the_plain_answer(path, hands):
    """Through the engine (random folders kept): a random unseen hand removes nothing that
    matters, for known hands and ranges alike, exactly."""
    board = "2c7d9s"
    plain = pyeval.equity("holdem", hands, board=board, method="exact")
    r = range_equity("holdem", hands, board=board, folded=["random"], _path=path, _keep_random_folders=True)
    assert r.fractions == plain.fractions
    assert r.outcomes == plain.outcomes * math.comb(43, 2)  # the folder's 2 cards and the 2 board cards, from 45
    assert pyeval.equity("holdem", hands, board=board, folded=["random", "random"]).fractions == plain.fractions


def test_random_folders_next_to_a_range():
    """Random folders left out: the answer of the ranged folders alone, which the explicit
    enumeration gives; every folder still takes a seat."""
    hands, board = ["AhKh", "QsQd"], "2c7d9s"
    r = pyeval.equity("holdem", hands, board=board, folded=["random", "TT+,AK", "random"], method="exact")
    assert r.fractions == explicit("holdem", hands, ["TT+,AK"], board)[0]
    assert r.extra["folded"] == ["random", "TT+,AK", "random"]
    with pytest.raises(ValueError, match="too many players"):
        pyeval.equity("omaha6", ["random"] * 3, folded=["random"] * 5)


# ---------------------------------------------------------------------------
# Monte Carlo, combo_equities, refusals
# ---------------------------------------------------------------------------


def test_monte_carlo_within_four_standard_errors():
    hands, board, folded = ["AhKh", "QQ,JJ"], "2c7d9s", ["TT+,AK"]
    exact = range_equity("holdem", hands, board=board, folded=folded, method="exact")
    mc = range_equity("holdem", hands, board=board, folded=folded, method="monte-carlo", samples=300_000, seed=5)
    assert mc.method == "monte-carlo" and len(mc.equity) == 2
    assert np.all(np.abs(mc.equity - exact.equity) < 4 * mc.stderr)
    again = range_equity("holdem", hands, board=board, folded=folded, method="monte-carlo", samples=300_000, seed=5,
                         threads=1)
    assert again.units.tolist() == mc.units.tolist()  # the seed decides, not the threads
    assert mc.by_combo[1] is not None and len(mc.by_combo[1]) == len(exact.by_combo[1])


def test_monte_carlo_hilo():
    hands, board, folded = ["As2sKdQd", "AhKh3c4c"], "5s6d7h", ["A2**"]
    exact = range_equity("omaha-hilo", hands, board=board, folded=folded, method="exact")
    mc = range_equity("omaha-hilo", hands, board=board, folded=folded, samples=200_000, seed=2)
    assert np.all(np.abs(mc.equity - exact.equity) < 4 * mc.stderr)
    assert np.all(np.abs(mc.lo - exact.lo) < 0.01)


def test_combo_equities_with_folders():
    t = pyeval.combo_equities("holdem", "AKo", "QQ+", folded=["AA,KK"], method="exact")
    r = pyeval.equity("holdem", ["AKo", "QQ+"], folded=["AA,KK"], method="exact")
    assert t.mean_fraction == r.fractions[0]
    i = t.hands.index("Ah Kd")
    one = pyeval.equity("holdem", ["AhKd", "QQ+"], folded=["AA,KK"], method="exact")
    assert t.fractions[i] == one.fractions[0] == explicit("holdem", ["AhKd", "QQ+"], ["AA,KK"])[0][0]


def test_refusals():
    with pytest.raises(ValueError, match=r"pyeval\.equity\(.*folded"):
        pyeval.equity_batch("holdem", [["AhKh", "QsQd"]], folded=["30%"])
    with pytest.raises(ValueError, match="hold'em and Omaha"):
        pyeval.equity("stud", ["AhKh2c", "QsQd3c"], folded=["random"])
    with pytest.raises(ValueError, match="folded player 2"):
        pyeval.equity("holdem", ["AhKh", "QsQd"], folded=["random", "AhKhQc"])
    with pytest.raises(ValueError, match="distinct"):
        pyeval.equity("holdem", ["AhKh", "QsQd"], folded=["AhJc"])
    with pytest.raises(ValueError, match="collide"):
        pyeval.equity("holdem", ["AhKh", "QsQd"], folded=["AhKh,QsQd"])
    with pytest.raises(NotImplementedError):
        pyeval.equity("holdem", ["AhKh", "QsQd"], folded=["30%"], contributions=[1, 2])
    with pytest.raises(TypeError):
        pyeval.equity("holdem", ["AhKh", "QsQd"], folded="30%")


# ---------------------------------------------------------------------------------------------
# The folders show in the result and the command line has --folded (issue 38, item 15)


def test_folded_shows_in_repr_and_dict():
    r = pyeval.equity("holdem", ["AhAs", "KdKc"], folded=["22+", "random"], samples=2000, seed=1)
    assert "folded: 22+, random" in repr(r).splitlines()[0], repr(r)
    assert r.to_dict()["folded"] == ["22+", "random"]
    plain = pyeval.equity("holdem", ["AhAs", "KdKc"], samples=2000, seed=1)
    assert "folded" not in repr(plain) and "folded" not in plain.to_dict()


def test_cli_folded_matches_the_api(capsys):
    import json

    from pyeval.cli import main

    api = pyeval.equity("holdem", ["AhAs", "KdKc"], board="2c7d9h", folded=["QQ+", "random"])
    assert main(["equity", "holdem", "AhAs", "KdKc", "--board", "2c7d9h", "--folded", "QQ+", "random",
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["folded"] == ["QQ+", "random"] and d["equity"] == api.equity.tolist()
    assert main(["equity", "holdem", "AhAs", "KdKc", "--board", "2c7d9h", "--folded", "QQ+"]) == 0
    assert "folded: QQ+" in capsys.readouterr().out
