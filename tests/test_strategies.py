"""The strategy registry (pyeval.engines.strategies) and the Spot it answers (pyeval.query.spot):
the query read once, the cheapest exact strategy picked by its price, ``method="exact"`` refused
with the price, and the row counter's counts equal to the brute force (tests/equity_reference.py,
which shares no code with pyeval) on the spots it takes."""

from __future__ import annotations

import random

import equity_reference as eqref
import numpy as np
import pytest
import reference
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.engines import strategies
from pyeval.engines.single import exact_strategies
from pyeval.query.limits import EXACT_LIMIT
from pyeval.query.spot import Spot, read_spot
from pyeval.results.tally import POT


def test_a_spot_is_read_once_and_frozen():
    spot = read_spot("holdem", ["Ah Kh", "random", "Qs*"], "Qh 7d 2c", "2s")
    assert spot.holes == ((50, 46), (), (43,)) and spot.texts == ("Ah Kh", "random", "Qs *")
    assert spot.boards == ((42, 21, 0),) and spot.dead == (3,) and spot.drawn == (1,)
    with pytest.raises(AttributeError):
        spot.holes = ()  # type: ignore[misc]
    # the seat's text is what the result shows, read from the spot
    r = pyeval.equity("holdem", ["Ah Kh", "random"], board="Qh 7d 2c", dead="2s")
    assert r.hands == ["Ah Kh", "random"] and r.board == ["Qh 7d 2c"] and r.dead == "2s"


@pytest.mark.parametrize("hands, board, dead, message", [
    (["AhKh", "AhQd"], "Jh7d2c", "", "duplicate card Ah"),
    (["AhKh", "QsQd"], "AdKdKd", "", "duplicate card Kd"),
    (["AhKh", "QsQd"], "Jh7d2c", "Jh", "duplicate card Jh"),
    (["AhKh", "QsQd"], "Jh7d2cJh", "", "duplicate card Jh"),
])
def test_every_card_once(hands, board, dead, message):
    with pytest.raises(ValueError, match=message):
        read_spot("holdem", hands, board, dead)


def test_short_deck_cards_in_the_deck():
    with pytest.raises(ValueError, match="card 2c is not in the 36-card deck of shortdeck"):
        read_spot("shortdeck", ["AhKh", "QsQd"], "Jh7d2c", "")


def test_the_row_counter_prices_a_flop_as_the_random_count():
    """Hand against a random hand on a flop: the row counter counts the random hand as the layout's
    random-hand count does, priced the same, so it is picked without a layout."""
    spot = read_spot("holdem", ["AhKh", "random"], "Qh7d2c", "")
    strategy, cost = strategies.exact_choice(spot)
    assert strategy.name == "row" and "layout" not in spot.memo
    plans = {p.strategy: p.cost for p in exact_strategies.exact_plans(strategies.layout_of(spot))}
    assert cost == plans["random-count"] == min(plans.values())


def test_exact_refuses_with_the_price():
    spot = read_spot("holdem", ["AhKh", "random", "random", "random", "random", "random", "random"], "", "",
                     method="exact")
    strategy, cost = strategies.exact_choice(spot)
    assert cost > EXACT_LIMIT
    with pytest.raises(ValueError, match=f"needs about {cost:,} hand evaluations"):
        strategies.answer(spot)


def test_auto_samples_above_the_budget():
    r = pyeval.equity("holdem", ["AhKh"] + ["random"] * 6, seed=3, samples=None, threads=1)
    assert r.method == "monte-carlo" and r.seed == 3


def test_the_cheapest_strategy_runs(monkeypatch):
    """Each exact strategy that applies is priced; the cheapest runs (a known preflop heads-up spot:
    not the row counter, which stops at ROW_MAX_EVALUATIONS)."""
    spot = read_spot("holdem", ["AhAs", "KdKc"], "", "", method="exact")
    priced = {s.name: s.cost(spot) for s in strategies.EXACT if s.applies(spot)}
    assert "row" not in priced and "generic" in priced
    strategy, cost = strategies.exact_choice(spot)
    assert cost == min(priced.values()) and priced[strategy.name] == cost


def test_side_pots_read_the_spot_once(monkeypatch):
    """contributions=: the spot is read once; each pot answers the spot without the others."""
    calls = []
    real = strategies.answer
    monkeypatch.setattr(strategies, "answer", lambda spot, client=None: calls.append(spot) or real(spot, client))
    r = pyeval.equity("holdem", ["AhKh", "QsQd", "7c7d"], board="Jh7h2c5s", contributions=[100, 50, 20],
                      method="exact")
    assert [c.holes for c in calls] == [((50, 46), (43, 41), (20, 21)), ((50, 46), (43, 41), (20, 21)),
                                        ((50, 46), (43, 41))]
    assert calls[2].dead == (20, 21)
    want = eqref.expected_chips("holdem", [eqref.codes(h) for h in ("AhKh", "QsQd", "7c7d")],
                                eqref.codes("Jh7h2c5s"), (), (100, 50, 20))
    assert [float(x) for x in r.expected_chips] == pytest.approx([float(x) for x in want])


GAMES = ["holdem", "omaha", "omaha-hilo", "shortdeck", "holdem-hilo"]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(GAMES), st.integers(2, 3), st.sampled_from([4, 5]), st.booleans(), st.integers(0, 2 ** 32))
def test_row_counter_meets_the_brute_force(game, players, street, random_seat, seed):
    """The row counter on turn and river spots, every hand known or one random: the brute force's counts."""
    g = pyeval.get_game(game)
    rng = random.Random(seed)
    deck = list(range(g.lowest_card, 52))
    rng.shuffle(deck)
    holes = [[deck.pop() for _ in range(g.hole)] for _ in range(players)]
    if random_seat:
        holes[-1] = []
    board = [deck.pop() for _ in range(street)]
    text = [pyeval.format_cards(h, "") if h else "random" for h in holes]
    spot = read_spot(game, text, pyeval.format_cards(board, ""), "")
    row = strategies.EXACT[0]
    if not row.applies(spot) or eqref.count_outcomes(game, holes, board) > 3000:
        return
    t = row.run(spot)
    e = eqref.equity(game, holes, board)
    assert t.outcomes == e.outcomes
    assert [f * e.outcomes * POT for f in e.fractions] == [int(u) for u in t.units]
    assert e.wins == t.wins.tolist() and e.ties == t.ties.tolist()


def test_spot_without_seats():
    spot = read_spot("holdem", ["AhKh", "QsQd", "random"], "Jh7d2c", "2s")
    sub = spot.without([1])
    assert sub.holes == ((50, 46), ()) and sub.dead == (3, 43, 41) and sub.texts == ("Ah Kh", "random")
    assert isinstance(sub, Spot) and not sub.memo
    assert np.array_equal(strategies.answer(sub).units,
                          pyeval.equity("holdem", ["AhKh", "random"], board="Jh7d2c", dead="2sQsQd").units)


def test_stud_row_counts_sixth_street_as_the_brute_force():
    """Heads-up stud 6th street: the stud row count is the cheapest exact strategy, and its
    counts are the brute force's."""
    hands = ["AhKhQh9c2d3s", "7c7d8s9s2h3h"]
    spot = read_spot("stud", hands, "", "", method="exact", threads=1)
    strategy, cost = strategies.exact_choice(spot)
    assert strategy.name == "stud-row" and cost < strategies.layout_plans(spot)["two-hands"].cost
    t = strategy.run(spot)
    e = eqref.equity("stud", [eqref.codes(h) for h in hands])
    assert t.outcomes == e.outcomes
    assert [f * e.outcomes * POT for f in e.fractions] == [int(u) for u in t.units]


def test_stud_row_changes_no_method():
    """3-way stud 5th street: the layout prices it beyond EXACT_BUDGET, so auto samples, though the
    stud row count would be cheaper (no method changes, only the time)."""
    spot = read_spot("stud", ["AsAd7cKd2h", "KhKc2s3s4d", "QhQc9s9d8d"], "", "")
    assert not strategies.StudRow().applies(spot)
    assert pyeval.equity("stud", ["AsAd7cKd2h", "KhKc2s3s4d", "QhQc9s9d8d"], seed=1, samples=None).method \
        == "monte-carlo"


STYLES = ("compact", "spaced", "lower", "codes")


def _written(codes: list[int], style: str):
    text = reference.hand_text(codes)
    if style == "compact":
        return text.replace(" ", "")
    if style == "lower":
        return text.lower()
    if style == "codes":
        return list(codes)
    return text


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["holdem", "omaha", "shortdeck", "stud", "draw5"]), st.integers(2, 4),
       st.lists(st.sampled_from(STYLES), min_size=6, max_size=6), st.integers(0, 2 ** 32))
def test_read_spot_reads_what_the_reference_reads(game, players, styles, seed):
    """Hands in any spelling (compact, spaced, lower case, codes), random hands, boards and dead
    cards: the spot holds the reference reader's codes, and the result shows them."""
    g = pyeval.get_game(game)
    rng = random.Random(seed)
    deck = list(range(g.lowest_card, 52))
    rng.shuffle(deck)
    holes = [[] if p and rng.random() < 0.3 else [deck.pop() for _ in range(g.hole)] for p in range(players)]
    board = [deck.pop() for _ in range(rng.choice([0, 3, 4, 5]))] if g.board else []
    dead = [deck.pop() for _ in range(rng.choice([0, 1, 2]))]
    hands = [_written(h, styles[p]) if h else "random" for p, h in enumerate(holes)]
    spot = read_spot(game, hands, _written(board, styles[4]) if board else "", _written(dead, styles[5]))
    assert [list(h) for h in spot.holes] == holes
    assert spot.texts == tuple(reference.hand_text(h) if h else "random" for h in holes)
    assert (list(spot.boards[0]) if spot.boards else []) == board and list(spot.dead) == dead
