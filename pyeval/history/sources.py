"""What ``allin_ev`` reads: paths, folders, PHH text, pokerkit ``HandHistory`` objects -> records.

Files are read by the fast reader where it can (``reader.read_fast``), else by pokerkit's
replay; many files are read in parallel, one process per core, in chunks of files (the reading is
Python: threads would share one GIL), or on a Dask cluster (``client=``), one task per chunk.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import stat
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pyeval.history.reader import (
    DRAW_GAMES,
    VARIANTS,
    HandRecord,
    RawActions,
    field_line,
    fields_of,
    hands_with_lines,
    read_fast,
)
from pyeval.history.sites.reading import (
    SITE_SUFFIXES,
    is_site_text,
    read_site_text,
    site_file_records,
    site_records,
)
from pyeval.history.sites.registry import decode
from pyeval.history.validate import InvalidHand, check_hand

__all__ = ["is_text", "collect_paths", "read_file", "read_text", "read_files", "read_compact", "unpack", "read_source",
           "cores", "FILES_PER_TASK"]

FILES_PER_TASK = 500
"""Files per parallel task: a task is a few tens of milliseconds of reading."""
PARALLEL_FROM = 2000
"""Fewer files than this are read in this process (starting worker processes costs more)."""
SUFFIXES = (".phh", ".phhs")
"""PHH files; a folder's other hand histories are the site files (``SITE_SUFFIXES``)."""
HISTORY_SUFFIXES = SUFFIXES + SITE_SUFFIXES


def is_text(source: object) -> bool:
    """Whether a str given as a source is hand-history text rather than a path: text has a line
    break, or is one line of XML or JSON (IGT writes a hand on one line), or of PHH, that names no
    file."""
    if not isinstance(source, str):
        return False
    if "\n" in source:
        return True
    one_line = source.lstrip()[:1] in ("<", "{") or "actions" in source
    return one_line and not os.path.exists(source)


def collect_paths(source: str | os.PathLike | Iterable[str | os.PathLike],
                  suffixes: tuple[str, ...] = HISTORY_SUFFIXES) -> list[str]:
    """The files named: a file, a folder (its files named with ``suffixes``: PHH and the sites'
    text and XML, recursively, sorted), or a list of either.  ValueError naming a path that does
    not exist."""
    items = [source] if isinstance(source, (str, os.PathLike)) else list(source)
    out: list[str] = []
    for item in items:
        try:
            mode = os.stat(item).st_mode  # one system call a path
        except (OSError, ValueError):
            mode = 0
        if stat.S_ISDIR(mode):
            out.extend(sorted(sorted(_files_under(str(Path(item)), suffixes)), key=_natural))
        elif stat.S_ISREG(mode):
            text = os.fspath(item)
            out.append(str(Path(text)) if "//" in text or "/." in text or text[:1] == "." or text[-1:] == "/" else text)
        else:
            raise ValueError(f"{item}: no such file or folder")
    return out


def _files_under(folder: str, suffixes: tuple[str, ...]) -> Iterable[str]:
    """The files named with ``suffixes`` under a folder, recursively (not through links to folders, as
    ``Path.rglob``), read from the directory entries (no system call a file)."""
    folders = [folder]
    while folders:
        folder = folders.pop()
        try:
            entries = os.scandir(folder)
        except OSError as e:
            raise ValueError(f"{folder}: cannot read the folder: {e.strerror or e}") from None
        with entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                elif os.path.splitext(entry.name)[1].lower() in suffixes and entry.is_file():
                    yield entry.path


def _natural(path: str) -> list[Any]:
    """Sort key: numbers in names by value (pluribus/30/9.phh before 30/10.phh)."""
    import re

    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", path)]


def read_text(text: str, source: str) -> list[HandRecord]:
    """The records of a PHH text (one hand, or the ``[name]`` sections of a .phhs); a hand that
    is not valid PHH, breaks the rules (``validate.check_hand``) or cannot be read here is a
    record with ``skipped`` set (the reason) and ``line`` (where)."""
    records = []
    for index, (line, hand_text) in enumerate(hands_with_lines(text)):
        try:
            records.append(_read_hand(hand_text, source, index, line))
        except InvalidHand as e:
            records.append(skipped(source, index, line + field_line(hand_text, e.field), e.reason))
    return records


def skipped(source: str, index: int, line: int, reason: str) -> HandRecord:
    """The record of a hand not read: where, and why."""
    return HandRecord(source, index, None, "", None, [], [], [], line=line, skipped=reason)


def _read_hand(hand_text: str, source: str, index: int, line: int) -> HandRecord:
    try:
        fields = fields_of(hand_text)
    except ValueError as e:
        raise InvalidHand(str(e)) from None
    missing = [k for k in ("variant", "starting_stacks", "actions") if k not in fields]
    if missing:
        raise InvalidHand(f"not a PHH hand history (no {', '.join(missing)})")
    variant = fields["variant"]
    game = VARIANTS.get(variant) if isinstance(variant, str) else None
    if game is None:
        raise InvalidHand(f"unknown PHH variant {variant!r} (known: {', '.join(sorted(VARIANTS))})", "variant")
    raw = fields["actions"]
    checked = dict(fields, actions=raw.parse()) if isinstance(raw, RawActions) else fields
    check_hand(checked, game, draw=game in DRAW_GAMES)
    record = read_fast(fields, source, index)
    if record is None:
        record = _slow(checked, hand_text, source, index)
    record.line = line
    if record.put_in is not None:  # an all-in: its finishing stacks are checked against its showdown
        record.finishing_line = line + field_line(hand_text, "finishing_stacks")
    return record


def _slow(fields: dict[str, Any], hand_text: str, source: str, index: int) -> HandRecord:
    """A hand the fast reader declines: pokerkit's replay (InvalidHand when pokerkit is not
    installed, or cannot read the hand)."""
    from pyeval.history.replay import replay, require_pokerkit

    try:
        pokerkit = require_pokerkit()
    except ImportError as e:
        raise InvalidHand(str(e)) from None
    try:
        with warnings.catch_warnings():  # pokerkit warns of fields outside the specification: read anyway
            warnings.simplefilter("ignore")
            hh = pokerkit.HandHistory.loads(hand_text)
    except Exception as e:  # pokerkit raises many kinds on a bad file
        raise InvalidHand(f"pokerkit cannot read it: {e}") from None
    return replay(hh, source, index)


def _read_bytes(path: str) -> bytes:
    """A file's bytes through ``os.read`` (a third of ``open().read()``'s time on small files)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        chunks = []
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_file(path: str) -> list[HandRecord]:
    """The records of one file; a file that cannot be read, or is not text, is one skipped
    record saying so."""
    try:
        data = _read_bytes(path)
    except OSError as e:
        return [skipped(path, 0, 0, f"cannot read the file: {e.strerror or e}")]
    if not path.endswith(SUFFIXES):  # a site's hand history, unless the text is PHH
        records = site_file_records(decode(data), path)
        if records is not None:
            return records
    try:
        text = data.decode()
    except UnicodeDecodeError as e:
        return [skipped(path, 0, data.count(b"\n", 0, e.start) + 1, "not a PHH hand history (not UTF-8 text)")]
    return read_text(text, path)


def read_files(paths: Sequence[str]) -> list[HandRecord]:
    """The records of files, in order (one task of the parallel reading)."""
    return [r for p in paths for r in read_file(p)]


def read_compact(paths: Sequence[str]) -> list[Any]:
    """``read_files`` packed for the pipe back from a worker process: a hand the fast reader
    read and that is not an all-in (most hands) is a tuple (file position in ``paths``, index,
    hand id, variant, players, starting stacks, finishing stacks, big blind), the equal tuples of names and
    stacks shared (pickled once per task); any other hand is its ``HandRecord``.  ``unpack``
    gives the records back."""
    out: list[Any] = []
    shared: dict[tuple, tuple] = {}
    for n, path in enumerate(paths):
        for r in read_file(path):
            if (r.allin_street is None and r.note is None and r.skipped is None and not r.contesting and not r.holes
                    and r.reader == "fast" and not r.site and r.rake == 0 and not r.board and not r.dead
                    and r.put_in is None):
                players, starting, finishing = tuple(r.players), tuple(r.starting), tuple(r.finishing)
                out.append((n, r.index, r.hand, r.variant, shared.setdefault(players, players),
                            shared.setdefault(starting, starting), shared.setdefault(finishing, finishing), r.unit))
            else:
                out.append(r)
    return out


def unpack(paths: Sequence[str], packed: list[Any]) -> list[HandRecord]:
    """The records of ``read_compact(paths)``."""
    return [HandRecord(paths[x[0]], x[1], x[2], x[3], VARIANTS[x[3]], list(x[4]), list(x[5]), list(x[6]), unit=x[7])
            if type(x) is tuple else x for x in packed]


def _tasks(paths: Sequence[str], workers: int) -> list[Sequence[str]]:
    """Chunks of files for ``workers`` processes: at most ``FILES_PER_TASK`` files, and at least
    four chunks a process (an even finish: the last chunks are small next to the whole)."""
    size = max(1, min(FILES_PER_TASK, -(-len(paths) // (4 * workers))))
    return [paths[a:a + size] for a in range(0, len(paths), size)]


def die_with_parent(parent: int) -> None:
    """A worker's first step: it ends when its parent does, however the parent ends (SIGTERM,
    SIGHUP, SIGKILL: no handler runs then), so no worker is left reading.  Linux: the kernel
    sends it SIGKILL (``PR_SET_PDEATHSIG``); elsewhere a thread polls the parent every second."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl")
    except (OSError, AttributeError):  # not Linux
        threading.Thread(target=_poll_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent ended before the call above
        os._exit(1)


_PR_SET_PDEATHSIG = 1


def _poll_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector off while records pile up (they hold no cycles): with it on,
    each of its passes walks every record made so far, a third of the time of building them."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def read_source(source: Any, *, client: Any = None, workers: int | None = None,
                advance: Callable[[int], None] | None = None, collected: bool = False) -> list[HandRecord]:
    """Records of everything ``allin_ev`` takes as ``source`` (see its docstring).  Files are
    read in this process when there are fewer than ``PARALLEL_FROM`` of them or one core, else by
    one worker process per core (``workers``), in chunks packed for the pipe (``read_compact``).
    ``collected``: ``source`` is already ``collect_paths``'s list."""
    with gc_paused():
        return _read_source(source, client, workers, advance, collected)


def _read_source(source: Any, client: Any, workers: int | None, advance: Callable[[int], None] | None,
                 collected: bool) -> list[HandRecord]:
    items = source if isinstance(source, (list, tuple)) else [source]
    if items and not isinstance(items[0], (str, os.PathLike)):  # pokerkit HandHistory objects
        from pyeval.history.replay import replay

        return [replay(hh, "<HandHistory>", i) for i, hh in enumerate(items)]
    if is_text(source):
        if is_site_text(source):
            return site_records(*read_site_text(source))
        return read_text(source, "<text>")
    paths = source if collected else collect_paths(source)
    workers = workers if workers is not None else cores()
    if client is not None:
        from pyeval.engines.cluster import check_workers

        check_workers(client)
        tasks = [paths[a:a + FILES_PER_TASK] for a in range(0, len(paths), FILES_PER_TASK)]
        packed = client.gather(client.map(read_compact, tasks, pure=False))
        return [r for task, chunk in zip(tasks, packed) for r in unpack(task, chunk)]
    records: list[HandRecord] = []
    if len(paths) < PARALLEL_FROM or workers < 2:
        for a in range(0, len(paths), FILES_PER_TASK):
            task = paths[a:a + FILES_PER_TASK]
            records.extend(read_files(task))
            if advance is not None:
                advance(len(task))
        return records
    tasks = _tasks(paths, workers)
    with ProcessPoolExecutor(min(workers, len(tasks)), initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
        for task, packed in zip(tasks, pool.map(read_compact, tasks)):
            records.extend(unpack(task, packed))
            if advance is not None:
                advance(len(task))
    return records
