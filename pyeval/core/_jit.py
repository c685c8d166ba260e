"""numba's ``njit`` for pyeval's kernels, with an on-disk cache that a read-only install can still read.

Where numba keeps compiled kernels.  ``pip install`` compiles every kernel once while it builds
the wheel (``pyeval._warm.warm``, run by setup.py) and ships the cache beside the sources
(each kernel module's package's ``__pycache__/*.nbi, *.nbc``): a fresh install answers its first query without
compiling.  At run time each kernel reads, in this order:

1. numba's own writable cache: ``NUMBA_CACHE_DIR``, else the package's ``__pycache__`` if it is
   writable, else the user's cache directory (where new compilations are saved);
2. the cache shipped in the package's ``__pycache__``, read-only (a read-only install).

numba keys every entry by its version, the CPU and a hash of the source, so an entry built
for another numba or CPU is skipped and the kernel compiles.  Where that happens and nothing
is writable (a read-only install and HOME, no ``NUMBA_CACHE_DIR``), the kernel compiles in
each process that needs it (seconds), with one warning; set ``NUMBA_CACHE_DIR`` to a writable
directory to keep such compilations.

Imported only by the kernel modules, which are imported lazily: nothing compiles at import.
"""

from __future__ import annotations

import os
import warnings

import numba

__all__ = ["njit"]

try:  # numba's cache machinery (numba.core.caching, stable since 0.49; pyeval needs >= 0.59)
    from numba.core.caching import CompileResultCacheImpl, FunctionCache, InTreeCacheLocator, _Cache
except ImportError:  # pragma: no cover - another layout: numba's plain cache=True
    _Cache = None  # type: ignore[misc,assignment]

_warned: list[bool] = []


def _warn_uncached() -> None:
    if not _warned:
        _warned.append(True)
        warnings.warn("pyeval: numba cannot cache compiled kernels (the install and the user's cache directory are "
                      "read-only): compiling them in this process instead; set NUMBA_CACHE_DIR to a writable "
                      "directory to keep them", RuntimeWarning, stacklevel=4)


if _Cache is not None:
    class _ShippedLocator(InTreeCacheLocator):
        """The package's own ``__pycache__``, read even where it is not writable."""

        @classmethod
        def from_function(cls, py_func, py_file):
            self = cls(py_func, py_file)
            return self if os.path.isdir(self.get_cache_path()) else None

    class _ShippedImpl(CompileResultCacheImpl):
        _locator_classes = [_ShippedLocator]

    class _ShippedCache(FunctionCache):
        _impl_class = _ShippedImpl

    class _LayeredCache(_Cache):
        """numba's writable cache first (where new compilations go), then the shipped one."""

        def __init__(self, py_func):
            try:
                self._writable = FunctionCache(py_func)
            except RuntimeError:  # "no locator available": nothing writable
                self._writable = None
            try:
                self._shipped = _ShippedCache(py_func)
            except RuntimeError:
                self._shipped = None
            if (self._writable is not None and self._shipped is not None
                    and os.path.samefile(self._writable.cache_path, self._shipped.cache_path)):
                self._shipped = None  # the same files
            self._layers = [c for c in (self._writable, self._shipped) if c is not None]

        @property
        def cache_path(self):
            return self._layers[0].cache_path if self._layers else None

        def load_overload(self, sig, target_context):
            for layer in self._layers:
                try:
                    cres = layer.load_overload(sig, target_context)
                except OSError:  # an unreadable file: as if absent
                    cres = None
                if cres is not None:
                    return cres
            return None

        def save_overload(self, sig, data):
            if self._writable is None:
                _warn_uncached()
                return
            try:
                self._writable.save_overload(sig, data)
            except OSError:  # became unwritable since: keep the compilation in this process only
                _warn_uncached()

        def flush(self):
            if self._writable is not None:
                self._writable.flush()

        def enable(self):
            for layer in self._layers:
                layer.enable()

        def disable(self):
            for layer in self._layers:
                layer.disable()


def _cached(dispatcher):
    if _Cache is None:  # pragma: no cover
        dispatcher.enable_caching()
    else:
        dispatcher._cache = _LayeredCache(dispatcher.py_func)
    return dispatcher


def njit(*args, **kwargs):
    """``numba.njit``; ``cache=True`` caches as the module doc says (never an error where nothing is writable)."""
    cache = kwargs.pop("cache", False)
    if len(args) == 1 and callable(args[0]) and not kwargs:
        dispatcher = numba.njit(args[0])
        return _cached(dispatcher) if cache else dispatcher
    decorate = numba.njit(*args, **kwargs)
    return (lambda f: _cached(decorate(f))) if cache else decorate


