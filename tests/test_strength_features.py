"""pyeval.strength.features (issue 41): EHS against pyeval.equity's exact count, the rest against
a plain-Python enumeration (tests/reference.py: strength_features) on states drawn at random."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import strength_features

import pyeval
from pyeval.strength import features, index

BINS = 12


def random_state(rng, board_n):
    cards = rng.choice(52, 2 + board_n, replace=False)
    return cards[:2].tolist(), cards[2:].tolist()


def exact(f, i):
    c = f.counts[i]
    return {"ehs": Fraction(int(c[2]), 2 * int(c[1]) * int(c[0])),
            "ehs2": Fraction(int(c[3]), (2 * int(c[1])) ** 2 * int(c[0]))}


def assert_agrees(f, i, ref):
    assert exact(f, i) == {"ehs": ref["ehs"], "ehs2": ref["ehs2"]}
    assert f.counts[i, -f.bins:].tolist() == ref["hist"]
    for name in ("ppot", "npot", "ppot_next", "npot_next"):
        got = float(getattr(f, name)[i])
        if ref[name] is None:
            assert np.isnan(got), name
        else:
            assert got == pytest.approx(float(ref[name]), rel=1e-12, abs=1e-15), name


@pytest.mark.parametrize("seed", range(3))
def test_river_states_against_the_enumeration(seed):
    rng = np.random.default_rng(seed)
    hole, board = random_state(rng, 5)
    f = features(hole, board, bins=BINS)
    assert_agrees(f, 0, strength_features(hole, board, BINS))


def test_a_turn_state_against_the_enumeration():
    hole, board = [12, 17], [8, 21, 40, 46]  # 5c 6d on 4c 7d Kc Qh: straight and flush draws
    f = features(hole, board, bins=BINS)
    assert_agrees(f, 0, strength_features(hole, board, BINS))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
def test_flop_and_more_turn_states_against_the_enumeration(seed):
    rng = np.random.default_rng(100 + seed)
    for board_n in (3, 4, 4):
        hole, board = random_state(rng, board_n)
        f = features(hole, board, bins=50)
        assert_agrees(f, 0, strength_features(hole, board, 50))


@pytest.mark.parametrize("board_n, n", [(3, 2), (4, 4), (5, 8)])
def test_ehs_is_the_equity_against_a_random_hand(board_n, n):
    rng = np.random.default_rng(board_n)
    states = [random_state(rng, board_n) for _ in range(n)]
    f = features(np.array([h for h, _ in states]), np.array([b for _, b in states]))
    for i, (hole, board) in enumerate(states):
        r = pyeval.equity("holdem", [pyeval.format_cards(hole), "random"], board=pyeval.format_cards(board))
        assert exact(f, i)["ehs"] == r.fractions[0]


def test_isomorphic_states_share_every_count():
    f = features(["As Kd", "Ah Kc", "Kh Ac"], ["Qs Js 2d 3c", "Qh Jh 2c 3d", "2h Jc Qc 3d"])
    assert (f.counts[0] == f.counts[1]).all() and (f.counts[0] == f.counts[2]).all()


def test_bad_requests_are_refused():
    with pytest.raises(ValueError, match="board of 3, 4 or 5"):
        features("As Kd")
    with pytest.raises(ValueError, match="bins"):
        features("As Kd", "2c 3c 4c 5c 6c", bins=0)
    with pytest.raises(ValueError, match="a card twice"):
        features("As Kd", "As 3c 4c 5c 6c")


def test_result_protocol_and_repr():
    f = features(["As Ah", "7h 8h"], "Kd 8c 2s 3h", bins=4)
    rows = f.rows()
    assert [r["hole"] for r in rows] == ["As Ah", "7h 8h"] and rows[0]["board"] == "Kd 8c 2s 3h"
    assert list(rows[0])[-4:] == ["hist_0", "hist_1", "hist_2", "hist_3"]
    assert sum(rows[1][f"hist_{j}"] for j in range(4)) == rows[1]["runouts"] == 46  # counts, as in a table
    assert [rows[1][f"hist_{j}"] / 46 for j in range(4)] == f.hist[1].tolist()  # the property: shares
    assert f == features(["As Ah", "7h 8h"], "Kd 8c 2s 3h", bins=4)
    assert "2 turn states" in repr(f)


# -- properties on states hypothesis draws afresh (none of them written in these tests) --

def a_state(board_sizes, lowest=0):
    """A hold'em state (hole, board) as codes, its board of one of ``board_sizes`` cards, from the
    deck ``lowest`` .. 51 (16: the short deck)."""
    return st.tuples(st.permutations(range(lowest, 52)), st.sampled_from(board_sizes)).map(
        lambda x: (list(x[0][:2]), list(x[0][2:2 + x[1]])))


SHORT_DECKS = ["shortdeck", "shortdeck-straight"]  # trips beat a straight; a straight beats trips


@settings(max_examples=25, deadline=None)
@given(a_state([3, 4, 5]))
def test_ehs_is_the_equity_against_a_random_hand_on_any_state(state):
    hole, board = state
    r = pyeval.equity("holdem", [pyeval.format_cards(hole), "random"], board=pyeval.format_cards(board))
    assert exact(features(hole, board), 0)["ehs"] == r.fractions[0]


@settings(max_examples=15, deadline=None)
@given(a_state([3, 4, 5]), st.permutations(range(4)), st.randoms(use_true_random=False))
def test_isomorphic_states_share_every_feature(state, perm, rnd):
    """A suit relabelling, the hole cards swapped and the board shuffled: the same index and the
    same counts (so every feature and the histogram), and the same row but for the cards."""
    hole, board = state
    other_hole = [4 * (c // 4) + perm[c % 4] for c in hole][::-1]
    other_board = [4 * (c // 4) + perm[c % 4] for c in board]
    rnd.shuffle(other_board)
    f = features([hole, other_hole], np.array([board, other_board]), bins=20)
    assert index(hole, board) == index(other_hole, other_board)
    assert (f.counts[0] == f.counts[1]).all()
    a, b = ({k: "nan" if v != v else v for k, v in row.items() if k not in ("hole", "board")} for row in f.rows())
    assert a == b


@settings(max_examples=8, deadline=None)
@given(a_state([5]))
def test_river_states_against_the_enumeration_any_state(state):
    assert_agrees(features(*state, bins=BINS), 0, strength_features(*state, BINS))


@pytest.mark.slow
@pytest.mark.parametrize("board_n, examples", [(4, 5), (3, 2)])  # a flop state: 1.1 million Python evaluations
def test_flop_and_turn_states_against_the_enumeration_any_state(board_n, examples):
    @settings(max_examples=examples, deadline=None)
    @given(a_state([board_n]))
    def check(state):
        assert_agrees(features(*state, bins=BINS), 0, strength_features(*state, BINS))

    check()


# -- the short deck: 36 cards, either ranking (pyeval/core/games.py) --

@pytest.mark.parametrize("game", SHORT_DECKS)
def test_short_deck_states_against_the_enumeration_and_the_equity(game):
    @settings(max_examples=6, deadline=None)
    @given(a_state([4, 5], lowest=16))
    def check(state):
        f = features(*state, bins=BINS, game=game)
        assert_agrees(f, 0, strength_features(*state, BINS, game))
        r = pyeval.equity(game, [pyeval.format_cards(state[0]), "random"], board=pyeval.format_cards(state[1]))
        assert exact(f, 0)["ehs"] == r.fractions[0]

    check()


@pytest.mark.slow
@pytest.mark.parametrize("game", SHORT_DECKS)
def test_short_deck_flop_states_against_the_enumeration(game):
    @settings(max_examples=2, deadline=None)
    @given(a_state([3], lowest=16))
    def check(state):
        assert_agrees(features(*state, bins=BINS, game=game), 0, strength_features(*state, BINS, game))

    check()


def test_the_short_deck_ranking_is_the_games():
    """Trips of aces on a board of straight cards: the two short-deck rankings disagree on who
    wins (the opponents' straights), and each matches its reference."""
    hole, board = [51, 50], [49, 20, 24, 28, 35]  # As Ah | Ad 7c 8c 9c Ts (codes: 4 * rank + suit)
    f = {g: features(hole, board, game=g, bins=BINS) for g in SHORT_DECKS}
    assert f["shortdeck"].counts[0, 2] > f["shortdeck-straight"].counts[0, 2]
    for g in SHORT_DECKS:
        assert_agrees(f[g], 0, strength_features(hole, board, BINS, g))
    assert "shortdeck-straight" in repr(f["shortdeck-straight"]) and f["shortdeck"].to_dict()["game"] == "shortdeck"


def test_short_deck_isomorphic_states_share_every_count():
    f = features(["As Kd", "Ah Kc"], ["Qs Js 6d 7c", "Qh Jh 6c 7d"], game="shortdeck")
    assert (f.counts[0] == f.counts[1]).all() and f.runouts[0] == 30


@pytest.mark.parametrize("hole, board, game, message", [
    ("As Kd", "2c 7h 9h", "shortdeck", "not in the deck"),
    ("As Kd", "Qs Js Ts", "holdem-hilo", "high hands"),
    ("As Kd", "Qs Js Ts", "omaha", "two hole cards"),
])
def test_bad_games_are_refused(hole, board, game, message):
    with pytest.raises(ValueError, match=message):
        features(hole, board, game=game)
