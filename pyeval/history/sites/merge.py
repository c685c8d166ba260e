"""Merge Network XML hand histories: recognised, each hand refused naming the format (``unread``)."""

from __future__ import annotations

from pyeval.history.sites.unread import refusing_reader

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "merge"
detect, split, parse = refusing_reader(r'<game id="', "Merge Network XML",
                                       "pyeval has no reader for the Merge Network's XML")
