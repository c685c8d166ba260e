"""The compiled core (``pyeval._core``) and read-only numpy views of its tables."""

from __future__ import annotations

from functools import cache

import numpy as np

from pyeval._core import ffi, lib

__all__ = ["ffi", "lib", "table"]

_DTYPES = {"uint8_t": np.uint8, "uint16_t": np.uint16, "uint32_t": np.uint32, "uint64_t": np.uint64}


@cache
def table(name: str) -> np.ndarray:
    """A compiled lookup table (e.g. ``"PYEVAL_HIGH_DECODE"``) as a read-only numpy array."""
    cdata = getattr(lib, name)
    dtype = _DTYPES[ffi.typeof(cdata).item.cname]
    view = np.frombuffer(ffi.buffer(cdata), dtype=dtype)
    view.flags.writeable = False
    return view
