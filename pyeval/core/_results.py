"""The result protocol, at the bottom layer so that every result type speaks it (issue 26):
``==`` by content, ``rows()``, ``to_dict``, strict ``to_json``, ``to_frame``, ``to_csv``.

A dataclass's generated ``__eq__`` compares its fields as a tuple, which fails on numpy
arrays ("the truth value of an array is ambiguous"); results compare their arrays by value
here (NaN equal to NaN: an equity that never met a deal is NaN in both).  Fields declared
with ``compare=False`` (timings) are left out.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
from dataclasses import fields
from fractions import Fraction
from typing import IO, Any

import numpy as np

from pyeval.core.cards import parse_cards
from pyeval.core.files import replacing

__all__ = ["Result", "ResultEquality", "HandKeyed", "board_list", "fraction_pair", "json_text", "plain", "require",
           "same", "write_text"]

# How results write cards (docs/results.md): a hand, combo or board as one text of its cards, each
# card "As" (rank then suit), one space between cards, in the order held ("As Ah", "2c 7d 9h",
# pyeval.core.cards.format_cards); a board as a list of such texts, one per board, [] when no card
# is known (board_list).  Inputs take any spelling ("AsAh", "as ah").


def fraction_pair(value: Fraction | int) -> list[int]:
    """An exact value as every result's JSON writes it: ``[numerator, denominator]`` (beside its
    float), numbers a JSON reader takes as they are, not text to parse."""
    f = Fraction(value)
    return [f.numerator, f.denominator]


def board_list(board: str | list[str] | tuple[str, ...]) -> list[str]:
    """A board as every result's JSON writes it: a list with one card text per board (``["Kd 8c
    2s"]``; two boards ``["Kd 8c 2s", "7h 7d 9c"]``; ``[]`` when no board card is known), as in
    ``pyeval.equity``'s results.  Takes a result's board text ("A / B" for two boards) or list."""
    parts = [" ".join(p.split()) for p in (board.split("/") if isinstance(board, str) else list(board))]
    return parts if any(parts) else []


class HandKeyed(dict):
    """A dict keyed by hand texts as results write them (``"As Ah"``), which also finds a key
    written another way (``"AsAh"``, ``"Ah As"``): the same cards in any order and spacing."""

    def __missing__(self, key: object) -> Any:
        wanted = _card_set(key)
        if wanted is not None:
            index = self.__dict__.get("_by_cards")
            if index is None or index[None] != len(self):  # built on the first miss (again if keys were added)
                index = {_card_set(k): k for k in self}
                index[None] = len(self)
                self.__dict__["_by_cards"] = index
            if wanted in index:
                return self[index[wanted]]
        raise KeyError(key)


def _card_set(text: object) -> frozenset[int] | None:
    """The cards of a hand text, in any order; None for what is not one."""
    if not isinstance(text, str):
        return None
    try:
        return frozenset(parse_cards(text).tolist())
    except ValueError:
        return None


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


# The optional dependencies a user may need at run time, by extra: pyproject.toml's
# [project.optional-dependencies] (tests/test_docs.py checks that the two agree).
EXTRAS = {
    "plot": ("matplotlib>=3.7",),
    "frame": ("pandas>=2.0",),
    "dask": ("dask[distributed]>=2024.1",),
    "history": ("pokerkit>=0.7",),
    "parquet": ("pyarrow>=14",),
}


def install_hint(extra: str) -> str:
    """How to install an extra's dependencies, in a form that works whether pyeval was installed
    from a clone or (once published) from the package index: the packages themselves, and the
    extra from the clone's folder."""
    packages = " ".join(f'"{p}"' for p in EXTRAS[extra])
    return (f'python -m pip install {packages} (the [{extra}] extra; in a clone of pyeval: '
            f'python -m pip install ".[{extra}]")')


def require(module: str, extra: str) -> Any:
    """Import an optional dependency, or say which extra installs it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(f"{module} is needed for this; install it with: {install_hint(extra)}") from e


def plain(value: Any) -> Any:
    """``value`` as JSON-ready data: numpy arrays and scalars as lists and numbers, fractions as
    floats, NaN and infinities as None, tuples as lists, dict keys as text."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return plain(value.tolist())
    if isinstance(value, np.generic):
        return plain(value.item())
    if isinstance(value, Fraction):
        value = float(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def json_text(value: Any, indent: int | None = None) -> str:
    """``value`` as strict JSON (``plain``: numpy as numbers, NaN as null)."""
    return json.dumps(plain(value), indent=indent, allow_nan=False)


def write_text(text: str, path: str | os.PathLike | IO[str] | None) -> str:
    """``text``, also written to ``path`` (a file name, whole or not at all: ``files.replacing``;
    or an open text file) when given."""
    if isinstance(path, (str, os.PathLike)):
        with replacing(path) as temp, open(temp, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    elif path is not None:
        path.write(text)
    return text


class Result(ResultEquality):
    """The result protocol: ``rows()`` gives the table; ``to_dict``, ``to_json``, ``to_frame``
    and ``to_csv`` follow from it; ``==`` compares contents."""

    def rows(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def to_frame(self) -> Any:
        """The rows as a pandas DataFrame (pandas: the ``frame`` extra)."""
        pd = require("pandas", "frame")
        return pd.DataFrame(self.rows())

    def to_csv(self, path: str | os.PathLike | IO[str] | None = None) -> str:
        """The rows as CSV text (also written to ``path``, a file name or an open text file, when
        given)."""
        rows = [{k: plain(v) for k, v in row.items()} for row in self.rows()]
        buf = io.StringIO()
        if rows:
            w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
            w.writeheader()
            w.writerows(rows)
        return write_text(buf.getvalue(), path)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data (JSON-ready: see ``plain``)."""
        return plain({"rows": self.rows()})

    def to_json(self, indent: int | None = None) -> str:
        """``to_dict()`` as strict JSON (no NaN: ``null``)."""
        return json_text(self.to_dict(), indent)
