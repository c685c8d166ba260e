"""PokerStars' text hand histories (every game; English and the Brazilian client's Portuguese;
PokerTracker 2's upper-case export): the PokerStars-like family (``stars_text``)."""

from __future__ import annotations

from pyeval.history.sites.stars_text import reader_functions

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "pokerstars"


def _fix(hand_text: str) -> str:
    """PokerTracker 2 wrote the header in capitals; an archive of Zoom hands starts every line
    with a space."""
    if hand_text.startswith(" "):
        hand_text = "\n".join(x[1:] if x.startswith(" ") else x for x in hand_text.split("\n"))
    if not hand_text.startswith("POKERSTARS GAME #"):
        return hand_text
    first, _, rest = hand_text.partition("\n")
    for word in ("HOLD'EM", "NO LIMIT", "POT LIMIT", "LIMIT", "OMAHA", "HI/LO", "TOURNAMENT", "LEVEL"):
        first = first.replace(word, word.title().replace("'E", "'e").replace("/L", "/L"))
    return first + "\n" + rest


START = r"^ ?(?:PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #|POKERSTARS GAME #|Mão PokerStars #)"
detect, split, parse = reader_functions(SITE, START, _fix)
