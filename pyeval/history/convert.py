"""``pyeval.history.convert_to_phh``: site hand histories written as PHH files, one a hand
(``Hand.to_phh``), and what could not be (``pyeval history convert PATH... --to phh OUTDIR``)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pyeval.core import _progress
from pyeval.core._results import write_text
from pyeval.history.hands import read_hands
from pyeval.results.protocol import Result

__all__ = ["convert_to_phh", "ConversionResult"]


@dataclass(eq=False)
class ConversionResult(Result):
    """Site hands written as PHH: one row per hand or piece read: source, line, site, hand (the
    site's id), file (the name of the PHH file written in ``folder``, None when not), reason (why
    not; None when written)."""

    records: list[dict[str, Any]] = field(default_factory=list)
    folder: str = field(default="", compare=False)

    def rows(self) -> list[dict[str, Any]]:
        return self.records

    def __len__(self) -> int:
        return len(self.records)

    def __repr__(self) -> str:
        written = sum(1 for r in self.records if r["file"])
        return f"ConversionResult({written:,} PHH files written, {len(self.records) - written:,} hands not written)"


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def convert_to_phh(source: Any, folder: str | os.PathLike, *, force: bool = False, site: str | None = None,
                   progress: Any = None) -> ConversionResult:
    """Read ``source`` (as ``pyeval.read_hands``) and write each hand as ``<folder>/<site>-<id>.phh``
    (``force``: overwrite files that exist, else ValueError before anything is written).  A hand
    PHH cannot hold (a game with no PHH variant, a dead blind) and every piece not read are rows
    with their reason."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise ValueError(f"{folder}: is a file, not a folder")
    if not out.parent.is_dir():
        raise ValueError(f"{folder}: no folder {str(out.parent)!r}")
    hands = read_hands(source, site=site, progress=progress)
    planned: list[tuple[Path, str, dict[str, Any]]] = []
    rows: list[dict[str, Any]] = []
    names: set[str] = set()
    for h in hands.hands:
        row: dict[str, Any] = {"source": h.source, "line": h.line, "site": h.site, "hand": h.id, "file": None,
                               "reason": None}
        rows.append(row)
        try:
            text = h.to_phh()
        except ValueError as e:
            row["reason"] = str(e)
            continue
        name = f"{h.site}-{_UNSAFE.sub('_', h.id)}.phh"
        while name in names:  # the same id twice (a file read twice, an edited sample)
            name = name[:-4] + "_.phh"
        names.add(name)
        planned.append((out / name, text, row))
    rows += [{"source": s.source, "line": s.line, "site": s.site, "hand": s.id or None, "file": None,
              "reason": s.reason} for s in hands.skipped]
    if not force:
        existing = [str(p) for p, _, _ in planned if p.exists()]
        if existing:
            raise ValueError(f"{existing[0]} exists ({len(existing)} of the files); add --force (force=True) to "
                             "overwrite them")
    out.mkdir(exist_ok=True)
    with _progress.reporting(progress, "write PHH") as watch:
        if watch is not None:
            watch.add_total(len(planned))
        for path, text, row in planned:
            write_text(text, path)
            row["file"] = path.name
            if watch is not None:
                watch.advance(1)
    return ConversionResult(rows, str(out))
