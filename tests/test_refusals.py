"""Questions that cannot be asked get a ValueError naming the rule; questions that look odd but
can be asked get their answer (issue 27, items 2-4)."""

import warnings

import numpy as np
import pytest

import pyeval

# -- a range of explicit combos is a range, not one hand of many cards ----------------------------

@pytest.mark.parametrize("game,combos,board", [
    ("holdem", "AhKh,QsQd", "4h5hJcTs"),
    ("omaha", "AsKsQdJd,AhKhQcJc", "4h5h2c"),
])
def test_explicit_combos_are_a_range(game, combos, board):
    listed = pyeval.equity(game, [combos, "random"], board=board, method="exact")
    weighted = pyeval.equity(game, [combos.replace(",", ":1,", 1), "random"], board=board, method="exact")
    assert listed.fractions == weighted.fractions
    assert len(pyeval.combo_equities(game, combos, ["random"], board=board)) == len(pyeval.parse_range(combos, game))


def test_explicit_combos_against_a_range_in_every_door():
    r = pyeval.equity("holdem", ["QQ+", "AhKh,QsQd"], board="4h5hJc", method="exact")
    assert r.method == "exact" and abs(sum(r.equity) - 1) < 1e-12
    # every QQ+ combo meets one of the two (QsQd meets AhKh): all 18 are listed
    assert len(pyeval.combo_equities("holdem", "QQ+", ["AhKh,QsQd"], board="4h5hJc")) == 18
    assert pyeval.range_breakdown("holdem", "QQ+", "4h5hJcTs", opponents=["AhKh,QsQd"]).class_equity("overpair") > 0.5
    assert len(pyeval.next_card("holdem", ["AhKh,QsQd", "random"], "4h5hJc").cards) == 49


def test_cards_separated_one_by_one_stay_cards():
    assert pyeval.equity("holdem", ["Ah,Kh", "QsQd"], board="4h5hJcTs").fractions == \
        pyeval.equity("holdem", ["AhKh", "QsQd"], board="4h5hJcTs").fractions


# -- samples= alone means Monte Carlo in the batch too ---------------------------------------------

def test_batch_samples_alone_means_monte_carlo():
    b = pyeval.equity_batch("holdem", [["AhKh", "QsQd"]], board=["2c7d9h"], samples=10_000, seed=1)
    assert b.method == "monte-carlo" and b.outcomes.tolist() == [10_000]
    single = pyeval.equity("holdem", ["AhKh", "QsQd"], board="2c7d9h", samples=10_000, seed=1)
    assert single.method == "monte-carlo"
    with pytest.raises(ValueError, match="samples"):
        pyeval.equity_batch("holdem", [["AhKh", "QsQd"]], board=["2c7d9h"], samples=10_000, method="exact")


# -- a stud board only when the deck runs short -----------------------------------------------------

@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_stud_board_refused_unless_the_deck_runs_short(game):
    with pytest.raises(ValueError, match="only when the deck runs short"):
        pyeval.equity(game, ["AsAd7c", "KhKd2s"], board="2c")
    with pytest.raises(ValueError, match="only when the deck runs short"):
        pyeval.equity(game, ["AsAd7c6c5d4d", "KhKd2s3s4s5s"], board="2c")


def test_stud_board_accepted_when_eight_players_run_the_deck_short():
    hands = [pyeval.format_cards(list(range(6 * i, 6 * i + 6)), "") for i in range(8)]
    r = pyeval.equity("stud", hands, board="Ac", method="exact")
    assert r.outcomes == 1 and r.method == "exact"  # three cards left, none needed: the river is shared


# -- an empty hand is not "random" ------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: pyeval.equity("holdem", ["", "QsQd"]),
    lambda: pyeval.equity("holdem", ["  ", "QsQd"], board="2c7d9h"),
    lambda: pyeval.equity("stud", ["AsAd7c", ""]),
    lambda: pyeval.equity_batch("holdem", [["AhKh", ""]], board=["2c7d9h"]),
    lambda: pyeval.combo_equities("holdem", "", "QQ"),
    lambda: pyeval.combo_equities("holdem", "AA", [""]),
])
def test_empty_hand_is_refused(call):
    with pytest.raises(ValueError, match="empty"):
        call()


def test_empty_hand_refused_at_the_terminal(capsys):
    from pyeval import cli

    assert cli.main(["equity", "holdem", "AhKd", ""]) == 2
    assert "empty" in capsys.readouterr().err


# -- ICM: payouts that cannot be paid ---------------------------------------------------------------

@pytest.mark.parametrize("stacks,payouts,words", [
    ([5000, 3000, 2000], [50, 30, 20, 10], "4 payouts for 3 players"),
    ([100], [50, 30], "at least 2 players"),
    ([100], [50], "at least 2 players"),
    ([5000, 3000, 2000], [20, 30, 50], "never increase"),
])
def test_icm_refuses_payouts_it_cannot_pay(stacks, payouts, words):
    with pytest.raises(ValueError, match=words):
        pyeval.icm(stacks, payouts)


def test_icm_equal_prizes_and_fewer_places_are_fine():
    assert pyeval.icm([1, 1, 2], [10, 10]).fractions is not None
    assert abs(sum(pyeval.icm([5000, 3000, 2000], [50, 30]).equity) - 80) < 1e-9


# -- combos that no opponent hand can face ----------------------------------------------------------

def test_combos_facing_no_opponent_hand_are_left_out_without_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = pyeval.combo_equities("omaha", "AA**ds", "KKQQ", board="7cKc7hAc")
        assert np.isfinite(r.equity).all() and np.isfinite(r.win).all() and np.isfinite(r.tie).all()
        assert (np.asarray(r.counts.outcomes) > 0).all()
        r.to_dict()
    # every combo left holds at most one king: KKQQ needs both of the others
    kings = [h for h in r.hands if h.count("K") >= 2]
    assert not kings
    assert abs(r.prob.sum() - 1) < 1e-12
    assert abs(float(np.dot(r.prob, r.equity)) - r.mean) < 1e-12
