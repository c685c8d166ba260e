"""Every exact path against every other, on random spots of every game (issue 27).

pyeval answers an exact query by one of several strategies (the generic enumerator, the C board
engine by rank multisets or by walking every board, heads-up counting by inclusion-exclusion,
the random hand by suit classes, the row counter of pyeval.engines.strategies), by the batch
engine, and, where a player holds a range, by the range engine's own paths.  Each spot here is
answered by every path that applies, and the integer counts must be identical; on spots small
enough, also equal to the brute force of tests/equity_reference.py (which shares no code with
pyeval).

Each spot comes from its own seed: a failure names the seed and the spot, and
``pytest tests/test_exact_paths.py -k "seed_17"`` runs it again.  The quick set draws
``QUICK_SPOTS`` spots; ``PYEVAL_FULL=1 pytest -m slow`` draws ``SLOW_SPOTS`` more.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import equity_reference as eqref
import numpy as np
import pytest

import pyeval
from pyeval.engines import engine, strategies
from pyeval.engines.range.equity import range_equity
from pyeval.engines.single import exact_strategies
from pyeval.query.spot import read_spot
from pyeval.ranges import parse_range
from pyeval.results.tally import POT, Tally

pytestmark = pytest.mark.filterwarnings("ignore::numba.NumbaPerformanceWarning")

QUICK_SPOTS = 160
SLOW_SPOTS = 3000
COST_CAP = 400_000
"""Evaluation units (about 40 ns each) a strategy may cost to be run on a spot here."""
RANDOM_HAND_COST_CAP = 6_000_000
"""The same with one random hand in a board game, where the random-hand strategy applies: its
classes cost 4,000 units each (a flop spot: about 1,000 classes), and it must meet another path."""
REFERENCE_OUTCOMES = 2500
"""Spots with at most this many outcomes are also brute-forced by tests/equity_reference.py."""

TALLY_FIELDS = ("outcomes", "units", "sumsq", "wins", "ties", "part_units", "no_qualifier")


@dataclass
class Spot:
    game: str
    holes: list[list[int]]  # known cards per player ([] = a random hand; fewer than hole = partial)
    boards: list[list[int]]  # one list per board (board games), else []
    dead: list[int]

    @property
    def g(self):
        return pyeval.get_game(self.game)

    def hand_texts(self) -> list[str]:
        g = self.g
        out = []
        for h in self.holes:
            if not h:
                out.append("random")
            elif len(h) < g.hole and not g.partial_hands:
                out.append(pyeval.format_cards(h, "") + "*" * (g.hole - len(h)))
            else:
                out.append(pyeval.format_cards(h, ""))
        return out

    def board_text(self):
        if not self.g.board:
            return ""
        texts = [pyeval.format_cards(b, "") for b in self.boards]
        return "/".join(texts) if self.g.boards > 1 else texts[0]

    def dead_text(self) -> str:
        return pyeval.format_cards(self.dead, "")

    def layout(self) -> engine.Layout:
        g = self.g
        return engine.build_layout(g, [np.array(h, np.uint8) for h in self.holes],
                                   [np.array(b, np.uint8) for b in self.boards] if g.board else [],
                                   np.array(self.dead, np.uint8))

    def call(self) -> str:
        return (f"pyeval.equity({self.game!r}, {self.hand_texts()!r}, board={self.board_text()!r}, "
                f"dead={self.dead_text()!r}, method='exact')")


def draw_spot(rng: random.Random) -> Spot:
    """A random spot of a random game: 2-6 players, some random or partial hands, any street, dead cards."""
    game = rng.choice(list(pyeval.GAMES))
    g = pyeval.get_game(game)
    deck = list(range(g.lowest_card, 52))
    rng.shuffle(deck)
    players = rng.randint(2, min(6, g.max_players))
    if g.board:
        street = rng.choice([0, 3, 3, 4, 4, 5]) if g.boards == 1 else rng.choice([3, 4, 4, 5])
    one_random = g.board and rng.random() < 0.25  # the random-hand strategy's shape: one unknown hand
    mirror = None
    if one_random and street and rng.random() < 0.6:
        # A suit symmetry that swaps a hand's card with a board card of the same rank (2h in a hand,
        # 2c on the board, no other heart or club known): the shape that found issue 27's fault.
        a, b = rng.sample(range(4), 2)
        rank = rng.randrange(g.lowest_card // 4, 13)
        mirror = (4 * rank + a, 4 * rank + b)
        deck = [c for c in deck if c % 4 not in (a, b)]
    dead = [deck.pop() for _ in range(rng.choice([0, 0, 1, 2, 4]))]
    holes = []
    for p in range(players):
        roll = rng.random()
        if one_random:
            holes.append([] if p == players - 1 else [deck.pop() for _ in range(g.hole)])
        elif roll < 0.2 and p > 0:
            holes.append([])  # random hand
        elif g.partial_hands:  # stud: cards so far; draw: cards kept
            holes.append([deck.pop() for _ in range(rng.randint(max(0, g.hole - 3), g.hole))])
        elif roll < 0.27:
            holes.append([deck.pop() for _ in range(rng.randint(1, g.hole - 1))])  # "Ah*"
        else:
            holes.append([deck.pop() for _ in range(g.hole)])
    boards = [[deck.pop() for _ in range(street)] for _ in range(g.boards)] if g.board else []
    if mirror:
        holes[0][0], boards[0][0] = mirror
    return Spot(game, holes, boards, dead)


def affordable_spot(seed: int) -> tuple[Spot, engine.Layout, list]:
    """The first spot drawn from ``seed`` that the deck can deal and that some strategy answers
    within COST_CAP, with the strategies that can run on it."""
    rng = random.Random(seed)
    while True:
        try:
            spot = draw_spot(rng)
            lay = spot.layout()
        except (IndexError, ValueError):
            continue  # the deck runs out of cards
        if lay.outcomes == 0:
            continue
        plans = exact_strategies.exact_plans(lay, every=True)
        cap = RANDOM_HAND_COST_CAP if any(p.strategy == "random-hand" for p in plans) else COST_CAP
        plans = [p for p in plans if p.cost <= cap]
        if len(plans) > 1 or plans and cap == COST_CAP:
            return spot, lay, plans


def tally_of(r) -> dict:
    return {"outcomes": int(r.outcomes), "units": r.units.tolist(), "wins": r.wins.tolist(),
            "ties": r.ties.tolist()}


def same_tally(a: Tally, b: Tally, what: str) -> None:
    for name in TALLY_FIELDS:
        x, y = getattr(a, name), getattr(b, name)
        assert np.array_equal(x, y), f"{what}: {name} {x} != {y}"


def check_spot(seed: int) -> None:
    spot, lay, plans = affordable_spot(seed)
    where = f"seed {seed}: {spot.call()}"
    tallies = {}
    for plan in plans:
        fresh = spot.layout()  # a layout caches its plan and classes: one per strategy
        tallies[plan.strategy] = exact_strategies.run_exact(fresh, 1, plan)
    first, *others = plans
    for plan in others:
        same_tally(tallies[first.strategy], tallies[plan.strategy], f"{where}: {first.strategy} vs {plan.strategy}")
    expect = tallies[first.strategy]
    want = {"outcomes": expect.outcomes, "units": expect.units.tolist(), "wins": expect.wins.tolist(),
            "ties": expect.ties.tolist()}

    # every strategy of the registry that applies to the spot as read (the row counter among them)
    for strategy in strategies.EXACT:
        read = read_spot(spot.game, spot.hand_texts(), spot.board_text(), spot.dead_text(), "exact", threads=1)
        if strategy.applies(read) and strategy.cost(read) <= COST_CAP:
            same_tally(tallies[first.strategy], strategy.run(read), f"{where}: {first.strategy} vs {strategy}")
    # the public door, two threads (text: the lean path where the query is small)
    r = pyeval.equity(spot.game, spot.hand_texts(), board=spot.board_text(), dead=spot.dead_text(), method="exact",
                      threads=2)
    assert tally_of(r) == want, f"{where}: pyeval.equity (2 threads)"
    # cards as code lists, one thread
    codes = [np.array(h, np.uint8) if h else "random" for h in spot.holes]
    partial = any(0 < len(h) < spot.g.hole for h in spot.holes) and not spot.g.partial_hands
    if not partial:
        # one board as codes; two boards as texts (a pair of code arrays is not a board argument)
        board_arg = spot.board_text() if spot.g.boards > 1 else np.array(spot.boards[0], np.uint8) \
            if spot.g.board else ""
        r = pyeval.equity(spot.game, codes, board=board_arg, dead=np.array(spot.dead, np.uint8), method="exact",
                          threads=1)
        assert tally_of(r) == want, f"{where}: pyeval.equity with codes (1 thread)"
    # the batch engine: one row (every hand known or random)
    if all(len(h) in (0, spot.g.hole) for h in spot.holes):
        b = pyeval.equity_batch(spot.game, [spot.hand_texts()], board=[spot.board_text()] if spot.g.board else None,
                                dead=[spot.dead_text()], method="exact", threads=2)
        got = {"outcomes": int(b.outcomes[0]), "units": b.units[0].tolist(), "wins": b.wins[0].tolist(),
               "ties": b.ties[0].tolist()}
        assert got == want, f"{where}: equity_batch"
    check_range_paths(spot, want, where)
    # the brute force, where it is affordable
    if expect.outcomes <= REFERENCE_OUTCOMES:
        e = eqref.equity(spot.game, spot.holes, spot.boards if spot.g.boards > 1 else (spot.boards or [[]])[0],
                         spot.dead)
        assert e.outcomes == expect.outcomes, where
        fractions = [int(u) for u in expect.units]
        assert [f * expect.outcomes * POT for f in e.fractions] == fractions, f"{where}: reference"
        assert e.wins == expect.wins.tolist() and e.ties == expect.ties.tolist(), f"{where}: reference wins/ties"


RANGE_PATHS = ("assignments", "board_major", "sweep", "table")


def range_paths(spot: Spot) -> list[str]:
    """The range engine's exact paths that apply when every known hand is a one-combo range."""
    g = spot.g
    if g.boards != 1 or not g.board or g.name.startswith(("irish", "aviation", "courchevel")):
        return []
    missing = g.board - len(spot.boards[0])
    paths = ["assignments"]
    if missing:
        paths.append("board_major")
    if len(spot.holes) == 2 and g.hole == 2 and missing and not g.low and g.use == "any":
        paths.append("sweep")
    return paths


def check_range_paths(spot: Spot, want: dict, where: str) -> None:
    """Known hands given as one-combo ranges: every range path gives the single query's counts."""
    if any(0 < len(h) < spot.g.hole for h in spot.holes):
        return
    paths = range_paths(spot)
    if not paths:
        return
    # price the assignments first: a random hand against others is up to C(deck, hole) of them
    live = spot.g.deck_size - len(spot.dead) - sum(map(len, spot.boards))
    if math.comb(live, spot.g.hole) ** sum(1 for h in spot.holes if not h) > 1500:
        return
    hands = [parse_range(pyeval.format_cards(h, ""), spot.g) if h else "random" for h in spot.holes]
    for path in paths:
        r = range_equity(spot.game, hands, board=spot.board_text(), dead=spot.dead_text(), _path=path)
        units = (r.equity * r.outcomes * POT).round().astype(np.int64)
        assert r.outcomes == want["outcomes"] and units.tolist() == want["units"], f"{where}: range path {path}"


@pytest.mark.parametrize("seed", [pytest.param(s, id=f"seed_{s}") for s in range(QUICK_SPOTS)])
def test_every_exact_path_agrees(seed):
    check_spot(seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [pytest.param(s, id=f"seed_{s}")
                                  for s in range(QUICK_SPOTS, QUICK_SPOTS + SLOW_SPOTS)])
def test_every_exact_path_agrees_on_thousands_of_spots(seed):
    check_spot(seed)


@pytest.mark.parametrize("hands,board,dead", [
    (["9s2h", "random"], "Ts2c8d", ""),
    (["JsJh", "random"], "2cTd7h", "7s"),
    (["9s2h", "random"], "Ts2c8d", "KcKdKhKs"),
    (["TdKd", "3c3d", "random"], "5sJd3h", ""),
])
def test_random_hand_classes_fix_each_hand_and_board_apart(hands, board, dead):
    """Issue 27: the random-hand strategy grouped the unknown hand by suit permutations that fixed
    the known cards only as one set (swapping 2h in a hand with 2c on the board), and gave wrong
    hold'em hi/lo counts on these flops."""
    spot = Spot("holdem-hilo", [eqref.codes(h) if h != "random" else [] for h in hands], [eqref.codes(board)],
                eqref.codes(dead))
    lay = spot.layout()
    plan = [p for p in exact_strategies.exact_plans(lay, every=True) if p.strategy == "random-hand"]
    assert plan, "the random-hand strategy applies"
    by_classes = exact_strategies.run_exact(spot.layout(), 2, plan[0])
    generic = exact_strategies.run_exact(spot.layout(), 2, exact_strategies.ExactPlan("generic", 0))
    same_tally(by_classes, generic, spot.call())
    r = pyeval.equity("holdem-hilo", hands, board=board, dead=dead, method="exact")
    assert r.units.tolist() == generic.units.tolist()


def test_issue_27_spot_has_the_brute_force_answer():
    r = pyeval.equity("holdem-hilo", ["9s2h", "random"], board="Ts2c8d", method="exact")
    assert r.units.tolist() == [5255913600, 5531601600]


def test_suit_symmetries_fix_each_group_on_its_own():
    from pyeval.core.cards import suit_symmetries

    # 2h in a hand, 2c on the board: swapping hearts and clubs fixes the union, not each group
    assert len(suit_symmetries([eqref.codes("9s2h"), eqref.codes("Ts2c8d")])) == 1
    assert len(suit_symmetries([eqref.codes("9s2h Ts2c8d")])) == 2
    assert len(suit_symmetries([])) == 24


MC_SPOTS = 60
MC_SAMPLES = 40_000


def check_sampler(estimate, stderr, exact_mean, exact_sd, samples: int, what: str) -> None:
    """A Monte Carlo estimate within 4 standard errors of the exact answer, and its standard error
    within 20% of the exact per-deal deviation over sqrt(samples)."""
    want_se = exact_sd / math.sqrt(samples)
    for p, (m, se, mu, sd) in enumerate(zip(estimate, stderr, exact_mean, want_se)):
        if sd == 0:
            assert m == pytest.approx(mu, abs=1e-12) and se == pytest.approx(0, abs=1e-12), f"{what}: player {p + 1}"
            continue
        assert abs(m - mu) <= 4 * sd, f"{what}: player {p + 1}: {m} vs exact {mu} (standard error {sd})"
        assert abs(se - sd) <= 0.2 * sd, f"{what}: player {p + 1}: stderr {se} vs exact per-deal {sd}"


@pytest.mark.parametrize("seed", [pytest.param(s, id=f"seed_{s}") for s in range(MC_SPOTS)])
def test_every_sampler_meets_the_exact_answer(seed):
    spot, lay, plans = affordable_spot(seed)
    where = f"seed {seed}: {spot.call()}"
    t = exact_strategies.run_exact(spot.layout(), 1, plans[0])
    mean = t.units / (POT * t.outcomes)
    sd = np.sqrt(np.maximum(t.sumsq / (POT ** 2 * t.outcomes) - mean ** 2, 0))
    r = pyeval.equity(spot.game, spot.hand_texts(), board=spot.board_text(), dead=spot.dead_text(),
                      method="monte-carlo", samples=MC_SAMPLES, seed=seed, threads=2)
    check_sampler(r.equity, r.stderr, mean, sd, MC_SAMPLES, f"{where}: pyeval.equity Monte Carlo")
    if all(len(h) in (0, spot.g.hole) for h in spot.holes):
        b = pyeval.equity_batch(spot.game, [spot.hand_texts()], board=[spot.board_text()] if spot.g.board else None,
                                dead=[spot.dead_text()], samples=MC_SAMPLES, seed=seed)
        check_sampler(b.equity[0], b.stderr[0], mean, sd, MC_SAMPLES, f"{where}: equity_batch Monte Carlo")
        if range_paths(spot):
            hands = [parse_range(pyeval.format_cards(h, ""), spot.g) if h else "random" for h in spot.holes]
            rr = range_equity(spot.game, hands, board=spot.board_text(), dead=spot.dead_text(),
                              method="monte-carlo", samples=MC_SAMPLES, seed=seed)
            check_sampler(rr.equity, rr.stderr, mean, sd, MC_SAMPLES, f"{where}: range Monte Carlo")
