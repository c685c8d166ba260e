"""What ``allin_ev`` reads: paths, folders, PHH text, pokerkit ``HandHistory`` objects -> records.

Files are read by the fast reader where it can (``reader.read_fast``), else by pokerkit's
replay; many files are read in parallel, one process per core, in chunks of files (the reading is
Python: threads would share one GIL), or on a Dask cluster (``client=``), one task per chunk.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pyeval.history.reader import VARIANTS, HandRecord, parse_fields, read_fast, split_hands

__all__ = ["collect_paths", "read_file", "read_text", "read_files", "read_source", "FILES_PER_TASK"]

FILES_PER_TASK = 500
"""Files per parallel task: a task is a few tens of milliseconds of reading."""
PARALLEL_FROM = 2000
"""Fewer files than this are read in this process (starting worker processes costs more)."""
SUFFIXES = (".phh", ".phhs")


def collect_paths(source: str | os.PathLike | Iterable[str | os.PathLike]) -> list[str]:
    """The files named: a file, a folder (its .phh and .phhs files, recursively, sorted), or a
    list of either.  ValueError naming a path that does not exist."""
    items = [source] if isinstance(source, (str, os.PathLike)) else list(source)
    out: list[str] = []
    for item in items:
        path = Path(item)
        if path.is_dir():
            found = sorted(str(p) for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file())
            out.extend(sorted(found, key=_natural))
        elif path.is_file():
            out.append(str(path))
        else:
            raise ValueError(f"{item}: no such file or folder")
    return out


def _natural(path: str) -> list[Any]:
    """Sort key: numbers in names by value (pluribus/30/9.phh before 30/10.phh)."""
    import re

    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", path)]


def read_text(text: str, source: str) -> list[HandRecord]:
    """The records of a PHH text (one hand, or the ``[name]`` sections of a .phhs)."""
    records = []
    for index, hand_text in enumerate(split_hands(text)):
        try:
            fields = parse_fields(hand_text)
        except ValueError as e:
            raise ValueError(f"{source}: {e}") from None
        if "variant" not in fields or "actions" not in fields or "starting_stacks" not in fields:
            raise ValueError(f"{source}: not a PHH hand history (no variant, starting_stacks or actions)")
        record = read_fast(fields, source, index)
        if record is None:
            record = _slow(fields, hand_text, source, index)
        records.append(record)
    return records


def _slow(fields: dict[str, Any], hand_text: str, source: str, index: int) -> HandRecord:
    """A hand the fast reader declines: skipped when pyeval does not play its variant (no
    pokerkit needed), else pokerkit's replay."""
    from pyeval.history.replay import replay, require_pokerkit

    pokerkit = require_pokerkit()
    variant = str(fields["variant"])
    if variant not in VARIANTS and variant not in pokerkit.HandHistory.game_types:
        raise ValueError(f"{source}: unknown PHH variant {variant!r} (known: {', '.join(sorted(VARIANTS))})")
    try:
        hh = pokerkit.HandHistory.loads(hand_text)
    except Exception as e:  # pokerkit raises many kinds on a bad file
        raise ValueError(f"{source}: pokerkit cannot read it: {e}") from None
    return replay(hh, source, index)


def read_file(path: str) -> list[HandRecord]:
    """The records of one file; ValueError naming it when it is not PHH."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a PHH hand history (not UTF-8 text)") from None
    return read_text(text, path)


def read_files(paths: Sequence[str]) -> list[HandRecord]:
    """The records of files, in order (one task of the parallel reading)."""
    return [r for p in paths for r in read_file(p)]


def read_source(source: Any, *, client: Any = None, workers: int | None = None,
                advance: Callable[[int], None] | None = None) -> list[HandRecord]:
    """Records of everything ``allin_ev`` takes as ``source`` (see its docstring)."""
    items = source if isinstance(source, (list, tuple)) else [source]
    if items and not isinstance(items[0], (str, os.PathLike)):  # pokerkit HandHistory objects
        from pyeval.history.replay import replay

        return [replay(hh, "<HandHistory>", i) for i, hh in enumerate(items)]
    if isinstance(source, str) and ("\n" in source or "actions" in source and not os.path.exists(source)):
        return read_text(source, "<text>")
    paths = collect_paths(source)
    tasks = [paths[a:a + FILES_PER_TASK] for a in range(0, len(paths), FILES_PER_TASK)]
    workers = workers if workers is not None else (os.cpu_count() or 1)
    if client is not None:
        from pyeval.engines.cluster import check_workers

        check_workers(client)
        futures = client.map(read_files, tasks, pure=False)
        chunks = client.gather(futures)
    elif len(paths) < PARALLEL_FROM or workers < 2:
        chunks = []
        for task in tasks:
            chunks.append(read_files(task))
            if advance is not None:
                advance(len(task))
        return [r for c in chunks for r in c]
    else:
        with ProcessPoolExecutor(workers) as pool:
            chunks = []
            for chunk, task in zip(pool.map(read_files, tasks), tasks):
                chunks.append(chunk)
                if advance is not None:
                    advance(len(task))
    return [r for c in chunks for r in c]
