"""Winning Poker Network's (ACR, Americas Cardroom) text hand histories: since 2019 (``Hand #``,
rewritten by ``wpn_text``) and before (``Game started at:``, rewritten by ``wpn_old_text``) into
the PokerStars-like family's words; the collections are the record of what each player won (the
summary of the newer format names one half of a hi/lo pot)."""

from __future__ import annotations

from pyeval.history.sites import wpn_old_text, wpn_text
from pyeval.history.sites.hand_starts import pieces_at
from pyeval.history.sites.stars_text import reader_functions

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "wpn-acr"


def _family_text(hand_text: str) -> str:
    if hand_text.startswith(wpn_old_text.START):
        return wpn_old_text.to_family_text(hand_text)
    return wpn_text.to_family_text(hand_text)


def detect(text: str) -> bool:
    return bool(wpn_text.hand_starts(text, 2000))


def split(text: str) -> list[tuple[int, str]]:
    return pieces_at(text, wpn_text.hand_starts(text))


# (the family's parse; its detect and split, which search the start's pattern, are the two above)
parse = reader_functions(SITE, rf"^(?:{wpn_text.START}|{wpn_old_text.START})", _family_text,
                         collected_from_actions=True)[2]
