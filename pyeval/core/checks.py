"""Argument checks shared by every entry point: one rule for what a count or a number is.

An integer is a Python ``int`` or a numpy integer; a bool is not (``samples=True`` is a
mistake, not one sample).  A number is a finite real, again not a bool.  A value that is no
number at all (text, None, a list) given for a count or a number is a TypeError; a number of
the wrong kind (7.5 deals, a negative count, True) is a ValueError.

>>> positive_int(np.int64(3), "threads")
3
>>> positive_int(True, "samples")
Traceback (most recent call last):
...
ValueError: samples must be a positive integer, got True
>>> positive_int("2", "threads")
Traceback (most recent call last):
...
TypeError: threads must be a positive integer, got str
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

import numpy as np

from pyeval.query.limits import MAX_WEIGHT, MIN_WEIGHT

__all__ = ["is_integer", "is_number", "no_number", "finite_number", "positive_int", "non_negative_int",
           "positive_number", "non_negative_number", "number_list", "read_number", "weight_problem"]

F = TypeVar("F", bound=Callable[..., Any])


def is_integer(value: Any) -> bool:
    """An ``int`` or numpy integer, and not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def no_number(value: Any, what: str, kind: str) -> None:
    """TypeError when ``value`` is no number at all (a bool is a number of the wrong kind: the
    callers' ValueError)."""
    if not is_number(value) and not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{what} must be a {kind}, got {type(value).__name__}")


def positive_int(value: Any, what: str, maximum: int | None = None, why: str = "") -> int:
    """``value`` as an int >= 1 (and <= ``maximum``, ``why`` saying what the cap is for), or
    ValueError (TypeError when it is no number)."""
    no_number(value, what, "positive integer")
    if not is_integer(value) or value < 1:
        raise ValueError(f"{what} must be a positive integer, got {value!r}")
    if maximum is not None and value > maximum:
        shown = f"{int(value):,}" if value < 10**15 else f"{float(value):.3g}"
        raise ValueError(f"{what} must be at most {maximum:,}{why}, got {shown}")
    return int(value)


def non_negative_int(value: Any, what: str) -> int:
    """``value`` as an int >= 0, or ValueError (TypeError when it is no number)."""
    no_number(value, what, "non-negative integer")
    if not is_integer(value) or value < 0:
        raise ValueError(f"{what} must be a non-negative integer, got {value!r}")
    return int(value)


def is_number(value: Any) -> bool:
    """A real number (int, float, Fraction, numpy's), and not a bool."""
    return not isinstance(value, (bool, np.bool_)) and isinstance(value, numbers.Real)


def finite_number(value: Any, what: str) -> Any:
    """``value`` itself if it is a finite number: TypeError if it is no number, ValueError if it
    is NaN or infinite.

    >>> finite_number(2.5, "stack")
    2.5
    >>> finite_number("10", "stack")
    Traceback (most recent call last):
    ...
    TypeError: stack must be a number, got '10'
    """
    if not is_number(value):
        raise TypeError(f"{what} must be a number, got {value!r}")
    if not math.isfinite(value):
        raise ValueError(f"{what} must be finite, got {value!r}")
    return value


def _finite_number(value) -> bool:
    return is_number(value) and math.isfinite(value)


def positive_number(value: Any, what: str) -> float:
    """``value`` as a finite float > 0, or ValueError (TypeError when it is no number)."""
    no_number(value, what, "positive number")
    if not _finite_number(value) or value <= 0:
        raise ValueError(f"{what} must be a positive number, got {value!r}")
    return float(value)


def non_negative_number(value: Any, what: str) -> float:
    """``value`` as a finite float >= 0, or ValueError (NaN and infinities included; an entry
    of a list of amounts, so text is a ValueError too: the list's message names the rule)."""
    if not _finite_number(value) or value < 0:
        raise ValueError(f"{what} must be finite numbers >= 0, got {value!r}")
    return float(value)


def number_list(values: Any, what: str, positive: bool) -> list:
    """``values`` as a non-empty list of numbers, each > 0 (``positive``) or >= 0 and finite (an
    int or Fraction of any size is finite: 10**400 chips are valid): TypeError for what is no
    list of numbers, ValueError naming ``what`` otherwise.  Ints stay ints (exact arithmetic)."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{what} must be a list of numbers")
    out = []
    for v in values:
        if not is_number(v):
            raise TypeError(f"{what} must be numbers, got {v!r}")
        finite = isinstance(v, (int, np.integer, Fraction)) or math.isfinite(float(v))
        if not finite or (v <= 0 if positive else v < 0):
            raise ValueError(f"{what} must be {'positive' if positive else 'non-negative'} and finite, got {v!r}")
        out.append(int(v) if isinstance(v, (int, np.integer)) else v)
    if not out:
        raise ValueError(f"{what} must not be empty")
    return out


_SCALES = {"K": 10**3, "M": 10**6, "G": 10**9, "B": 10**9}


def read_number(text: str, what: str = "", *, whole: bool = False, least: float | None = None,
                above: float | None = None, scaled: bool = False) -> int | float:
    """A number written as text (the command line's arguments): an int when it is one, else a
    float; ``whole``: a whole number (``1e6`` is one, ``1.5`` is not); ``least`` / ``above``: the
    smallest allowed value / a bound it must exceed; ``scaled``: a count with an optional K, M or
    G suffix and ``_`` or ``,`` between digits (``10M``, ``1.5K``, ``100_000``).  NaN and
    infinities are refused.  ValueError names ``what`` and repeats the text.

    >>> read_number("10M", "--samples", whole=True, least=1, scaled=True)
    10000000
    >>> read_number("1.5", "--samples", whole=True, least=1, scaled=True)
    Traceback (most recent call last):
    ...
    ValueError: --samples must be a whole number >= 1, got '1.5'
    """
    kind = "a whole number" if whole else "a number"
    bound = f" >= {least:g}" if least is not None else f" > {above:g}" if above is not None else ""
    problem = ValueError(f"{what + ' ' if what else ''}must be {kind}{bound}, got {text!r}")
    if not isinstance(text, str):
        raise problem
    t, scale = text.strip(), 1
    if scaled:
        t = t.upper().replace("_", "").replace(",", "")
        scale = _SCALES.get(t[-1:], 1)
        t = t[:-1] if scale != 1 else t
    value: int | float
    try:
        value = int(t) * scale
    except ValueError:
        try:
            value = float(t) * scale
        except ValueError:
            raise problem from None
        if not math.isfinite(value):
            raise ValueError(f"{what + ' ' if what else ''}must be finite, got {text!r}") from None
        if whole:
            if not value.is_integer():
                raise problem from None
            value = int(value)
    if least is not None and value < least or above is not None and value <= above:
        raise problem
    return value


def weight_problem(weights: Any) -> str | None:
    """What is wrong with range weights (one number or an array), or None: every way of writing a
    weight (``AA:0.5``, ``AA@0.5``, ``Range(..., weights)``) takes this one rule."""
    w = np.asarray(weights, np.float64)
    if not np.isfinite(w).all() or (w < 0).any():
        return "weights are finite numbers >= 0"
    if (w > MAX_WEIGHT).any() or ((w > 0) & (w < MIN_WEIGHT)).any():
        return f"weights are 0 or between {MIN_WEIGHT:g} and {MAX_WEIGHT:g}"
    return None
