"""What every analysis result shares: rows of plain values, as pandas, CSV or JSON.

A result says what its rows are (``rows()``: a list of dicts with the same keys); pandas is an
optional extra (``pip install "pyeval-poker[frame]"``), CSV and JSON need nothing.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

__all__ = ["Table", "require"]


def require(module: str, extra: str) -> Any:
    """Import an optional dependency, or say which extra installs it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(f"{module} is needed for this; install it with: pip install \"pyeval-poker[{extra}]\"") from e


class Table:
    """Mixin: ``rows()`` gives the table; to_frame / to_csv / to_json follow from it."""

    def rows(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def to_frame(self) -> Any:
        """The rows as a pandas DataFrame (pandas: the ``frame`` extra)."""
        pd = require("pandas", "frame")
        return pd.DataFrame(self.rows())

    def to_csv(self, path: str | None = None) -> str:
        """The rows as CSV text (also written to ``path`` when given)."""
        rows = self.rows()
        buf = io.StringIO()
        if rows:
            w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
            w.writeheader()
            w.writerows(rows)
        text = buf.getvalue()
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"rows": self.rows()}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())
