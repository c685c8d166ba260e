"""OnGame text hand histories: recognised, each hand refused naming the format (``unread``)."""

from __future__ import annotations

from pyeval.history.sites.unread import refusing_reader

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "ongame"
detect, split, parse = refusing_reader(r"^\ufeff?\*{5} History for hand ", "OnGame text",
                                       "pyeval has no reader for OnGame's text")
