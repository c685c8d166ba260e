"""The result protocol: what every result object speaks (issue 26).

A result says what its rows are (``rows()``: a list of dicts with the same keys) and what it is
as plain data (``to_dict()``); ``to_json``, ``to_frame`` and ``to_csv`` follow from those, and
``==`` compares contents (arrays by value).  pandas is an optional extra (``python -m pip install
".[frame]"`` in a clone, or pandas itself); CSV and JSON need nothing.  JSON is strict: a number
that is not one (NaN, an equity that never met a deal) is written as ``null``.

New result types subclass :class:`Result` (a ``@dataclass(eq=False)``) and implement ``rows()``
(and ``to_dict()`` when the result is more than its rows); ``tests/test_result_protocol.py``
checks every result type in its list.
"""

from __future__ import annotations

from pyeval.core._results import Result, json_text, plain, require

__all__ = ["Result", "Table", "json_text", "plain", "require"]

Table = Result
"""The name the analysis results used for the protocol before it had its own module."""
