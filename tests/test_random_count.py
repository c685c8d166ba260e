"""One random hand counted rather than walked (csrc/random_hand.c, issue 29): the same integer counts
as dealing every hand, wherever the random seat sits, with dead cards, hi/lo and short deck, by
the walk over boards and by rank multiset, in single queries and in batch rows."""

from __future__ import annotations

import random

import numpy as np
import pytest

import pyeval
from pyeval.core._native import lib
from pyeval.engines import engine
from pyeval.engines.single import exact_strategies
from pyeval.results.tally import Tally

COUNTED_GAMES = ["holdem", "holdem-hilo", "shortdeck", "shortdeck-straight", "omaha", "omaha-hilo", "omaha5",
                 "omaha6", "courchevel-hilo"]
BY_RANK_MULTISET = ["holdem", "holdem-hilo", "shortdeck", "shortdeck-straight"]


def random_seat_spot(rng: random.Random, game: str, street: int | None = None):
    """Known hands around one random seat (any position), a board of ``street`` cards, dead cards."""
    g = pyeval.get_game(game)
    deck = list(range(g.lowest_card, 52))
    rng.shuffle(deck)
    players = rng.randint(2, 5 if g.hole == 2 else 3)
    seat = rng.randrange(players)
    holes = [[] if p == seat else [deck.pop() for _ in range(g.hole)] for p in range(players)]
    dead = [deck.pop() for _ in range(rng.choice([0, 0, 1, 3]))]
    if street is None:  # Omaha flops take seconds to deal out: turns and rivers (five or six cards: rivers)
        street = rng.choice([3, 3, 4, 5] if g.hole == 2 else [4, 4, 5] if g.hole == 4 else [5])
    return g, holes, [deck.pop() for _ in range(street)], dead, seat


def layout_of(g, holes, board, dead) -> engine.Layout:
    return engine.build_layout(g, [np.array(h, np.uint8) for h in holes], [np.array(board, np.uint8)],
                               np.array(dead, np.uint8))


def tally(t: Tally) -> tuple:
    return t.outcomes, t.units.tolist(), t.sumsq.tolist(), t.wins.tolist(), t.ties.tolist(), t.part_units.tolist(), \
        t.no_qualifier.tolist()


def plan_named(lay: engine.Layout, name: str) -> exact_strategies.ExactPlan:
    plans = {p.strategy: p for p in exact_strategies.exact_plans(lay, every=True)}
    assert name in plans, f"{name} not offered: {sorted(plans)}"
    return plans[name]


@pytest.mark.parametrize("seed", range(60))
def test_counted_equals_dealt(seed):
    """The count equals the generic enumeration (every hand dealt) on flop, turn and river spots."""
    rng = random.Random(seed)
    g, holes, board, dead, seat = random_seat_spot(rng, COUNTED_GAMES[seed % len(COUNTED_GAMES)])
    where = f"seed {seed}: {g.name} {holes} board {board} dead {dead}"
    counted = exact_strategies.run_exact(layout_of(g, holes, board, dead), 1,
                                         plan_named(layout_of(g, holes, board, dead), "random-count"))
    dealt = exact_strategies.run_exact(layout_of(g, holes, board, dead), 1,
                                       plan_named(layout_of(g, holes, board, dead), "generic"))
    assert tally(counted) == tally(dealt), where
    assert plan_named(layout_of(g, holes, board, dead), "random-count").player == seat


def g_hole(game: str) -> int:
    return pyeval.get_game(game).hole


def c_histogram(lay: engine.Layout, seat: int, by_ranks: bool) -> np.ndarray | None:
    kinds = engine.board_kinds_of(lay.game)
    if by_ranks:
        try:
            return engine.board_call(lay, kinds, lib.pyeval_random_hand_patterns_ranks, seat, may_decline=True)
        except engine.Declined:
            return None
    boards = exact_strategies._boards_to_deal(lay)
    return engine.board_call(lay, kinds, lib.pyeval_random_hand_patterns, seat, 0, boards)


@pytest.mark.parametrize("seed", range(12))
def test_rank_multisets_equal_the_walk(seed):
    """By rank multiset (non-flush boards weighted by their suit choices, flush boards walked once per
    class of interchangeable suits) against the walk over every board, on two-card boards and
    preflop-like spots with several known cards (fewer missing cards keep it quick)."""
    rng = random.Random(1000 + seed)
    g, holes, board, dead, seat = random_seat_spot(rng, BY_RANK_MULTISET[seed % len(BY_RANK_MULTISET)],
                                                   street=rng.choice([0, 1, 2]) if seed % 3 else 0)
    if seed % 3 == 0:  # preflop with many known hands and dead cards: a smaller deck, still five to deal
        deck = [c for c in range(g.lowest_card, 52) if all(c not in h for h in holes) and c not in dead]
        dead = dead + deck[:max(0, len(deck) - 24)]
    lay = layout_of(g, holes, board, dead)
    by_ranks = c_histogram(lay, seat, True)
    walked = c_histogram(layout_of(g, holes, board, dead), seat, False)
    if by_ranks is None:
        pytest.skip("the rank multisets do not pay on this spot")
    assert np.array_equal(by_ranks, walked), f"seed {seed}: {g.name} {holes} {board} {dead}"


def test_suit_classes_weight_the_flush_boards():
    """AcKc against a random hand preflop with 2d dead: clubs and diamonds stand apart, hearts and
    spades are one class (their flush boards walked once, counted twice); the counts equal the walk."""
    g = pyeval.get_game("holdem")
    holes, dead = [list(pyeval.parse_cards("AcKc")), []], list(pyeval.parse_cards("2d"))
    lay = layout_of(g, holes, [], dead)
    assert np.array_equal(c_histogram(lay, 1, True), c_histogram(layout_of(g, holes, [], dead), 1, False))


def test_preflop_hand_against_a_random_hand_matches_ompeval():
    """AhKh against a random hand preflop, exact: OMPEval's enumeration gives 0.670446 (equity, six
    digits, benchmarks/ompeval_bench.cpp exact) over 2,097,572,400 hands, and 0.675083 with 2c dead."""
    r = pyeval.equity("holdem", ["AhKh", "random"], method="exact")
    assert r.outcomes == 2_097_572_400 and round(float(r.equity[0]), 6) == 0.670446
    r = pyeval.equity("holdem", ["AhKh", "random"], dead="2c", method="exact")
    assert round(float(r.equity[0]), 6) == 0.675083


@pytest.mark.parametrize("game", ["holdem", "holdem-hilo", "shortdeck", "omaha", "omaha-hilo"])
def test_batch_rows_with_a_random_seat_equal_single_queries(game):
    rng = random.Random(game)
    rows, boards, deads = [], [], []
    for i in range(30):
        g, holes, board, dead, seat = random_seat_spot(rng, game, street=(3 if g_hole(game) == 2 else 4) + i % 2)
        rows.append([pyeval.format_cards(h) if h else "random" for h in holes])
        boards.append(pyeval.format_cards(board))
        deads.append(pyeval.format_cards(dead))
    by_players: dict[tuple, list[int]] = {}  # a batch: one player count, one street
    for i, row in enumerate(rows):
        by_players.setdefault((len(row), i % 2), []).append(i)
    for idx in by_players.values():
        b = pyeval.equity_batch(game, [rows[i] for i in idx], board=[boards[i] for i in idx],
                                dead=[deads[i] for i in idx], method="exact", threads=2)
        for k, i in enumerate(idx):
            s = pyeval.equity(game, rows[i], board=boards[i], dead=deads[i], method="exact")
            assert s.outcomes == b.outcomes[k] and s.units.tolist() == b.units[k].tolist(), (game, rows[i], boards[i])


@pytest.mark.parametrize("game, hand", [("holdem", "AcKc"), ("omaha", "AcKcQdJd"), ("omaha5-hilo", "AcKc2d3d4h")])
def test_chosen_for_a_hand_against_a_random_hand(game, hand):
    """The engine prices the count below every other strategy where it applies."""
    lay = layout_of(pyeval.get_game(game), [list(pyeval.parse_cards(hand)), []], list(pyeval.parse_cards("Ts7h2s")),
                    [])
    assert exact_strategies.exact_plan(lay).strategy == "random-count"


def test_omaha_hand_against_a_random_hand_on_the_flop():
    """The issue's Omaha spot, counted: equal to the enumeration of its 122 million outcomes (the slow
    set deals them out; here the count is checked against the known split by the walk of turn cards,
    each a turn spot counted and dealt the same)."""
    full = pyeval.equity("omaha", ["AsKsQdJd", "random"], board="2s7h9c", method="exact")
    assert full.outcomes == 990 * 123_410
    turns = [pyeval.equity("omaha", ["AsKsQdJd", "random"], board="2s7h9c" + t, method="exact")
             for t in pyeval.format_cards(sorted(set(range(52)) - set(pyeval.parse_cards("AsKsQdJd2s7h9c")))).split()]
    # each river board is counted once from each of its two turn orders: the turns' units sum to twice the flop's
    assert sum(int(t.outcomes) for t in turns) == 2 * full.outcomes
    assert [sum(int(t.units[p]) for t in turns) for p in range(2)] == [2 * int(u) for u in full.units]


@pytest.mark.parametrize("board, dead", [("Jh7d2c", None), ("Jh7d2c5s", None), ("Jh7d2c5s", "")])
def test_small_queries_take_the_row_counter_with_none_for_no_cards(board, dead, monkeypatch):
    """``dead=None`` means no cards, as ``""`` does, and small queries still take the one-C-call
    row counter (dead=None cost 80 us more a call through the general path)."""
    from pyeval.engines import strategies

    want = pyeval.equity("holdem", ["AhKh", "QsQd"], board=board, dead="", method="exact")
    calls = []
    real = strategies.RowCount.run
    monkeypatch.setattr(strategies.RowCount, "run", lambda self, spot: calls.append(spot) or real(self, spot))
    got = pyeval.equity("holdem", ["AhKh", "QsQd"], board=board, dead=dead, method="exact")
    assert got == want and len(calls) == 1


def test_none_reads_as_no_cards():
    """``board=None`` and ``dead=None`` read as no cards, as ``""`` does."""
    from pyeval.query.spot import read_spot

    none, empty = (read_spot("holdem", ["AhKh", "QsQd"], b, d) for b, d in ((None, None), ("", "")))
    assert (none.boards, none.dead) == (empty.boards, empty.dead) == (((),), ())


@pytest.mark.parametrize("seed", range(16))
def test_two_boards_counted_equal_dealt(seed):
    """Double-board hold'em: each card of the random hand plays on both boards, with either board's
    flush suit (or both); the count equals the enumeration on turns and rivers, any seat, dead cards."""
    rng = random.Random(500 + seed)
    g = pyeval.get_game("holdem-double-board")
    deck = list(range(52))
    rng.shuffle(deck)
    players = rng.randint(2, 4)
    seat = rng.randrange(players)
    if seed % 4 == 0:  # both boards three-suited in one suit: the roles "both boards' flush suit"
        suited = [c for c in deck if c % 4 == 2]
        deck = [c for c in deck if c % 4 != 2]
        deck = suited[:6] + deck + suited[6:]
    street = 4 if seed % 2 else 5
    boards = [[deck.pop(0) for _ in range(street)] for _ in range(2)]
    holes = [[] if p == seat else [deck.pop(), deck.pop()] for p in range(players)]
    dead = [deck.pop() for _ in range(rng.choice([0, 1, 2]))]

    def lay():
        return engine.build_layout(g, [np.array(h, np.uint8) for h in holes], [np.array(b, np.uint8) for b in boards],
                                   np.array(dead, np.uint8))

    counted = exact_strategies.run_exact(lay(), 1, plan_named(lay(), "random-count"))
    dealt = exact_strategies.run_exact(lay(), 1, plan_named(lay(), "generic"))
    assert tally(counted) == tally(dealt), f"seed {seed}: {holes} {boards} {dead}"
