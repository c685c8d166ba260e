"""The result protocol: what every result object speaks (issue 26).

A result says what its rows are (``rows()``: a list of dicts with the same keys) and what it is
as plain data (``to_dict()``); ``to_json``, ``to_frame`` and ``to_csv`` follow from those, and
``==`` compares contents (arrays by value).  pandas is an optional extra
(``pip install "pyeval-poker[frame]"``); CSV and JSON need nothing.  JSON is strict: a number
that is not one (NaN, an equity that never met a deal) is written as ``null``.

New result types subclass :class:`Result` (a ``@dataclass(eq=False)``) and implement ``rows()``
(and ``to_dict()`` when the result is more than its rows); ``tests/test_result_protocol.py``
checks every result type in its list.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
from fractions import Fraction
from typing import IO, Any

import numpy as np

from pyeval.core._results import ResultEquality

__all__ = ["Result", "Table", "json_text", "plain", "require"]


def require(module: str, extra: str) -> Any:
    """Import an optional dependency, or say which extra installs it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(f"{module} is needed for this; install it with: pip install \"pyeval-poker[{extra}]\"") from e


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
        text = buf.getvalue()
        if isinstance(path, (str, os.PathLike)):
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        elif path is not None:
            path.write(text)
        return text

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data (JSON-ready: see ``plain``)."""
        return plain({"rows": self.rows()})

    def to_json(self, indent: int | None = None) -> str:
        """``to_dict()`` as strict JSON (no NaN: ``null``)."""
        return json_text(self.to_dict(), indent)


Table = Result
"""The name the analysis results used for the protocol before it had its own module."""
