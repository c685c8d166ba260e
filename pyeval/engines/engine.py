"""The equity engines: one pipeline for every game, exact or Monte Carlo.

    query (cards) -> Layout (from the game declaration) -> chunks of deals
    (enumerated or sampled, C kernels) -> strengths (C core) -> integer tallies

Exact and Monte Carlo differ only in how a chunk's deals are produced.  Chunks
have a fixed size and Monte Carlo chunk ``c`` draws from its own stream,
seeded from ``(seed, c)``: results do not depend on the thread count.  Here: the
layout, the tallies, the thread pool, the C board engine's calls and Monte Carlo;
the exact strategies and their prices are in pyeval/engines/single/exact_strategies.py.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.core.cards import format_card
from pyeval.core.games import Game
from pyeval.engines import pool
from pyeval.results.tally import POT, Tally, standard_errors

CHUNK = 1 << 16
PATTERN_BITS = 16  # histogram outcome patterns up to 2**16 of them (see PatternTable)
BINOM = np.array([[math.comb(m, k) for k in range(9)] for m in range(53)], dtype=np.int64)


@dataclass
class Layout:
    """What one deal looks like for a query: the evaluation rows and the unknown-card slots."""

    game: Game
    players: int
    boards: int
    hole: int  # hole cards per evaluation row
    board: int  # board cards per evaluation row
    fixed: np.ndarray  # (rows, k) uint8: known cards
    src: np.ndarray  # (rows, k) int16: pick index, or -1 for a known card
    slot_sizes: np.ndarray  # (slots,) int64
    deck: np.ndarray  # live cards, uint8
    parts: list = field(default_factory=list)  # (evaluator, board, weight, fallback part or -1)
    known_holes: list = field(default_factory=list)
    known_boards: list = field(default_factory=list)
    dead: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint8))

    @cached_property
    def cells(self) -> np.ndarray:
        """(row, column, pick) of every unknown card cell."""
        r, c = np.nonzero(self.src >= 0)
        return np.stack([r, c, self.src[r, c]], axis=1).astype(np.int64)

    @cached_property
    def split(self) -> np.ndarray:
        """split[j, w]: pot units each of w tied winners of part j gets."""
        table = np.zeros((len(self.parts), self.players + 1), np.int64)
        for j, (_, _, weight, _) in enumerate(self.parts):
            table[j, 1:] = [weight // w for w in range(1, self.players + 1)]
        return table

    @cached_property
    def fallback(self) -> np.ndarray:
        return np.array([p[3] for p in self.parts], np.int64)

    @cached_property
    def patterns(self) -> PatternTable | None:
        """Outcome-pattern tallying, when the patterns are few enough to histogram."""
        bits = self.players * len(self.parts)
        if bits > PATTERN_BITS:
            return None
        return new_pattern_table(self.players, tuple((p[2], p[3]) for p in self.parts))

    @property
    def unknown(self) -> int:
        return int(self.slot_sizes.sum())

    @property
    def outcomes(self) -> int:
        total, left = 1, len(self.deck)
        for k in self.slot_sizes.tolist():
            total *= math.comb(left, k)
            left -= k
        return total

    @property
    def evaluations(self) -> int:
        return self.outcomes * self.players * len(self.parts)


def build_layout(game: Game, holes: list[np.ndarray], boards: list[np.ndarray], dead: np.ndarray,
                 community: bool = False) -> Layout:
    """Lay out a validated query (distinct cards, counts within the game's limits).

    ``community`` forces stud's shared last card (a side pot computed among fewer players
    keeps the deal of the whole table)."""
    players = len(holes)
    hole_n, board_n, n_boards = game.hole, game.board, game.boards
    if not boards:
        boards = [np.zeros(0, np.uint8) for _ in range(n_boards)]
    live = np.ones(52, bool)
    live[:game.lowest_card] = False
    live[np.concatenate([*holes, *boards, dead]).astype(np.int64)] = False
    deck = np.flatnonzero(live).astype(np.uint8)
    need = sum(hole_n - len(h) for h in holes) + sum(board_n - len(b) for b in boards)
    shown = sum(len(b) for b in boards)
    if game.deals_community_card(need, len(deck), shown, community):
        # RULES.md: the last card is dealt face up as one community card every player uses.
        if any(len(h) > hole_n - 1 for h in holes):
            raise ValueError("a community card is only dealt when no player has a seventh card of his own")
        hole_n, board_n, n_boards = hole_n - 1, 1, 1
        boards = boards if boards else [np.zeros(0, np.uint8)]
        need = sum(hole_n - len(h) for h in holes) + sum(board_n - len(b) for b in boards)
    if need > len(deck):
        raise ValueError(f"this deal needs {need} more cards but only {len(deck)} remain in the deck")
    slot_sizes = [board_n - len(b) for b in boards] + [hole_n - len(h) for h in holes]
    offsets = np.concatenate([[0], np.cumsum(slot_sizes)]).astype(int)
    k = hole_n + board_n
    fixed = np.zeros((n_boards * players, k), np.uint8)
    src = np.full((n_boards * players, k), -1, np.int16)
    for j in range(n_boards):
        for p in range(players):
            r = j * players + p
            cells = [(int(c), -1) for c in holes[p]]
            cells += [(0, offsets[n_boards + p] + q) for q in range(slot_sizes[n_boards + p])]
            cells += [(int(c), -1) for c in boards[j]]
            cells += [(0, offsets[j] + q) for q in range(slot_sizes[j])]
            for c, (card, pick) in enumerate(cells):
                fixed[r, c], src[r, c] = card, pick
    parts = parts_of(game, n_boards)
    keep = [s for s in range(len(slot_sizes)) if slot_sizes[s] > 0]
    # Slots with nothing to pick are dropped; pick indices are unchanged since they hold no cards.
    return Layout(game, players, n_boards, hole_n, board_n, fixed, src,
                  np.array([slot_sizes[s] for s in keep], dtype=np.int64), deck, parts, holes, boards,
                  np.asarray(dead, np.uint8))


def parts_of(game: Game, n_boards: int) -> list:
    """``Game.pot_parts`` of a pot of ``POT`` units (a copy the caller may change)."""
    return list(_pot_parts(game, n_boards))


_pot_parts = functools.lru_cache(maxsize=64)(lambda game, n_boards: game.pot_parts(n_boards, POT))


def evaluate_block(kind: str, use: str, rows: np.ndarray, hole: int, board: int, lowest_card: int) -> np.ndarray:
    """Strengths of contiguous rows (m, k) with the C core; the rows hold valid, distinct cards."""
    m, k = rows.shape
    out = np.empty(m, np.int32)
    if m == 0:
        return out
    ptr = ffi.cast("uint8_t *", ffi.from_buffer(rows))
    res = ffi.cast("int32_t *", ffi.from_buffer(out))
    if use == "omaha":
        fn = lib.pyeval_eval_omaha if kind == "high" else lib.pyeval_eval_omaha_low8
        status = fn(ptr, k, hole, ptr + hole, k, board, m, res)
    elif kind == "badugi":
        status = lib.pyeval_eval_badugi(ptr, m, res)
    elif kind in ("shortdeck", "shortdeck-straight"):  # the two short-deck orders (games.py)
        status = lib.pyeval_eval_shortdeck(ptr, m, k, int(kind == "shortdeck"), res)
    else:
        fn = {"high": lib.pyeval_eval_high, "razz": lib.pyeval_eval_razz, "deuce7": lib.pyeval_eval_deuce7,
              "low8": lib.pyeval_eval_low8}[kind]
        status = fn(ptr, m, k, res)
    if status != -1:
        raise RuntimeError(f"internal error: the engine dealt an invalid hand ({kind}, status {status})")
    return out


def deal_rows(layout: Layout, n: int, start: int | None, seed_state: np.ndarray | None) -> np.ndarray:
    """The evaluation rows (rows, n, k) of n deals: outcomes start.. start + n - 1 in enumeration
    order, or (start None) n deals sampled from the xoshiro256** state ``seed_state``."""
    from pyeval.engines.native import deal_kernels

    rows = np.empty((layout.fixed.shape[0], n, layout.fixed.shape[1]), np.uint8)
    rows[:] = layout.fixed[:, None, :]
    if start is not None:
        deal_kernels.enumerate_rows(layout.deck, layout.slot_sizes, start, layout.cells, rows)
    else:
        assert seed_state is not None, "a sampled chunk has a seed state"
        deal_kernels.sample_rows(layout.deck.copy(), layout.unknown, seed_state.copy(), layout.cells, rows)
    return rows


def row_strengths(layout: Layout, rows: np.ndarray) -> np.ndarray:
    """Strengths (parts, players, n) of ``deal_rows`` output."""
    players, n = layout.players, rows.shape[1]
    strengths = np.empty((len(layout.parts), players, n), np.int32)
    for j, (kind, board, _, _) in enumerate(layout.parts):
        block = rows[board * players:(board + 1) * players].reshape(players * n, -1)
        strengths[j] = evaluate_block(kind, layout.game.use, block, layout.hole, layout.board,
                                 layout.game.lowest_card).reshape(players, n)
    return strengths


def _run_chunk(layout: Layout, n: int, start: int | None, seed_state: np.ndarray | None) -> Tally | np.ndarray:
    from pyeval.engines.native import deal_kernels

    strengths = row_strengths(layout, deal_rows(layout, n, start, seed_state))
    players = layout.players
    table = layout.patterns
    if table is not None:
        counts = np.zeros(table.size, np.int64)
        deal_kernels.tally_patterns(strengths, n, layout.fallback, counts)
        return counts
    t = Tally.zeros(players, len(layout.parts))
    t.outcomes = n
    deal_kernels.tally(strengths, n, layout.split, layout.fallback, POT, t.units, t.sumsq, t.wins, t.ties,
                        t.part_units, t.no_qualifier)
    return t


@functools.lru_cache(maxsize=64)
def new_pattern_table(players: int, parts: tuple) -> PatternTable:
    """The table for ``players`` and the parts' (weight, fallback) pairs: built once, shared."""
    return PatternTable(players, parts)


SPARSE_PRODUCT_PATTERNS = 4096
"""Pattern tables larger than this multiply histograms by their non-zero counts only."""


class PatternTable:
    """What each outcome pattern (winner bitmask per pot part) pays every player, in pot units.
    ``parts``: (pot units, fallback part or -1) of each pot part.  Read-only once built."""

    def __init__(self, players: int, parts: tuple):
        split = np.zeros((len(parts), players + 1), np.int64)
        for j, (weight, _) in enumerate(parts):
            split[j, 1:] = [weight // w for w in range(1, players + 1)]
        self.size = 1 << (players * len(parts))
        ids = np.arange(self.size, dtype=np.int64)
        full = (1 << players) - 1
        part_share = np.zeros((len(parts), self.size, players), np.int64)
        self.no_qualifier = np.zeros((len(parts), self.size), np.int64)
        self.valid = np.ones(self.size, bool)
        for j, (_, fallback) in enumerate(parts):
            masks = (ids >> (players * j)) & full
            if fallback >= 0:
                self.no_qualifier[j] = masks == 0
                masks = np.where(masks == 0, (ids >> (players * fallback)) & full, masks)
            else:
                self.valid &= masks != 0
            winners = np.stack([(masks >> p) & 1 for p in range(players)], axis=1)
            count = np.maximum(winners.sum(axis=1), 1)
            part_share[j] = winners * split[j][count][:, None]
        self.part_share = part_share
        self.share = part_share.sum(axis=0)

    def tally(self, counts: np.ndarray) -> Tally:
        """The Tally of one pattern histogram (tally_rows for one row, without the row axis)."""
        v, matrix, _, _ = self._columns
        return self.tally_of(counts[v] @ matrix)

    def tally_of(self, t: np.ndarray) -> Tally:
        """The Tally of one histogram-times-matrix product (columns,)."""
        _, _, p, parts = self._columns
        q = 4 * p + parts * p
        return Tally(int(t[-1]), t[:p], t[p:2 * p], t[2 * p:3 * p], t[3 * p:4 * p], t[4 * p:q].reshape(parts, p),
                     t[q:q + parts])

    @cached_property
    def _columns(self) -> tuple:
        """The patterns that can occur, and what each adds to every tally of tally_rows, side
        by side in one matrix (one product per batch of rows)."""
        v = np.flatnonzero(self.valid)
        share = self.share[v]
        players = share.shape[1]
        parts = self.part_share.shape[0]
        blocks = [share, share * share, (share == POT).astype(np.int64), ((share > 0) & (share < POT)).astype(np.int64),
                  self.part_share[:, v, :].transpose(1, 0, 2).reshape(len(v), parts * players),
                  self.no_qualifier[:, v].T, np.ones((len(v), 1), np.int64)]  # the last column counts outcomes
        return v, np.ascontiguousarray(np.concatenate(blocks, axis=1)), players, parts

    def tally_rows(self, counts: np.ndarray) -> dict:
        """Integer tallies of rows of pattern histograms (n, size): outcomes (n,); units, sumsq,
        wins, ties (n, players); part_units (n, parts, players); no_qualifier (n, parts)."""
        return self.split_tallies(self.histogram_products(counts))

    def histogram_products(self, counts: np.ndarray) -> np.ndarray:
        """Rows of pattern histograms (n, size) times the tally matrix: (n, columns), for
        split_tallies (only the patterns that can occur are multiplied).  A large table (7-8
        players in hi/lo: 65,536 patterns) is multiplied by its non-zero counts only: numpy's
        integer product has no BLAS, and a row meets few patterns."""
        v, matrix, _, _ = self._columns
        if counts.shape[1] <= SPARSE_PRODUCT_PATTERNS:
            return counts[:, v] @ matrix
        rows, patterns = np.nonzero(counts)
        out = np.zeros((len(counts), matrix.shape[1]), np.int64)
        np.add.at(out, rows, counts[rows, patterns][:, None] * self.tally_matrix[patterns])
        return out

    @cached_property
    def tally_matrix(self) -> np.ndarray:
        """(size, columns): what each pattern adds to every tally (zero rows for patterns that
        cannot occur); rows of histograms times it are the tallies split_tallies names."""
        v, matrix, _, _ = self._columns
        full = np.zeros((self.size, matrix.shape[1]), np.int64)
        full[v] = matrix
        return full

    def zero_tallies(self, n: int) -> dict:
        """The named tallies (see tally_rows) of n rows, all zero, to be filled row by row."""
        return self.split_tallies(np.zeros((n, self.tally_matrix.shape[1]), np.int64))

    def split_tallies(self, t: np.ndarray) -> dict:
        """The named tallies (see tally_rows) of rows (n, columns) of histogram-times-matrix products."""
        _, _, p, parts = self._columns
        return {
            "outcomes": t[:, -1], "units": t[:, :p], "sumsq": t[:, p:2 * p], "wins": t[:, 2 * p:3 * p],
            "ties": t[:, 3 * p:4 * p], "part_units": t[:, 4 * p:4 * p + parts * p].reshape(-1, parts, p),
            "no_qualifier": t[:, 4 * p + parts * p:-1],
        }


def chunk_seed(seed: int, chunk: int) -> np.ndarray:
    """The xoshiro256** state of Monte Carlo chunk ``chunk``: numpy's
    ``SeedSequence(entropy=seed, spawn_key=(chunk,)).generate_state(4, uint64)`` (independent
    streams), computed by the C core (csrc/seed.c) for seeds below 2**64."""
    state: np.ndarray
    if seed < 1 << 64 and chunk < 1 << 64:
        state = np.empty(4, np.uint64)
        lib.pyeval_chunk_state(seed, chunk, ffi.from_buffer("uint64_t[]", state))
        return state
    state = np.random.SeedSequence(entropy=seed, spawn_key=(chunk,)).generate_state(4, np.uint64)
    if not state.any():
        state[0] = 1
    return state


def _first(job) -> int:
    """The deal count of a (n, start, seed state) job."""
    return job[0]


def run_chunks(layout: Layout, jobs: Iterable[tuple], threads: int) -> Tally:
    """Run (n, start, seed_state) jobs of the generic engine."""
    return run_jobs(lambda job: _run_chunk(layout, *job), layout, jobs, threads, size=_first)


def run_jobs(work, layout: Layout, jobs: Iterable[tuple], threads: int, runner=None, size=None,
              partial: bool = False, units: int | None = None) -> Tally:
    """Run jobs on a thread pool (the kernels release the GIL).  A job returns a Tally or an
    outcome-pattern histogram.  Integer sums make the completion order irrelevant; Ctrl-C
    cancels what has not started and returns at once (``partial``: see ``pool.run_pool``).
    ``runner(work, jobs, add)``, when given, runs the jobs instead (pyeval.engines.cluster: as Dask tasks)."""
    total = Tally.zeros(layout.players, len(layout.parts))
    histogram: list[np.ndarray | None] = [None]

    def add(result):
        if isinstance(result, Tally):
            total.add(result)
        elif histogram[0] is None:
            histogram[0] = result
        else:
            histogram[0] += result

    try:
        if runner is None:
            pool.run_pool(work, jobs, threads, add, size, partial, units)
        else:  # issue 6: e.g. pyeval.engines.cluster.job_runner (Dask tasks)
            runner(work, jobs, add)
    finally:
        if histogram[0] is not None:
            total.add(pattern_table(layout).tally(histogram[0]))
    return total


BOARD_CHUNK = 1 << 18


def board_kinds_of(g: Game) -> tuple[int, int]:
    """``Game.board_kinds`` of a game the caller knows the board engine plays."""
    kinds = g.board_kinds
    if kinds is None:
        raise RuntimeError(f"internal error: the board engine does not play {g.name}")
    return kinds


def pattern_table(layout: Layout) -> PatternTable:
    """layout.patterns, for a query the caller knows is tallied by outcome pattern."""
    table = layout.patterns
    if table is None:
        raise RuntimeError("internal error: the query has too many outcome patterns to histogram")
    return table


def board_kinds(layout: Layout) -> tuple[int, int] | None:
    """C kinds for the board-only fast path (csrc/board_equity.c), or None when it does not apply:
    one board, every hole card known, an evaluator it knows."""
    if any(len(h) != layout.hole for h in layout.known_holes):
        return None
    return board_sample_kinds(layout)


def run_board_chunk(layout: Layout, kinds: tuple[int, int], start: int, count: int) -> np.ndarray:
    return board_call(layout, kinds, lib.pyeval_board_patterns, start, count)


def _board_args(layout: Layout, kinds: tuple[int, int]) -> tuple:
    """The leading arguments of the csrc/board_equity.c entry points (holes, known board, deck, kinds)."""
    holes = np.zeros((layout.players, layout.hole), np.uint8)  # a drawn player's row stays zero
    for p, h in enumerate(layout.known_holes):
        holes[p, :len(h)] = h
    known = layout.known_boards[0].astype(np.uint8) if layout.known_boards else np.zeros(0, np.uint8)
    return (ffi.from_buffer("uint8_t[]", holes), layout.players, layout.hole,
            ffi.from_buffer("uint8_t[]", np.ascontiguousarray(known) if len(known) else np.zeros(1, np.uint8)),
            len(known), ffi.from_buffer("uint8_t[]", layout.deck), len(layout.deck), layout.board - len(known),
            kinds[0], kinds[1])


class Declined(Exception):
    """The board engine's rank count does not apply to the query (status 1)."""


def board_call(layout: Layout, kinds: tuple[int, int], fn, *tail, may_decline: bool = False,
                counts: np.ndarray | None = None) -> np.ndarray:
    """The pattern histogram from one csrc/board_*.c entry point (``may_decline``: it may raise Declined),
    added into ``counts`` when given (the entry points add to the histogram they are handed)."""
    if counts is None:
        counts = np.zeros(pattern_table(layout).size, np.int64)
    status = fn(*_board_args(layout, kinds), *tail, ffi.from_buffer("int64_t[]", counts), len(counts))
    if status == 1 and may_decline:
        raise Declined
    if status != 0:
        raise RuntimeError(f"internal error: the board engine refused the query (status {status})")
    return counts


def board_histogram(layout: Layout, kinds: tuple[int, int]) -> np.ndarray | None:
    """Every completion's pattern counted by rank multiset plus the flush boards (one fast call),
    or None where that does not apply (Omaha, a flush already made): then walk the boards."""
    try:
        return board_call(layout, kinds, lib.pyeval_board_patterns_ranks, may_decline=True)
    except Declined:
        return None


def board_cost(layout: Layout, kinds: tuple[int, int]) -> int:
    """Showdowns an exact board-only query takes: by rank multiset where that pays, else every board."""
    cost = lib.pyeval_board_ranks_cost(*_board_args(layout, kinds))
    if cost < -1:
        raise RuntimeError(f"internal error: the board engine refused the query (status {cost})")
    return cost if cost >= 0 else layout.outcomes


def board_sample_kinds(layout: Layout) -> tuple[int, int] | None:
    """C kinds for board-only Monte Carlo (csrc/board_equity.c), where each hole is either known
    or wholly unknown (then drawn with the board), or None."""
    if layout.boards != 1 or layout.patterns is None:
        return None
    if any(0 < len(h) < layout.hole for h in layout.known_holes):
        return None
    return layout.game.board_kinds


def _run_board_sample(layout: Layout, kinds: tuple[int, int], jobs: Iterable[tuple]) -> np.ndarray:
    """The deals of Monte Carlo chunks (n, None, seed state), drawn and counted in C into one
    histogram, one call a chunk from its own stream: the same deals as the numba engine's."""
    counts = np.zeros(pattern_table(layout).size, np.int64)
    drawn = sum(1 << p for p, h in enumerate(layout.known_holes) if len(h) == 0)
    for n, _, seed_state in jobs:
        state = np.array(seed_state, dtype=np.uint64)
        board_call(layout, kinds, lib.pyeval_board_patterns_sample, drawn, ffi.from_buffer("uint64_t[]", state), n,
                    counts=counts)
    return counts


MC_GROUP = 16  # most Monte Carlo chunks in one job of the local pool (about 15 ms)


def in_groups(jobs: Iterable[tuple], chunks: int, threads: int) -> tuple[Iterable, Callable]:
    """Monte Carlo jobs of the local pool in groups of consecutive chunks (the board C sampler and
    both range samplers), and each group's deal count.  A chunk takes 1-2 ms; the pool's cost per job (a
    thread's turn at the GIL and the lock) is then paid once per group (heads-up board Monte
    Carlo on two threads: 1.77x one thread with a job a chunk).  Groups shrink as the chunks run
    out (a quarter of the remaining chunks a thread, guided scheduling), so that the threads
    finish together: with equal groups of 16 the last one left a thread idle for about 12 ms of a
    120 ms query.  Each chunk keeps its own stream, so the counts do not depend on the grouping."""
    it = iter(jobs)

    def groups() -> Iterator[tuple]:
        remaining = chunks
        while group := tuple(itertools.islice(it, max(1, min(MC_GROUP, remaining // (4 * threads))))):
            remaining -= len(group)
            yield group

    return groups(), lambda group: sum(job[0] for job in group)


def run_monte_carlo(layout: Layout, samples: int, seed: int, threads: int,
                    stderr_target: float | None = None, max_samples: int = 2_000_000_000, runner=None) -> Tally:
    """Sample ``samples`` deals, or with ``stderr_target`` keep sampling in rounds until every
    player's standard error is at most the target (or ``max_samples`` is reached).
    ``runner``: see ``run_jobs`` (it gets one job a chunk)."""
    kinds = board_sample_kinds(layout)
    if kinds is None:
        def work(job):
            return _run_chunk(layout, *job)
    else:
        board = kinds

        def work(job):
            return _run_board_sample(layout, board, (job,))

    def run(jobs: Iterable[tuple], chunks: int, units: int | None = None) -> Tally:
        if kinds is not None and runner is None:
            groups, size = in_groups(jobs, chunks, threads)
            return run_jobs(lambda group: _run_board_sample(layout, board, group), layout, groups, threads,
                             size=size, partial=True, units=units)
        return run_jobs(work, layout, jobs, threads, runner, size=_first, partial=True, units=units)

    if stderr_target is None:
        total = run(sample_jobs(samples, seed), -(-samples // CHUNK), units=samples)
        pool.stopped(total)
        return total
    total = Tally.zeros(layout.players, len(layout.parts))
    chunk, round_size = 0, 1
    while chunk * CHUNK < max_samples:
        # Rounds of 1, 1, 2, 4, ... 32 chunks; the stopping rule looks only at whole rounds, so
        # it stops at the same chunk for any thread count.  The last chunk is cut at the cap.
        jobs = [(min(CHUNK, max_samples - c * CHUNK), None, chunk_seed(seed, c))
                for c in range(chunk, chunk + round_size) if c * CHUNK < max_samples]
        chunk += round_size
        round_size = min(32, max(1, chunk))
        total.add(run(jobs, len(jobs)))
        if pool.stopped(total) or float(standard_errors(total).max()) <= stderr_target:
            break
    return total


def sample_jobs(samples: int, seed: int, first_chunk: int = 0) -> Iterator[tuple]:
    """(deals, None, seed state) of each Monte Carlo chunk from ``first_chunk`` on, made as they
    are taken (a seed state costs about 46 us: a list for 10**11 deals would take a minute)."""
    for c, s in enumerate(range(0, samples, CHUNK), start=first_chunk):
        yield min(CHUNK, samples - s), None, chunk_seed(seed, c)


def describe_layout(layout: Layout) -> str:
    return f"{layout.game.name}: {layout.players} players, deck {' '.join(format_card(c) for c in layout.deck)}"
