"""The thread pool every engine runs its jobs on, and the Ctrl-C check of Monte Carlo rounds
(the kernels release the GIL; integer sums make the completion order irrelevant)."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterable

from pyeval.core import _progress
from pyeval.results.tally import Tally


def run_pool(work, jobs: Iterable, threads: int, add, size=None, partial: bool = False, total=None,
             stop: threading.Event | None = None) -> None:
    """``add(work(job))`` for every job, on ``threads`` threads.  ``jobs`` is consumed lazily (a
    generator of a billion jobs costs nothing up front): one job a thread is taken ahead of its
    result.  The current progress watch (pyeval.core._progress) hears of every job done
    (``size(job)`` units, default 1) out of ``total`` (default: the sum over a listed ``jobs``).

    Ctrl-C (pyeval.core._progress, the one system): ``partial`` says the caller can use what
    finished.  Then, with the caller's ``stop`` or a watch that keeps partial results, the run goes
    under ``graceful_interrupt``: the first Ctrl-C sets ``stop`` (and marks the watch
    interrupted), no further job starts, the running ones finish and are added, and this returns;
    a second Ctrl-C cancels the jobs not started and returns at once with a watch that keeps
    partial results (marked interrupted), else raises.  Without ``partial`` Ctrl-C raises, the
    caller's ``stop`` set so that its workers end soon."""
    watch = _progress.current()

    def units(job) -> int:
        return size(job) if size is not None else 1

    if watch is not None:
        if total is None:
            jobs = list(jobs)
            total = sum(units(job) for job in jobs)
        watch.add_total(total)
    keep = partial and watch is not None and watch.keep_partial
    try:
        if partial and (stop is not None or keep):
            stop = stop if stop is not None else threading.Event()
            with _progress.graceful_interrupt(stop, watch):
                _run(work, jobs, threads, add, watch, units, stop)
        else:
            _run(work, jobs, threads, add, watch, units, stop)
    except KeyboardInterrupt:
        if stop is not None:
            stop.set()
        if keep:
            assert watch is not None
            watch.interrupted = True
            return
        raise


def _run(work, jobs: Iterable, threads: int, add, watch, units, stop: threading.Event | None) -> None:
    """``run_pool``'s jobs: in this thread when one thread (or one job) does, else on threads."""
    jobs = iter(jobs)
    head = list(itertools.islice(jobs, 2))
    if threads <= 1 or len(head) <= 1:
        for job in itertools.chain(head, jobs):
            if stop is not None and stop.is_set():
                return
            add(work(job))
            if watch is not None:
                watch.advance(units(job))
        return
    run_threads(work, itertools.chain(head, jobs), threads, add, watch, units, stop)


def run_threads(work, jobs, threads, add, watch, units, stop: threading.Event | None = None) -> None:
    """Each of ``threads`` workers takes the next job, runs it (the kernels release the GIL) and adds
    its result, taking the job and adding under one lock, while this thread only waits: a worker
    goes on to its next job at once.  (Handing every result back to this thread through futures
    cost two threads a fifth of their rate on 1 ms Monte Carlo chunks.)  After the caller's
    ``stop`` no job starts and the running ones are waited for and added.  After an error no job
    starts and no further result is added; the running jobs finish and the error is raised.  On
    Ctrl-C likewise, except that the running jobs are abandoned (their threads are daemons) and
    this returns at once.  Either way ``stop`` is set, so that jobs that watch it end soon."""
    lock = threading.Lock()
    abandon = threading.Event()
    failure: list[BaseException] = []
    first = list(itertools.islice(jobs, threads))  # one thread per job at most
    jobs = itertools.chain(first, jobs)

    def worker() -> None:
        try:
            while not abandon.is_set() and not (stop is not None and stop.is_set()):
                with lock:
                    job = next(jobs, None)
                if job is None:
                    return
                result = work(job)
                with lock:
                    if abandon.is_set():
                        return
                    add(result)
                    if watch is not None:
                        watch.advance(units(job))
        except BaseException as e:  # a job's, the jobs' or add's error: re-raised by the waiting thread
            with lock:
                failure.append(e)
            abandon.set()

    workers = [threading.Thread(target=worker, name=f"pyeval-{i}", daemon=True) for i in range(len(first))]
    for t in workers:
        t.start()
    finished = False
    try:
        for t in workers:
            while t.is_alive():
                t.join(0.1)  # a timeout, so that Ctrl-C reaches this thread
        finished = not failure
    finally:
        if not finished:
            abandon.set()
            if stop is not None:
                stop.set()
            with lock:  # an add under way finishes before the caller reads the total
                pass
    if failure:
        raise failure[0]


def stopped(t: Tally | None = None) -> bool:
    """Whether Ctrl-C has ended the current watched Monte Carlo run (its rounds should stop).
    With the tally so far: if no deal finished there is nothing to show, so Ctrl-C goes on up."""
    watch = _progress.current()
    if watch is None or not watch.interrupted:
        return False
    if t is not None and t.outcomes == 0:
        raise KeyboardInterrupt
    return True
