"""What the result objects share: ``==`` by content.

A dataclass's generated ``__eq__`` compares its fields as a tuple, which fails on numpy
arrays ("the truth value of an array is ambiguous"); results compare their arrays by value
here (NaN equal to NaN: an equity that never met a deal is NaN in both).  Fields declared
with ``compare=False`` (timings) are left out.
"""

from __future__ import annotations

import math
from dataclasses import fields

import numpy as np

__all__ = ["ResultEquality", "same"]


def same(a: object, b: object) -> bool:
    """Equality for result contents: arrays by value, containers item by item."""
    if a is b:
        return True
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)) or a.shape != b.shape:
            return False
        if a.dtype.kind in "fc" and b.dtype.kind in "fc":
            return bool(np.array_equal(a, b, equal_nan=True))
        return bool(np.array_equal(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return bool(a == b)


class ResultEquality:
    """Mixin for ``@dataclass(eq=False)`` results: ``==`` over the compared fields."""

    __hash__ = None  # type: ignore[assignment]  # mutable arrays inside

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return all(same(getattr(self, f.name), getattr(other, f.name)) for f in fields(self) if f.compare)
