"""Files written whole or not at all: every file the library and the command line write goes
through ``replacing`` (a temporary file in the same folder, flushed to disk, then renamed over
the target), so a full disk or a crash part-way leaves the old file as it was."""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["replacing"]


@contextmanager
def replacing(path: str | os.PathLike) -> Iterator[str]:
    """Yield a temporary path beside ``path`` (same folder, same extension: matplotlib and numpy
    read the format from it) to write; on success it is synced and renamed over ``path``, keeping
    an old file's mode.  On any error it is removed, the old file is kept, and an ``OSError``
    names ``path``.  A device or pipe (``/dev/stdout``, ``/dev/full``) is written in place."""
    target = Path(os.path.realpath(path))  # a symlink stays a symlink: its target is replaced
    try:
        old = target.stat()
    except OSError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        with _naming(path):
            yield str(target)
        return
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp{target.suffix}")
    with _naming(path):
        os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))  # umask applies
    try:
        with _naming(path):
            yield str(temp)
            fd = os.open(temp, os.O_RDONLY)
            try:
                os.fsync(fd)  # a full disk shows here at the latest, before the old file is gone
            finally:
                os.close(fd)
            if old is not None:
                os.chmod(temp, stat.S_IMODE(old.st_mode))
            os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


@contextmanager
def _naming(path: str | os.PathLike) -> Iterator[None]:
    """An ``OSError`` names the file asked for (not the temporary one, nor none at all)."""
    try:
        yield
    except OSError as exc:
        if exc.filename != os.fspath(path):
            raise OSError(exc.errno, exc.strerror or str(exc), os.fspath(path)) from None
        raise
