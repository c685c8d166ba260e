"""Full Tilt's text hand histories: its own format to 2013 (``Full Tilt Poker Game #``, rewritten
by ``fulltilt_text``) and the 2016 one, when Full Tilt ran on PokerStars software (``Full Tilt
Hand #``): the PokerStars-like family (``stars_text``)."""

from __future__ import annotations

from pyeval.history.sites.fulltilt_text import OLD_START, to_family_text
from pyeval.history.sites.stars_text import reader_functions

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "fulltilt"


def _old_format(hand_text: str) -> str:
    """The 2016 text as it is; the older format rewritten."""
    if hand_text.startswith("Full Tilt ") and " Hand #" in hand_text[:30]:
        return hand_text
    return to_family_text(hand_text)


detect, split, parse = reader_functions(SITE, rf"^(?:Full Tilt (?:Rush )?Hand #|{OLD_START})", _old_format)
