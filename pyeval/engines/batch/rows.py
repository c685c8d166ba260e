"""Counting rows of ``pyeval.equity_batch`` in C, in jobs of rows on the engine's pool: the part
shared by the board-game rows (csrc/board_batch.c, driven from pyeval/batch.py) and the stud and
draw rows (csrc/stud_batch.c, pyeval/engines/batch/stud.py).

A job is a range of rows (or, for a Monte Carlo row with many deals, a range of that row's
chunks); each makes one C call, the GIL released, and nothing in Python runs per row.  A row's
pattern histogram becomes its tallies in C (one small integer product with
``PatternTable.tally_matrix``) for tables of up to ``C_TALLY_PATTERNS`` patterns; larger tables
return histograms, which numpy multiplies (``PatternTable.histogram_products``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from pyeval.core._native import ffi
from pyeval.engines import engine, pool
from pyeval.engines.batch.board import C_TALLY_PATTERNS

ROWS_PER_JOB = 2048
JOB_SAMPLES = 1 << 21
"""Monte Carlo deals per job (about 10-50 ms): rows with fewer share a job, a row with more is split
over jobs by its chunks (their counts add up), so that every thread has work and Ctrl-C acts
between jobs."""


class RowRefused(Exception):
    """The C batch met a row it does not accept (a bad row: the batch's check says why)."""


def jobs(n: int, patterns: int, sampled: bool, samples: int) -> list[tuple[int, int, int, int]]:
    """(first row, end row, first chunk, chunks) per job."""
    per_job = max(1, min(ROWS_PER_JOB, (1 << 22) // patterns))
    if not sampled:
        return [(a, min(a + per_job, n), 0, 0) for a in range(0, n, per_job)]
    row_chunks = -(-samples // engine.CHUNK)
    job_chunks = max(1, JOB_SAMPLES // engine.CHUNK)
    if row_chunks > job_chunks:
        return [(i, i + 1, c, job_chunks) for i in range(n) for c in range(0, row_chunks, job_chunks)]
    per_job = max(1, min(per_job, JOB_SAMPLES // max(samples, 1)))
    return [(a, min(a + per_job, n), 0, row_chunks) for a in range(0, n, per_job)]


Call = Callable[[Sequence[np.ndarray], "np.ndarray | None", int, int, int, tuple], int]
"""call(the job's slices of the row arrays, its row seeds or None, first chunk, chunks, rows, tail):
the C entry point's status (-1: every row counted), ``tail`` its last five arguments (counts,
counts per row, tally matrix or NULL, columns, tallies or NULL)."""


def count_rows(table: engine.PatternTable, arrays: Sequence[np.ndarray], rows: np.ndarray, seeds: np.ndarray | None,
               job_list: list[tuple[int, int, int, int]], threads: int, call: Call) -> dict:
    """The tallies (PatternTable.split_tallies) of the given rows of ``arrays`` (each rows first),
    one ``call`` a job of ``job_list`` (row ranges of ``rows``) on the pool.  RowRefused names the
    first row (an index into ``rows``) a call refuses."""
    patterns = table.size
    if len(rows) != len(arrays[0]):  # else the arrays are already the batch's own contiguous copies
        arrays = [a[rows] for a in arrays]
        seeds = seeds[rows] if seeds is not None else None
    in_c = patterns <= C_TALLY_PATTERNS
    matrix = table.tally_matrix if in_c else None
    columns = table.tally_matrix.shape[1]
    out = np.zeros((len(rows), columns), np.int64)  # each row's tallies

    def work(job):
        a, b, first_chunk, chunks = job
        tallies = np.zeros((b - a, columns), np.int64)
        if in_c:
            scratch = np.empty(patterns, np.int64)
            tail = (ffi.from_buffer("int64_t[]", scratch), patterns, ffi.from_buffer("int64_t[]", matrix),
                    columns, ffi.from_buffer("int64_t[]", tallies))
        else:  # a job's histograms (at most 4M counts): 7-8 players in hi/lo have 65,536 patterns a row
            histograms = np.zeros((b - a, patterns), np.int64)
            tail = (ffi.from_buffer("int64_t[]", histograms), patterns, ffi.NULL, 0, ffi.NULL)
        status = call([x[a:b] for x in arrays], None if seeds is None else seeds[a:b], first_chunk, chunks, b - a,
                      tail)
        if status != -1:
            raise RowRefused(a + status)
        return a, b, tallies if in_c else table.histogram_products(histograms)

    def add(done) -> None:
        a, b, tallies = done
        out[a:b] += tallies

    pool.run_pool(work, job_list, threads, add)
    return table.split_tallies(out)
