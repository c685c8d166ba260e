"""Boss Media XML hand histories: recognised, each hand refused naming the format (``unread``)."""

from __future__ import annotations

from pyeval.history.sites.unread import refusing_reader

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "bossmedia"
detect, split, parse = refusing_reader(r"<HISTORY ID=", "Boss Media XML",
                                       "pyeval has no reader for Boss Media's XML: cards as numeric links")
