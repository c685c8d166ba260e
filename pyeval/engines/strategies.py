"""The strategy registry: every way of answering a ``Spot`` (pyeval.query.spot), each with
``applies(spot)``, ``cost(spot)`` (evaluation units, about 40 ns of one core each) and
``run(spot)`` (the integer ``Tally``).

``answer(spot)`` picks one (``exact_strategy``): ``method="auto"`` runs the cheapest exact
strategy that applies when it is within ``EXACT_BUDGET``, else the sampler; ``method="exact"``
runs the cheapest exact one and refuses, naming its price, above ``EXACT_LIMIT``; Monte Carlo
runs the sampler (the Dask runner when a client is given).  Exact strategies give identical
counts, so the choice changes the time, never the result.

Exact, in the order they are priced:

- ``row``: the batch's row counter (csrc/board_batch.c) on a batch of one row, one C call
  without a layout: it counts as the layout strategies below do (each board walked, or one
  random hand counted by rank class, csrc/random_hand.c), so when it applies within one job's
  work (``ROW_MAX_UNITS``) nothing else can beat it by more than the layout they need, and the
  rest are not priced.
- the layout strategies of ``pyeval.engines.single.exact_strategies`` (``exact_plans``): the
  board walk or rank count, the random-hand count, the random hand by suit classes, the two-hand
  count, and the generic enumerator, each priced on the spot's layout (built once, kept in
  ``spot.memo``).
- ``stud-row``: stud and draw games, the batch's C count of a stud row (csrc/stud_batch.c) on a
  batch of one, priced in its walked deals; only where the layout's strategies would count the
  spot exactly themselves.

Sampling: ``monte-carlo`` (``engine.run_monte_carlo``: the C board sampler where every hand is
known or wholly random on one board, else the generic C deal kernels) and ``dask`` (the same
chunks as Dask tasks, pyeval.engines.cluster).

A range spot (``spot.ranges`` set, pyeval.query.range_spot) is answered by the same ``answer``
and priced by the same ``exact_choice`` with the range engine's strategies (``range_exact()``:
weight-split, preflop-table, board-major, sweep, assignments; Monte Carlo by weighted sampling;
pyeval.engines.range.strategies, loaded by the first range spot), chosen the same way;
``method="exact"`` refuses above ``RANGE_EXACT_LIMIT``, or when none of them takes the spot.
Every strategy speaks the protocol of pyeval.engines.strategy, which both modules import.
"""

from __future__ import annotations

import functools
import math
import secrets
import threading
from typing import Any

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.core.games import Game, get_game
from pyeval.engines import engine
from pyeval.engines.batch import stud as stud_batch
from pyeval.engines.batch.board import C_TALLY_PATTERNS, UNKNOWN
from pyeval.engines.single import exact_strategies
from pyeval.engines.strategy import Strategy, layout_of
from pyeval.query.limits import (
    DEFAULT_SAMPLES,
    EXACT_BUDGET,
    EXACT_LIMIT,
    MAX_ASSIGNMENTS,
    MAX_SPLIT_QUERIES,
    RANGE_EXACT_LIMIT,
    ROW_EXACT_MAX,
    STUD_ROW_WORK_MAX,
)
from pyeval.query.spot import Spot
from pyeval.results.equity_result import EquityResult, spot_result
from pyeval.results.tally import Tally

__all__ = ["EXACT", "range_exact", "SAMPLERS", "NoExactStrategy", "answer", "exact_choice", "exact_strategy",
           "ROW_MAX_EVALUATIONS", "ROW_MAX_UNITS", "row_evaluations", "batch_row_counted", "stud_batch_route"]


def layout_plans(spot: Spot) -> dict[str, exact_strategies.ExactPlan]:
    """The layout's exact strategies that apply, priced (exact_strategies.exact_plans), built once."""
    plans = spot.memo.get("plans")
    if plans is None:
        plans = spot.memo["plans"] = {p.strategy: p for p in exact_strategies.exact_plans(layout_of(spot))}
    return plans


ROW_MAX_EVALUATIONS = 1 << 20
"""The row counter answers a spot of known hands (or several unknown ones) up to this many hand
evaluations: a flop spot, or a turn or river spot against random hands."""

ROW_MAX_UNITS = exact_strategies.RANDOM_COUNT_JOB_UNITS
"""... and a spot of one random hand whose count is priced within one job of the layout path
(so its threads would not help): a flop or turn spot against a random hand."""


class RowShape:
    """What the row counter needs for spots of one shape, made once (scripts repeat their shapes):
    the C kinds, pot parts, pattern table and its tally matrix, the price in evaluation units."""

    def __init__(self, g: Game, kinds: tuple[int, int], parts: list, players: int, units: int):
        self.g, self.kinds, self.parts, self.units, self.players = g, kinds, parts, units, players
        self.table = engine.new_pattern_table(players, tuple((p[2], p[3]) for p in parts))
        matrix = self.table.tally_matrix
        self.columns = matrix.shape[1]
        self.matrix = ffi.from_buffer("int64_t[]", matrix)
        # each thread's scratch histogram and output row (the C call releases the GIL)
        self.buffers: dict[int, tuple] = {}

    def count(self, spot: Spot) -> Tally:
        g, table = self.g, self.table
        thread = threading.get_ident()  # a dict by thread: a third of threading.local's getattr
        buffers = self.buffers.get(thread)
        if buffers is None:
            buffers = self.buffers[thread] = (ffi.new("int64_t[]", table.size), ffi.new("int64_t[]", self.columns))
        scratch, out = buffers
        holes, known, dead = _row_cards(spot.holes, spot.boards[0], spot.dead, g.hole)
        status = lib.pyeval_board_batch_exact(holes, len(spot.holes), g.hole, known, 1, len(known), dead, len(dead),
                                              g.board, g.lowest_card,
                                              self.kinds[0], self.kinds[1], 1, scratch, table.size, self.matrix,
                                              self.columns, out)
        if status != -1:  # the spot was checked when read: a refusal here is a bug
            raise RuntimeError(f"internal error: the row counter refused a checked spot (row {status})")
        values = ffi.unpack(out, self.columns)  # the C call overwrites ``out`` whole: a copy, as Python ints
        if len(self.parts) > 1:  # hi/lo: the result reads every tally at once
            return table.tally_of(np.array(values, np.int64))
        return RowTally(values, self.players)


_ROW_ARRAYS = ("units", "sumsq", "wins", "ties", "part_units", "no_qualifier")


class RowTally(Tally):
    """A row's Tally over its C tallies as Python ints (PatternTable.tally_of's columns): the
    outcomes at once, the arrays made together when one is first read (a small query's result
    reads none until it is asked for them; its pot check reads ``units_total``)."""

    def __init__(self, values: list[int], players: int):
        self.__dict__ = {"outcomes": values[-1], "_values": values, "_players": players}

    def units_total(self) -> int:
        d = self.__dict__
        return sum(d["_values"][:d["_players"]]) if "units" not in d else super().units_total()

    def __getattr__(self, name: str):
        d = self.__dict__
        if "_values" not in d or name not in _ROW_ARRAYS:
            raise AttributeError(f"'RowTally' object has no attribute {name!r}")
        flat, p = np.array(d["_values"], np.int64), d["_players"]
        parts = (len(flat) - 1 - 4 * p) // (p + 1)  # the columns: 4p + parts * p + parts + 1
        q = 4 * p + parts * p
        arrays = (flat[:p], flat[p:2 * p], flat[2 * p:3 * p], flat[3 * p:4 * p], flat[4 * p:q].reshape(parts, p),
                  flat[q:-1])
        for key, array in zip(_ROW_ARRAYS, arrays):
            d.setdefault(key, array)
        return d[name]


@functools.lru_cache(maxsize=4096)
def _row_cards(holes: tuple, board: tuple, dead: tuple, hole: int) -> tuple[bytes, bytes, bytes]:
    """A spot's cards as the row counter reads them (an unknown hand as UNKNOWN cards), cached:
    scripts ask the same cards again."""
    unknown = (UNKNOWN,) * hole
    return bytes(sum((h if h else unknown for h in holes), ())), bytes(board), bytes(dead)


def row_evaluations(g: Game, players: int, left: int, drawn: int, missing: int) -> int:
    """Hand evaluations of counting a row exactly with the C row counter (csrc/board_batch.c): its
    outcomes (``missing`` cards on each of the game's boards from the ``left`` cards of the deck,
    then each of the ``drawn`` unknown hands) x players x pot parts.  The one price the row strategy
    (``RowCount``) and ``pyeval.equity_batch`` (``batch_row_counted``) put on a row."""
    outcomes = 1
    for k in [missing] * g.boards + [g.hole] * drawn:
        outcomes *= math.comb(left, k) if left >= k else 0
        left -= k
    return outcomes * players * g.boards * (2 if g.low else 1)


def batch_row_counted(g: Game, players: int, left: int, drawn: int, missing: int) -> bool:
    """Whether ``pyeval.equity_batch`` counts an exact row of this shape in its C batch, by the row
    counter's price (``row_evaluations``): up to ``ROW_EXACT_MAX`` evaluations, far more than a
    single query's row (``ROW_MAX_EVALUATIONS``) because a batch spreads its rows over the threads;
    a heavier row would hold one thread alone, and goes to ``answer``, whose strategies use them all."""
    return row_evaluations(g, players, left, drawn, missing) <= ROW_EXACT_MAX


@functools.lru_cache(maxsize=256)
def _row_shape(name: str, players: int, known_board: int, dead_n: int, drawn: int) -> RowShape | None:
    """The RowShape of spots of this shape, or None where the row counter does not take it: the
    game not one board of a C kind, too many outcome patterns, or beyond the row's budget
    (``ROW_MAX_EVALUATIONS``, or ``ROW_MAX_UNITS`` for the random-hand count)."""
    g = get_game(name)
    kinds = g.board_kinds
    parts = engine.parts_of(g, 1)
    if kinds is None or g.boards != 1 or 1 << (players * len(parts)) > C_TALLY_PATTERNS:
        return None
    left = g.deck_size - (players - drawn) * g.hole - known_board - dead_n
    evaluations = row_evaluations(g, players, left, drawn, g.board - known_board)
    units = _random_count_units(g, players, known_board, dead_n, drawn)
    if evaluations == 0 or evaluations > ROW_MAX_EVALUATIONS and (units is None or units > ROW_MAX_UNITS):
        return None
    if units is None:
        units = int(evaluations * (exact_strategies.omaha_units(g.hole) if g.use == "omaha"
                                   else exact_strategies.UNITS_PER_BOARD_SHOWDOWN))
    return RowShape(g, kinds, parts, players, units)


def _random_count_units(g: Game, players: int, known_board: int, dead_n: int, drawn: int) -> int | None:
    """The random-hand count's price (exact_strategies.random_count_units), where the row counter
    counts the one random hand by rank class (csrc/random_hand.c) on a known flop or turn."""
    if drawn != 1 or g.board != 5 or known_board < 3:
        return None
    if not (4 <= g.hole <= 6 if g.use == "omaha" else g.hole == 2):
        return None
    deck = g.deck_size - (players - 1) * g.hole - known_board - dead_n
    return exact_strategies.random_count_units(g, math.comb(deck, g.board - known_board))


class RowCount(Strategy):
    """One C call of the batch's row counter (csrc/board_batch.c) on a batch of one row."""

    name = "row"

    @staticmethod
    def plan(spot: Spot) -> RowShape | None:
        """The spot's RowShape, or None where the row counter does not take it (kept in spot.memo:
        ``cost``, ``run`` and ``shape`` read it there after ``applies``).  Its price is within one
        job's work (``ROW_MAX_UNITS``), far below EXACT_BUDGET: where it applies it is the answer."""
        plan = spot.memo.get("row", False)
        if plan is False:
            plan = spot.memo["row"] = RowCount._plan_of(spot)
        return plan

    @staticmethod
    def _plan_of(spot: Spot) -> RowShape | None:
        g = spot.game
        if spot.method not in ("auto", "exact") or g.boards != 1 or not spot.boards or spot.community:
            return None
        drawn = 0
        for h in spot.holes:  # each hand known or unknown, none partial
            if not h:
                drawn += 1
            elif len(h) != g.hole:
                return None
        return _row_shape(g.name, len(spot.holes), len(spot.boards[0]), len(spot.dead), drawn)

    def applies(self, spot: Spot) -> bool:
        return self.plan(spot) is not None

    # cost, run and shape come after applies, which kept the plan in spot.memo
    def cost(self, spot: Spot) -> int:
        return spot.memo["row"].units

    def run(self, spot: Spot) -> Tally:
        return spot.memo["row"].count(spot)

    def shape(self, spot: Spot) -> tuple[list, int, bool]:
        return spot.memo["row"].parts, 1, False


class StudRow(Strategy):
    """Stud and draw games: the batch's C count of a stud row (csrc/stud_batch.c, on a batch of one):
    each hand's completions valued once and their combinations walked, the last player counted by
    inclusion-exclusion in high-only games.  Priced as equity_batch prices it (its walked deals),
    against the layout's strategies; it takes only spots they would count exactly themselves
    (``auto`` within EXACT_BUDGET, ``exact`` within EXACT_LIMIT), so it changes the time, never the
    method."""

    name = "stud-row"

    def walked_deals(self, spot: Spot) -> int | None:
        """The C count's work in walked deals (csrc/stud_batch.c prices it), or None where it does not apply."""
        work = spot.memo.get("stud-row", False)
        if work is False:
            work = None
            g = spot.game
            if spot.method in ("auto", "exact") and g.stud_kinds is not None and not spot.community:
                # only spots the layout's strategies would count (no method changes, only the time)
                bound = EXACT_BUDGET if spot.method == "auto" else EXACT_LIMIT
                if min(p.cost for p in layout_plans(spot).values()) <= bound:
                    work = stud_batch.row_work(g, layout_of(spot))
                    if work > STUD_ROW_WORK_MAX:
                        work = None
            spot.memo["stud-row"] = work
        return work

    def applies(self, spot: Spot) -> bool:
        return self.walked_deals(spot) is not None

    def cost(self, spot: Spot) -> int:
        return int(self.walked_deals(spot) * stud_batch.UNITS_PER_WALKED_DEAL)  # type: ignore[operator]

    def run(self, spot: Spot) -> Tally:
        g = spot.game
        layout = layout_of(spot)
        holes = np.full((1, spot.players, g.hole), UNKNOWN, np.uint8)
        for p, h in enumerate(spot.holes):
            holes[0, p, :len(h)] = h
        dead = np.array([spot.dead], np.uint8).reshape(1, len(spot.dead))
        work = np.array([self.walked_deals(spot)], np.int64)
        kinds = g.stud_kinds
        assert kinds is not None, "applies to stud and draw games only"
        t = stud_batch.count(g, kinds, engine.pattern_table(layout), holes, dead, np.zeros(1, np.int64),
                             None, 0, stud_batch.exact_jobs(work), spot.threads)
        return Tally(int(t["outcomes"][0]), t["units"][0], t["sumsq"][0], t["wins"][0], t["ties"][0],
                     t["part_units"][0], t["no_qualifier"][0])


class LayoutExact(Strategy):
    """One of the layout's exact strategies (exact_strategies.exact_plans), priced on the layout."""

    def __init__(self, name: str):
        self.name = name

    def _plan(self, spot: Spot) -> exact_strategies.ExactPlan | None:
        return layout_plans(spot).get(self.name)

    def applies(self, spot: Spot) -> bool:
        return self._plan(spot) is not None

    def cost(self, spot: Spot) -> int:
        plan = self._plan(spot)
        assert plan is not None, "priced only where it applies"
        return plan.cost

    def run(self, spot: Spot) -> Tally:
        return exact_strategies.run_exact(layout_of(spot), spot.threads, self._plan(spot))


class MonteCarlo(Strategy):
    """Sampled deals, chunk c from its own stream (any thread count gives the same counts)."""

    name = "monte-carlo"
    exact = False

    def __init__(self, client: Any = None):
        self.client = client

    def applies(self, spot: Spot) -> bool:
        return self.client is None

    def cost(self, spot: Spot) -> int:
        layout = layout_of(spot)
        return (spot.samples or DEFAULT_SAMPLES) * layout.players * len(layout.parts)

    def runner(self, spot: Spot):
        return None

    def run(self, spot: Spot) -> Tally:
        layout = layout_of(spot)
        n = int(spot.samples) if spot.samples is not None else DEFAULT_SAMPLES
        seed = spot.memo["seed"]
        if spot.stderr_target is not None:
            return engine.run_monte_carlo(layout, 0, seed, spot.threads, float(spot.stderr_target),
                                          max_samples=n if spot.samples is not None else 2_000_000_000,
                                          runner=self.runner(spot))
        return engine.run_monte_carlo(layout, n, seed, spot.threads, runner=self.runner(spot))


class Dask(MonteCarlo):
    """The Monte Carlo chunks as Dask tasks, keyed by the query and the chunk (pyeval.engines.cluster)."""

    name = "dask"

    def applies(self, spot: Spot) -> bool:
        return self.client is not None

    def runner(self, spot: Spot):
        from pyeval.engines import cluster

        return cluster.job_runner(self.client, (spot.game.name, [bytes(h) for h in spot.holes],
                                                [bytes(b) for b in spot.boards], bytes(spot.dead), spot.community))


EXACT: tuple[Strategy, ...] = (RowCount(), *(LayoutExact(name) for name in exact_strategies.STRATEGY_NAMES),
                               StudRow())
"""Every exact strategy, in the order they are priced."""

SAMPLERS = (Dask, MonteCarlo)
"""The samplers, made with the query's Dask client (or None)."""


ASK_MONTE_CARLO = "use method='monte-carlo' (with samples= or stderr_target=)"
"""How every refusal of method="exact" ends."""

def range_engine():
    """The range engine's strategies (pyeval.engines.range.strategies), loaded by the first range
    spot: ``import pyeval`` does not pay for the range engine (about 12 ms)."""
    from pyeval.engines.range import strategies as range_strategies

    return range_strategies


def range_exact() -> tuple[Strategy, ...]:
    """Every exact strategy of a range spot (``spot.ranges`` set), in the order they are priced."""
    return range_engine().EXACT


class NoExactStrategy(ValueError):
    """No exact strategy takes the spot (a range spot beyond the limits of every one)."""


def exact_choice(spot: Spot) -> tuple[Strategy, float]:
    """The cheapest exact strategy for the spot and its price.  A range spot: the cheapest of
    ``range_exact()`` (pyeval.engines.range.strategies.exact_choice), or ``NoExactStrategy`` when
    none takes it.  A single-hand spot: the row counter when it applies, without pricing the rest
    (see the module docstring), else the cheapest of ``EXACT``."""
    if spot.ranges is not None:
        choice = range_engine().exact_choice(spot)
        if choice is None:
            raise NoExactStrategy(f"exact enumeration of these ranges is beyond the limits of every exact strategy "
                                  f"(more than {MAX_ASSIGNMENTS:,} combo assignments, or more than "
                                  f"{MAX_SPLIT_QUERIES:,} weight-class queries); {ASK_MONTE_CARLO}")
        return choice
    row = EXACT[0]
    if row.applies(spot):
        return row, row.cost(spot)
    priced = [(s, s.cost(spot)) for s in EXACT[1:] if s.applies(spot)]
    return min(priced, key=lambda sc: sc[1])  # the layout's list: ties go to the first, as exact_plan's min


def stud_batch_route(spot: Spot) -> tuple[int, int]:
    """How ``pyeval.equity_batch`` answers a stud or draw row shaped as ``spot`` (its row's cards,
    its method "auto" or "exact"), and the C count's work in walked deals: by the prices the single
    query compares, plus what a query costs beside its strategy (``SINGLE_QUERY_UNITS``).
    ``SAMPLED_IN_C`` where ``auto`` would sample (the cheapest exact strategy above EXACT_BUDGET);
    ``EXACT_IN_C`` where the ``stud-row`` strategy applies and is priced within the cheapest of the
    layout's strategies plus that; else ``SINGLE`` (the row's own query: the two-hand count and the
    rest, or its refusal beyond EXACT_LIMIT)."""
    cheapest = min(p.cost for p in layout_plans(spot).values())
    if spot.method == "auto" and cheapest > EXACT_BUDGET:
        return stud_batch.SAMPLED_IN_C, 0
    stud_row = EXACT[-1]
    assert isinstance(stud_row, StudRow)
    if not stud_row.applies(spot):
        return stud_batch.SINGLE, 0
    work = stud_row.walked_deals(spot)
    assert work is not None, "it applies"
    in_c = stud_row.cost(spot) <= cheapest + stud_batch.SINGLE_QUERY_UNITS
    return (stud_batch.EXACT_IN_C if in_c else stud_batch.SINGLE), work


def answer(spot: Spot, client: Any = None, *, path: str | None = None) -> EquityResult:
    """The spot's result by the strategy its method picks (``exact_strategy``), else sampled.  A
    range spot is answered by the range strategies, locally (``client``: the Dask sampler of a
    single-hand spot); ``path``: tests force a range strategy by name (``forced`` of the range engine)."""
    if spot.ranges is not None:
        ranges = range_engine()
        try:
            strategy = exact_strategy(spot) if path is None else ranges.forced(spot, path)
            return (strategy or ranges.MONTE_CARLO).run(spot)  # type: ignore[return-value]
        except OverflowError:  # products of weights far apart in several ranges, beyond a float
            raise ValueError("the ranges' weights are too far apart to express their equities as floats (several "
                             "ranges with weights 1e50 times apart); bring the weights closer together") from None
    row = RowCount.plan(spot)
    if row is not None:  # exact_choice's first answer, taken without its calls: the small queries' path
        return spot_result(spot, row.parts, 1, EXACT[0].run(spot), "exact", None, False)
    strategy = exact_strategy(spot)
    if strategy is None:
        layout_of(spot)  # a deal that cannot be laid out is refused before a seed is drawn
        spot.memo["seed"] = spot.seed if spot.seed is not None else secrets.randbits(63)
        strategy = next(s for s in (make(client) for make in SAMPLERS) if s.applies(spot))
    tally = strategy.run(spot)
    parts, n_boards, community = strategy.shape(spot)
    return spot_result(spot, parts, n_boards, tally, "exact" if strategy.exact else "monte-carlo",
                       None if strategy.exact else spot.memo["seed"], community)


def exact_strategy(spot: Spot) -> Strategy | None:
    """The exact strategy the spot's method runs, or None where it samples: ``method="auto"`` the
    cheapest (``exact_choice``) when its price is within ``EXACT_BUDGET``; ``method="exact"`` the
    cheapest, refused (ValueError naming the price) above ``EXACT_LIMIT`` (ranges:
    ``RANGE_EXACT_LIMIT``) or when none takes the spot."""
    if spot.method not in ("exact", "auto"):
        return None
    try:
        strategy, cost = exact_choice(spot)
    except NoExactStrategy as none:
        if spot.method == "exact":
            raise ValueError(str(none)) from None  # the caller's refusal, as every other
        return None
    if spot.method == "exact":
        if spot.ranges is not None and cost > RANGE_EXACT_LIMIT:
            raise ValueError(f"exact enumeration of these ranges needs about {cost:,.0f} hand evaluations "
                             f"({strategy.name}, the cheapest exact strategy), beyond the limit of "
                             f"{RANGE_EXACT_LIMIT:,}; {ASK_MONTE_CARLO}")
        if spot.ranges is None and cost > EXACT_LIMIT:
            raise ValueError(f"exact enumeration of {layout_of(spot).outcomes:,} outcomes needs about {cost:,} hand "
                             f"evaluations, beyond the limit of {EXACT_LIMIT:,}; {ASK_MONTE_CARLO}")
        return strategy
    return None if cost > EXACT_BUDGET else strategy
