"""How many threads a call uses, and one batch cut into slices run on them.

cffi releases the GIL around every C call, so Python threads each running the C evaluator on
their own slice of one batch use every core.  A slice is never shorter than ``MIN_SLICE`` hands:
starting and joining a thread costs about 0.1 ms, the time of some 10,000 hands, so a batch
shorter than two slices runs on the calling thread alone.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable

from pyeval.core.checks import positive_int
from pyeval.query.limits import MAX_THREADS

__all__ = ["usable_cpus", "default_threads", "run_slices", "MIN_SLICE"]

MIN_SLICE = 1 << 17


@functools.cache
def usable_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))  # honours taskset and container CPU sets
    except (AttributeError, OSError):
        return os.cpu_count() or 1




def default_threads(threads: int | None) -> int:
    """``threads`` checked (1 to ``MAX_THREADS``), or every usable core when it is None."""
    return usable_cpus() if threads is None else positive_int(threads, "threads", MAX_THREADS,
                                                             " (pyeval.query.limits.MAX_THREADS)")


def run_slices(run: Callable[[int, int], int], n: int, threads: int) -> int:
    """``run(lo, hi)`` on consecutive slices covering hands 0..n, one slice per thread (at most ``threads``).

    ``run`` returns -1 when its slice is sound, else the index (from ``lo``) of the slice's first bad
    hand; the result is the first bad hand of the whole batch, or -1.  The calling thread runs the
    first slice itself.
    """
    t = min(threads, max(1, n // MIN_SLICE))
    if t == 1:
        return run(0, n)
    bounds = [n * i // t for i in range(t + 1)]
    status = [-1] * t
    failure: list[BaseException] = []

    def work(i: int) -> None:
        try:
            status[i] = run(bounds[i], bounds[i + 1])
        except BaseException as exc:  # re-raised in the calling thread
            failure.append(exc)

    workers = [threading.Thread(target=work, args=(i,), name="pyeval-evaluate", daemon=True) for i in range(1, t)]
    for w in workers:
        w.start()
    work(0)
    for w in workers:
        w.join()
    if failure:
        raise failure[0]
    return next((bounds[i] + s for i, s in enumerate(status) if s != -1), -1)
