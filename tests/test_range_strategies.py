"""The range engine's strategies (pyeval.engines.range.strategies) on the range Spot
(pyeval.query.range_spot): each exact strategy against a brute force written here over
tests/equity_reference.py (which shares no code with pyeval), the automatic choice the cheapest
strategy that applies, ``method="exact"`` refused naming the price, and the range query read once."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import equity_reference as eqref
import pytest
import reference
from hypothesis import given, settings
from hypothesis import strategies as st
from test_layers import circles, import_graph

import pyeval
from pyeval.engines import strategies
from pyeval.engines.range import strategies as range_strategies
from pyeval.engines.range.spot import RangeSpot
from pyeval.query.limits import EXACT_BUDGET, RANGE_EXACT_LIMIT
from pyeval.query.range_spot import read_range_spot
from pyeval.query.spot import Spot

# ---------------------------------------------------------------------------
# the brute force: every disjoint assignment of one combo per player, each an equity_reference query
# ---------------------------------------------------------------------------


def brute_force(game: str, ranges: list[list[tuple[tuple[int, ...], int]]], board: list[int], dead: list[int]):
    """(outcomes, equity fractions, wins, ties) of the range deal: each assignment of disjoint
    combos weighs its board completions by the product of its combos' integer weights."""
    players = len(ranges)
    outcomes, units = 0, [Fraction(0)] * players
    wins, ties = [0] * players, [0] * players
    used = set(board) | set(dead)
    for pick in itertools.product(*ranges):
        cards = [c for combo, _ in pick for c in combo]
        if len(set(cards)) < len(cards) or used & set(cards):
            continue
        w = math.prod(weight for _, weight in pick)
        r = eqref.equity(game, [list(combo) for combo, _ in pick], board, dead)
        outcomes += w * r.outcomes
        for p in range(players):
            units[p] += w * r.outcomes * r.fractions[p]
            wins[p] += w * r.wins[p]
            ties[p] += w * r.ties[p]
    return outcomes, [u / outcomes for u in units], wins, ties


def _text(combo) -> str:
    return "".join(reference.card_text(c) for c in combo)


def draw_range_spot(seed: int):
    """A small range spot: 2 or 3 players, 1 to 4 combos each (they may share cards), a turn or
    river board; weights 1, small integers, or far apart (the weight split)."""
    rng = random.Random(seed)
    game = rng.choice(["holdem", "holdem", "shortdeck", "holdem-hilo", "omaha-hilo"])
    hole, lowest = eqref.GAMES[game][0], eqref.GAMES[game][6]
    players = 2 if hole == 4 else rng.choice([2, 2, 3])
    deck = list(range(lowest, 52))
    rng.shuffle(deck)
    board = sorted(deck[:rng.choice([4, 5])])
    dead = sorted(deck[5:5 + rng.choice([0, 0, 1])])
    pool = deck[6:6 + hole * (players + 3)]
    weighting = rng.choice(["one", "one", "small", "far"])
    ranges = []
    for _ in range(players):
        combos = {tuple(sorted(rng.sample(pool, hole))) for _ in range(rng.randint(1, 4))}
        weights = {"one": [1], "small": [1, 2, 3], "far": [1, 10**12]}[weighting]
        ranges.append([(c, rng.choice(weights)) for c in sorted(combos)])
    return game, ranges, board, dead


def read(game, ranges, board, dead, **kw) -> Spot:
    texts = [",".join(f"{_text(c)}:{w}" for c, w in r) for r in ranges]  # "AhKh:1" is a range too
    return read_range_spot(game, texts, _text(board), _text(dead), **kw)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_each_strategy_meets_the_brute_force(seed):
    game, ranges, board, dead = draw_range_spot(seed)
    try:
        want = brute_force(game, ranges, board, dead)
    except ZeroDivisionError:  # no disjoint assignment: the engine refuses too
        with pytest.raises(ValueError, match="no deal|no hand of the range"):
            strategies.answer(read(game, ranges, board, dead, method="exact"))
        return
    ran = []
    spot = read(game, ranges, board, dead, method="exact")
    for s in range_strategies.EXACT:
        if not s.applies(spot):
            continue
        r = s.run(read(game, ranges, board, dead, method="exact"))  # a fresh spot: nothing priced before
        ran.append(s.name)
        assert r.fractions == want[1], f"{s.name}: {game} {ranges} {board} {dead}"
        # counts: the same up to a factor (the engine divides each range's weights by their common factor)
        assert [Fraction(int(x), r.outcomes) for x in r.wins] == [Fraction(x, want[0]) for x in want[2]], s.name
        assert [Fraction(int(x), r.outcomes) for x in r.ties] == [Fraction(x, want[0]) for x in want[3]], s.name
        if all(w == 1 for rr in ranges for _, w in rr):
            assert r.outcomes == want[0], s.name
    assert ran, "some exact strategy applies to every small spot"
    far = any(w == 10**12 for r in ranges for _, w in r)
    assert ("weight-split" in ran) == (ran == ["weight-split"]), "the split excludes the int64 strategies"
    if not far:
        assert "assignments" in ran and "board-major" in ran


def test_the_preflop_table_meets_the_assignments():
    """The shipped class matrix (no brute force in Python preflop: 1.7 million boards an
    assignment) against the assignments walk, which the test above checks by brute force."""
    spot = read_range_spot("holdem", ["AA,KK:3", "QQ,AKs"], method="exact")
    assert range_strategies.BY_NAME["preflop-table"].applies(spot)
    table = range_strategies.BY_NAME["preflop-table"].run(spot)
    walk = range_strategies.BY_NAME["assignments"].run(read_range_spot("holdem", ["AA,KK:3", "QQ,AKs"]))
    assert table.fractions == walk.fractions and table.outcomes == walk.outcomes


# ---------------------------------------------------------------------------
# the choice
# ---------------------------------------------------------------------------

CHOICE_SPOTS = [
    (("holdem", ["AA", "KK"]), {}),
    (("holdem", ["AA", "KK", "QQ"]), {}),
    (("holdem", ["AhKh", "QQ+"]), {"board": "Qd7c2h"}),
    (("holdem", ["QQ+,AK", "22-99"]), {"board": "Kd8c2s"}),
    (("holdem", ["QQ+", "AK", "TT-88"]), {"board": "Kd8c2s"}),
    (("holdem", ["TT+,AQ+", "random"]), {"board": "Kd8c2s5h"}),
    (("holdem", ["AA:1e12,KK:1", "QQ:1e12,JJ:1"]), {"board": "2c7d9h"}),
    (("holdem", ["AhKh", "QQ+"]), {"board": "Qd7c2h", "folded": ["30%"]}),
    (("omaha", ["AAKK", "AA**ds"]), {"board": "Kh7d2c"}),
    (("omaha-hilo", ["AA2*", "KKQQ"]), {"board": "3h7d9c"}),
    (("shortdeck", ["AK", "TT"]), {}),
    (("holdem", ["20%", "20%", "20%"]), {}),
]


def _cheapest(spot: Spot):
    """Every exact strategy that applies, fully priced; the cheapest (equal prices: by name)."""
    priced = [(s.cost(spot), s.name) for s in range_strategies.EXACT if s.applies(spot)]
    return min(priced) if priced else None


@pytest.mark.parametrize("args, kw", CHOICE_SPOTS)
def test_auto_runs_the_cheapest_strategy_that_applies(args, kw, monkeypatch):
    want = _cheapest(read_range_spot(*args, **kw))
    choice = range_strategies.exact_choice(read_range_spot(*args, **kw))
    assert (choice[1], choice[0].name) == want if want else choice is None
    ran = []
    for s in range_strategies.EXACT:
        monkeypatch.setattr(s, "counts", lambda spot, s=s, run=s.counts: ran.append(s.name) or run(spot))
    monkeypatch.setattr(range_strategies.MONTE_CARLO, "run", lambda spot: ran.append("monte-carlo"))
    strategies.answer(read_range_spot(*args, **kw, seed=1))
    auto = want[1] if want and want[0] <= EXACT_BUDGET else "monte-carlo"
    assert ran[0] == auto  # the split's parts run after it (each by its own cheapest strategy)


def test_exact_is_refused_naming_the_price():
    spot = read_range_spot("holdem", ["20%", "20%", "20%"])
    strategy, cost = range_strategies.exact_choice(spot)
    assert cost > RANGE_EXACT_LIMIT
    with pytest.raises(ValueError, match=f"needs about {cost:,.0f} hand evaluations \\({strategy.name}, the cheapest "
                                         f"exact strategy\\), beyond the limit of {RANGE_EXACT_LIMIT:,}"):
        pyeval.equity("holdem", ["20%", "20%", "20%"], method="exact")
    with pytest.raises(ValueError, match="beyond the limits of every exact strategy"):  # 466 million assignments
        pyeval.equity("holdem", ["random", "random", "20%"], method="exact")


def test_one_registry_prices_and_answers_single_and_range_spots(monkeypatch):
    """The registry (pyeval.engines.strategies) lists the range strategies and its exact_choice and
    answer take range spots (dispatching on spot.ranges): the range engine has no answer of its
    own, and every front door calls the one answer."""
    assert strategies.range_exact() == range_strategies.EXACT and not hasattr(range_strategies, "answer")
    for args, kw in CHOICE_SPOTS:
        want = range_strategies.exact_choice(read_range_spot(*args, **kw))
        if want is None:
            with pytest.raises(strategies.NoExactStrategy, match="beyond the limits of every exact strategy"):
                strategies.exact_choice(read_range_spot(*args, **kw))
        else:
            assert strategies.exact_choice(read_range_spot(*args, **kw)) == want
    answered = []
    real = strategies.answer
    monkeypatch.setattr(strategies, "answer", lambda spot, *a, **k: answered.append(spot.ranges is not None)
                        or real(spot, *a, **k))
    from pyeval.engines.range.equity import range_equity

    pyeval.equity("holdem", ["AhKh", "QsQd"], board="Jh7d2c5s")
    pyeval.equity("holdem", ["AA", "KK"], board="Jh7d2c5s")
    pyeval.equity("holdem", ["AhKh", "QsQd"], board="Jh7d2c5s", folded=["random"])
    pyeval.combo_equities("holdem", "AA", ["KK"], board="Jh7d2c5s")
    range_equity("holdem", ["AA", "KK"], board="Jh7d2c5s")
    assert answered == [False, True, True, True, True]


def test_pricing_sets_no_path():
    """Pricing is pure: every strategy priced in any order, the choice is the same, and the
    engine's view of the spot has no path flags (nothing decides a path while pricing it)."""
    args, kw = ("holdem", ["QQ+,AK", "22-99"]), {"board": "Kd8c2s"}
    forward, backward = read_range_spot(*args, **kw), read_range_spot(*args, **kw)
    for s in reversed(range_strategies.EXACT):
        if s.applies(backward):
            s.cost(backward)
    assert range_strategies.exact_choice(forward)[0] is range_strategies.exact_choice(backward)[0]
    view = vars(RangeSpot.of(forward))
    assert not {"use_table", "use_sweep", "use_board_major", "split", "table_allowed"} & set(view)


# ---------------------------------------------------------------------------
# the range query read once
# ---------------------------------------------------------------------------


def test_a_range_query_is_one_frozen_spot():
    spot = read_range_spot("holdem", ["QQ+", "AhKh", "random"], board="Qd7c2h", folded=["30%", "random"])
    assert isinstance(spot, Spot) and spot.texts == ("QQ+", "Ah Kh", "random")
    seats = spot.ranges
    assert [s.kind for s in seats.seats] == ["range", "hand", "random", "range"]  # the random folder left out
    assert seats.folders == 1 and seats.folded == ("30%", "random") and seats.active == 3
    assert len(seats.seats[0].range) == 3 + 3 + 6 - 3  # QQ on a Q board: 3 combos; AhKh's cards out of KK, AA
    with pytest.raises(AttributeError):
        spot.ranges = None  # type: ignore[misc]


@pytest.mark.parametrize("args, kw, error, message", [
    (("stud", ["AA", "random"]), {}, ValueError, "hold'em and Omaha"),
    (("holdem", ["AA", "KK"]), {"folded": "QQ"}, TypeError, "folded must be a list"),
    (("holdem", ["AA", "KK"]), {"folded": ["random"] * 9}, ValueError, "2 and 9 folded"),
    (("holdem", ["AA", "KK"]), {"folded": ["AhAs", "AdAc"]}, ValueError, "every hand of player 1.s range collides"),
    (("holdem", ["AhKh", "QQ"]), {"folded": ["AhQs"]}, ValueError, "duplicate card Ah"),
    (("holdem", ["AA", "KK"]), {"board": "AhAsAd"}, ValueError, "player 1: no hand of the range 'AA'"),
    (("holdem", ["AA", "AhKh"]), {"board": "Ah7c2d"}, ValueError, "duplicate card Ah"),
    (("holdem", ["AA", "KK"]), {"method": "fast"}, ValueError, "method must be"),
])
def test_range_queries_refused_once_read(args, kw, error, message):
    with pytest.raises(error, match=message):
        read_range_spot(*args, **kw)


def test_no_import_circle_even_for_annotations():
    """range weights once called the range spot's methods through a TYPE_CHECKING import: a
    circle the run-time graph does not show."""
    found = [c for c in circles(import_graph(type_checking=True)) if any(m.startswith("pyeval.engines.range")
                                                                         for m in c)]
    assert not found
