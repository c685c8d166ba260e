"""PokerStars' text hand histories (every game; English and the Brazilian client's Portuguese;
PokerTracker 2's upper-case export): the PokerStars-like family (``stars_text``)."""

from __future__ import annotations

import re
from typing import Final

from pyeval.history.sites.stars_text import reader_functions

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "pokerstars"


def _fix(hand_text: str) -> str:
    """PokerTracker 2 wrote the header in capitals; an archive of Zoom hands starts every line
    with a space."""
    if hand_text.startswith(" "):
        hand_text = _dedented(hand_text)
    if not hand_text.startswith("POKERSTARS GAME #"):
        return hand_text
    first, _, rest = hand_text.partition("\n")
    for word in ("HOLD'EM", "NO LIMIT", "POT LIMIT", "LIMIT", "OMAHA", "HI/LO", "TOURNAMENT", "LEVEL"):
        first = first.replace(word, word.title().replace("'E", "'e").replace("/L", "/L"))
    return first + "\n" + rest


START = r"^(?:PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #|POKERSTARS GAME #|Mão PokerStars #)"
_detect_at_lines, _split_at_lines, parse = reader_functions(
    SITE, START, _fix, first_words=("PokerStars ", "POKERSTARS GAME #", "Mão PokerStars #"))
_INDENTED: Final = re.compile(r"^ PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #", re.M)
"""A hand's first line in an archive of Zoom hands that starts every line with a space (kept out
of ``START``: a pattern that may start with a space loses the regular expression engine's skip to
its first word, and split took four times as long)."""


def _dedented(text: str) -> str:
    return "\n".join(x[1:] if x.startswith(" ") else x for x in text.split("\n"))


def detect(text: str) -> bool:
    return _detect_at_lines(text) or _indented(text)


def _indented(text: str) -> bool:
    """Whether the text is an archive of Zoom hands that starts every line with a space."""
    return text.find(" PokerStars ", 0, 2000) >= 0 and _INDENTED.search(text, 0, 2000) is not None
_GLUED: Final = re.compile(r"PokerStars (?:Zoom |Rush )?(?:Hand|Game) #\d+: ")


def _glued(piece: str, at: int) -> bool:
    """Whether the header at ``at`` follows other text on its line (not an indent, not chat)."""
    before = piece[piece.rfind("\n", 0, at) + 1:at]
    return bool(before.strip()) and ' said, "' not in before


def split(text: str) -> list[tuple[int, str]]:
    """The hands, each at its header; a header glued onto the last line of a hand cut short (files
    put together mid-line) starts a hand too, the piece before it ending cut short."""
    if not _detect_at_lines(text) and _indented(text):  # an archive of Zoom hands, indented
        text = _dedented(text)
    at_lines = _split_at_lines(text)
    if text.count("PokerStars ") == _starting_with("PokerStars ", at_lines):
        return at_lines  # (the words start hands only: no header is glued, no piece searched)
    return _unglued(at_lines)


def _unglued(at_lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The pieces, each cut where a header is glued onto its last line."""
    pieces: list[tuple[int, str]] = []
    for line, piece in at_lines:
        while piece.find("PokerStars ", 1) > 0:  # (a hand names PokerStars in its header only)
            glued = next((m.start() for m in _GLUED.finditer(piece, 1) if _glued(piece, m.start())), -1)
            if glued < 0:
                break
            pieces.append((line, piece[:glued]))
            line += piece.count("\n", 0, glued)
            piece = piece[glued:]
        pieces.append((line, piece))
    return pieces


def _starting_with(word: str, pieces: list[tuple[int, str]]) -> int:
    """How many pieces start with the word (a hand's header; the word cannot overlap itself or
    run across the start of a hand, so these and the glued headers are all its occurrences)."""
    n = 0
    for _, piece in pieces:
        if piece.startswith(word):
            n += 1
    return n
