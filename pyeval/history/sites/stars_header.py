"""The first line of a hand of the PokerStars-like family: its id, date and time zone, and the
facts its header states (tournament, game, limit, stakes, level, currency), worked out once for
a table's hands."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.history.sites.money import amount, currency_of

__all__ = ["head_facts", "GAMES"]

GAMES: Final[tuple[tuple[str, str], ...]] = (
    ("split hold'em", "holdem-double-board"),
    ("six plus hold'em", "shortdeck"),
    ("seven cards stud hilow", "stud-hilo"),
    ("seven cards stud", "stud"),
    ("omaha hilow", "omaha-hilo"),
    ("6+ hold'em", "shortdeck"),
    ("shortdeck", "shortdeck"),
    ("short deck", "shortdeck"),
    ("courchevel hi/lo", "courchevel-hilo"),
    ("courchevel", "courchevel"),
    ("6 card omaha", "omaha6"),
    ("5 card omaha hi/lo", "omaha5-hilo"),
    ("5 card omaha", "omaha5"),
    ("plo-5", "omaha5"),
    ("omaha hi/lo", "omaha-hilo"),
    ("omaha h/l", "omaha-hilo"),
    ("omaha", "omaha"),
    ("plo", "omaha"),
    ("7 card stud hi/lo", "stud-hilo"),
    ("7 card stud", "stud"),
    ("stud hi/lo", "stud-hilo"),
    ("stud h/l", "stud-hilo"),
    ("5 card stud", "stud5"),
    ("stud hi", "stud"),
    ("irish", "irish"),
    ("2-7 triple draw", "draw-deuce7"),
    ("2-7 single draw", "draw-deuce7"),
    ("razz", "razz"),
    ("5 card draw", "draw5"),
    ("single draw 2-7", "draw-deuce7"),
    ("triple draw 2-7", "draw-deuce7"),
    ("badugi", "badugi"),
    ("hold'em", "holdem"),
)
"""Game names in the headers (lower case, the more specific first) -> pyeval games."""

_NO_GAME: Final = {"a-5 triple draw": "A-5 triple draw (ace-to-five lowball draw): pyeval has no such game"}
_CAP: Final = re.compile(r"\bcap\b")
_HEAD_ID: Final = re.compile(r"#\s*([A-Za-z]*\d[\w-]*):?")
_TOURNAMENT: Final = re.compile(r"Tournament #\s*(\d+)", re.I)
_DATE: Final = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})\s*-?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*\(?([A-Z]{2,5})?")
_LEVEL: Final = re.compile(r"Level\s*([IVXLCDM\d]+)\s*\(([^)]*)\)", re.I)


def head_facts(head: str) -> tuple[str, str, str, tuple[str | None, str, str, list[Decimal], str, str]]:
    """(hand id, ISO date, time zone, the header's facts: ``_header``) of a hand's first line;
    ValueError naming what is missing or unknown."""
    m = _HEAD_ID.search(head)
    if m is None:
        raise ValueError(f"no hand id in the first line: {head[:80]!r}")
    hand_id = m.group(1)
    rest = head[m.end():]
    d = _date(rest)
    if d is None:
        date, timezone = "", ""
    else:
        y, mo, day, h, mi, sec, zone = d.groups()
        date, timezone = f"{y}-{_two(mo)}-{_two(day)}T{_two(h)}:{mi}:{sec or '00'}", zone or ""
        rest = rest[:d.start()] + rest[d.end():]
    header = _HEADERS.get(rest)
    if header is None:
        header = _header(rest)
        if len(_HEADERS) < _HEADERS_MAX:
            _HEADERS[rest] = header
    return hand_id, date, timezone, header


def _date(header: str) -> re.Match[str] | None:
    """``_DATE.search(header)``, trying the pattern only where four digits and a slash start a
    date (the engine would try it at every character of the header)."""
    slash = header.find("/")
    while slash >= 0:
        if slash >= 4 and header[slash - 4:slash].isdecimal():
            found = _DATE.match(header, slash - 4)
            if found is not None:
                return found
        slash = header.find("/", slash + 1)
    return None


def _two(digits: str) -> str:
    """One or two digits of a date as two ("7" -> "07")."""
    return digits.zfill(2) if digits.isascii() else f"{int(digits):02d}"


_HEADERS: Final[dict[str, tuple]] = {}
"""The facts of the headers read (the header without its hand id and date: a table's hands
share it), so that each is worked out once."""
_HEADERS_MAX: Final = 10_000


def _header(rest: str) -> tuple[str | None, str, str, list[Decimal], str, str]:
    """(tournament, game, limit, the stake amounts, level, currency) of a header after its hand
    id, the date taken out; ValueError for a game pyeval does not play or does not know."""
    tournament_match = _TOURNAMENT.search(rest)
    tournament = tournament_match.group(1) if tournament_match else None
    lower = rest.lower()
    game = next((g for name, g in GAMES if name in lower), None)
    missing = next((why for name, why in _NO_GAME.items() if name in lower), None)
    if missing is not None:
        raise ValueError(missing)
    if game is None:
        raise ValueError(f"unknown game in the header: {rest.strip()[:80]!r}")
    limit = ("no-limit" if "no limit" in lower else "pot-limit" if "pot limit" in lower or "plo" in lower
             else "fixed-limit" if "limit" in lower else "")
    if limit != "fixed-limit" and _CAP.search(lower):
        limit = "cap-" + limit
    header_money, level = _header_stakes(rest, tournament)
    currency = "" if tournament else currency_of(rest)
    return tournament, game, limit, header_money, level, currency


def _header_stakes(rest: str, tournament: str | None) -> tuple[list[Decimal], str]:
    """The header's stake amounts (blinds, or a limit game's bets), and the tournament level."""
    level = _LEVEL.search(rest)
    if level is not None:
        return [amount(v) for v in re.findall(r"[\d.,]*\d", level.group(2))][:2], level.group(1)
    for group in re.findall(r"\(([^()]*\d[^()]*)\)", rest):
        if "/" in group or "Blind" in group:
            group = group.split(" - ")[0] if "Cap" in group else group
            return [amount(v) for v in re.findall(r"\d[\d,]*(?:\.\d+)?", group)][:2], ""
    groups = re.findall(r"\(([^()]*\d[^()]*)\)", rest)
    return ([amount(groups[0])] if groups else []), ""
