"""``pyeval.simulate``: ready studies over millions of random deals, streamed in bounded memory.

    >>> import pyeval
    >>> r = pyeval.simulate("holdem", players=2, deals=300_000, seed=1, study="starting-hands",
    ...                     progress=False)
    >>> row = r.table[r.table["hand"] == "AA"][0]
    >>> bool(0.84 < row["equity"] < 0.87)
    True
    >>> r.to_csv("hands.csv")  # doctest: +SKIP

Studies (``study=``, one name or a list):

``"starting-hands"``  every starting-hand class (hold'em: the 169; Omaha: the 16,432 suit-
    canonical hands) against N-1 random opponents: times dealt, equity (expected pot share)
    and its standard error, win (whole pot alone), tie (part of the pot); hi/lo games add
    the expected share of the high and the low half.  A second table, ``"features"``,
    groups the classes by pairing, suitedness, aces and connectedness.
``"categories"``  made-hand categories at showdown, by the game's evaluator (high hands; razz
    pair shapes; badugi sizes): of every player's hand and of the winning hand (per board);
    hi/lo games add a ``"low-categories"`` table (8-low ... 5-low).  The default for games
    without a board.
``"hilo"``  hi/lo games: how often a low is possible (the board has three low ranks),
    made (someone qualifies), split; how often a player scoops.

Engine.  The deals are cut into chunks of ``CHUNK`` deals; chunk c is dealt from its own
stream ``engine.chunk_seed(seed, c)`` (``pyeval.deal(..., deals=CHUNK, seed=seed, chunk=c)``
deals the same cards).  A chunk is dealt straight into evaluation rows, scored by the C
core and tallied in sub-batches that stay in cache (the C kernels of pyeval.sim._sim_kernels,
which release the GIL), and returns integer counts; totals are sums of chunk counts.  So
the same seed gives byte-identical results for any number of threads or Dask workers, and
memory does not grow with ``deals``.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, cast

import numpy as np

from pyeval.core import _progress
from pyeval.core._results import Result, require, write_text
from pyeval.core._threads import default_threads
from pyeval.core.checks import is_integer, positive_int
from pyeval.core.files import replacing
from pyeval.engines import engine, pool
from pyeval.query.limits import DEALS_PER_CORE_SECOND, MAX_SAMPLES, run_time
from pyeval.results.protocol import json_text
from pyeval.results.tally import POT
from pyeval.sim import _sim_kernels
from pyeval.sim.deal import DealSpec, deal_spec, default_seed, evaluate_rows
from pyeval.sim.studies import STUDIES, STUDY_CLASSES, resolve_studies

if TYPE_CHECKING:
    from dask.distributed import Client

    from pyeval.core._types import Board, Cards, FilePath, GameName, Hand
    from pyeval.core.games import Game

__all__ = ["simulate", "SimulationResult", "CHUNK", "STUDIES"]

CHUNK = 1 << 18
"""Deals per chunk.  Part of a simulation's definition: chunk c is stream ``chunk_seed(seed, c)``."""
SUB_BYTES = 1 << 20
"""Working set of one sub-batch (rows + strengths), sized to stay in a core's L2 cache."""
POT = POT



# ---------------------------------------------------------------------------------------------
# Studies: a study adds integer counts per sub-batch and turns the totals into tables.


# ---------------------------------------------------------------------------------------------
# The plan: everything needed to run any chunk (small and picklable: what a Dask task carries).


@dataclass(frozen=True, eq=False)
class Plan:
    spec: DealSpec
    studies: tuple[str, ...]
    deals: int
    seed: int
    chunk_size: int = CHUNK

    @property
    def chunks(self) -> int:
        return -(-self.deals // self.chunk_size)

    def chunk_deals(self, c: int) -> int:
        return min(self.chunk_size, self.deals - c * self.chunk_size)

    def zeros(self) -> dict[str, np.ndarray]:
        acc = {}
        for s in self.studies:
            acc.update(STUDY_CLASSES[s]().zeros(self.spec))
        return acc

    @property
    def sub_batch(self) -> int:
        per_deal = self.spec.rows * (self.spec.k + 4 * (2 if self.spec.game.low else 1))
        sub = 1 << max(8, min(14, (SUB_BYTES // per_deal).bit_length() - 1))
        return sub

    def run_chunk(self, c: int, stop: threading.Event | None = None) -> dict[str, np.ndarray] | None:
        """Integer counts of chunk c (None if ``stop`` was set before it finished)."""
        spec = self.spec
        if not 0 <= c < self.chunks:
            raise ValueError(f"chunk {c} is out of range: this simulation has {self.chunks} chunks")
        n = self.chunk_deals(c)
        studies = [STUDY_CLASSES[s]() for s in self.studies]
        acc = self.zeros()
        state = engine.chunk_seed(self.seed, c)
        deck = spec.deck.copy()
        sub = min(self.sub_batch, n)
        rows = np.empty((sub, spec.rows, spec.k), np.uint8)
        done = 0
        while done < n:
            m = min(sub, n - done)
            r = rows[:m]
            _sim_kernels.deal_rows(deck, state, spec.template, spec.pick_pos, spec.boards, spec.board_n,
                                   spec.players, spec.hole, r)
            hi, lo = evaluate_rows(spec.game, r, spec.hole, spec.board_n, spec.boards, spec.players)
            for s in studies:
                s.tally(spec, r, hi, lo, acc)
            done += m
            if stop is not None and stop.is_set():
                return None
        return acc


def default_study(g: Game) -> str:
    """The study a game gets without ``study=``: starting hands in board games (up to 5 hole
    cards), else the made-hand categories (stud, draw, badugi, six-card Omaha)."""
    return "starting-hands" if g.board and g.hole <= 5 else "categories"


def _priced_deals(deals: int) -> int:
    """``deals`` checked: a count past ``MAX_SAMPLES`` (the int64 tallies of squared pot units stay
    exact up to there) is refused at once, with about how long it would run here."""
    if is_integer(deals) and deals > MAX_SAMPLES:
        cores = default_threads(None)
        raise ValueError(f"deals must be at most {MAX_SAMPLES:,} (pyeval.query.limits.MAX_SAMPLES), "
                         f"got {float(deals):.3g}: "
                         f"about {run_time(deals, cores)} on {cores} cores at "
                         f"{DEALS_PER_CORE_SECOND / 1e6:g} M deals/s each; ask for fewer "
                         "(standard errors shrink only as 1/sqrt(deals))")
    return positive_int(deals, "deals")


def make_plan(game: GameName, players: int | None, deals: int, seed: int | None = None,
              study: str | Sequence[str] | None = None, board: Board = "", dead: Cards = "",
              hands: Sequence[Hand] | None = None,
              chunk_size: int = CHUNK) -> Plan:
    spec = deal_spec(game, players, board, dead, hands)
    studies = resolve_studies(default_study(spec.game) if study is None else study)
    for s in studies:
        STUDY_CLASSES[s]().check(spec)
    deals, chunk_size = _priced_deals(deals), positive_int(chunk_size, "chunk_size")
    return Plan(spec, studies, deals, default_seed(seed), chunk_size)


# ---------------------------------------------------------------------------------------------
# The result


@dataclass(eq=False)
class SimulationResult(Result):
    """The answer of ``pyeval.simulate`` (``==`` compares the counts and tables, not the timing).

    tables      name -> numpy structured array (``table`` is the first one)
    counts      name -> the integer tallies the tables come from (sums over chunks)
    outcomes    deals simulated (fewer than ``requested`` if interrupted; the one name for what a
                result counted, docs/results.md)
    method      always "monte-carlo"
    chunks_done  chunk indices that finished (all of them unless interrupted)
    """

    game: str
    players: int
    studies: tuple[str, ...]
    seed: int
    requested: int
    outcomes: int
    chunk_size: int
    tables: dict[str, np.ndarray]
    counts: dict[str, np.ndarray]
    interrupted: bool = False
    elapsed: float = field(default=0.0, compare=False)
    chunks_done: list[int] = field(default_factory=list)
    known: tuple = ()
    method = "monte-carlo"

    @property
    def table(self) -> np.ndarray:
        return next(iter(self.tables.values()))

    @property
    def deals_per_second(self) -> float:
        return self.outcomes / self.elapsed if self.elapsed > 0 else float("nan")

    def meta(self) -> dict:
        return {"game": self.game, "players": self.players, "studies": list(self.studies), "method": self.method,
                "seed": self.seed, "requested": self.requested, "outcomes": self.outcomes,
                "chunk_size": self.chunk_size, "interrupted": self.interrupted, "elapsed": self.elapsed,
                "hands": list(self.known[0]) if self.known else [],
                "board": list(self.known[1]) if self.known else [], "dead": self.known[2] if self.known else "",
                "chunks_done": list(self.chunks_done)}

    def csv(self, table: str | None = None) -> str:
        """One table as CSV text (header row, then one row per entry; floats in full precision)."""
        arr = self.tables[table] if table else self.table
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(_columns(arr))
        for row in arr.tolist():
            w.writerow([repr(x) if isinstance(x, float) else x for x in row])
        return buf.getvalue()

    def rows(self, table: str | None = None) -> list[dict]:
        """One table (default: the first) as row dicts."""
        arr = self.tables[table] if table else self.table
        return [dict(zip(_columns(arr), row)) for row in arr.tolist()]

    def to_frame(self, table: str | None = None) -> Any:
        """One table (default: the first) as a pandas DataFrame (pandas: the ``frame`` extra)."""
        pd = require("pandas", "frame")
        return pd.DataFrame(self.rows(table))

    def to_csv(self, path: FilePath | IO[str] | None = None, table: str | None = None) -> str:
        """One table (default: the first) as CSV text, also written to ``path`` (a file name or an
        open text file) when given."""
        return write_text(self.csv(table), path)

    def save(self, path: FilePath) -> None:
        """Write every table, the raw counts and the metadata to an ``.npz`` file (no pickles)."""
        arrays = {f"table/{k}": v for k, v in self.tables.items()}
        arrays.update({f"counts/{k}": v for k, v in self.counts.items()})
        arrays["meta"] = np.array(json_text(self.meta()))
        target = os.fspath(path)
        if not target.endswith(".npz"):
            target += ".npz"  # as numpy names it
        with replacing(target) as temp:
            np.savez_compressed(temp, **cast(dict[str, Any], arrays))  # numpy's stub types **kwds as its options

    to_npz = save

    @classmethod
    def load(cls, path: FilePath) -> SimulationResult:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(str(z["meta"]))
            tables = {k[6:]: z[k] for k in z.files if k.startswith("table/")}
            counts = {k[7:]: z[k] for k in z.files if k.startswith("counts/")}
        outcomes = meta["outcomes"] if "outcomes" in meta else meta["deals"]  # "deals": files before issue 26
        return cls(meta["game"], meta["players"], tuple(meta["studies"]), meta["seed"], meta["requested"],
                   outcomes, meta["chunk_size"], tables, counts, meta["interrupted"], meta["elapsed"],
                   chunks_done=meta.get("chunks_done", []), known=(tuple(meta["hands"]), tuple(meta["board"]),
                                                                   meta["dead"]))

    def to_dict(self) -> dict:
        """JSON-ready: metadata and every table as a list of row dicts."""
        d = self.meta()
        d["tables"] = {k: self.rows(k) for k in self.tables}
        return d

    def __repr__(self) -> str:
        head = (f"{self.game}, {self.players} players: {self.outcomes:,} deals, seed {self.seed}, "
                f"{', '.join(self.studies)}")
        if self.interrupted:
            head += f" (interrupted: {self.outcomes:,} of {self.requested:,} deals)"
        return self._text(head, rows=5)

    def __str__(self) -> str:
        return self._text(repr(self).splitlines()[0], rows=10)

    def _text(self, head: str, rows: int) -> str:
        lines = [head]
        for name, arr in self.tables.items():
            more = f", first {rows}" if len(arr) > rows else ""
            lines.append(f"[{name}] {len(arr)} rows{more}:")
            names = _columns(arr)
            cells = [[_fmt(x) for x in row] for row in arr[:rows].tolist()]
            widths = [max([len(n)] + [len(r[i]) for r in cells]) for i, n in enumerate(names)]
            lines.append("  ".join(n.rjust(w) for n, w in zip(names, widths)))
            lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in cells]
        return "\n".join(lines)


def _columns(table: np.ndarray) -> tuple[str, ...]:
    """The column names of a study table (a structured array)."""
    return table.dtype.names or ()


def _fmt(x) -> str:
    if isinstance(x, float):
        return f"{x:.6f}" if math.isfinite(x) else str(x)
    return f"{x}"


def merge(total: dict[str, np.ndarray], part: dict[str, np.ndarray]) -> None:
    for k, v in part.items():
        total[k] += v


def _result(plan: Plan, counts, deals: int, done: list[int], interrupted: bool, elapsed: float) -> SimulationResult:
    hands, boards, dead = plan.spec.known
    known = (hands, boards if any(boards) else (), dead)  # no board card known: board []
    tables = {}
    for s in plan.studies:
        tables.update(STUDY_CLASSES[s]().tables(plan.spec, counts))
    return SimulationResult(plan.spec.game.name, plan.spec.players, plan.studies, plan.seed, plan.deals, deals,
                            plan.chunk_size, tables, counts, interrupted, elapsed, sorted(done), known)


def table_names(plan: Plan) -> list[str]:
    """The names of the tables ``plan`` will return, in order, without dealing (the command line
    checks the files it will write before the run)."""
    with np.errstate(all="ignore"):  # no deal counted: every share is 0 / 0
        return list(_result(plan, plan.zeros(), 0, [], False, 0.0).tables)


# ---------------------------------------------------------------------------------------------
# Running chunks


def _run_local(plan: Plan, chunks: Iterable[int], threads: int, on_done, stop: threading.Event) -> None:
    """Run chunks on ``threads`` threads (the kernels and the C core release the GIL) through the
    equity engines' pool: one chunk in flight per thread, so memory does not depend on the deal
    count.  Once ``stop`` is set nothing new starts and running chunks end at their next sub-batch."""
    pool.run_pool(lambda c: (c, plan.run_chunk(c, stop)), chunks, threads, lambda done: on_done(*done),
                  size=plan.chunk_deals, partial=True, stop=stop)


def simulate(game: GameName, players: int | None = None, deals: int = 1_000_000, seed: int | None = None,
             study: str | Sequence[str] | None = None, *, board: Board = "", dead: Cards = "",
             hands: Sequence[Hand] | None = None, threads: int | None = None, progress: Any = None,
             client: Client | None = None, chunk_size: int = CHUNK) -> SimulationResult:
    """Deal ``deals`` random deals of ``game`` at a ``players``-handed table and run studies.

    game        a name from ``pyeval.GAMES``
    players     players dealt in (every hand goes to showdown)
    deals       number of deals (memory does not grow with it)
    seed        the seed (``None``: a random one, reported in the result); the same seed gives
                identical results for any thread count and on a Dask cluster
    study       "starting-hands", "categories", "hilo", or a list of them (see the module doc);
                default: the game's (``default_study``: starting hands in board games, else
                categories)
    board, dead, hands   known cards, as for ``pyeval.deal`` (the rest is dealt at random)
    threads     worker threads (default: all cores)
    progress    True: a bar on stderr; a callable: ``progress(done, total)`` in deals; default none
                (``pyeval.core._progress.reporting``)
    client      a ``dask.distributed.Client``: run the chunks as Dask tasks (the ``dask``
                extra); see ``pyeval.engines.cluster``
    chunk_size  deals per chunk (default ``CHUNK``); part of the result's definition

    Ctrl-C stops cleanly: the result holds the chunks that finished (``interrupted=True``,
    ``deals`` < ``requested``).
    """
    plan = make_plan(game, players, deals, seed, study, board, dead, hands, chunk_size)
    nthreads = default_threads(threads)
    total = plan.zeros()
    done: list[int] = []
    counted = [0]
    stop = threading.Event()

    def on_done(c: int, counts) -> None:
        if counts is None or c in done_set:
            return
        merge(total, counts)
        done_set.add(c)
        done.append(c)
        counted[0] += plan.chunk_deals(c)
        if watch is not None and client is not None:  # the local pool reports its jobs itself
            watch.advance(plan.chunk_deals(c))

    done_set: set[int] = set()
    t0 = time.perf_counter()
    with _progress.reporting(progress, f"{plan.spec.game.name} x{plan.spec.players}", delay=0, leave=True) as watch:
        if watch is not None and client is not None:
            watch.add_total(plan.deals)
        try:  # Ctrl-C: pyeval.core._progress (the first winds down, the chunks that finished are kept)
            if client is not None:
                from pyeval.engines import cluster

                with _progress.graceful_interrupt(stop, watch):
                    cluster.run_plan(client, plan, on_done, stop=stop)
            else:
                _run_local(plan, range(plan.chunks), nthreads, on_done, stop)
        except KeyboardInterrupt:  # a second Ctrl-C
            stop.set()
    interrupted = counted[0] < plan.deals
    elapsed = time.perf_counter() - t0
    if interrupted:
        print(f"pyeval.simulate: interrupted; returning the {counted[0]:,} deals of {len(done)} finished chunks "
              f"(of {plan.deals:,} requested)", file=sys.stderr)
    return _result(plan, total, counted[0], done, interrupted, elapsed)
