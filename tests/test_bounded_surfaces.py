"""Bounded time and memory on the batch, analysis and ICM surfaces (issue 28)."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import pyeval
from pyeval import batch
from pyeval.core._threads import MAX_THREADS
from pyeval.engines import engine


def deal_rows(n: int, cards: int, seed: int = 1) -> np.ndarray:
    return np.argsort(np.random.default_rng(seed).random((n, 52)), 1)[:, :cards].astype(np.uint8)


# -- item 1: a big pattern table is tallied per job, never (rows, 65,536) at once -----------------

def test_eight_handed_hilo_rivers_tally_per_job_and_match_single_queries():
    c = deal_rows(300, 21)
    b = pyeval.equity_batch("holdem-hilo", c[:, :16].reshape(-1, 8, 2), board=c[:, 16:])
    for i in (0, 123, 299):
        hands = [pyeval.format_cards(c[i, 2 * p:2 * p + 2], "") for p in range(8)]
        r = pyeval.equity("holdem-hilo", hands, board=pyeval.format_cards(c[i, 16:], ""), method="exact")
        assert r.units.tolist() == b.units[i].tolist()


def test_sparse_histogram_product_equals_the_dense_one():
    g = pyeval.get_game("holdem-hilo")
    table = engine._pattern_table(8, tuple((p[2], p[3]) for p in engine.parts_of(g, 1)))
    assert table.size > engine.SPARSE_PRODUCT_PATTERNS
    rng = np.random.default_rng(0)
    valid, matrix = table._columns[:2]
    counts = np.zeros((4, table.size), np.int64)
    for row in counts:
        row[rng.choice(valid, 500)] = rng.integers(1, 10**6, 500)
    assert np.array_equal(table.histogram_products(counts), counts[:, valid] @ matrix)


def test_job_memory_is_bounded_by_the_job_not_the_batch():
    jobs = batch._jobs(20_000, 1 << 16, False, 0)
    assert max(b - a for a, b, _, _ in jobs) * (1 << 16) <= 1 << 22


# -- item 2: threads are capped and absurd counts refused at once ----------------------------------

@pytest.mark.parametrize("call", [
    lambda t: pyeval.equity("holdem", ["AhKh", "QsQd"], board="2c7d", threads=t, method="exact"),
    lambda t: pyeval.equity("holdem", ["AhKh", "QsQd"], threads=t, samples=10_000, seed=1),
    lambda t: pyeval.equity_batch("holdem", [["AhKh", "QsQd"]], board=["2c7d9h"], threads=t),
    lambda t: pyeval.simulate("holdem", players=3, deals=1000, seed=1, threads=t),
])
def test_absurd_thread_counts_are_refused_at_once(call):
    started = time.perf_counter()
    with pytest.raises(ValueError, match="threads must be at most"):
        call(10**6)
    assert time.perf_counter() - started < 1.0


def test_a_pool_starts_one_thread_per_job_at_most():
    import threading

    seen = set()

    def work(job):
        seen.add(threading.current_thread().name)
        return job

    total = []
    engine._run_pool(work, iter(range(3)), MAX_THREADS, total.append)
    assert sorted(total) == [0, 1, 2] and len(seen) <= 3


# -- item 3: Monte Carlo batch rows are split into jobs: threads share them, Ctrl-C acts ------------

def test_big_monte_carlo_rows_are_split_over_jobs_with_the_same_counts():
    jobs = batch._jobs(8, 100, True, 10**7)
    assert len(jobs) > 8 and {a for a, *_ in jobs} == set(range(8))
    rows, board = [["AhKh", "QsQd"], ["7c7d", "random"]], ["2c7d9h", "Kd8c2s"]
    one = pyeval.equity_batch("holdem", rows, board=board, samples=5_000_000, seed=3, threads=1)
    two = pyeval.equity_batch("holdem", rows, board=board, samples=5_000_000, seed=3, threads=2)
    assert np.array_equal(one.units, two.units) and one.outcomes.tolist() == [5_000_000] * 2
    single = pyeval.equity("holdem", rows[1], board=board[1], samples=5_000_000, seed=batch.row_seed(3, 1))
    assert single.units.tolist() == one.units[1].tolist()


def test_ctrl_c_stops_a_long_monte_carlo_batch():
    code = textwrap.dedent("""
        import sys, pyeval
        print("go", flush=True)
        pyeval.equity_batch("holdem", [["AhKh", "QsQd", "random"]] * 100, board=["2c7d9h"] * 100,
                            samples=10**9, seed=1)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline().strip() == b"go", proc.communicate()
    time.sleep(1.0)
    assert proc.poll() is None
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=10)
    finally:
        proc.kill()
    assert time.perf_counter() - sent < 3.0
    assert b"KeyboardInterrupt" in proc.stderr.read()
