"""Whole hand-strength tables: every canonical state of a street, in index order (docs/strength.md).

The river comes first: each canonical river board ranks its hole pairs once (1,081 beside a
52-card board, 465 in the 36-card short deck), and every state on it gets e = 2 * wins + ties
against the opponent hands (990, or 406; csrc/strength_table.c).  Every earlier street is a
lookup of its runouts in that table: EHS, EHS² and the histogram of the river EHS.  A table goes
out in chunks of consecutive indices, to memory or to Parquet files (one per chunk, written whole
or not at all, so a stopped run resumes at the first missing one), on local threads or, with
``client=``, as Dask tasks (pyeval/engines/cluster.py).
"""

from __future__ import annotations

import os
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

from pyeval.core._native import ffi, lib
from pyeval.core._progress import reporting
from pyeval.core._threads import default_threads
from pyeval.core.checks import non_negative_int, positive_int
from pyeval.core.games import Game
from pyeval.results.protocol import Result, plain, require
from pyeval.strength.state_features import MAX_BINS
from pyeval.strength.states import cards, count, ranked_game, ranking_kind, street_of

__all__ = ["TABLE_FEATURES", "StrengthTable", "TableFiles", "river_e", "table"]

TABLE_FEATURES = ("ehs", "ehs2", "hist")
CHUNK = {"preflop": 169, "flop": 20_000, "turn": 250_000, "river": 8_000_000}
"""States per chunk (a file, a task): a few seconds of work each."""
HIST_DTYPE = {"preflop": np.uint32, "flop": np.uint16, "turn": np.uint8, "river": np.uint8}
"""The narrowest type of a histogram count: at most the runouts of a state (2,118,760, 1,081, 46, 1)."""

_river_cache: dict[int, np.ndarray] = {}
"""The river table of each ranking (the core's evaluator kind) this process has built."""
_river_lock = threading.Lock()  # Dask workers of one process (threads) build the table once between them


def twice_opponents(g: Game) -> int:
    """The top of e = 2 * wins + ties: twice the opponent hands beside a river state (1,980, or
    812 in the short deck); a state's river EHS is e / twice_opponents."""
    return 2 * comb(g.deck_size - 7, 2)


def river_e(game: Any = "holdem", *, threads: int | None = None, progress: Any = None) -> np.ndarray:
    """e = 2 * wins + ties against one random hand for every river state of ``game`` (uint16: 246 MB
    for hold'em, about 16 s on 2 quiet cores; 15 MB for a short deck), computed once per process
    and kept."""
    g = ranked_game(game)
    kind = ranking_kind(g)
    with _river_lock:
        if kind not in _river_cache:
            _river_cache[kind] = _build_river_e(g, threads, progress)
    return _river_cache[kind]


def _build_river_e(g: Game, threads: int | None, progress: Any) -> np.ndarray:
    e = np.zeros(count("river", game=g), dtype=np.uint16)
    boards = comb(g.deck_size, 5)  # every board, numbered by the core in colex order; it skips the non-canonical
    pieces = [np.arange(boards * i // 512, boards * (i + 1) // 512, dtype=np.int64) for i in range(512)]
    buf = ffi.from_buffer("uint16_t[]", e)
    kind = ranking_kind(g)

    def run(numbers: np.ndarray) -> int:
        return int(lib.pyeval_strength_river_e(ffi.from_buffer("int64_t[]", numbers), len(numbers), kind, 0, buf,
                                               len(e)))

    with reporting(progress, "river EHS") as watch, ThreadPoolExecutor(default_threads(threads)) as pool:
        if watch is not None:
            watch.add_total(len(pieces))
        for status in pool.map(run, pieces):
            if status != -1:
                raise RuntimeError(f"the core refused the river table ({status})")
            if watch is not None:
                watch.advance(1)
    e.flags.writeable = False
    return e


def river_slice(lo: int, hi: int, g: Game) -> np.ndarray:
    """e of the river states lo .. hi - 1 (uint16): from the whole table when this process has it,
    else from the canonical boards of those states only (a slice costs its boards' share)."""
    kind = ranking_kind(g)
    if kind in _river_cache:
        return _river_cache[kind][lo:hi]
    _, boards = cards("river", np.arange(lo, hi, dtype=np.int64), game=g)
    boards = np.ascontiguousarray(boards)
    numbers = np.empty(hi - lo, dtype=np.int64)
    if lib.pyeval_strength_board_numbers(ffi.from_buffer("uint8_t[]", boards), hi - lo, kind,
                                         ffi.from_buffer("int64_t[]", numbers)) != -1:
        raise RuntimeError("the core refused a board")
    numbers = np.unique(numbers)
    e = np.zeros(hi - lo, dtype=np.uint16)
    if lib.pyeval_strength_river_e(ffi.from_buffer("int64_t[]", numbers), len(numbers), kind, lo,
                                   ffi.from_buffer("uint16_t[]", e), len(e)) != -1:
        raise RuntimeError("the core refused the river slice")
    return e


def chunk_counts(street: str, lo: int, hi: int, bins: int, game: Any = "holdem", *,
                 threads: int | None = None) -> np.ndarray:
    """(hi - lo, 3 + bins) int64 for the states lo .. hi - 1 of a street before the river:
    runouts, sum of e, sum of e², then the histogram, per state (each runout looked up in the
    river table)."""
    g = ranked_game(game)
    if street_of(street) == 5:
        raise ValueError("chunk_counts: the river's columns come from its table directly (river_slice)")
    e = river_e(g, threads=threads)
    index = np.arange(lo, hi, dtype=np.int64)
    out = np.empty((hi - lo, 3 + bins), dtype=np.int64)
    parts = np.array_split(np.arange(hi - lo), default_threads(threads))
    ebuf = ffi.from_buffer("uint16_t[]", e)
    kind = ranking_kind(g)

    def run(part: np.ndarray) -> int:
        if not len(part):
            return -1
        a, b = int(part[0]), int(part[-1]) + 1
        return int(lib.pyeval_strength_river_lookup(ffi.from_buffer("int64_t[]", index[a:b]), b - a,
                                                    street_of(street), kind, ebuf, len(e), bins,
                                                    ffi.from_buffer("int64_t[]", out[a:b])))

    with ThreadPoolExecutor(len(parts)) as pool:
        if any(s != -1 for s in pool.map(run, parts)):
            raise RuntimeError("the core refused a table chunk")
    return out


def chunk_columns(street: str, lo: int, hi: int, bins: int, features: tuple[str, ...], game: Any = "holdem",
                  threads: int | None = None) -> dict[str, np.ndarray]:
    """One chunk's columns: ``index``, ``runouts``, then the features asked for (``hist_j``: the
    runouts whose river EHS falls in bin j, a count as in ``Features.rows()``)."""
    g = ranked_game(game)
    top = float(twice_opponents(g))
    n = hi - lo
    cols: dict[str, np.ndarray] = {"index": np.arange(lo, hi, dtype=np.int64)}
    if street_of(street) == 5:  # one runout: e itself, no (states, 3 + bins) counts (8 million rows a chunk)
        x = river_slice(lo, hi, g)
        cols["runouts"] = np.ones(n, dtype=np.int64)
        e_sum, e2_sum, runouts = x, x.astype(np.int64) ** 2, np.ones(1)
        hist = np.zeros((bins, n), dtype=HIST_DTYPE[street])
        hist[np.minimum(x.astype(np.int64) * bins // twice_opponents(g), bins - 1), np.arange(n)] = 1
    else:
        c = chunk_counts(street, lo, hi, bins, g, threads=threads)
        cols["runouts"] = c[:, 0]
        e_sum, e2_sum, runouts = c[:, 1], c[:, 2], c[:, 0]
        hist = np.ascontiguousarray(c[:, 3:].T, dtype=HIST_DTYPE[street])  # one pass: a contiguous row per bin
    if "ehs" in features:
        cols["ehs"] = e_sum / (top * runouts)
    if "ehs2" in features:
        cols["ehs2"] = e2_sum / (top ** 2 * runouts)
    if "hist" in features:
        cols.update({f"hist_{j}": hist[j] for j in range(bins)})
    return cols


@dataclass(eq=False)
class StrengthTable(Result):
    """A slice of a street's table in memory: ``columns`` by name, one row per state."""

    street: str
    bins: int
    columns: dict[str, np.ndarray] = field(repr=False)
    game: str = "holdem"
    """The game whose deck and ranking count (pyeval/core/games.py's name)."""

    def __len__(self) -> int:
        return len(self.columns["index"])

    def rows(self) -> list[dict[str, Any]]:
        names = list(self.columns)
        return [dict(zip(names, plain([self.columns[k][i] for k in names]))) for i in range(len(self))]

    def to_frame(self) -> Any:
        pd = require("pandas", "frame")
        return pd.DataFrame(self.columns)

    def to_dict(self) -> dict[str, Any]:
        return plain({"game": self.game, "street": self.street, "bins": self.bins, "rows": self.rows()})

    def __repr__(self) -> str:
        idx = self.columns["index"]
        span = f"states {int(idx[0]):,}..{int(idx[-1]):,}" if len(idx) else "no states"
        deck = "" if self.game == "holdem" else f"{self.game} "
        return f"StrengthTable({deck}{self.street}, {span}, columns {', '.join(list(self.columns)[:5])}...)"


@dataclass(eq=False)
class TableFiles(Result):
    """A table streamed to Parquet: the folder and its chunk files (``pandas.read_parquet(folder)``
    reads them as one frame, in index order)."""

    street: str
    folder: Path
    files: list[Path]
    computed: int
    """Chunks computed by this call (the others were already there, whole)."""
    game: str = "holdem"

    def rows(self) -> list[dict[str, Any]]:
        return [{"file": f.name, "start": int(f.stem.split("-")[1]), "stop": int(f.stem.split("-")[2])}
                for f in self.files]

    def to_dict(self) -> dict[str, Any]:
        return plain({"game": self.game, "street": self.street, "folder": str(self.folder), "computed": self.computed,
                      "rows": self.rows()})

    def __repr__(self) -> str:
        deck = "" if self.game == "holdem" else f"{self.game} "
        return (f"TableFiles({deck}{self.street}: {len(self.files)} chunk files in {self.folder}, "
                f"{self.computed} computed now, {len(self.files) - self.computed} already there)")


def _chunk_file(path: Path, street: str, lo: int, hi: int) -> Path:
    return path / f"{street}-{lo:09d}-{hi:09d}.parquet"


def _chunk_done(file: Path, lo: int, hi: int, meta: dict[bytes, bytes]) -> bool:
    """Whether a chunk file is whole and of this table (rows, first and last index, settings)."""
    pq = require("pyarrow.parquet", "parquet")
    try:
        f = pq.ParquetFile(file)
        if f.metadata.num_rows != hi - lo or any(f.schema_arrow.metadata.get(k) != v for k, v in meta.items()):
            return False
        index = f.read(columns=["index"]).column("index").to_numpy()
        return bool(index[0] == lo and index[-1] == hi - 1)
    except Exception:  # noqa: BLE001 - a torn or foreign file: computed again
        return False


def _write_chunk(file: Path, cols: dict[str, np.ndarray], meta: dict[bytes, bytes]) -> None:
    pa = require("pyarrow", "parquet")
    pq = require("pyarrow.parquet", "parquet")
    t = pa.table(cols).replace_schema_metadata(meta)
    tmp = file.with_suffix(".parquet.tmp")
    pq.write_table(t, tmp)
    os.replace(tmp, file)  # whole or absent: a resumed run never reads half a chunk


class _ChunkWriter:
    """Chunk files written on background threads, at most ``depth`` at once, while the next chunk
    is computed: Parquet encodes a file on one thread, and on the river writing (not the table)
    is most of a chunk's time.  ``written(chunk)`` is called in the caller's thread as each
    write is collected; the first error is raised there."""

    def __init__(self, depth: int, written: Any) -> None:
        self.depth, self.written = depth, written
        self.pool = ThreadPoolExecutor(depth)
        self.pending: list[tuple[Any, tuple[int, int]]] = []

    def submit(self, file: Path, chunk: tuple[int, int], cols: dict[str, np.ndarray], meta: dict[bytes, bytes]) -> None:
        while len(self.pending) >= self.depth:
            self._collect()
        self.pending.append((self.pool.submit(_write_chunk, file, cols, meta), chunk))

    def _collect(self) -> None:
        future, chunk = self.pending.pop(0)
        future.result()
        self.written(chunk)

    def __enter__(self) -> _ChunkWriter:
        return self

    def __exit__(self, kind: Any, *_: Any) -> None:
        try:
            while self.pending and kind is None:
                self._collect()
        finally:
            self.pool.shutdown(wait=True)  # a write under way finishes (whole or absent: _write_chunk)


def _check_features(features: Any) -> tuple[str, ...]:
    if isinstance(features, str):
        features = (features,)
    out = tuple(features)
    bad = [f for f in out if f not in TABLE_FEATURES]
    if bad or not out:
        raise ValueError(f"features: some of {', '.join(TABLE_FEATURES)}, got {bad or 'none'}")
    return out


def table(street: str, *, features: Any = TABLE_FEATURES, bins: int = 50, start: int = 0, stop: int | None = None,
          game: Any = "holdem", path: str | os.PathLike | None = None, client: Any = None,
          threads: int | None = None, progress: Any = None) -> StrengthTable | TableFiles:
    """The states ``start .. stop - 1`` of ``street`` (default: all) with their features.

    ``game``: "holdem" (52 cards), or a short deck (36 cards) with its ranking, "shortdeck" or
    "shortdeck-straight" (the states are ``deck_states(game)``).  Without ``path`` the slice comes
    back as a StrengthTable (``to_frame()`` for pandas); with it, each chunk of ``CHUNK[street]``
    states is a Parquet file in that folder (pyarrow: the ``parquet`` extra) and a TableFiles comes
    back; chunks already there, whole and of the same settings, are skipped.  ``client``: a Dask
    client whose workers compute the chunks (each worker builds the river table once)."""
    n_bins = positive_int(bins, "bins", MAX_BINS)
    feats = _check_features(features)
    street_of(street)
    g = ranked_game(game)
    total = count(street, game=g)
    lo = non_negative_int(start, "start")
    hi = total if stop is None else non_negative_int(stop, "stop")
    if not lo <= hi <= total:
        raise ValueError(f"start and stop: 0 <= start <= stop <= {total:,} for the {street} of {g.name}, "
                         f"got {lo}, {hi}")
    size = CHUNK[street]
    first = lo - lo % size
    chunks = [(max(a, lo), min(a + size, hi)) for a in range(first, hi, size)]
    meta = {b"pyeval.street": street.encode(), b"pyeval.bins": str(n_bins).encode(),
            b"pyeval.features": ",".join(feats).encode(), b"pyeval.game": g.name.encode()}
    out_dir = Path(path) if path is not None else None
    all_chunks = chunks
    if out_dir is not None:
        require("pyarrow", "parquet")
        if out_dir.exists() and not out_dir.is_dir():
            raise ValueError(f"path {str(out_dir)!r}: not a folder (the table is a folder of chunk files)")
        out_dir.mkdir(parents=True, exist_ok=True)
        chunks = [c for c in chunks if not _chunk_done(_chunk_file(out_dir, street, *c), *c, meta)]
    compute = partial(_chunk_task, street, n_bins, feats, g.name)
    got: dict[tuple[int, int], dict[str, np.ndarray]] = {}
    with reporting(progress, f"{street} table") as watch, \
            _ChunkWriter(default_threads(threads), lambda chunk: advance(chunk)) as writer:
        if watch is not None:
            watch.add_total(sum(b - a for a, b in chunks))

        def advance(chunk: tuple[int, int]) -> None:
            if watch is not None:
                watch.advance(chunk[1] - chunk[0])

        def done(chunk: tuple[int, int], cols: dict[str, np.ndarray]) -> None:
            if out_dir is not None:
                writer.submit(_chunk_file(out_dir, street, *chunk), chunk, cols, meta)
            else:
                got[chunk] = cols
                advance(chunk)

        if client is not None:
            from pyeval.engines.cluster import run_keyed

            # a key per call: a run again after a failure never meets the scheduler's state of the last one
            key = f"pyeval-strength-{g.name}-{street}-{n_bins}-{'-'.join(feats)}-{uuid.uuid4().hex}"
            run_keyed(client, compute, chunks, lambda c: f"{key}-{c[0]}-{c[1]}", done)
        else:
            if street != "river" or hi - lo > total // 8:  # a whole street: the river table first
                river_e(g, threads=threads, progress=progress if street == "river" else None)
            for chunk in chunks:
                done(chunk, chunk_columns(street, *chunk, n_bins, feats, g, threads))
    if out_dir is not None:
        return TableFiles(street=street, folder=out_dir, files=[_chunk_file(out_dir, street, *c) for c in all_chunks],
                          computed=len(chunks), game=g.name)
    ordered = [got[c] for c in sorted(got)]
    names = list(ordered[0]) if ordered else list(chunk_columns(street, 0, 0, n_bins, feats, g))
    return StrengthTable(street=street, bins=n_bins, game=g.name,
                         columns={k: np.concatenate([o[k] for o in ordered]) if ordered else
                                  np.zeros(0) for k in names})


def _chunk_task(street: str, bins: int, features: tuple[str, ...], game: str,
                chunk: tuple[int, int]) -> dict[str, np.ndarray]:
    """A chunk's columns, as one Dask task: on one thread, since the cluster runs a task per worker
    thread (the river table, built once per worker process, takes every core of its machine)."""
    if street != "river":
        river_e(game)
    return chunk_columns(street, chunk[0], chunk[1], bins, features, game, threads=1)
