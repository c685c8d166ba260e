"""Where a text's hands start: each reader's ``split`` cuts its text at the lines where its
format's first line matches, and its ``detect`` asks the same of the text's start.  A pattern led
by ``^`` in multi-line mode is tried by the regular expression engine at every character; these
find the same lines by searching for the pattern's body (the engine skips ahead to its first
characters) or for the literal words it starts with (``str.find``), and try the pattern only there.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["split_at", "pieces_at", "line_starts", "first_word_starts"]

_SEPARATOR: Final = re.compile(r"^(?:\*+ # \d+ \*+|BEGIN)[ \t]*$", re.M)
"""An archive's line between hands (Full Tilt's ``******** # 1 ********``; Hold'em Manager 2's
archive starts with a line ``BEGIN``)."""


def split_at(start: re.Pattern[str], text: str) -> list[tuple[int, str]]:
    """The text cut where ``start`` matches (each hand's first line), each piece with its line;
    text before the first hand, when not blank, is a piece of its own."""
    body = _line_body(start)
    if body is not None:
        return pieces_at(text, line_starts(body, text))
    return pieces_at(text, [m.start() for m in start.finditer(text)])


def _line_body(start: re.Pattern[str]) -> re.Pattern[str] | None:
    """A pattern led by ``^`` in multi-line mode, without the ``^``, for ``line_starts``
    (the engine tries a pattern led by ``^`` at every character; searched for its body, it skips
    ahead to the body's first characters); None for any other pattern, or one with an
    alternation the ``^`` might not lead (any ``|``)."""
    body = _BODIES.get(start)
    if body is None and start not in _BODIES:
        lead = start.pattern.startswith("^") and "|" not in start.pattern and bool(start.flags & re.M)
        body = re.compile(start.pattern[1:], start.flags) if lead else None
        _BODIES[start] = body
    return body


_BODIES: Final[dict[re.Pattern[str], re.Pattern[str] | None]] = {}


def pieces_at(text: str, positions: list[int]) -> list[tuple[int, str]]:
    """The text cut at these positions, each piece with its line (1 = the first); text before the
    first, when not blank (archive separator lines aside), is a piece of its own."""
    if not positions:
        return [(1, text)]
    pieces = []
    if _SEPARATOR.sub("", text[:positions[0]]).strip():
        pieces.append((1, text[:positions[0]]))
    line = 1 + text.count("\n", 0, positions[0])
    for a, b in zip(positions, positions[1:] + [len(text)]):
        pieces.append((line, text[a:b]))
        line += text.count("\n", a, b)
    return pieces


def line_starts(body: re.Pattern[str], text: str, end: int | None = None, first: bool = False) -> list[int]:
    """Where ``body`` matches at the start of a line, leftmost and not overlapping (as
    ``^body`` with ``re.M`` would), within ``text[:end]``; ``first``: the first one only.  The body
    is searched anywhere and a match kept when a line starts there: the engine skips ahead to
    the body's first characters, which it cannot do for a pattern led by ``^`` (tried at every
    position)."""
    found: list[int] = []
    end = len(text) if end is None else min(end, len(text))
    pos = 0
    while pos <= end and (m := body.search(text, pos, end)) is not None:  # (search moves a pos past the end back)
        at = m.start()
        if at == 0 or text[at - 1] == "\n":
            found.append(at)
            if first:
                break
            pos = m.end() if m.end() > at else at + 1
        else:
            pos = at + 1
    return found


def first_word_starts(first_words: tuple[str, ...], body: re.Pattern[str], text: str, end: int | None = None,
                      first: bool = False) -> list[int]:
    """``line_starts`` for a ``body`` every match of which begins with one of ``first_words``:
    the same positions, found by looking for the words (``str.find``) at the start of a line and
    trying the pattern only there, rather than by the engine, which skips ahead to a pattern's
    first characters only when one literal leads it (an alternation of first words has none)."""
    end = len(text) if end is None else min(end, len(text))
    if first:
        return _first_word_start(first_words, body, text, end)
    candidates: list[int] = []
    ascii_text = text.isascii()  # (known without a scan: a word with other characters is not searched for)
    for word in first_words:
        if ascii_text and not word.isascii():
            continue
        at = text.find(word, 0, end)
        while at >= 0:
            if at == 0 or text[at - 1] == "\n":
                candidates.append(at)
            at = text.find(word, at + 1, end)
    if len(first_words) > 1:
        candidates.sort()
    found: list[int] = []
    pos = 0
    for at in candidates:
        if at < pos:  # (inside the match before: as the engine's leftmost, non-overlapping search)
            continue
        m = body.match(text, at, end)
        if m is not None:
            found.append(at)
            if first:
                break
            pos = m.end() if m.end() > at else at + 1
    return found


def _first_word_start(first_words: tuple[str, ...], body: re.Pattern[str], text: str, end: int) -> list[int]:
    """``first_word_starts(..., first=True)``: the earliest line start where ``body`` matches,
    each word searched only before the earliest found so far (a text of the site has its hand
    at its start: the other words are not searched through the text)."""
    best = -1
    ascii_text = text.isascii()  # (as in ``first_word_starts``)
    for word in first_words:
        if ascii_text and not word.isascii():
            continue
        stop = end if best < 0 else min(end, best + len(word) - 1)  # (a start before ``best``)
        at = text.find(word, 0, stop)
        while at >= 0:
            if (at == 0 or text[at - 1] == "\n") and body.match(text, at, end) is not None:
                best = at
                break
            at = text.find(word, at + 1, stop)
    return [best] if best >= 0 else []
