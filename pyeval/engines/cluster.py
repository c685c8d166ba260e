"""Run pyeval's Monte Carlo chunks on a Dask cluster (the ``dask`` extra:
``python -m pip install ".[dask]"`` in a clone).

    from dask.distributed import Client
    import pyeval

    client = Client("tcp://scheduler:8786")     # or Client(LocalCluster(...))
    r = pyeval.simulate("holdem", 6, 1_000_000_000, seed=1, client=client)
    e = pyeval.equity("omaha", ["AsKsQd2c", "random", "random"], method="monte-carlo",
                      samples=100_000_000, seed=1, client=client)

Each chunk of work is one Dask task: a pure function of (the query, the chunk index),
submitted under a key made of the two, and returning integer counts.  The client adds
the counts of each key once, as tasks finish, whatever the order; a task whose worker
is lost is re-run by the scheduler (same key, same stream, same counts) and still
counted once.  So the result is byte-identical to a single-machine run with the same
seed.  Tasks are submitted a few per worker thread at a time: the scheduler never holds
more than a bounded window, however many deals are asked for.

The workers need pyeval installed (the same version as the client): tasks carry the
query (a few hundred bytes), not code.  Before submitting, every worker is asked to import
pyeval and report its version; a worker that cannot, or has another version, fails the query
at once with a ClusterError naming it (each task checks the version again, for workers that
join later).  A query whose tasks stop finishing (no worker left that can run them) fails
after ``DEFAULT_STALL_TIMEOUT`` seconds without a finished task.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from itertools import islice
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import threading

    from dask.distributed import Client

    from pyeval.sim.simulate import Plan

__all__ = ["run_plan", "job_runner", "run_keyed", "check_workers", "ClusterError"]

DEFAULT_RETRIES = 3
"""Times a failing task is retried (on top of the scheduler re-running tasks of lost workers)."""
DEFAULT_STALL_TIMEOUT = 300.0
"""Seconds without any finished task after which a query fails (a chunk takes seconds)."""


class ClusterError(ValueError):
    """The ``client=`` given cannot run pyeval's tasks: a worker without pyeval, with another
    version, no workers, or no task finishing."""


def _worker_probe():
    """Runs on a worker (sent by value: it must not need pyeval to arrive): its pyeval version,
    or why pyeval does not import there."""

    def probe():
        try:
            from pyeval._version import __version__  # imports the package pyeval first
        except Exception as exc:  # noqa: BLE001 - reported to the client
            return f"cannot import pyeval ({type(exc).__name__}: {exc})"
        return __version__

    return probe


def check_workers(client: Client) -> list[str]:
    """Every worker imports pyeval and has the client's version; returns their addresses, or
    raises ClusterError naming the workers that do not."""
    from pyeval._version import __version__

    answers = client.run(_worker_probe(), on_error="return")
    if not answers:
        raise ClusterError("the Dask cluster has no workers")
    problems = []
    for address, answer in sorted(answers.items()):
        if isinstance(answer, BaseException):
            problems.append(f"{address}: cannot run a check ({type(answer).__name__}: {answer})")
        elif answer != __version__:
            problems.append(f"{address}: " + (answer if answer.startswith("cannot") else f"pyeval {answer}"))
    if problems:
        raise ClusterError(f"Dask workers that cannot run pyeval {__version__} (the client's version): "
                           + "; ".join(problems) + ". Install the same pyeval on every worker.")
    return sorted(answers)


def _versioned(version: str, fn: Callable, item):
    """A task: ``fn(item)`` on a worker whose pyeval is ``version``."""
    from pyeval._version import __version__

    if __version__ != version:
        raise ClusterError(f"this worker has pyeval {__version__}, the client {version}")
    return fn(item)


def _distributed():
    try:
        import distributed
    except ImportError:  # pragma: no cover - depends on the environment
        from pyeval.core._results import install_hint

        raise ImportError(f"client= needs Dask's distributed scheduler: {install_hint('dask')}") from None
    return distributed


def task_token(*parts) -> str:
    from dask.base import tokenize

    return tokenize(*parts)


def _threads(client) -> int:
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:  # pragma: no cover - a client without workers yet
        return 1


def run_keyed(client: Client, fn: Callable, items: Iterable, key_of: Callable, on_done: Callable, *,
              retries: int = DEFAULT_RETRIES, window: int | None = None, stop: threading.Event | None = None,
              stall_timeout: float | None = None) -> None:
    """Run ``fn(item)`` for every item as a Dask task keyed ``key_of(item)``; call
    ``on_done(item, result)`` once per item as results arrive (in any order).

    The workers are checked first (``check_workers``).  At most ``window`` tasks (default: 3
    per worker thread, at least 4) are in flight.  Once ``stop`` (a threading.Event) is set,
    or on any exception (Ctrl-C included), the outstanding tasks are cancelled (and the
    exception re-raised); ClusterError when no task finishes for ``stall_timeout`` seconds
    (default ``DEFAULT_STALL_TIMEOUT``).
    """
    from pyeval._version import __version__

    distributed = _distributed()
    check_workers(client)
    stall_timeout = DEFAULT_STALL_TIMEOUT if stall_timeout is None else stall_timeout
    items = iter(items)
    window = window or max(4, 3 * _threads(client))
    outstanding = {}
    task = partial(_versioned, __version__, fn)

    def submit(item) -> None:
        f = client.submit(task, item, key=key_of(item), retries=retries, pure=False)
        outstanding[f.key] = (f, item)

    try:
        for item in islice(items, window):
            submit(item)
        while outstanding:
            try:
                finished = distributed.wait([f for f, _ in outstanding.values()], timeout=stall_timeout,
                                            return_when="FIRST_COMPLETED").done
            except distributed.TimeoutError:
                raise ClusterError(f"no Dask task finished in {stall_timeout:g} s ({len(outstanding)} waiting): "
                                   "no worker left that runs them?") from None
            for f in finished:
                _, item = outstanding.pop(f.key)
                try:
                    result = f.result()  # raises the task's exception after its retries
                finally:  # an erred key held on would answer the same query run again with its error
                    f.release()
                on_done(item, result)
                if stop is not None and stop.is_set():
                    return
                nxt = next(items, None)
                if nxt is not None:
                    submit(nxt)
    finally:
        pending = [f for f, _ in outstanding.values()]
        if pending:
            try:
                client.cancel(pending)
            except Exception:  # pragma: no cover - the client may be closing
                pass


def _simulate_chunk(plan, chunk: int):
    return plan.run_chunk(chunk)


def plan_key_prefix(plan: Plan) -> str:
    s = plan.spec
    return "pyeval-simulate-" + task_token(s.game.name, s.players, s.hole, s.board_n, s.boards, s.deck.tobytes(),
                                       s.template.tobytes(), s.pick_pos.tobytes(), plan.studies, plan.deals,
                                       plan.seed, plan.chunk_size)


def run_plan(client: Client, plan: Plan, on_done: Callable, *, retries: int = DEFAULT_RETRIES,
             window: int | None = None, stop: threading.Event | None = None) -> None:
    """Run every chunk of a ``pyeval.simulate`` plan as a Dask task: ``on_done(chunk, counts)``."""
    prefix = plan_key_prefix(plan)
    run_keyed(client, partial(_simulate_chunk, plan), range(plan.chunks), lambda c: f"{prefix}-{c}", on_done,
              retries=retries, window=window, stop=stop)


def job_runner(client: Client, query: object, *, retries: int = DEFAULT_RETRIES,
               window: int | None = None) -> Callable:
    """A ``runner(work, jobs, add)`` for ``pyeval.engines.engine.run_monte_carlo``: each job (its
    chunk's size and seed state) becomes a Dask task keyed by the query and the job."""
    prefix = "pyeval-equity-" + task_token(query)

    def runner(work, jobs, add) -> None:
        run_keyed(client, work, jobs, lambda job: f"{prefix}-{task_token(job)}", lambda _job, result: add(result),
                  retries=retries, window=window)

    return runner
