"""Full Tilt's text hand histories: its own format to 2013 (``Full Tilt Poker Game #``, rewritten
by ``fulltilt_text``) and the 2016 one, when Full Tilt ran on PokerStars software (``Full Tilt
Hand #``): the PokerStars-like family (``stars_text``)."""

from __future__ import annotations

from pyeval.history.sites.fulltilt_text import OLD_START, a_line_starts_full, to_family_text
from pyeval.history.sites.stars_text import reader_functions

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "fulltilt"


def _old_format(hand_text: str) -> str:
    """The 2016 text as it is; the older format rewritten.  A tournament summary is named as
    such (the reader detects it to say so)."""
    if hand_text.startswith("Full Tilt ") and " Hand #" in hand_text[:30]:
        return hand_text
    if hand_text.startswith(_SUMMARY):
        raise ValueError("a Full Tilt tournament summary (the places and prizes of a tournament), not a hand history")
    return to_family_text(hand_text)


_SUMMARY = "Full Tilt Poker Tournament Summary "
_detect_at_lines, split, parse = reader_functions(
    SITE, rf"^(?:Full Tilt (?:Rush )?Hand #|{OLD_START}|{_SUMMARY})", _old_format)


def detect(text: str) -> bool:
    # (every start is "Full..." at a line's start: the pattern is searched only where one is)
    return a_line_starts_full(text, 2000) and _detect_at_lines(text)
