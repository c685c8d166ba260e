"""Stud and draw rows of ``pyeval.equity_batch`` in C (csrc/stud_batch.c): every game without a
board (``Game.partial_hands``: seven-card stud, stud hi/lo, razz, five-card stud, five-card draw,
2-7 draw, badugi), whose declared evaluators the C core has.

A row's hands are the cards so far (stud) or kept (draw), UNKNOWN for each card still to come; the
C code checks every row, deals the rest exactly as ``pyeval.engines.engine.build_layout`` lays out the
single query (the shortage rule included: when the deck runs short the last card is one common
card, RULES.md) and counts outcome patterns:

* exact rows: each hand's completions valued once, their disjoint combinations walked (the last
  player's, in high-only games, counted by inclusion-exclusion over the others' cards from its
  completions sorted by subset of cards): the integer counts of ``pyeval.equity(..., method="exact")``;
* Monte Carlo rows: the generic sampler's deals for the row's seed (same generator, chunks and pick
  order), so the counts of ``pyeval.equity(..., method="monte-carlo", seed=row_seed(seed, i))``.

``plan`` sorts the rows by the strategy registry's prices (``pyeval.engines.strategies.stud_batch_route``,
once per row shape: players' known cards and the deck size): the method ``pyeval.equity`` would
pick for each (``method="auto"``: exact when its cheapest exact strategy is within
``EXACT_BUDGET``); exact rows whose C count (the ``stud-row`` strategy's price) is above the single
query's cheapest strategy plus ``SINGLE_QUERY_UNITS`` are left to it (the two-hand count and the
other strategies).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.core.games import Game
from pyeval.engines import engine
from pyeval.engines.batch import rows as batch_rows
from pyeval.engines.batch.board import UNKNOWN
from pyeval.query.limits import STUD_ROW_WORK_MAX

UNITS_PER_WALKED_DEAL = 0.15
"""The C count's price of a walked deal in ``pyeval.engines.single.exact_strategies`` evaluation units (about 40 ns
each): 2-6 ns a deal measured (stud 3-5 players, hi and hi/lo).  An exact row goes to C when its
work costs less than the single query's cheapest strategy plus the call (the generic enumerator
costs 1 unit an evaluation; heads-up hi/lo fifth street's two-hand count beats walking 672K deals).
The price of the ``stud-row`` strategy (pyeval.engines.strategies)."""
SINGLE_QUERY_UNITS = 25_000
"""What a ``pyeval.equity`` call costs beside its strategy, in the same units: about 1 ms (a heads-up
6th-street stud query takes 1.0-1.4 ms, its two-hand count 482 units of it)."""
JOB_WORK = 1 << 22
"""Deals of exact rows per job: a job stays short (tens of ms) whatever the rows' streets."""


def _shape(g: Game, kinds: tuple[int, int], holes: np.ndarray, dead: np.ndarray) -> tuple:
    """The leading arguments of the csrc/stud_batch.c entry points."""
    players, h = holes.shape[1:]
    return (ffi.from_buffer("uint8_t[]", holes), players, h, ffi.from_buffer("uint8_t[]", dead), dead.shape[1],
            g.lowest_card, int(g.stud_shortage), kinds[0], kinds[1])


def check(g: Game, kinds: tuple[int, int], holes: np.ndarray, dead: np.ndarray) -> tuple[int, int]:
    """(first bad row, reason), -1 when every row is valid, -2 for a shape the C code does not take
    (players); the reasons are csrc/internal.h's ROW_ codes."""
    reason = ffi.new("int32_t *")
    bad = lib.pyeval_stud_batch_check(*_shape(g, kinds, holes, dead), len(holes), reason)
    return int(bad), int(reason[0])


EXACT_IN_C, SAMPLED_IN_C, SINGLE = 0, 1, 2
"""How a stud or draw row is answered (``plan``): counted exactly in C, sampled in C, or alone by
the strategy registry (``pyeval.engines.strategies.stud_batch_route`` prices each row shape)."""


def plan(holes: np.ndarray, dead: np.ndarray, method: str,
         route: Callable[[int], tuple[int, int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(rows counted exactly in C, their work in walked deals, rows sampled in C, rows answered
    alone) of a checked batch.  ``route(i)``: (how, work) of row i, asked once per row shape
    (players' known cards and dead cards: what the prices depend on), not per row."""
    n = len(holes)
    if method in ("monte-carlo", "mc"):
        none = np.zeros(0, np.int64)
        return none, none, np.arange(n), none
    known = (holes != UNKNOWN).sum(axis=2)
    shapes = np.concatenate([known, (dead != UNKNOWN).sum(axis=1)[:, None]], axis=1)
    keys, first, inverse = np.unique(shapes, axis=0, return_index=True, return_inverse=True)
    how, work = np.zeros(len(keys), np.int64), np.zeros(len(keys), np.int64)
    for k, i in enumerate(first.tolist()):
        how[k], work[k] = route(i)
    per_row = how[inverse.ravel()]
    exact = np.flatnonzero(per_row == EXACT_IN_C)
    return (exact, work[inverse.ravel()][exact], np.flatnonzero(per_row == SAMPLED_IN_C),
            np.flatnonzero(per_row == SINGLE))


def row_work(g: Game, layout: engine.Layout) -> int:
    """The C count's work for a row laid out as ``layout`` (csrc/stud_batch.c prices it), in walked deals."""
    need = np.array([layout.hole - len(h) for h in layout.known_holes], np.int64)
    work = lib.pyeval_stud_batch_work(ffi.from_buffer("int64_t[]", need), layout.players, len(layout.deck),
                                      layout.board, int(g.low is not None))
    if work < 0:
        raise RuntimeError(f"internal error: the stud batch refused to price a {g.name} row")
    return int(work)


def exact_jobs(work: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Row ranges (first, end, 0, 0) of about JOB_WORK walked deals (at most ROWS_PER_JOB rows) each."""
    jobs, a, total = [], 0, 0
    for i, d in enumerate(work.tolist()):
        if i > a and (total + d > JOB_WORK or i - a >= batch_rows.ROWS_PER_JOB):
            jobs.append((a, i, 0, 0))
            a, total = i, 0
        total += d
    if a < len(work):
        jobs.append((a, len(work), 0, 0))
    return jobs


def count(g: Game, kinds: tuple[int, int], table: engine.PatternTable, holes: np.ndarray, dead: np.ndarray,
          rows: np.ndarray, seeds: np.ndarray | None, samples: int, job_list: list, threads: int) -> dict:
    """The tallies (PatternTable.split_tallies) of the given rows: exact (``seeds`` None) or sampled
    with row i's seed ``seeds[i]``; RowRefused names the first row (an index into ``rows``) refused."""

    def call(arrays, row_seeds, first_chunk, chunks, n, tail):
        shape = _shape(g, kinds, *arrays)
        if row_seeds is None:
            return lib.pyeval_stud_batch_exact(*shape, STUD_ROW_WORK_MAX, n, *tail)
        return lib.pyeval_stud_batch_sample(*shape, ffi.from_buffer("uint64_t[]", row_seeds), samples, engine.CHUNK,
                                            first_chunk, chunks, n, *tail)

    return batch_rows.count_rows(table, [holes, dead], rows, seeds, job_list, threads, call)
