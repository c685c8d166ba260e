"""A site's text read line by line, fast: whether a line starts with a hand's header, and a
hand's lines with their numbers.

A reader's ``detect`` is asked of every file that the readers before it in ``READERS`` said no
to, so its "no" must be cheap: a regular expression led by ``^`` (``re.M``) is tried at every
position of the text's start (several microseconds), where ``str.find`` skips through it for a
word every header holds (a fraction of one).  The pattern is then tried only at the start of the
lines that hold that word.
"""

from __future__ import annotations

import re

__all__ = ["header_line", "numbered_lines", "seat_line", "one_space_off", "bracketed_all"]


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


def seat_line(x: str) -> tuple[str, str, str] | None:
    """(seat, name, what the brackets hold) of a seat line ``Seat 3: Bob (1500)``, None when ``x``
    is not one: what ``^Seat (\\d+): (.+) \\(([^()]*)\\)\\s*$`` matches on a line (no line break),
    read by string operations (the pattern per seat line was a tenth of the parsers' patterns):
    the name runs to the last `` (``, what follows holds no bracket and ends the line."""
    if not x.startswith("Seat "):
        return None
    colon = x.find(": ", 5)
    if colon <= 5 or not x[5:colon].isdecimal():  # (\\d is isdecimal: Unicode's decimal digits)
        return None
    end = len(x)
    while end > 0 and x[end - 1].isspace():  # (\\s*$; a line's trailing spaces are mostly dropped already)
        end -= 1
    if end == 0 or x[end - 1] != ")":
        return None
    opening = x.rfind("(", 0, end)
    if opening < colon + 4 or x[opening - 1] != " " or x.find(")", opening, end - 1) >= 0:
        return None
    return x[5:colon], x[colon + 2:opening - 1], x[opening + 1:end - 1]


def one_space_off(text: str) -> str:
    """``text`` less one space at each end if it has one (``" ?(.*?) ?"`` of a pattern)."""
    start = 1 if text.startswith(" ") else 0
    end = len(text) - 1 if len(text) > start and text.endswith(" ") else len(text)
    return text[start:end]


def bracketed_all(text: str) -> list[str]:
    """What each ``[...]`` of ``text`` holds, left to right (``re.findall(r"\\[([^\\]]*)\\]", text)``
    by string operations: a ``[`` is closed by the next ``]``, a ``[`` inside is text)."""
    found: list[str] = []
    at = text.find("[")
    while at >= 0:
        close = text.find("]", at + 1)
        if close < 0:
            break  # (no "]" after this "[", nor after any later one)
        found.append(text[at + 1:close])
        at = text.find("[", close + 1)
    return found
