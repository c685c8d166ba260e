"""Run pyeval's Monte Carlo chunks on a Dask cluster (``pip install "pyeval[dask]"``).

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
query (a few hundred bytes), not code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from itertools import islice

__all__ = ["run_plan", "job_runner", "run_keyed"]

DEFAULT_RETRIES = 3
"""Times a failing task is retried (on top of the scheduler re-running tasks of lost workers)."""


def _distributed():
    try:
        import distributed
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError('client= needs Dask\'s distributed scheduler: pip install "pyeval[dask]"') from None
    return distributed


def _token(*parts) -> str:
    from dask.base import tokenize

    return tokenize(*parts)


def _threads(client) -> int:
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:  # pragma: no cover - a client without workers yet
        return 1


def run_keyed(client, fn: Callable, items: Iterable, key_of: Callable, on_done: Callable, *,
              retries: int = DEFAULT_RETRIES, window: int | None = None, stop=None) -> None:
    """Run ``fn(item)`` for every item as a Dask task keyed ``key_of(item)``; call
    ``on_done(item, result)`` once per item as results arrive (in any order).

    At most ``window`` tasks (default: 3 per worker thread, at least 4) are in flight.
    Once ``stop`` (a threading.Event) is set, or on any exception (Ctrl-C included), the
    outstanding tasks are cancelled (and the exception re-raised).
    """
    distributed = _distributed()
    items = iter(items)
    window = window or max(4, 3 * _threads(client))
    outstanding = {}
    done = distributed.as_completed()

    def submit(item) -> None:
        f = client.submit(fn, item, key=key_of(item), retries=retries, pure=False)
        outstanding[f.key] = (f, item)
        done.add(f)

    try:
        for item in islice(items, window):
            submit(item)
        for f in done:
            _, item = outstanding.pop(f.key)
            result = f.result()  # raises the task's exception after its retries
            f.release()
            on_done(item, result)
            if stop is not None and stop.is_set():
                break
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


def plan_key_prefix(plan) -> str:
    s = plan.spec
    return "pyeval-simulate-" + _token(s.game.name, s.players, s.hole, s.board_n, s.boards, s.deck.tobytes(),
                                       s.template.tobytes(), s.pick_pos.tobytes(), plan.studies, plan.deals,
                                       plan.seed, plan.chunk_size)


def run_plan(client, plan, on_done: Callable, *, retries: int = DEFAULT_RETRIES, window: int | None = None,
             stop=None) -> None:
    """Run every chunk of a ``pyeval.simulate`` plan as a Dask task: ``on_done(chunk, counts)``."""
    prefix = plan_key_prefix(plan)
    run_keyed(client, partial(_simulate_chunk, plan), range(plan.chunks), lambda c: f"{prefix}-{c}", on_done,
              retries=retries, window=window, stop=stop)


def job_runner(client, query, *, retries: int = DEFAULT_RETRIES, window: int | None = None):
    """A ``runner(work, jobs, add)`` for ``pyeval.engine.run_monte_carlo``: each job (its
    chunk's size and seed state) becomes a Dask task keyed by the query and the job."""
    prefix = "pyeval-equity-" + _token(query)

    def runner(work, jobs, add) -> None:
        run_keyed(client, work, jobs, lambda job: f"{prefix}-{_token(job)}", lambda _job, result: add(result),
                  retries=retries, window=window)

    return runner
