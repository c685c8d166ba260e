"""partypoker's lines read by string operations in place of patterns (issue 40's speed work; each
is checked against the pattern it replaces in tests/test_sites_ipoker_party_fast.py): seat lines,
section lines, the last ``Blinds(..)``, the stake line's date, the hand's decimal mark."""

from __future__ import annotations

import re
from typing import Final

from pyeval.history.sites.text_lines import one_space_off, seat_span

__all__ = ["seat_line", "decimal_mark", "last_blinds", "section", "stake_date"]

_SEAT = re.compile(r"^[Ss]eat ?(\d+): (.+?) \( ?([^()]*?) ?\)(?: - (?:\(.*\)|VPIP: .*))?\s*$")
"""A seat line: ``Seat 1: Bob ( $2.75 USD )``, ``seat1:`` (2012), a converter's HUD figures after it
(``- (21.60 / 16.35 / 5.71 / 18k)``, ``- VPIP: 21, PFR: 14, ...``)."""
_BLINDS = re.compile(r"(?:Blinds|Stakes)(?:-Antes)?\(([\d.,]+)/([\d.,]+)(?: ?-([\d.,]+))?\)")


def seat_line(x: str) -> tuple[str, str, str] | None:
    """``_SEAT.match(x)``'s seat, name and stack: read by string operations when the name ends at
    the first `` (`` whose bracket closes before another opens and nothing but white space follows
    it (the pattern's lazy name tried at every character), else by the pattern."""
    number_at = 5 if x[4:5] == " " else 4
    colon, at, close = seat_span(x, number_at, name_ends_last=False)
    if close >= 0 and (close + 1 == len(x) or x[close + 1:].isspace()):
        return x[number_at:colon], x[colon + 2:at], one_space_off(x, at + 2, close)  # (`` ?([^()]*?) ?``)
    m = _SEAT.match(x)
    return None if m is None else (m.group(1), m.group(2), m.group(3))


def decimal_mark(text: str) -> str:
    """"," when the hand's amounts have decimal commas (``$26,02 USD``: the Mac client)."""
    if _found_at_marks(text, "."):  # a decimal point: a lone "0,35 €" is that post's own
        return "."
    return "," if _found_at_marks(text, ",") else "."


def _found_at_marks(text: str, mark: str) -> bool:
    """Whether an amount with cents, ``\\d<mark>\\d{2}(?!\\d)``, is anywhere in ``text``: looked for at
    each ``mark`` only, by its characters (a pattern's match was a method call a mark)."""
    at = text.find(mark, 1)
    end = len(text)
    while at >= 0:
        if (at + 2 < end and text[at - 1].isdecimal() and text[at + 1].isdecimal() and text[at + 2].isdecimal()
                and (at + 3 == end or not text[at + 3].isdecimal())):  # (\\d: a decimal digit)
            return True
        at = text.find(mark, at + 1)
    return False


_BLINDS_WORDS: Final[tuple[str, ...]] = ("Blinds", "Stakes")
"""The words every ``_BLINDS`` match starts with (and holds no other of)."""


def last_blinds(text: str) -> re.Match[str] | None:
    """The last match of ``_BLINDS`` in ``text`` (``finditer``'s last): tried where its words are,
    from the end (the pattern has no literal first word: searched, it is tried at every character)."""
    found: re.Match[str] | None = None
    for word in _BLINDS_WORDS:
        at = text.rfind(word)
        while at >= 0 and (found is None or at > found.start()):
            m = _BLINDS.match(text, at)
            if m is not None:
                found = m
                break
            at = text.rfind(word, 0, at)
    return found


def section(x: str) -> tuple[str, str] | None:
    """(label, the cards in brackets or "") of a section's line ``** Dealing flop ** [ 2c, 3d, 4s ]``,
    None when it is not one: what ``^\\*\\* Dealing ?(.*?) ?\\*\\*(?: :)?\\s*(?:\\[ ?(.*?) ?\\])?\\s*$``
    reads, by string operations (the pattern's lazy label tried the rest at every character): the
    label ends at the first ``**`` after which the line is white space or one bracket's text."""
    if not x.startswith("** Dealing"):
        return None
    start = 11 if x[10:11] == " " else 10
    stars = x.find("**", start)
    while stars >= 0:
        cards = _dealt_after(x, stars + 2)
        if cards is not None:
            return x[start:stars - 1 if stars > start and x[stars - 1] == " " else stars], cards
        stars = x.find("**", stars + 1)
    return None


def _dealt_after(x: str, at: int) -> str | None:
    """The cards of ``(?: :)?\\s*(?:\\[ ?(.*?) ?\\])?\\s*$`` matched at ``at`` ("" when no bracket),
    None when it does not match."""
    rest = (x[at + 2:] if x.startswith(" :", at) else x[at:]).strip()  # (\\s is isspace, which strip drops)
    if not rest:
        return ""
    if len(rest) < 2 or rest[0] != "[" or rest[-1] != "]":
        return None
    return one_space_off(rest, 1, len(rest) - 1)


_MONTHS = {m: k for k, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                       "dec"), 1)}


def stake_date(head: str) -> tuple[str, str]:
    """(ISO date, zone) of the stake line's end: ``Sunday, September 13, 10:00:00 EDT 2020`` or
    ``Sun Sep 13 10:00:00 EDT 2020``: its last five words, as the pattern
    ``([A-Z][a-z]+)\\s+(\\d{1,2}),?\\s+(\\d\\d:\\d\\d:\\d\\d)\\s+([A-Z]+)\\s+(\\d{4})\\s*$`` reads them (its
    search was a method call and a match a hand)."""
    words = head.rsplit(None, 5)
    if len(words) < 5:
        return "", ""
    month_word, day, clock, zone, year = words[-5:]
    if day.endswith(","):
        day = day[:-1]
    month = _MONTHS.get(_month_at_end(month_word)[:3].lower(), 0)
    if (not month or not 0 < len(day) <= 2 or not day.isdecimal() or not _is_clock(clock) or not _is_capitals(zone)
            or len(year) != 4 or not year.isdecimal()):
        return "", ""
    return f"{year}-{month:02d}-{int(day):02d}T{clock}", zone


def _month_at_end(word: str) -> str:
    """The month's name that ends ``word`` (``[A-Z][a-z]+$``, ASCII letters), "" when none does."""
    at = len(word)
    while at > 0 and "a" <= word[at - 1] <= "z":
        at -= 1
    return word[at - 1:] if 0 < at < len(word) and "A" <= word[at - 1] <= "Z" else ""


def _is_clock(word: str) -> bool:
    """``\\d\\d:\\d\\d:\\d\\d``."""
    return (len(word) == 8 and word[2] == ":" and word[5] == ":" and word[:2].isdecimal() and word[3:5].isdecimal()
            and word[6:].isdecimal())


def _is_capitals(word: str) -> bool:
    """``[A-Z]+`` (ASCII capitals)."""
    return word != "" and word.isascii() and word.isalpha() and word.isupper()
