"""Progress and Ctrl-C for long runs at a terminal: what a caller (``pyeval.cli``) watches.

The engines' thread pool reports every finished job to the ``Watch`` of the current context
(none outside a ``watching`` block: library calls are unaffected).  A watch may show a tqdm
bar on stderr, and may keep a Monte Carlo run's partial result on Ctrl-C: the sampling stops,
the chunks that finished are counted and ``interrupted`` is set (exact enumerations have no
partial answer: there Ctrl-C raises KeyboardInterrupt as usual).
"""

from __future__ import annotations

import contextvars
import sys
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["Watch", "current", "watching"]

_CURRENT: contextvars.ContextVar[Watch | None] = contextvars.ContextVar("pyeval_watch", default=None)


class Watch:
    def __init__(self, bar: bool = False, keep_partial: bool = False, desc: str = "pyeval", delay: float = 0.5):
        self.show, self.keep_partial, self.desc, self.delay = bar, keep_partial, desc, delay
        self.total = self.done = 0
        self.interrupted = False
        self._bar = None

    def add_total(self, n: int) -> None:
        self.total += n
        if self.show and self._bar is None:
            from tqdm import tqdm

            # delay: a run that ends within it shows no bar at all
            self._bar = tqdm(total=self.total, desc=self.desc, unit="", unit_scale=True, delay=self.delay,
                             dynamic_ncols=True, file=sys.stderr, leave=False)
        elif self._bar is not None:
            self._bar.total = self.total
            self._bar.refresh()

    def advance(self, n: int) -> None:
        self.done += n
        if self._bar is not None:
            self._bar.update(n)

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
