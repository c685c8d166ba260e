"""Run It Once Poker's text hand histories (euro amounts, splash the pot): the PokerStars-like
family (``stars_text``)."""

from __future__ import annotations

from pyeval.history.sites.stars_text import reader_functions

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "runitonce"
detect, split, parse = reader_functions(SITE, r"^Run It Once Poker Hand #")
