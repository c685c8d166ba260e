"""The front doors read their cards with ``read_spot`` (issue 37): ``next_card``, ``best_keep`` and the
simulation's deal read hands, boards and dead cards once, with one set of checks and messages and one
rendering of an unknown hand; their answers are unchanged (benchmarks/door_answers.py compares 44
calls against the old code)."""

from __future__ import annotations

import pytest

import pyeval
from pyeval.analysis.next_card import next_card


@pytest.mark.parametrize("spelling", [" Random", "RANDOM", "?"])
def test_next_card_shows_an_unknown_hand_as_equity_does(spelling):
    got = next_card("holdem", ["AhKh", spelling], "Qh7d2c")
    assert got.hands == pyeval.equity("holdem", ["AhKh", spelling], board="Qh7d2c").hands == ["Ah Kh", "random"]


def test_next_card_names_the_card_outside_the_deck():
    with pytest.raises(ValueError, match="card 2d is not in the 36-card deck of shortdeck"):
        next_card("shortdeck", ["AhAs", "2d2c"], "7c8c9d")


def test_next_card_names_the_player_of_a_bad_hand():
    with pytest.raises(ValueError, match="player 1: next_card takes whole hands"):
        next_card("holdem", ["Ah*", "KdKc"], "7c8c2d")
    with pytest.raises(ValueError, match="player 1: holdem hands have at most 2 cards, got 3"):
        next_card("holdem", ["AhAsQd", "KdKc"], "7c8c2d")


def test_next_card_with_a_range_reads_the_known_seats_through_read_spot():
    with pytest.raises(ValueError, match="duplicate card Ah"):
        next_card("holdem", ["AhAs", "QQ+"], "Ah7c2d")
    got = next_card("holdem", ["AhAs", "KK"], "7c8c2d")
    assert got.hands == ["Ah As", "KK"] and len(got) == 47  # a range's cards stay live


def test_best_keep_takes_progress_at_either_discard():
    seen: list[tuple[int, int]] = []
    assert pyeval.best_keep("irish", ["AhAsKdQc", "KhKs"], board="Ad7c2s", progress=lambda *a: seen.append(a))
    ranked = pyeval.best_keep("aviation", ["AhAsKdQc", "KhKs"], progress=lambda done, total: seen.append((done, total)))
    assert ranked and seen and seen[-1][0] == seen[-1][1] > 0  # the flop walk's jobs, all done


def test_best_keep_refuses_bad_arguments_by_name():
    with pytest.raises(TypeError, match="unexpected keyword argument 'junk'"):
        pyeval.best_keep("irish", ["AhAsKdQc", "KhKs"], board="Ad7c2s", junk=1)
    with pytest.raises(TypeError, match="dead must be card text"):
        pyeval.best_keep("irish", ["AhAsKdQc", "KhKs"], board="Ad7c2s", dead=7)
    with pytest.raises(ValueError, match="player 2: 'QQ' is a range"):
        pyeval.best_keep("irish", ["AhAsKdQc", "QQ"], board="Ad7c2s")
    with pytest.raises(ValueError, match="duplicate card Ah"):
        pyeval.best_keep("irish", ["AhAsKdQc", "KhKs"], board="Ad7c2s", dead="Ah")
    with pytest.raises(TypeError, match="stderr_target"):
        pyeval.best_keep("aviation", ["AhAsKdQc", "random"], stderr_target=0.01)


def test_best_keep_renders_each_keep_from_its_spot():
    ranked = pyeval.best_keep("irish", ["AhAsKdQc", "random"], board="Ad7c2s", method="exact")
    top = ranked[0]
    assert top.result is not None and top.result.hands == ["Ah As", "random"]
    want = pyeval.equity("irish", ["AhAs", "random"], board="Ad7c2s", dead="KdQc", method="exact")
    assert top.result == want


@pytest.mark.parametrize("hands, board, dead", [
    (["AhAs", "AhKd"], "", ""),
    (["AhAs", "KdKc"], "Ah2c3d", ""),
    (["AhAs", "KdKc"], "", "Kd"),
    (["AhAsQd", "KdKc"], "", ""),
    (["Ah", "KdKc"], "", ""),
    (["AhAs", "KdKc"], "2c3d4h5s6s7s", ""),
])
def test_simulate_refuses_what_equity_refuses_with_its_message(hands, board, dead):
    with pytest.raises(ValueError) as by_equity:
        pyeval.equity("holdem", hands, board=board, dead=dead)
    with pytest.raises(ValueError) as by_simulate:
        pyeval.simulate("holdem", hands=hands, board=board, dead=dead, deals=100, seed=1)
    assert str(by_simulate.value) == str(by_equity.value)


def test_the_deal_of_a_lone_player_is_still_read():
    hole, board = pyeval.deal("holdem", 1, deals=3, seed=2, board="AhKd", hands=["QsQd"])
    assert hole.shape == (3, 1, 2) and (hole[:, 0] == pyeval.parse_cards("QsQd")).all()
    assert (board[:, :2] == pyeval.parse_cards("AhKd")).all()
