"""Argument checks shared by every entry point: one rule for what a count or a number is.

An integer is a Python ``int`` or a numpy integer; a bool is not (``samples=True`` is a
mistake, not one sample).  A number is a finite real, again not a bool.

>>> positive_int(np.int64(3), "threads")
3
>>> positive_int(True, "samples")
Traceback (most recent call last):
...
ValueError: samples must be a positive integer, got True
"""

from __future__ import annotations

import functools
import math
import numbers
import warnings
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np

__all__ = ["is_integer", "positive_int", "non_negative_int", "positive_number", "non_negative_number",
           "weight_problem", "renamed", "renamed_attribute"]

F = TypeVar("F", bound=Callable[..., Any])


def is_integer(value: Any) -> bool:
    """An ``int`` or numpy integer, and not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def positive_int(value: Any, what: str, maximum: int | None = None, why: str = "") -> int:
    """``value`` as an int >= 1 (and <= ``maximum``, ``why`` saying what the cap is for), or ValueError."""
    if not is_integer(value) or value < 1:
        raise ValueError(f"{what} must be a positive integer, got {value!r}")
    if maximum is not None and value > maximum:
        shown = f"{int(value):,}" if value < 10**15 else f"{float(value):.3g}"
        raise ValueError(f"{what} must be at most {maximum:,}{why}, got {shown}")
    return int(value)


def non_negative_int(value: Any, what: str) -> int:
    """``value`` as an int >= 0, or ValueError."""
    if not is_integer(value) or value < 0:
        raise ValueError(f"{what} must be a non-negative integer, got {value!r}")
    return int(value)


def _finite_number(value) -> bool:
    return not isinstance(value, (bool, np.bool_)) and isinstance(value, numbers.Real) and math.isfinite(value)


def positive_number(value: Any, what: str) -> float:
    """``value`` as a finite float > 0, or ValueError."""
    if not _finite_number(value) or value <= 0:
        raise ValueError(f"{what} must be a positive number, got {value!r}")
    return float(value)


def non_negative_number(value: Any, what: str) -> float:
    """``value`` as a finite float >= 0, or ValueError (NaN and infinities included)."""
    if not _finite_number(value) or value < 0:
        raise ValueError(f"{what} must be finite numbers >= 0, got {value!r}")
    return float(value)


MAX_WEIGHT = 1e50
MIN_WEIGHT = 1e-50
"""A range weight is 0 or within these bounds (relative weights, a ratio of at most 1e100 in a range:
the exact paths split them by weight class and count in integers, but the equities are floats, and
the samplers' cumulative sums overflow past about 1e308)."""


def weight_problem(weights: Any) -> str | None:
    """What is wrong with range weights (one number or an array), or None: every way of writing a
    weight (``AA:0.5``, ``AA@0.5``, ``Range(..., weights)``) takes this one rule."""
    w = np.asarray(weights, np.float64)
    if not np.isfinite(w).all() or (w < 0).any():
        return "weights are finite numbers >= 0"
    if (w > MAX_WEIGHT).any() or ((w > 0) & (w < MIN_WEIGHT)).any():
        return f"weights are 0 or between {MIN_WEIGHT:g} and {MAX_WEIGHT:g}"
    return None


def renamed(**old_to_new: str) -> Callable[[F], F]:
    """A decorator that keeps old argument names working for a release: ``old=`` is passed on as
    ``new=`` with a DeprecationWarning (both at once: TypeError).  The signature shows the new names."""

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            for old, new in old_to_new.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError(f"{fn.__name__}() got both {old}= and {new}=; {old}= is the old name")
                    warnings.warn(f"{fn.__name__}({old}=...) is now {new}=...; {old}= goes in a later release",
                                  DeprecationWarning, stacklevel=2)
                    kwargs[new] = kwargs.pop(old)
            return fn(*args, **kwargs)

        return cast(F, call)

    return wrap


def renamed_attribute(old: str, new: str, note: str = "") -> property:
    """A read-only property that keeps an old attribute name of a result working for a release:
    ``obj.old`` gives ``obj.new`` with a DeprecationWarning (``note``: how the value differs)."""

    def get(self: Any) -> Any:
        warnings.warn(f"{type(self).__name__}.{old} is now .{new}{note}; .{old} goes in a later release",
                      DeprecationWarning, stacklevel=2)
        return getattr(self, new)

    return property(get, doc=f"Deprecated: the old name of ``{new}``{note}.")
