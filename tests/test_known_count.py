"""Known two-card hands counted by rank multiset, flush boards by their flush-suit cards (csrc/board_ranks.c,
issue 39): the same integer counts as walking every board, for 2 to 9 hands, 0 to 4 dead cards, every
street, hold'em, its hi/lo and both short-deck rules; and the brute force of tests/equity_reference.py
where that is affordable."""

from __future__ import annotations

import equity_reference as eqref
import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import pyeval
from pyeval.engines import engine
from pyeval.engines.single import exact_strategies
from pyeval.results.tally import POT

GAMES = ["holdem", "holdem-hilo", "shortdeck", "shortdeck-straight"]


@st.composite
def known_spots(draw, most_players: int = 9, streets=(0, 0, 3, 4)):
    """(game, holes, board, dead): every hand known, the cards drawn from one shuffled deck; the board
    is often suited (flush boards are the new count's hard part)."""
    g = pyeval.get_game(draw(st.sampled_from(GAMES)))
    deck = draw(st.permutations(range(g.lowest_card, 52)))
    suit = draw(st.integers(0, 3))
    if draw(st.booleans()):  # one suit first: suited hands and suited boards
        deck = sorted(deck, key=lambda c: c % 4 != suit)
        deck = deck[:14] + list(draw(st.permutations(deck[14:])))
        deck = list(draw(st.permutations(deck[:14]))) + deck[14:]
    deck = list(deck)
    players = draw(st.integers(2, most_players if g.lowest_card == 0 else min(most_players, 6)))
    holes = [[deck.pop(), deck.pop()] for _ in range(players)]
    board = [deck.pop() for _ in range(draw(st.sampled_from(streets)))]
    dead = [deck.pop() for _ in range(draw(st.integers(0, 4)))]
    return g, holes, board, dead


def layout_of(g, holes, board, dead) -> engine.Layout:
    return engine.build_layout(g, [np.array(h, np.uint8) for h in holes], [np.array(board, np.uint8)] if board
                               else [], np.array(dead, np.uint8))


def tally(t: engine.Tally) -> tuple:
    return t.outcomes, t.units.tolist(), t.sumsq.tolist(), t.wins.tolist(), t.ties.tolist(), t.part_units.tolist(), \
        t.no_qualifier.tolist()


def counted_and_walked(g, holes, board, dead) -> tuple[np.ndarray | None, engine.Tally, engine.Tally]:
    """The rank count's histogram (None where it declines), and the board plan's and the walk's tallies."""
    lay = layout_of(g, holes, board, dead)
    kinds = engine.board_kinds(lay)
    assume(kinds is not None)  # hi/lo with 9 hands: too many outcome patterns for the board engine
    counts = engine.board_histogram(lay, kinds)
    plans = {p.strategy: p for p in exact_strategies.exact_plans(lay, every=True)}
    board_plan = exact_strategies.run_exact(layout_of(g, holes, board, dead), 1, plans["board"])
    walked = exact_strategies.run_exact(layout_of(g, holes, board, dead), 1, plans["board-walk"])
    return counts, board_plan, walked


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(known_spots())
def test_count_equals_the_walk(spot):
    """Every outcome pattern's count equals the walk over every board's (preflop: 2 to 9 hands)."""
    g, holes, board, dead = spot
    counts, board_plan, walked = counted_and_walked(g, holes, board, dead)
    where = f"{g.name} {holes} board {board} dead {dead}"
    assert tally(board_plan) == tally(walked), where
    if counts is not None:
        assert tally(engine.pattern_table(layout_of(g, holes, board, dead)).tally(counts)) == tally(walked), where


def test_preflop_multiway_takes_the_count():
    """The issue's spots: the count applies (not the walk it would fall back to) and is the plan chosen."""
    for hands in (["AhKh", "QsQd", "7c6c"], ["AhKh", "QsQd", "7c6c", "2d2h", "JcTc", "9s8s"],
                  ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h", "8s8h", "7s7h", "6s6h"]):
        holes = [pyeval.parse_cards(h).tolist() for h in hands]
        g = pyeval.get_game("holdem")
        counts, board_plan, walked = counted_and_walked(g, holes, [], [])
        assert counts is not None, hands
        assert tally(board_plan) == tally(walked), hands
        assert exact_strategies.exact_plan(layout_of(g, holes, [], [])).strategy == "board", hands


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(known_spots(most_players=5, streets=(3, 4)))
def test_count_equals_the_brute_force(spot):
    """Flops and turns (a few hundred boards): the count's shares and wins equal tests/equity_reference.py's."""
    g, holes, board, dead = spot
    counts, board_plan, _ = counted_and_walked(g, holes, board, dead)
    e = eqref.equity(g.name, holes, board, dead)
    assert e.outcomes == board_plan.outcomes
    assert [f * e.outcomes * POT for f in e.fractions] == board_plan.units.tolist()
    assert e.wins == board_plan.wins.tolist() and e.ties == board_plan.ties.tolist()
