"""Microgaming XML hand histories: recognised, each hand refused naming the format (``unread``)."""

from __future__ import annotations

from pyeval.history.sites.unread import refusing_reader

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "microgaming"
detect, split, parse = refusing_reader(r"<Game hhversion=", "Microgaming XML",
                                       "pyeval has no reader for Microgaming's XML")
