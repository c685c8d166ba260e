"""Entraction text hand histories: recognised, each hand refused naming the format (``unread``)."""

from __future__ import annotations

from pyeval.history.sites.unread import refusing_reader

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "entraction"
detect, split, parse = refusing_reader(r"^\ufeff?Game # \d+ - ", "Entraction text",
                                       "pyeval has no reader for Entraction's column layout")
