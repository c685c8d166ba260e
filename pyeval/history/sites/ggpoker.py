"""GGPoker's text hand histories (hold'em, short deck, Omaha 4/5; run it twice and three times;
EV cash-out): the PokerStars-like family (``stars_text``)."""

from __future__ import annotations

from pyeval.history.sites.stars_text import reader_functions

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "ggpoker"
detect, split, parse = reader_functions(SITE, r"^Poker Hand #[A-Z]*\d", first_words=("Poker Hand #",))
