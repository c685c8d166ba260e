"""Full Tilt's text hand histories of 2016, when Full Tilt ran on PokerStars software
(``Full Tilt Hand #``, ``Full Tilt Rush Hand #``): the PokerStars-like family (``stars_text``)."""

from __future__ import annotations

from pyeval.history.sites.stars_text import reader_functions

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "fulltilt"
detect, split, parse = reader_functions(SITE, r"^Full Tilt (?:Rush )?Hand #")
