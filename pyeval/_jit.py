"""numba's ``njit`` for pyeval's kernels: with the on-disk cache where numba can keep one.

numba keeps compiled kernels beside their source (``__pycache__``), in ``NUMBA_CACHE_DIR``,
or in the user's cache directory, whichever it can write first.  Where it can write none
(a read-only install with a read-only HOME), a kernel declared ``cache=True`` fails with
"cannot cache function ...: no locator available".  Then every kernel is compiled without the
cache instead, in each process that uses it (seconds on first use), after one warning.
Imported only by the kernel modules, which are imported lazily: nothing compiles at import.
"""

from __future__ import annotations

import warnings

import numba

__all__ = ["njit", "CACHE"]


def _probe():  # a function beside the kernels: numba looks for its cache where it would for theirs
    return None


def _numba_can_cache() -> bool:
    try:
        from numba.core.caching import FunctionCache
    except ImportError:  # pragma: no cover - another numba layout: let numba decide per kernel
        return True
    try:
        FunctionCache(_probe)
    except (RuntimeError, OSError):
        return False
    return True


CACHE = _numba_can_cache()
if not CACHE:
    warnings.warn("pyeval: numba cannot cache compiled kernels (the install and the user's cache directory are "
                  "read-only): compiling them in this process instead; set NUMBA_CACHE_DIR to a writable "
                  "directory to keep them", RuntimeWarning, stacklevel=2)


def njit(*args, **kwargs):
    """``numba.njit``; ``cache=True`` is dropped where numba cannot cache (see the module doc)."""
    if not CACHE:
        kwargs["cache"] = False
    return numba.njit(*args, **kwargs)
