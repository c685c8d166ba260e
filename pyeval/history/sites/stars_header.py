"""The first line of a hand of the PokerStars-like family: its id, date and time zone, and the
facts its header states (tournament, game, limit, stakes, level, currency), worked out once for
a table's hands."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.history.sites.money import amount, currency_of

__all__ = ["head_facts", "GAMES", "decimal_at", "space_end", "decimal_end"]

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
    found = hand_id_of(head)
    if found is None:
        raise ValueError(f"no hand id in the first line: {head[:80]!r}")
    hand_id, end = found
    rest = head[end:]
    dated = date_of(rest)
    if dated is None:
        date, timezone = "", ""
    else:
        date, timezone, start, end = dated
        rest = rest[:start] + rest[end:]
    header = _HEADERS.get(rest)
    if header is None:
        header = _header(rest)
        if len(_HEADERS) < _HEADERS_MAX:
            _HEADERS[rest] = header
    return hand_id, date, timezone, header


def hand_id_of(head: str) -> tuple[str, int] | None:
    """(the hand id, where it ends) as ``_HEAD_ID.search`` reads it, or None: by string operations
    when the first "#" is followed by ASCII letters, ASCII digits and then a colon or a space
    (PokerStars' ``#123:``, GGPoker's ``#HD123:``), else by the pattern."""
    at = head.find("#")
    digits = at + 1
    while 0 < digits < len(head) and (65 <= ord(head[digits]) <= 90 or 97 <= ord(head[digits]) <= 122):
        digits += 1  # (ASCII letters: the codes compared, native under mypyc; the characters would not be)
    end = digits
    while 0 < end < len(head) and 48 <= ord(head[end]) <= 57:
        end += 1
    if end > digits and end < len(head) and head[end] in (":", " "):
        return head[at + 1:end], end + 1 if head[end] == ":" else end
    m = _HEAD_ID.search(head)
    return None if m is None else (m.group(1), m.end())


def date_of(header: str) -> tuple[str, str, int, int] | None:
    """(ISO date, time zone, start, end) of the first date in a header, as ``_DATE`` reads it, or
    None: by string operations for ``YYYY/MM/DD H:MM:SS ZONE`` with ASCII digits (the commonest
    header), else by the pattern."""
    slash = header.find("/")
    while slash >= 0 and not (slash >= 4 and decimal_at(header, slash - 4, slash)):
        slash = header.find("/", slash + 1)
    if slash < 0:
        return None
    fast = _date_by_words(header, slash)
    if fast is not None:
        return fast
    d = _date(header)
    if d is None:
        return None
    y, mo, day, h, mi, sec, zone = d.groups()
    return f"{y}-{_two(mo)}-{_two(day)}T{_two(h)}:{mi}:{sec or '00'}", zone or "", d.start(), d.end()


def _date_by_words(header: str, slash: int) -> tuple[str, str, int, int] | None:
    """``date_of`` at the slash after the year, when the date is ``YYYY/MM/DD H:MM:SS ZONE``
    (digits ASCII, a two-digit month and day, the zone two to five capitals or none at the end of
    the line), else None."""
    # (the digits checked in place by their codes and the date cut in two slices: no slice a field)
    if not (_digits_at(header, slash - 4, slash) and len(header) >= slash + 14 and header[slash + 3] == "/"
            and header[slash + 6] == " "):
        return None
    if not (_digits_at(header, slash + 1, slash + 3) and _digits_at(header, slash + 4, slash + 6)):
        return None
    hour_at = slash + 7
    colon = hour_at + 1 if header[hour_at + 1] == ":" else hour_at + 2
    if not (_digits_at(header, hour_at, colon) and colon + 6 <= len(header) and header[colon] == ":"
            and header[colon + 3] == ":" and _digits_at(header, colon + 1, colon + 3)
            and _digits_at(header, colon + 4, colon + 6)):
        return None
    end = zone_at = colon + 6
    if end < len(header):  # (else the line ends with the time: GGPoker writes no zone)
        if header[end] != " ":
            return None
        end = zone_at = colon + 7
        while end < len(header) and end < zone_at + 5 and 65 <= ord(header[end]) <= 90:  # (A-Z)
            end += 1
        if end - zone_at < 2:
            return None
    day = header[slash - 4:slash + 6].replace("/", "-")  # (``YYYY/MM/DD``, its digits checked)
    time = header[hour_at:colon + 6] if colon == hour_at + 2 else "0" + header[hour_at:colon + 6]
    return day + "T" + time, header[zone_at:end], slash - 4, end


def _digits_at(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` (within the text) is ASCII digits only and not empty, by the
    characters' codes (no slice)."""
    for k in range(start, end):
        if not 48 <= ord(text[k]) <= 57:
            return False
    return end > start


def decimal_at(text: str, start: int, end: int) -> bool:
    """``text[start:end].isdecimal()`` (within the text), by the characters' codes when they are
    ASCII (a method call and a slice otherwise, each a generic call under mypyc)."""
    for k in range(start, end):
        code = ord(text[k])
        if not 48 <= code <= 57:
            return code >= 128 and text[start:end].isdecimal()
    return end > start


def space_end(text: str, start: int) -> int:
    """Where the white space (``str.isspace``) from ``start`` ends, by the characters' codes when
    they are ASCII."""
    k = start
    while k < len(text):
        code = ord(text[k])
        if code == 32 or 9 <= code <= 13 or 28 <= code <= 31:
            k += 1
        elif code >= 128 and text[k].isspace():
            k += 1
        else:
            break
    return k


def decimal_end(text: str, start: int) -> int:
    """Where the decimal digits (``str.isdecimal``) from ``start`` end, by the characters' codes
    when they are ASCII."""
    k = start
    while k < len(text):
        code = ord(text[k])
        if 48 <= code <= 57 or (code >= 128 and text[k].isdecimal()):
            k += 1
        else:
            break
    return k


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
