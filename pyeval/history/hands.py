"""``pyeval.read_hands``: site hand histories (PokerStars, GGPoker, ...) read into ``Hand``
records (docs/site-histories.md)."""

from __future__ import annotations

import os
from typing import Any

from pyeval.core import _progress
from pyeval.history.sites.model import Hand, Skipped
from pyeval.history.sites.reading import SITE_SUFFIXES, read_site_file, read_site_text
from pyeval.history.sites.registry import check_site
from pyeval.history.sites.result import HandsResult
from pyeval.history.sources import collect_paths, gc_paused, is_text

__all__ = ["read_hands"]


def read_hands(source: Any, *, site: str | None = None, progress: Any = None) -> HandsResult:
    """The hands of site hand histories, and every piece not read with its reason.

    source    a file, a folder (its .txt/.xml/.hh/.log files, recursively), a list of those, or
              the text of a hand history
    site      the site's reader to use ("pokerstars", "ggpoker", ...; ``pyeval.history.sites.
              registry.sites()``), else each file's site is detected from its text
    progress  True: a bar on stderr; a callable: ``progress(done, total)`` (files); default none

    Each hand is checked as it is read: its nets, rake and cash-outs must add up (chips
    conserved) and agree with the site's summary; a hand that does not, or that the reader cannot
    read, is a row of ``.skipped`` (file, line, reason), and the rest are read.  TypeError for a
    source or site of the wrong kind; ValueError for a path that does not exist, an unknown
    site or one recognised and not read (naming the sites read and those refused).
    """
    if isinstance(source, (bytes, bytearray)):
        raise TypeError("source must be a path, a folder, a list of paths or hand-history text, got bytes "
                        "(decode it, or write it to a file)")
    items = source if isinstance(source, (list, tuple)) else [source]
    if not all(isinstance(s, (str, os.PathLike)) for s in items):
        bad = next(s for s in items if not isinstance(s, (str, os.PathLike)))
        raise TypeError(f"source must be a path, a folder, a list of paths or hand-history text, got "
                        f"{type(bad).__name__}")
    check_site(site)
    hands: list[Hand] = []
    skipped: list[Skipped] = []
    if is_text(source):
        with gc_paused():
            hands, skipped = read_site_text(source, "<text>", site)
        return HandsResult(hands, skipped)
    paths = collect_paths(source, SITE_SUFFIXES)
    with gc_paused(), _progress.reporting(progress, "read-hands") as watch:
        if watch is not None:
            watch.add_total(len(paths))
        for path in paths:
            got, missed = read_site_file(path, site)
            hands.extend(got)
            skipped.extend(missed)
            if watch is not None:
                watch.advance(1)
    return HandsResult(hands, skipped)
