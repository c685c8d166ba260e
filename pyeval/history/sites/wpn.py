"""Winning Poker Network's (ACR, Americas Cardroom) text hand histories: since 2019 (``Hand #``,
rewritten by ``wpn_text``) and before (``Game started at:``, rewritten by ``wpn_old_text``) into
the PokerStars-like family's words; the collections are the record of what each player won (the
summary of the newer format names one half of a hi/lo pot)."""

from __future__ import annotations

import re
from typing import Final

from pyeval.history.sites import wpn_old_text, wpn_text
from pyeval.history.sites.hand_starts import split_at
from pyeval.history.sites.stars_text import reader_functions

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "wpn-acr"


def _family_text(hand_text: str) -> str:
    if hand_text.startswith(wpn_old_text.START):
        return wpn_old_text.to_family_text(hand_text)
    return wpn_text.to_family_text(hand_text)


def detect(text: str) -> bool:
    return bool(wpn_text.hand_starts(text, 2000))


_START_AT_LINE: Final = re.compile(r"G(?<![^\n]G)ame (?:Hand #\d+ - |started at: )|H(?<![^\n]H)and #\d+ - ")
"""Both formats' starts (``Hand #<id> - ``, ``Game Hand #<id> - ``, ``Game started at: ``) at a
line's start, tested (by a look behind) after the first letter: a pattern that starts with a letter
lets the regular expression engine skip to its G and H (one led by ``^`` or by an optional word was
tried at every character: 40 us a hand)."""


def split(text: str) -> list[tuple[int, str]]:
    return split_at(_START_AT_LINE, text)


# (the family's parse; its detect and split, which search the start's pattern, are the two above)
parse = reader_functions(SITE, rf"^(?:{wpn_text.START}|{wpn_old_text.START})", _family_text,
                         collected_from_actions=True)[2]
