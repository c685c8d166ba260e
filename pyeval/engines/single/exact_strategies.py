"""Exact enumeration's strategies, priced before any runs: the generic pipeline, the C board
engine, heads-up counting by inclusion-exclusion (two hands) and the random hand by suit classes.

``exact_plan`` prices each strategy that applies in evaluation units and ``run_exact`` runs the
cheapest; every strategy returns the same integer ``Tally`` (pyeval.engines.engine).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.core.cards import suit_symmetries
from pyeval.core.games import Game
from pyeval.engines import pool
from pyeval.engines.engine import (
    BOARD_CHUNK,
    CHUNK,
    POT,
    Declined,
    Layout,
    Tally,
    board_call,
    board_cost,
    board_histogram,
    board_kinds,
    board_kinds_of,
    board_sample_kinds,
    build_layout,
    pattern_table,
    run_board_chunk,
    run_chunks,
    run_jobs,
)
from pyeval.engines.single.two_hand import TWO_HAND_STEP, player_values, subset_buckets
from pyeval.query.limits import RANDOM_HAND_CLASSES_MAX, TWO_HAND_MAX_ENTRIES


def counts_two_hands(layout: Layout) -> bool:
    """Whether exact counting by inclusion-exclusion applies: two players whose unknown cards
    are all their own (stud, draw, or a fully known board), one pot part or a hi/lo pair
    (pyeval.engines.single.two_hand_hilo), within the memory cap."""
    from pyeval.engines.single import two_hand_hilo

    if not (layout.players == 2 and layout.boards == 1 and (len(layout.parts) == 1 or two_hand_hilo.applies(layout))
            and all(len(b) == layout.board for b in layout.known_boards)):
        return False
    k_b = int((layout.src[1] >= 0).sum())
    return math.comb(len(layout.deck), k_b) << k_b <= TWO_HAND_MAX_ENTRIES


def run_two_hand_count(layout: Layout, threads: int = 1) -> Tally:
    """Heads-up exact counts without visiting every (A, B) pair: strengths of each player's
    completions, sorted per subset of cards, counted by inclusion-exclusion (seconds for
    stud third street's 18,265,297,050 outcomes).  Every kernel runs on slices of the combos.
    Hi/lo: pyeval.engines.single.two_hand_hilo."""
    from pyeval.engines.native import deal_kernels
    from pyeval.engines.single import two_hand_hilo

    if len(layout.parts) == 2:
        return two_hand_hilo.run(layout, threads)
    combos_a, values_a = player_values(layout, 0)
    combos_b, values_b = player_values(layout, 1)
    k_b = combos_b.shape[1]
    base, offsets, data = subset_buckets(combos_b, values_b, len(layout.deck))
    counts = np.zeros(3, np.int64)

    def count(lo):
        return np.array(deal_kernels.count_two_hands(combos_a[lo:lo + TWO_HAND_STEP],
                                                      values_a[lo:lo + TWO_HAND_STEP], k_b, base, offsets, data),
                        np.int64)

    pool.run_pool(count, range(0, len(combos_a), TWO_HAND_STEP), threads, counts.__iadd__)
    a_wins, b_wins, ties = (int(x) for x in counts)
    outcomes = a_wins + b_wins + ties
    assert outcomes == layout.outcomes
    wins = np.array([a_wins, b_wins], np.int64)
    tie = np.array([ties, ties], np.int64)
    units = wins * POT + tie * (POT // 2)
    return Tally(outcomes, units, wins * POT * POT + tie * (POT // 2) ** 2, wins, tie, units[None, :].copy(),
                 np.zeros(1, np.int64))


def suit_maps(groups) -> list[np.ndarray]:
    """Suit permutations, as code maps, that fix each group of known cards as a set
    (pyeval.core.cards.suit_symmetries)."""
    codes = np.arange(52)
    return [4 * (codes // 4) + sigma[codes % 4] for sigma in suit_symmetries(groups)]


def _random_player(layout: Layout) -> int | None:
    """The one player with no known card when the board fast path applies to everyone else."""
    unknown = [p for p, h in enumerate(layout.known_holes) if len(h) == 0]
    if len(unknown) != 1 or board_sample_kinds(layout) is None:
        return None
    return unknown[0]


def _random_seat(layout: Layout) -> int | None:
    """The one player with no known card (two-board games, which the board fast path does not play)."""
    unknown = [p for p, h in enumerate(layout.known_holes) if len(h) == 0]
    return unknown[0] if len(unknown) == 1 else None


def random_hand_classes(layout: Layout) -> list[tuple[np.ndarray, int]]:
    """The random player's possible hands up to the suit symmetries of the known cards (each hand,
    each board and the dead cards fixed on its own), with weights."""
    maps = suit_maps([*layout.known_holes, *layout.known_boards, layout.dead])
    classes: dict[tuple, list] = {}
    for combo in itertools.combinations(layout.deck.tolist(), layout.hole):
        key = min(tuple(sorted(int(m[c]) for c in combo)) for m in maps)
        entry = classes.setdefault(key, [np.array(combo, np.uint8), 0])
        entry[1] += 1
    return [(c, w) for c, w in classes.values()]




def _random_hand_layouts(layout: Layout, p: int) -> list[tuple[Layout, int]]:
    """One all-known layout per suit-symmetry class of player p's unknown hand, with the class
    size (built once per query: the cost estimate and the run both need them)."""
    cached = layout.__dict__.get("_random_hand_layouts")
    if cached is None:
        cached = []
        for combo, weight in random_hand_classes(layout):
            holes = list(layout.known_holes)
            holes[p] = combo
            sub = build_layout(layout.game, holes, layout.known_boards, layout.dead)
            sub.patterns = layout.patterns
            cached.append((sub, weight))
        layout.__dict__["_random_hand_layouts"] = cached
    return cached


def _board_all(layout: Layout, kinds: tuple[int, int]) -> np.ndarray:
    """Every completion's pattern counts in one call: by rank multiset, else by walking the boards."""
    return board_call(layout, kinds, lib.pyeval_board_patterns_all)


def run_random_hand(layout: Layout, p: int, threads: int) -> Tally:
    """Exact equity against one unknown hand: the board fast path for each of its possible hands
    (one per suit-symmetry class, weighted by the class size)."""
    kinds = board_kinds_of(layout.game)
    return run_jobs(lambda job: _board_all(job[0], kinds) * job[1], layout, _random_hand_layouts(layout, p),
                     threads, size=lambda job: job[0].outcomes * job[1])


def _counts_random_hand(layout: Layout, p: int) -> bool:
    """Whether csrc/random_hand.c counts the query: every other hand known, five-card boards, two
    hole cards (four to six in Omaha) with a high (or short-deck) evaluator and optionally the
    8-or-better low on one board, or two boards of hold'em high with as many cards known on each."""
    kinds = layout.game.board_kinds
    if kinds is None or layout.board != 5 or any(len(h) != layout.hole for q, h in enumerate(layout.known_holes)
                                                 if q != p):
        return False
    omaha = kinds[0] == lib.PYEVAL_KIND_OMAHA_HIGH
    if layout.boards == 2:
        return (not omaha and kinds[1] == -1 and layout.hole == 2 and layout.patterns is not None
                and len({len(b) for b in layout.known_boards}) <= 1)
    return layout.boards == 1 and (4 <= layout.hole <= 6 if omaha else layout.hole == 2)


def _units_per_random_count_board(game: Game, hole: int) -> int:
    """Per board: a hold'em hand's rank pairs, or an Omaha hand's rank multisets."""
    if game.use == "omaha":
        return int(math.comb(12 + hole, hole) * UNITS_PER_OMAHA_RANK_MULTISET)
    return UNITS_PER_RANDOM_COUNT_BOARD


def random_count_units(game: Game, boards: int) -> int:
    """The random-hand count's price on one board with a flop or more known: ``boards``
    completions, each one known showdown and the random hand's rank classes (the single query's
    layout path and the row counter price it here)."""
    return boards * _units_per_random_count_board(game, game.hole) + 100


def _random_count_units(layout: Layout) -> int:
    """The count's price: per board, a hold'em hand's rank pairs, or an Omaha hand's rank multisets;
    two boards: per pair of boards."""
    per_board = _units_per_random_count_board(layout.game, layout.hole)
    if layout.boards == 2:
        missing = layout.board - _known_board_cards(layout)
        return _boards_to_deal(layout) * math.comb(len(layout.deck) - missing, missing) * per_board * 2 + 100
    boards = _boards_to_deal(layout)
    if layout.game.use != "omaha" and _known_board_cards(layout) == 0:
        # preflop the C count takes the rank multisets, then only the boards with three cards of a suit
        # (pyeval_random_hand_patterns_ranks; its suit classes left out: an upper bound)
        suits = np.bincount(layout.deck % 4, minlength=4)
        rest = len(layout.deck)
        flush_boards = sum(math.comb(int(n), j) * math.comb(rest - int(n), 5 - j) for n in suits for j in (3, 4, 5))
        boards = min(boards, math.comb(17, 5) + flush_boards)
        return boards * per_board + 100
    return random_count_units(layout.game, boards)


def _known_board_cards(layout: Layout) -> int:
    return len(layout.known_boards[0]) if layout.known_boards else 0


def _boards_to_deal(layout: Layout) -> int:
    """Completions of the (first) board."""
    return math.comb(len(layout.deck), layout.board - _known_board_cards(layout))


def _two_board_call(layout: Layout, p: int, start: int, count: int) -> np.ndarray:
    """The pattern histogram of first-board completions [start, start + count), each with every
    completion of the second board (csrc/random_hand.c)."""
    holes = np.zeros((layout.players, layout.hole), np.uint8)
    for q, h in enumerate(layout.known_holes):
        holes[q, :len(h)] = h
    known = [np.ascontiguousarray(b, np.uint8) if len(b) else np.zeros(1, np.uint8) for b in layout.known_boards]
    known += [np.zeros(1, np.uint8)] * (2 - len(known))
    counts = np.zeros(pattern_table(layout).size, np.int64)
    missing = layout.board - _known_board_cards(layout)
    status = lib.pyeval_random_hand_patterns2(
        ffi.from_buffer("uint8_t[]", holes), layout.players, layout.hole, ffi.from_buffer("uint8_t[]", known[0]),
        ffi.from_buffer("uint8_t[]", known[1]), _known_board_cards(layout), ffi.from_buffer("uint8_t[]", layout.deck),
        len(layout.deck), missing, board_kinds_of(layout.game)[0], p, start, count,
        ffi.from_buffer("int64_t[]", counts), len(counts))
    if status != 0:
        raise RuntimeError(f"internal error: the random-hand count refused the query (status {status})")
    return counts


def run_random_count(layout: Layout, p: int, threads: int) -> Tally:
    """Exact equity against one unknown hand, its hands counted by rank pair and flush cards on each
    board (csrc/random_hand.c) rather than dealt one by one."""
    kinds = board_kinds_of(layout.game)
    if layout.boards == 1:
        try:  # by rank multiset of the boards, where that pays (one call)
            return pattern_table(layout).tally(board_call(layout, kinds, lib.pyeval_random_hand_patterns_ranks, p,
                                                           may_decline=True))
        except Declined:
            pass  # else the boards walked, in jobs

        def count(job: tuple[int, int]) -> np.ndarray:
            return board_call(layout, kinds, lib.pyeval_random_hand_patterns, p, *job)
    else:
        def count(job: tuple[int, int]) -> np.ndarray:
            return _two_board_call(layout, p, *job)
    boards = _boards_to_deal(layout)  # of the first board: jobs split its completions
    step = max(1, RANDOM_COUNT_JOB_UNITS * boards // _random_count_units(layout))
    jobs = ((s, min(step, boards - s)) for s in range(0, boards, step))
    return run_jobs(count, layout, jobs, threads, size=lambda job: job[1], units=boards)


RANDOM_COUNT_JOB_UNITS = 1 << 17
"""The random-hand count's work per job (about 5 ms of one core)."""


# The exact strategies are priced in evaluation units: one unit is about one hold'em hand
# evaluation in the generic pipeline (numba enumeration, C evaluation, numba tally), ~40 ns of
# one core; the constants below are measured against it (benchmarks/RESULTS.md, "Issue 17 fixes").
_OMAHA_UNITS_PER_EVALUATION = {4: 1.2, 5: 1.35, 6: 1.6}  # 50, 55 and 67 ns: more hole pairs
UNITS_PER_BOARD_SHOWDOWN = 0.25
"""The C board engine: one player's showdown on one board, hold'em or short deck (5-15 ns); an
Omaha one costs what its evaluation costs in the generic pipeline."""
UNITS_PER_TWO_HAND_ENTRY = 3
"""subset_buckets and count_two_hands: 65-145 ns per (completion, subset of its cards)."""
UNITS_PER_RANDOM_COUNT_BOARD = 10
"""csrc/random_hand.c: one board's known showdown and up to 91 rank-pair classes of the random hand."""
UNITS_PER_OMAHA_RANK_MULTISET = 0.6
"""csrc/random_hand.c's Omaha count: one rank multiset of the random hand's cards on one board."""
UNITS_PER_RANDOM_HAND_CLASS = 4000
"""Listing, laying out and running one class of the random hand: ~150 us beside its boards."""


STRATEGY_NAMES = ("generic", "two-hands", "board", "random-count", "random-hand")
"""The strategies exact_plans prices, in its order (the first of equal prices wins)."""


@dataclass(frozen=True)
class ExactPlan:
    """An exact strategy for a query and its price in evaluation units."""

    strategy: str  # "generic", "board", "two-hands", "random-count" or "random-hand"
    cost: int
    player: int | None = None  # random-hand: the unknown player


def omaha_units(hole: int) -> float:
    """Evaluation units of one Omaha evaluation with this many hole cards."""
    return _OMAHA_UNITS_PER_EVALUATION.get(hole, 1.6)


def _generic_cost(layout: Layout) -> int:
    return int(layout.evaluations * (omaha_units(layout.hole) if layout.game.use == "omaha" else 1.0))


def _board_units(layout: Layout, kinds: tuple[int, int]) -> int:
    """The C board engine's price for a query of known holes: its showdowns times players and parts."""
    per = omaha_units(layout.hole) if layout.game.use == "omaha" else UNITS_PER_BOARD_SHOWDOWN
    return int(board_cost(layout, kinds) * layout.players * len(layout.parts) * per)


def _two_hand_cost(layout: Layout) -> int | None:
    entries = [math.comb(len(layout.deck), int(k)) * 2 ** int(k) for k in layout.slot_sizes]
    if max(entries, default=0) > TWO_HAND_MAX_ENTRIES:
        return None
    return sum(entries) * UNITS_PER_TWO_HAND_ENTRY * len(layout.parts) + 2  # hi/lo: both halves bucketed


def _random_hand_cost(layout: Layout, p: int, below: float) -> int | None:
    """The random-hand strategy's price, or None when it cannot beat ``below`` (or has too many
    hands to list: Omaha's 100,000 and more)."""
    hands = math.comb(len(layout.deck), layout.hole)
    if hands > RANDOM_HAND_CLASSES_MAX or hands // 24 * UNITS_PER_RANDOM_HAND_CLASS >= below:
        return None  # at most 24 suit symmetries: at least hands / 24 classes
    kinds = board_kinds_of(layout.game)
    return sum(UNITS_PER_RANDOM_HAND_CLASS + _board_units(sub, kinds) for sub, _ in _random_hand_layouts(layout, p))


def exact_plans(layout: Layout, every: bool = False) -> list[ExactPlan]:
    """The exact strategies that apply to the query, each priced.  Normally the random-hand
    strategy is listed only when it can beat the others; ``every=True`` (the tests' differential
    check) lists it whenever its hands can be listed, and the board engine's walk of every board
    beside its count by rank multisets ("board-walk")."""
    plans = [ExactPlan("generic", _generic_cost(layout))]
    if counts_two_hands(layout):
        cost = _two_hand_cost(layout)
        if cost is not None:
            plans.append(ExactPlan("two-hands", cost))
    kinds = board_kinds(layout)
    if kinds is not None:
        plans.append(ExactPlan("board", _board_units(layout, kinds)))
        if every:
            plans.append(ExactPlan("board-walk", plans[-1].cost))
    p = _random_player(layout)
    seat = p if p is not None else _random_seat(layout)
    if seat is not None and _counts_random_hand(layout, seat):
        plans.append(ExactPlan("random-count", _random_count_units(layout), seat))
    if p is not None:
        cost = _random_hand_cost(layout, p, math.inf if every else min(plan.cost for plan in plans))
        if cost is not None:
            plans.append(ExactPlan("random-hand", cost, p))
    return plans


def exact_plan(layout: Layout) -> ExactPlan:
    """The cheapest exact strategy for the query (priced once, without running any)."""
    cached = layout.__dict__.get("_exact_plan")
    if cached is not None:
        return cached
    best = min(exact_plans(layout), key=lambda plan: plan.cost)
    layout.__dict__["_exact_plan"] = best
    return best


def exact_cost(layout: Layout) -> int:
    """Evaluation units (about 40 ns of one core each) that exact enumeration will take with the
    cheapest strategy."""
    return exact_plan(layout).cost


def run_exact(layout: Layout, threads: int, plan: ExactPlan | None = None) -> Tally:
    """The query's exact counts by ``plan`` (one of ``exact_plans(layout, every=True)``; default:
    the cheapest).  Every strategy gives the same integer counts."""
    plan = plan or exact_plan(layout)
    total = layout.outcomes
    if plan.strategy == "two-hands":
        return run_two_hand_count(layout, threads)
    if plan.strategy == "random-count":
        assert plan.player is not None, "a random-count plan names its player"
        return run_random_count(layout, plan.player, threads)
    if plan.strategy == "random-hand":
        assert plan.player is not None, "a random-hand plan names its player"
        return run_random_hand(layout, plan.player, threads)
    if plan.strategy in ("board", "board-walk"):
        kinds = board_kinds_of(layout.game)
        counts = board_histogram(layout, kinds) if plan.strategy == "board" else None
        if counts is not None:
            return pattern_table(layout).tally(counts)
        board_jobs = ((s, min(BOARD_CHUNK, total - s)) for s in range(0, total, BOARD_CHUNK))
        return run_jobs(lambda job: run_board_chunk(layout, kinds, *job), layout, board_jobs, threads,
                         size=lambda job: job[1], units=total)
    jobs = ((min(CHUNK, total - s), s, None) for s in range(0, total, CHUNK))
    return run_chunks(layout, jobs, threads)
