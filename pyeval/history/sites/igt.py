"""IGT JSON hand histories: recognised, each hand refused naming the format (``unread``)."""

from __future__ import annotations

from pyeval.history.sites.unread import refusing_reader

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "igt"
detect, split, parse = refusing_reader(r'\{"history":\[', "IGT JSON",
                                       "pyeval has no reader for IGT's JSON: cards as numbers")
