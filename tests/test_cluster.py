"""pyeval on a Dask cluster (issue 6): the same chunks as Dask tasks give byte-identical results.

Runs on LocalClusters of 2 workers: threads (processes=False) and processes (the workers
import pyeval themselves; one worker is killed mid-run and its task re-run elsewhere).
"""

import importlib
import os

import numpy as np
import pytest

import pyeval

distributed = pytest.importorskip("distributed")
cluster = importlib.import_module("pyeval.engines.cluster")
sim = importlib.import_module("pyeval.sim.simulate")


def _same(a, b):
    assert a.counts.keys() == b.counts.keys()
    for k in a.counts:
        assert np.array_equal(a.counts[k], b.counts[k]), k
    for name in a.tables:
        assert a.csv(name) == b.csv(name)
    assert (a.outcomes, a.seed, a.interrupted) == (b.outcomes, b.seed, False)


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0") as lc, \
            distributed.Client(lc) as c:
        yield c


CASES = [
    ("holdem", 6, "starting-hands", 400_000, 1 << 16),
    ("omaha-hilo", 4, ["starting-hands", "hilo", "categories"], 120_000, 1 << 15),
]


@pytest.mark.parametrize("game, players, study, deals, chunk", CASES)
def test_cluster_matches_one_thread_and_all_threads(client, game, players, study, deals, chunk):
    kw = dict(seed=77, study=study, chunk_size=chunk, progress=False)
    one = pyeval.simulate(game, players, deals, threads=1, **kw)
    every = pyeval.simulate(game, players, deals, threads=os.cpu_count() or 2, **kw)
    dask = pyeval.simulate(game, players, deals, client=client, **kw)
    _same(one, every)
    _same(one, dask)
    assert sorted(dask.chunks_done) == list(range(-(-deals // chunk)))


_FAILED = set()  # module level: tasks are pickled by reference and run in this process
_REAL_CHUNK = cluster._simulate_chunk


def _flaky(plan, chunk):
    if chunk % 2 == 0 and chunk not in _FAILED:  # every even chunk fails on its first attempt
        _FAILED.add(chunk)
        raise RuntimeError(f"worker trouble on chunk {chunk}")
    return _REAL_CHUNK(plan, chunk)


def test_retried_chunk_counted_once(client, monkeypatch):
    _FAILED.clear()
    monkeypatch.setattr(cluster, "_simulate_chunk", _flaky)
    kw = dict(seed=5, chunk_size=1 << 15, progress=False)
    dask = pyeval.simulate("holdem", 3, 300_000, client=client, **kw)
    local = pyeval.simulate("holdem", 3, 300_000, threads=1, **kw)
    assert _FAILED == set(range(0, 10, 2))
    _same(local, dask)


def _broken(plan, chunk):
    raise RuntimeError("always broken")


def test_failing_chunk_raises_after_retries(client, monkeypatch):
    monkeypatch.setattr(cluster, "_simulate_chunk", _broken)
    with pytest.raises(RuntimeError, match="always broken"):
        pyeval.simulate("holdem", 3, 100_000, seed=1, chunk_size=1 << 15, client=client, progress=False)


@pytest.mark.parametrize("hands, board", [(["AsKs", "random", "random"], ""), (["AhAd", "KcKs"], "2c7d")])
def test_equity_monte_carlo_on_the_cluster(client, hands, board):
    kw = dict(board=board, method="monte-carlo", samples=300_000, seed=9)
    local = pyeval.equity("holdem", hands, threads=1, **kw)
    dask = pyeval.equity("holdem", hands, client=client, **kw)
    assert np.array_equal(local.units, dask.units) and np.array_equal(local.wins, dask.wins)
    assert np.array_equal(local.ties, dask.ties) and local.outcomes == dask.outcomes
    target = pyeval.equity("holdem", hands, board=board, method="monte-carlo", stderr_target=0.004, seed=3,
                           client=client)
    assert np.array_equal(target.units, pyeval.equity("holdem", hands, board=board, method="monte-carlo",
                                                      stderr_target=0.004, seed=3).units)


def _square(x):
    return x * x


def test_window_bounds_tasks_in_flight(client):
    seen = []

    def on_done(item, result):
        seen.append(item)

    cluster.run_keyed(client, _square, range(50), lambda x: f"square-test-{x}", on_done, window=3)
    assert sorted(seen) == list(range(50))


def _die_once(marker: str, plan, chunk: int):
    """Kill this worker process the first time chunk 3 runs anywhere."""
    if chunk == 3 and not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(1)
    return plan.run_chunk(chunk)


@pytest.mark.slow  # long (tests/conftest.py: the slow set, PYEVAL_FULL=1)
def test_process_workers_and_a_lost_worker(tmp_path, monkeypatch):
    """Worker processes import pyeval themselves; a worker killed mid-task has its task re-run
    by the scheduler, and the chunk is still counted once."""
    marker = str(tmp_path / "died")
    from functools import partial

    monkeypatch.setattr(cluster, "_simulate_chunk", partial(_die_once, marker))
    # the worker processes unpickle _die_once by reference: they must import this module
    here = os.path.dirname(os.path.abspath(__file__))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH")) if p))
    kw = dict(seed=31, chunk_size=1 << 15, progress=False)
    local = pyeval.simulate("holdem", 6, 250_000, threads=1, **kw)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=50) as lc, distributed.Client(lc) as c:
        dask = pyeval.simulate("holdem", 6, 250_000, client=c, **kw)
    assert os.path.exists(marker)  # a worker did die
    _same(local, dask)


# -- issue 17, item 6: workers that cannot run pyeval fail the query clearly, in bounded time --

_WORKER_HOOK = '''
import importlib.abc, importlib.util, os, sys
MODE = os.environ.get("PYEVAL_TEST_WORKER")
class _Finder(importlib.abc.MetaPathFinder):
    """'missing': pyeval does not import; 'other': it imports with another __version__."""
    def find_spec(self, name, path, target=None):
        if name != "pyeval":
            return None
        if MODE == "missing":
            raise ModuleNotFoundError("No module named 'pyeval'", name="pyeval")
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec("pyeval")
        finally:
            sys.meta_path.insert(0, self)
        real = spec.loader.exec_module
        def exec_module(module):
            real(module)
            module.__version__ = "0.0.0+other"
            sys.modules["pyeval._version"].__version__ = "0.0.0+other"  # where pyeval's modules read it
        spec.loader.exec_module = exec_module
        return spec
if MODE:
    sys.meta_path.insert(0, _Finder())
'''


@pytest.fixture
def scheduler():
    """A scheduler without workers, and a function starting worker processes (no nanny: a killed
    worker stays dead) with the hook above and tests/ on their path."""
    import subprocess
    import sys

    started = []
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=":0", silence_logs=50) as lc, \
            distributed.Client(lc) as c:

        def start_worker(tmp_path, mode: str = ""):
            (tmp_path / "sitecustomize.py").write_text(_WORKER_HOOK)
            path = os.pathsep.join([str(tmp_path), os.path.dirname(os.path.abspath(__file__))])
            env = dict(os.environ, PYTHONPATH=path, PYEVAL_TEST_WORKER=mode)
            started.append(subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", lc.scheduler_address,
                                             "--nthreads", "1", "--no-dashboard", "--no-nanny"], env=env,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

        try:
            yield c, start_worker
        finally:
            for worker in started:
                worker.kill()
                worker.wait()


@pytest.mark.parametrize("mode, says", [("missing", "cannot import pyeval (ModuleNotFoundError"),
                                        ("other", "pyeval 0.0.0+other")])
def test_a_worker_that_cannot_run_pyeval_fails_the_query_at_once(tmp_path, scheduler, mode, says):
    """Before: a worker without pyeval left the tasks to the others (or, alone, hung the client);
    one with another version returned its counts without a word."""
    import time

    c, start_worker = scheduler
    start_worker(tmp_path)
    start_worker(tmp_path, mode)
    c.wait_for_workers(2, timeout=60)
    for run in (lambda: pyeval.simulate("holdem", 3, 100_000, seed=1, chunk_size=1 << 15, client=c, progress=False),
                lambda: pyeval.equity("holdem", ["AsKs", "random"], method="monte-carlo", samples=100_000, seed=1,
                                      client=c)):
        start = time.perf_counter()
        with pytest.raises(cluster.ClusterError, match="the client's version") as info:
            run()
        assert says in str(info.value) and time.perf_counter() - start < 30


def test_a_cluster_of_good_workers_passes_the_check(client):
    assert len(cluster.check_workers(client)) == 2


def _sleep(seconds):
    import time

    time.sleep(seconds)
    return seconds


def test_tasks_that_never_finish_fail_in_bounded_time(client):
    import time

    start = time.perf_counter()
    with pytest.raises(cluster.ClusterError, match="no Dask task finished in 2 s"):
        cluster.run_keyed(client, _sleep, [30] * 3, lambda x: f"sleep-{time.time_ns()}-{x}", lambda *a: None,
                          stall_timeout=2)
    assert time.perf_counter() - start < 10


def _exit_worker(item):
    os._exit(1)


@pytest.mark.slow  # long (tests/conftest.py: the slow set, PYEVAL_FULL=1)
def test_losing_the_last_worker_fails_in_bounded_time(tmp_path, scheduler):
    """The only worker dies on its first task: no worker is left to run the tasks, and the
    client used to wait for one forever."""
    import time

    c, start_worker = scheduler
    start_worker(tmp_path)  # tests/ on its path: it unpickles _exit_worker
    c.wait_for_workers(1, timeout=60)
    start = time.perf_counter()
    with pytest.raises(cluster.ClusterError, match="no Dask task finished in 5 s"):
        cluster.run_keyed(c, _exit_worker, range(4), lambda x: f"exit-{time.time_ns()}-{x}", lambda *a: None,
                          stall_timeout=5)
    assert time.perf_counter() - start < 30
