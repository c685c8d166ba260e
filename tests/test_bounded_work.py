"""Work is bounded before it starts (issue 17, items 2 and 4).

Monte Carlo jobs are made as they are taken, so the largest allowed sample count starts at once;
a count beyond ``engine.MAX_SAMPLES`` is refused before anything is dealt.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import time

import numpy as np
import pytest

import pyeval
from pyeval import engine
from pyeval.cli import main
from pyeval.games import get_game


class _Stop(Exception):
    pass


def _layout(game, holes, board=""):
    g = get_game(game)
    return engine.build_layout(g, [pyeval.parse_cards(h) for h in holes], [pyeval.parse_cards(board)],
                               np.zeros(0, np.uint8))


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_pool_takes_jobs_lazily(threads):
    """At most 2 * threads jobs are taken ahead of the results, from an endless iterator."""
    taken, results = [0], []

    def jobs():
        for i in itertools.count():
            taken[0] += 1
            assert taken[0] - len(results) <= 2 * threads + 2, "jobs taken far ahead of the results"
            yield i

    def add(result):
        results.append(result)
        if len(results) == 50:
            raise _Stop

    with pytest.raises(_Stop):
        engine._run_pool(lambda i: i * i, jobs(), threads, add)
    assert sorted(results)[:3] == [0, 1, 4] and len(results) == 50


def test_the_largest_sample_count_starts_at_once():
    """MAX_SAMPLES deals: the first job reaches the runner within a second (a list of its
    762,939 chunk seeds took about 35 s and 0.5 GB before)."""
    layout = _layout("holdem", ["AhAs", "KdKc"])
    seen = []

    def runner(work, jobs, add):
        seen.append(time.perf_counter())
        for job in itertools.islice(jobs, 2):
            assert job[0] == engine.CHUNK
            add(work(job))
        raise _Stop

    start = time.perf_counter()
    with pytest.raises(_Stop):
        engine.run_monte_carlo(layout, engine.MAX_SAMPLES, 1, 1, runner=runner)
    assert seen and seen[0] - start < 1.0, f"{seen[0] - start:.1f} s before the first job"


def test_sample_jobs_cover_the_count_exactly():
    jobs = list(engine.sample_jobs(3 * engine.CHUNK + 5, 9))
    assert [j[0] for j in jobs] == [engine.CHUNK] * 3 + [5]
    assert all((j[2] == engine.chunk_seed(9, c)).all() for c, j in enumerate(jobs))
    later = next(engine.sample_jobs(10, 9, first_chunk=7))
    assert later[0] == 10 and (later[2] == engine.chunk_seed(9, 7)).all()


@pytest.mark.parametrize("hands", [["AhAs", "KdKc"], ["AA", "KK"]])
@pytest.mark.parametrize("samples", [engine.MAX_SAMPLES + 1, 10**13, 10**100])
def test_samples_beyond_the_cap_are_refused_at_once(hands, samples):
    start = time.perf_counter()
    with pytest.raises(ValueError, match="samples must be at most 50,000,000,000"):
        pyeval.equity("holdem", hands, method="monte-carlo", samples=samples, seed=1)
    assert time.perf_counter() - start < 1.0


def test_cli_refuses_huge_samples_with_a_message(capsys):
    start = time.perf_counter()
    assert main(["equity", "holdem", "AhAs", "KdKc", "--samples", "1e100"]) == 2
    assert "samples must be at most" in capsys.readouterr().err
    assert time.perf_counter() - start < 2.0


def test_range_monte_carlo_takes_its_chunks_lazily():
    """Ranges at MAX_SAMPLES: the pool gets its first chunk at once (a child process, so that a
    list built up front fails by timeout instead of hanging the suite)."""
    code = """
import time, pyeval
from pyeval import engine
class Stop(Exception): pass
def pool(work, jobs, threads, add):
    print("first job after %.2f s" % (time.perf_counter() - start), flush=True)
    add(work(next(iter(jobs))))
    raise Stop
engine._run_pool = pool
start = time.perf_counter()
try:
    pyeval.equity("holdem", ["AA,KK", "QQ,JJ"], method="monte-carlo", samples=engine.MAX_SAMPLES, seed=1,
                  threads=1)
except Stop:
    pass
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-3000:]
    seconds = float(proc.stdout.split("after")[1].split()[0])
    assert seconds < 1.0, proc.stdout
