"""A site's text read line by line, fast: whether a line starts with a hand's header, a hand's
lines with their numbers, and the scans of a line that several readers share in place of a
pattern tried on every line (seat lines, brackets, words, run markers; each is checked against
the patterns it replaces in tests/test_sites_seat_lines_fast.py, tests/test_sites_ftwpn_scans.py,
tests/test_sites_ipoker_party_fast.py).  A line here has no line break.

A reader's ``detect`` is asked of every file that the readers before it in ``READERS`` said no
to, so its "no" must be cheap: a regular expression led by ``^`` (``re.M``) is tried at every
position of the text's start (several microseconds), where ``str.find`` skips through it for a
word every header holds (a fraction of one).  The pattern is then tried only at the start of the
lines that hold that word.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["header_line", "numbered_lines", "seat_span", "seat_parts", "seat_line", "one_space_off", "bracket_span",
           "in_brackets", "bracketed_all", "word_at", "run_marker"]


def header_line(text: str, word: str, header: re.Pattern[str], end: int) -> bool:
    """Whether ``header`` matches at the start of a line of ``text[:end]`` (as ``^`` and the
    pattern would with ``re.M``); ``word`` is a literal that every match holds on its line."""
    at = text.find(word, 0, end)
    while at >= 0:
        if header.match(text, text.rfind("\n", 0, at) + 1, end) is not None:
            return True
        next_line = text.find("\n", at, end)  # this line's start is tried: on to the next line's word
        if next_line < 0:
            return False
        at = text.find(word, next_line + 1, end)
    return False


def numbered_lines(text: str, first: int, both_ends: bool = False) -> tuple[list[str], list[int]]:
    """The lines of ``text`` that are not blank, their trailing spaces dropped (``both_ends``: and
    their leading ones), and the number of each (``first``: the text's first line's)."""
    lines: list[str] = []
    numbers: list[int] = []
    number = first
    for x in text.split("\n"):
        x = x.strip() if both_ends else x.rstrip()
        if x:
            lines.append(x)
            numbers.append(number)
        number += 1
    return lines, numbers


def seat_span(x: str, number_at: int = 5, name_ends_last: bool = True) -> tuple[int, int, int]:
    """Where a seat line's (``Seat 3: Bob (1500)``) colon after the number is, where its name ends
    (the `` (`` of the stack's brackets) and where the brackets close; (-1, -1, -1) when ``x`` is
    not one.  ``x[:number_at]`` is the seat word, which the caller checked.  As
    ``(\\d+): (.*) \\(([^()]*)\\)(.*)$`` reads it: the name, greedy, ends at the last `` (`` whose
    bracket closes before another opens; ``name_ends_last=False``: at the first such one after the
    name's first character (``(.+?)``).  (Positions, not the parts: a tuple of ints is no object.)"""
    colon = x.find(": ", number_at)
    if colon <= number_at or not x[number_at:colon].isdecimal():  # (\\d is isdecimal: Unicode's decimal digits)
        return -1, -1, -1
    start = colon + 2
    if name_ends_last:
        at = x.rfind(" (", start)
        while at >= 0:
            close = x.find(")", at + 2)
            if close >= 0 and x.find("(", at + 2, close) < 0:
                return colon, at, close
            at = x.rfind(" (", start, at + 1)  # (the one before: the name is shorter)
        return -1, -1, -1
    at = x.find(" (", start + 1)
    while at >= 0:
        close = x.find(")", at + 2)
        if close < 0:
            break  # (nor after a later one)
        if x.find("(", at + 2, close) < 0:
            return colon, at, close
        at = x.find(" (", at + 1)
    return -1, -1, -1


def seat_parts(x: str) -> tuple[str, str, str, str] | None:
    """(number, name, what the brackets hold, what follows them) of a ``Seat 3: Bob (1500) ...``
    line, as ``^Seat (\\d+): (.*) \\(([^()]*)\\)(.*)$`` reads it (``seat_span``)."""
    colon, at, close = seat_span(x) if x.startswith("Seat ") else (-1, -1, -1)
    if close < 0:
        return None
    return x[5:colon], x[colon + 2:at], x[at + 2:close], x[close + 1:]


def seat_line(x: str) -> tuple[str, str, str] | None:
    """(seat, name, what the brackets hold) of a seat line ``Seat 3: Bob (1500)``, None when ``x``
    is not one: what ``^Seat (\\d+): (.+) \\(([^()]*)\\)\\s*$`` matches on a line (``seat_span``,
    a name, nothing but white space after the brackets)."""
    colon, at, close = seat_span(x) if x.startswith("Seat ") else (-1, -1, -1)
    if close < 0 or at == colon + 2 or close + 1 < len(x) and not x[close + 1:].isspace():  # (\\s is isspace)
        return None
    return x[5:colon], x[colon + 2:at], x[at + 2:close]


def one_space_off(text: str, start: int = 0, end: int = -1) -> str:
    """``text[start:end]`` (``end`` -1: to the end) less one space at each end if it has one
    (``" ?(.*?) ?"`` of a pattern)."""
    if end < 0:
        end = len(text)
    if start < end and text[start] == " ":
        start += 1
    if end > start and text[end - 1] == " ":
        end -= 1
    return text[start:end]


def bracket_span(text: str, start: int = 0, opening: str = "[", closing: str = "]",
                 innermost: bool = False) -> tuple[int, int]:
    """Where the first brackets from ``start`` open and close, (-1, -1) when there are none: the
    first ``opening`` and the first ``closing`` after it (``\\[([^\\]]*)\\]``: an opening inside is
    text); ``innermost``: the first pair with no bracket inside (``\\(([^()]*)\\)``)."""
    at = text.find(opening, start)
    close = text.find(closing, at + 1) if at >= 0 else -1
    if close < 0:
        return -1, -1  # (no closing after this opening, nor after any later one)
    return (text.rfind(opening, at, close) if innermost else at), close


def in_brackets(text: str, opening: str = "[", closing: str = "]", innermost: bool = False) -> str | None:
    """What the first brackets of ``text`` hold (``bracket_span``'s), None when there are none."""
    at, close = bracket_span(text, 0, opening, closing, innermost)
    return text[at + 1:close] if close >= 0 else None


def bracketed_all(text: str) -> list[str]:
    """What each ``[...]`` of ``text`` holds, left to right (``re.findall(r"\\[([^\\]]*)\\]", text)``:
    ``bracket_span``'s rule, a loop of its own: a call a bracket measured 0.6 % more of Bovada's parse)."""
    found: list[str] = []
    at = text.find("[")
    while at >= 0:
        close = text.find("]", at + 1)
        if close < 0:
            break  # (no "]" after this "[", nor after any later one)
        found.append(text[at + 1:close])
        at = text.find("[", close + 1)
    return found


def word_at(text: str, at: int) -> str:
    """The word (``\\S+``) that starts at ``at``; "" when a space or the line's end is there."""
    if at >= len(text) or text[at].isspace():
        return ""
    return text[at:].split(None, 1)[0]


def run_marker(x: str, closing: int, labels: frozenset[str]) -> tuple[str, str] | None:
    """The section and run of a board run more than once's marker (``*** RIVER 2 ***``), as the
    pattern ``^\\*\\*\\* (<labels>) ([123]) \\*\\*\\*(.*)$`` reads it (what follows is the line
    after ``closing + 3``); ``closing``: where the line's second ``***`` is (``find("***", 4)``)."""
    if closing < 8 or x[closing - 3:closing] not in _RUN_ENDS or not x.startswith("*** "):
        return None
    label = x[4:closing - 3]
    return (label, x[closing - 2]) if label in labels else None


_RUN_ENDS: Final[frozenset[str]] = frozenset({" 1 ", " 2 ", " 3 "})
