"""Progress and Ctrl-C for long runs: the one system every long call uses.

Progress.  Every call that can run for seconds takes ``progress=`` with one meaning
(``reporting``): off unless asked (None or False: no report of its own), True a bar on stderr, a
callable ``progress(done, total)``, or a ``Watch``.  The engines' thread pool
(``pyeval.engines.pool.run_pool``) reports every finished job to the ``Watch`` of the current
context (none outside a ``watching`` block: library calls are unaffected).

Ctrl-C.  A run that can use what finished (a Monte Carlo run watched by a watch that keeps
partial results, such as the command line's; ``pyeval.simulate``, which always keeps them) runs
under ``graceful_interrupt``: the first Ctrl-C sets the run's stop event and marks the watch
``interrupted``, no further job starts, the running ones finish and are counted; a second Ctrl-C
raises KeyboardInterrupt (the pool still returns what finished).  Exact enumerations have no
partial answer: there Ctrl-C raises KeyboardInterrupt as usual, and the pool sets the caller's
stop event so that its workers end soon.
"""

from __future__ import annotations

import contextvars
import functools
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

__all__ = ["Watch", "current", "graceful_interrupt", "reporting", "reports_progress", "watching"]

F = TypeVar("F", bound=Callable[..., Any])

_CURRENT: contextvars.ContextVar[Watch | None] = contextvars.ContextVar("pyeval_watch", default=None)


class Watch:
    """What a long call reports to: a bar on stderr (``bar``), and/or ``callback(done, total)``
    after each finished piece of work (units of the call's own choosing)."""

    def __init__(self, bar: bool = False, keep_partial: bool = False, desc: str = "pyeval", delay: float = 0.5,
                 callback: Callable[[int, int], object] | None = None, leave: bool = False):
        self.show, self.keep_partial, self.desc, self.delay, self.leave = bar, keep_partial, desc, delay, leave
        self.callback = callback
        self.total = self.done = 0
        self.interrupted = False
        self._bar = None

    def add_total(self, n: int) -> None:
        self.total += n
        if self.show and self._bar is None:
            from tqdm import tqdm

            # delay: a run that ends within it shows no bar at all
            self._bar = tqdm(total=self.total, desc=self.desc, unit="", unit_scale=True, delay=self.delay,
                             dynamic_ncols=True, file=sys.stderr, leave=self.leave)
        elif self._bar is not None:
            self._bar.total = self.total
            self._bar.refresh()

    def advance(self, n: int) -> None:
        self.done += n
        if self._bar is not None:
            self._bar.update(n)
        if self.callback is not None:
            self.callback(self.done, self.total)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def current() -> Watch | None:
    return _CURRENT.get()


@contextmanager
def watching(watch: Watch) -> Iterator[Watch]:
    token = _CURRENT.set(watch)
    try:
        yield watch
    finally:
        _CURRENT.reset(token)
        watch.close()


@contextmanager
def reporting(progress: object, desc: str, delay: float = 0.5, leave: bool = False) -> Iterator[Watch | None]:
    """The one meaning of every call's ``progress=``: None or False, no report of its own (a
    watch the caller set up, the command line's, still hears); True, a bar on stderr; a callable,
    ``progress(done, total)`` after each piece of work; a ``Watch``, that watch.  ``delay``: a
    bar shows once the run has taken this long (seconds); ``leave``: the finished bar stays."""
    if progress is None or progress is False:
        yield current()
        return
    if progress is True:
        watch = Watch(bar=True, desc=desc, delay=delay, leave=leave)
    elif isinstance(progress, Watch):
        watch = progress
    elif callable(progress):
        watch = Watch(callback=progress, desc=desc)
    else:
        raise TypeError(f"progress must be True, False, None, a callable (done, total) or a Watch, got "
                        f"{type(progress).__name__}")
    with watching(watch):
        yield watch


def reports_progress(label: str) -> Callable[[F], F]:
    """A decorator for a call with a keyword-only ``progress=``: the whole call runs under
    ``reporting(progress, ...)``, its bar named ``label`` (``{game}`` is the call's game)."""

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            progress = kwargs.get("progress")
            if progress is None or progress is False:
                return fn(*args, **kwargs)
            game = kwargs.get("game", args[0] if args else "")
            with reporting(progress, label.format(game=getattr(game, "name", game))):
                return fn(*args, **kwargs)

        return cast(F, call)

    return wrap


class graceful_interrupt:  # noqa: N801  (used as a context manager, like a function)
    """While running in the main thread with Python's default SIGINT handler: the first
    Ctrl-C sets ``stop`` (the run winds down and returns what finished) and marks ``watch``
    interrupted, a second one raises KeyboardInterrupt as usual."""

    def __init__(self, stop: threading.Event, watch: Watch | None = None):
        self.stop = stop
        self.watch = watch
        self.old = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread() and \
                signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self.old = signal.signal(signal.SIGINT, self._handler)
        return self

    def _handler(self, signum, frame):
        if self.stop.is_set():
            raise KeyboardInterrupt
        self.stop.set()
        if self.watch is not None:
            self.watch.interrupted = True

    def __exit__(self, *exc):
        if self.old is not None:
            signal.signal(signal.SIGINT, self.old)
        return False
