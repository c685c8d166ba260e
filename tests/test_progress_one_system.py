"""One progress and Ctrl-C system (issue 37, pyeval.core._progress): every call that can run for
seconds takes ``progress=``, keyword-only, off by default; one graceful interrupt for every run
that can keep what finished; the pool tells a caller's workers to stop."""

from __future__ import annotations

import inspect
import os
import signal
import sys
import threading
import time

import pytest

import pyeval
from pyeval.core import _progress
from pyeval.engines import pool
from pyeval.history.convert import convert_to_phh
from pyeval.strength import features as strength_features
from pyeval.strength.tables import river_e
from pyeval.strength.tables import table as strength_table

LONG_CALLS = {
    **{name: getattr(pyeval, name) for name in (
        "equity", "equity_batch", "combo_equities", "range_breakdown", "next_card", "best_keep", "simulate",
        "allin_ev", "read_hands", "icm", "pushfold", "pushfold_chart", "flop_report")},
    "convert_to_phh": convert_to_phh, "strength.table": strength_table, "strength.features": strength_features,
    "strength.river_e": river_e,
}
"""The public calls that can run for seconds.  Not here: the evaluators and ``showdown`` (work
proportional to the arrays given, answered at memory speed), ``deal`` (likewise), the preflop
tables (read from pyeval/data)."""


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_every_long_call_takes_progress_keyword_only_and_off_by_default(name):
    p = inspect.signature(LONG_CALLS[name]).parameters.get("progress")
    assert p is not None, f"{name} takes no progress="
    assert p.kind is inspect.Parameter.KEYWORD_ONLY and p.default is None


def test_every_public_call_with_progress_is_listed():
    public = {n for n in pyeval.__all__ if callable(getattr(pyeval, n)) and not inspect.isclass(getattr(pyeval, n))}
    with_progress = {n for n in public if "progress" in inspect.signature(getattr(pyeval, n)).parameters}
    assert with_progress <= set(LONG_CALLS)


class _Terminal:
    """stderr as a terminal: what a default bar would be drawn on."""

    def __init__(self):
        self.text = []

    def isatty(self):
        return True

    def write(self, s):
        self.text.append(s)
        return len(s)

    def flush(self):
        pass


@pytest.mark.parametrize("call", [
    lambda: pyeval.simulate("holdem", 2, 300_000, seed=1, threads=1),
    lambda: pyeval.allin_ev("/work/shared/data/phh/wsop") if os.path.isdir("/work/shared/data/phh/wsop") else None,
    lambda: pyeval.best_keep("aviation", ["AhAsKdQc", "7c7d"]),
])
def test_no_bar_by_default_even_on_a_terminal(monkeypatch, call):
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(_progress, "Watch", _NoBarWatch)  # a default bar would be made here
    call()
    assert "".join(terminal.text) == ""


class _NoBarWatch(_progress.Watch):
    def __init__(self, *args, **kwargs):
        assert not kwargs.get("bar") and not (args and args[0]), "a bar was asked for by default"
        super().__init__(*args, **kwargs)


def test_without_partial_ctrl_c_raises_and_sets_the_callers_stop():
    stop = threading.Event()
    ran = []

    def work(job):
        ran.append(job)
        if job == 1:
            raise KeyboardInterrupt
        return job

    with pytest.raises(KeyboardInterrupt):
        pool.run_pool(work, range(5), 1, lambda r: None, stop=stop)
    assert stop.is_set() and ran == [0, 1]


@pytest.mark.parametrize("threads", [1, 2])
def test_a_first_ctrl_c_winds_a_partial_run_down_and_keeps_what_finished(threads):
    stop = threading.Event()
    added = []
    lock = threading.Lock()

    def work(job):
        if job == 2:
            os.kill(os.getpid(), signal.SIGINT)  # a first Ctrl-C, while this job runs
        time.sleep(0.002)  # the main thread hears the signal within 0.1 s: long before the 10,000th job
        return job

    def add(r):
        with lock:
            added.append(r)

    pool.run_pool(work, range(10_000), threads, add, partial=True, stop=stop)
    assert stop.is_set() and 2 in added and len(added) < 10_000  # the running job counted, the rest not started
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_watch_that_keeps_partial_results_is_marked_interrupted_by_the_first_ctrl_c():
    watch = _progress.Watch(keep_partial=True)
    added = []

    def work(job):
        if job == 3:
            os.kill(os.getpid(), signal.SIGINT)
        return job

    with _progress.watching(watch):
        pool.run_pool(work, range(1000), 1, added.append, partial=True)
        assert pool.stopped()  # what Monte Carlo rounds check: no further round
    assert watch.interrupted and added == [0, 1, 2, 3]
