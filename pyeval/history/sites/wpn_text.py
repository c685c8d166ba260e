"""Winning Poker Network's (ACR) text since 2019 (``Hand #<id> - Holdem(No Limit) - ...``),
rewritten line by line into the PokerStars-like family's words (``stars_text`` reads it): the
actions have no colon, a run of the board is ``*** FLOP 2 ***``, collections name their run
(``from main pot 2``), and the pot is restated after every street (``Main pot $x | Rake $y``).
The summary's "won" of a hi/lo hand names one half only: the collections are the record
(``stars_text.parse_hand(..., collected_from_actions=True)``).
"""

from __future__ import annotations

import re
from typing import Final

from pyeval.history.sites import wpn_old_text
from pyeval.history.sites.assemble import speakers_of
from pyeval.history.sites.text_lines import run_marker, seat_parts

__all__ = ["to_family_text", "hand_starts", "START"]

START: Final = r"(?:Game )?Hand #\d+ - "
_START_AT: Final = re.compile(START)
_OLD_FIRST: Final = wpn_old_text.START
"""The old format's first line: a literal (``Game started at: ``)."""


def hand_starts(text: str, end: int = -1) -> list[int]:
    """Where a hand of either format starts in ``text[:end]`` (the whole text for -1): the line
    starts where ``START`` or the old format's first words match (``wpn.detect``: in the first
    2000 characters).  They are found from the characters ``#`` and ``G`` (found at the speed of
    memory, and few), not by the pattern of both, which has no first word the regular expression
    engine can skip to: it was tried at every character, 30 to 90 us a file to tell another
    site's text it is not WPN's."""
    end = len(text) if end < 0 else min(end, len(text))
    found: list[int] = []
    at = text.find("#", 0, end)
    while at >= 0:  # "Hand #" or "Game Hand #" starting a line
        line = text.rfind("\n", 0, at) + 1
        # (a line is tried once: "Hand #4 - #5" has a "#" at both columns)
        if (at - line == 5 or at - line == 10) and (not found or found[-1] != line) \
                and _START_AT.match(text, line, end) is not None:
            found.append(line)
        at = text.find("#", at + 1, end)
    at = text.find("G", 0, end)
    while at >= 0:  # "Game started at: " starting a line
        # (a slice compared: startswith with a start and an end parses its arguments as Python does)
        if (at == 0 or text[at - 1] == "\n") and text[at:at + len(_OLD_FIRST)] == _OLD_FIRST \
                and at + len(_OLD_FIRST) <= end:
            found.append(at)
        at = text.find("G", at + 1, end)
    found.sort()  # (the two formats' starts, in one file)
    return found

_HEADER: Final = re.compile(r"^(?:Game )?Hand #(\d+) - (.*)$")
_GAME: Final = re.compile(r"^(.*?)\((No Limit|Pot Limit|Fixed Limit|Limit)\)$")
_RUN_LABELS: Final[frozenset[str]] = frozenset({"FLOP", "TURN", "RIVER", "SHOW DOWN"})
"""The sections a board run more than once numbers (``*** FLOP 2 ***``)."""
_RUN: Final[dict[str, str]] = {"1": "FIRST", "2": "SECOND", "3": "THIRD"}
_COLLECT: Final = re.compile(r"^(.*) collected (\S+) from (main pot|side pot)(?:[- ]?(\d+))?$")
_ACTIONS: Final[tuple[tuple[str, str], ...]] = (
    ("posts the small blind ", "posts small blind "),
    ("posts the big blind ", "posts big blind "),
    ("posts dead ", "posts small & big blinds "),
    ("posts ante ", "posts the ante "),
    ("posts straddle ", "posts straddle "),
    ("does not show", "mucks hand"),
    ("posts $", "posts big blind $"),  # a new player's post of the big blind (``posts $0.02``)
)
_KEPT: Final[tuple[str, ...]] = ("Dealt to ", "Uncalled bet")
"""Lines kept as they are (each tuple typed ``tuple[str, ...]``: mypyc builds a tuple of a fixed
length anew at every use)."""
_ACTION_WORDS: Final[tuple[str, ...]] = ("posts ", "does not show")
"""The first words of every rewritten action (the rest are kept as they are)."""
_SIZE: Final = re.compile(r"\d+-max")
_PARTS: Final = re.compile(r"\s*-\s+(?=\S)")
_STAKES: Final = re.compile(r"\S*\d\S*/\S*\d\S*")
_DATE: Final = re.compile(r"\d{4}/\d{1,2}/\d{1,2}")
_CAPS: Final = re.compile(r"^caps (\S+)$")  # a cap game's bet or raise to the cap: the street total
_SKIP: Final = re.compile(r"^(?:Main pot|Side pot|Board \d|\*\*\* RUN IT (?:TWICE|THRICE) \*\*\*)")
_SKIP_WORDS: Final[tuple[str, ...]] = ("Main pot", "Side pot", "Board ", "*** RUN IT ")
"""The first words of ``_SKIP``'s lines: the pattern is tried only on a line starting with one (not
on every summary's seat line)."""


def to_family_text(text: str) -> str:
    """One WPN hand in the family's words; ValueError when its first line is not a WPN header."""
    lines = [x.strip() for x in text.strip().split("\n") if x.strip()]
    head = _HEADER.match(lines[0])
    if head is None:
        raise ValueError(f"not a Winning Poker Network hand header: {lines[0][:60]!r}")
    if len(lines) < 3:
        raise ValueError("the hand is cut short (fewer than three lines)")
    out = [f"WPN Hand #{head.group(1)}: {_header(head.group(2))}"]
    k = 1
    if not lines[k].startswith("Seat "):
        table = lines[k]
        if not table.startswith("Table '"):
            words = table.split(" ")
            size = next((w for w in words if _SIZE.fullmatch(w)), "")
            title = table[:table.index(size)].strip() if size else table
            table = f"Table '{title}' {table[len(title):].strip()}"
        out.append(table)
        k += 1
    names = []
    while k < len(lines) and lines[k].startswith("Seat "):
        seat = seat_parts(lines[k])
        if seat is None:
            break
        seat_number, seated, stack, rest = seat
        names.append(seated)
        out.append(f"Seat {seat_number}: {seated} ({stack} in chips){rest}")
        k += 1
    speakers = speakers_of(names)
    summary = False
    runs = False
    for x in lines[k:]:
        if x.startswith(_SKIP_WORDS) and _SKIP.match(x):  # (each pattern tried where its first word is)
            runs = runs or x.startswith("*** RUN IT")
            continue
        if x[0] == "*":
            closing = x.find("***", 4)
            run = run_marker(x, closing, _RUN_LABELS)
            if run is not None:
                out.append(f"*** {_RUN[run[1]]} {run[0]} ***{x[closing + 3:]}")
                continue
        if x.startswith("*** SUMMARY ***"):
            summary = True
        if x.startswith("***") or summary or x.startswith(_KEPT):
            out.append(x)
            continue
        c = _COLLECT.match(x) if " collected " in x else None
        if c:
            who, amount, pot, number = c.groups()
            if runs and number:
                out.append(f"{who} collected {amount} from {pot} (run {number})")
            else:
                out.append(f"{who} collected {amount} from {pot}" + (f" {number}" if number and pot == "side pot"
                                                                     else ""))
            continue
        name = speakers.at_start(x)
        if name is None:
            out.append(x)
            continue
        what = x[len(name) + 1:]
        if what == "waits for big blind":  # not dealt in
            continue
        capped = _CAPS.match(what) if what.startswith("caps ") else None
        if capped:
            what = f"raises {capped.group(1)} to {capped.group(1)} and is all-in"
        if what.startswith("brings in ") and not what.startswith("brings in for "):  # stud: ``brings in $0.02``
            what = "brings in for " + what[len("brings in "):]
        if what.startswith(_ACTION_WORDS):
            for old, new in _ACTIONS:
                if what.startswith(old):
                    what = new + what[len(old):]
                    break
        out.append(f"{name}: {what}")
    return "\n".join(out)


_GAME_PART: Final = 1
_STAKES_PART: Final = 2
_DATE_PART: Final = 4
_PART_KINDS: Final[dict[str, int]] = {}
"""What each part of a header is (a table's parts repeat in its every hand; a date, which does
not, is not kept)."""
_GAME_WORDS: Final[dict[str, str]] = {}
_CACHE_MAX: Final = 10_000


def _header(rest: str) -> str:
    """``Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC`` (tournaments: ``Tournament
    #n - Holdem(No Limit) - Level 15 (250.00/500.00)- date``) in PokerStars' order."""
    tournament = game = level = stakes = date = ""
    for part in _PARTS.split(rest):
        p = part.strip()
        if not tournament and p.startswith("Tournament #"):
            tournament = p
        if not level and p.startswith("Level "):
            level = p
        kind = _part_kind(p)
        if kind & _GAME_PART and not game:
            game = p
        if kind & _STAKES_PART and not stakes:
            stakes = p
        if kind & _DATE_PART and not date:
            date = p
    if tournament:
        return f"{tournament}, {_game_words(game)} - {level} - {date}"
    return f"{_game_words(game)} ({stakes}) - {date}"


def _part_kind(p: str) -> int:
    """Which of the header's facts a part of it can be (a bit each)."""
    kind = _PART_KINDS.get(p)
    if kind is None:
        # (a game ends with its limit's bracket; stakes have no space: a date with its time is one pattern)
        kind = ((_GAME_PART if p.endswith(")") and _GAME.match(p) else 0)
                | (_STAKES_PART if " " not in p and _STAKES.fullmatch(p) else 0)
                | (_DATE_PART if _DATE.match(p) else 0))
        if not kind & _DATE_PART:
            if len(_PART_KINDS) >= _CACHE_MAX:
                _PART_KINDS.clear()
            _PART_KINDS[p] = kind
    return kind


def _game_words(game: str) -> str:
    """``Holdem(No Limit)`` -> ``Hold'em No Limit``, as PokerStars writes it."""
    words = _GAME_WORDS.get(game)
    if words is None:
        g = _GAME.match(game)
        name = g.group(1).replace("Holdem", "Hold" + chr(39) + "em").replace("7Stud", "7 Card Stud") if g else ""
        words = f"{name} {g.group(2)}" if g else game
        if len(_GAME_WORDS) >= _CACHE_MAX:
            _GAME_WORDS.clear()
        _GAME_WORDS[game] = words
    return words
