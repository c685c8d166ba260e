"""Winning Poker Network's (ACR, Americas Cardroom) text hand histories since 2019, rewritten by
``wpn_text`` into the PokerStars-like family's words; the collections are the record of what each
player won (the summary names one half of a hi/lo pot)."""

from __future__ import annotations

from pyeval.history.sites.stars_text import reader_functions
from pyeval.history.sites.wpn_text import START, to_family_text

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "wpn-acr"
detect, split, parse = reader_functions(SITE, rf"^{START}", to_family_text, collected_from_actions=True)
