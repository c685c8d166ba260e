"""String scans that the family's converters (``fulltilt_text``, ``wpn_text``) share in place of
patterns tried on every line (issue 40's speed work; each is checked against the pattern it
replaces in tests/test_sites_ftwpn_scans.py).  A line here has no line break."""

from __future__ import annotations

from typing import Final

__all__ = ["seat_parts", "word_at", "run_marker"]


def seat_parts(x: str) -> tuple[str, str, str, str] | None:
    """A seat line's number, name, stack and what follows, as the pattern
    ``^Seat (\\d+): (.*) \\(([^()]*)\\)(.*)$`` reads them: the name, greedy, ends at the last
    `` (`` whose bracket closes before another opens."""
    colon = x.find(": ", 5)
    if colon <= 5 or not x.startswith("Seat ") or not x[5:colon].isdecimal():
        return None
    start = colon + 2
    at = x.rfind(" (", start)
    while at >= 0:
        close = x.find(")", at + 2)
        if close >= 0 and x.find("(", at + 2, close) < 0:
            return x[5:colon], x[start:at], x[at + 2:close], x[close + 1:]
        at = x.rfind(" (", start, at + 1)  # (the one before: the name is shorter)
    return None


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
