"""Winning Poker Network's text before 2019 (``Game started at: ...`` / ``Game ID: ...``),
rewritten into the PokerStars-like family's words (``stars_text`` reads it).

This format names every amount as the chips a player adds (``Player X raises (100)``: 100 more,
``allin (1480)``: 1480 more, a bet, call or raise by what it makes of the street's bets), one
card a line (``received card: [Js]``; ``10c`` for the ten), no limit type, and a summary line per
player with the totals (``Bets: 420. Collects: 960. Wins: 540.``), which are the record of what
each won.  On a jackpot table (``(JP)``, ``( Beast )`` in its name) the 2014 text leaves the
jackpot fee out of its ``Pot: 45.75. Rake 2`` line (its bets total 48): the fee is what the
summary's bets hold beyond the pot and rake written (later texts write ``JP fee 0.24``).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.core.cards import SUIT_CHARS
from pyeval.history.sites.assemble import Speakers, speakers_of
from pyeval.history.sites.model import ZERO
from pyeval.history.sites.money import amount
from pyeval.history.sites.text_lines import bracket_span

__all__ = ["to_family_text", "START", "cards_text", "seat_line", "amount_in_brackets"]

START: Final = r"Game started at: "

_ID: Final = re.compile(r"^Game ID: (\d+) (\S+) (.*)\(([^()]*)\)\s*(?:\d+-max)?\s*$")
_STREETS: Final = {"River": "RIVER"}
_STUD_STREETS: Final = {"Third street": "4th STREET", "Fourth street": "5th STREET",
                        "Fifth street": "6th STREET", "Sixth street": "RIVER"}
"""Stud's sections: this format counts the streets after the first deal, which it does not mark
(its "Third street" deals each player's fourth card, its "Sixth street" the seventh)."""
_TOTALS: Final = re.compile(r"Bets: ([\d.,]+)\. Collects: ([\d.,]+)\.")
_DEALT: Final[tuple[str, ...]] = ("received card: [", "received a card")
_DEALT_SHOWN: Final[tuple[str, ...]] = ("received card: [", "received a card: [")
_NOT_ACTIONS: Final[tuple[str, ...]] = ("received a card", "received card.", "is timed out", "sitout", "wait",
                                        "is sitting out")
"""(Each tuple typed ``tuple[str, ...]``: mypyc builds a tuple of a fixed length anew at every use.)"""
_BRACKETED: Final = re.compile(r"\[([^\]]*)\]")
_POT_PARTS: Final = re.compile(r"\.\s+(?=[A-Za-z])")
_NUMBER: Final = re.compile(r"[\d.,]*\d")
_JACKPOT_TABLE: Final = re.compile(r"\bJP\b|\bBeast\b")
"""A table whose name marks a jackpot (``Baryte (JP)``, ``Braunite ( Beast )``): before 2015 the
site took a jackpot fee there that its ``Pot: ... Rake ...`` line leaves out (later: ``JP fee``)."""


def cards_text(text: str) -> str:
    """Cards with the ten as ``T`` (``10c`` -> ``Tc``), as the pattern ``\\b10([cdhs])\\b``
    replaced by ``T\\1`` writes them."""
    at = text.find("10")
    if at < 0:
        return text
    pieces: list[str] = []
    done = 0
    while at >= 0:
        end = at + 3
        if end <= len(text) and text[at + 2] in _SUITS and (at == 0 or not _is_word(text[at - 1])) \
                and (end == len(text) or not _is_word(text[end])):
            pieces.append(text[done:at])
            pieces.append("T" + text[at + 2])
            done = end
            at = text.find("10", end)
        else:
            at = text.find("10", at + 1)
    if not pieces:
        return text
    pieces.append(text[done:])
    return "".join(pieces)


_SUITS: Final[frozenset[str]] = frozenset(SUIT_CHARS)


def _is_word(c: str) -> bool:
    """Whether a character is a word's (the patterns' ``\\w``)."""
    return c.isalnum() or c == "_"


def seat_line(x: str) -> tuple[str, str, str] | None:
    """A seat line's number, name and chips, as the pattern ``^Seat (\\d+): (.*) \\(([\\d.,]+)\\)\\.?\\s*$``
    reads a line without a line break and with no space at its end: the chips are in the last
    brackets, which end the line or a full stop does.  (Not ``text_lines.seat_span``: read from the
    line's end, this rule measured 2.4k fewer instructions a hand, 0.9 % of the converter.)"""
    colon = x.find(": ", 5)
    if colon <= 5 or not x.startswith("Seat ") or not x[5:colon].isdecimal():
        return None
    close = len(x) - 2 if x.endswith(").") else len(x) - 1
    if close < 0 or x[close] != ")":
        return None
    at = x.rfind("(", 0, close)
    if at < colon + 3 or x[at - 1] != " " or not _is_number(x, at + 1, close):
        return None
    return x[5:colon], x[colon + 2:at - 1], x[at + 1:close]


def _is_number(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is digits, points and commas (``[\\d.,]+``)."""
    digits = text[start:end].replace(".", "").replace(",", "")
    return end > start and (digits == "" or digits.isdecimal())


def amount_in_brackets(text: str) -> str | None:
    """The first amount in brackets (``(1,480)``), as the pattern ``\\(([\\d.,]+)\\)`` finds it: the
    first brackets with no bracket inside that hold a number."""
    at, close = bracket_span(text, 0, "(", ")", innermost=True)
    while close >= 0:
        if _is_number(text, at + 1, close):
            return text[at + 1:close]
        at, close = bracket_span(text, close + 1, "(", ")", innermost=True)
    return None


def to_family_text(text: str) -> str:
    """One hand of the old WPN format in the family's words; ValueError naming what is missing."""
    lines = []
    for raw in text.strip().split("\n"):
        x = raw.rstrip()
        if x:  # (blank lines dropped)
            lines.append(x)
    started = lines[0][len("Game started at: "):].strip() if lines[0].startswith("Game started at: ") else ""
    ids = [_ID.match(x) if x.startswith("Game ID: ") else None for x in lines[1:3]]  # (a match a line: a call)
    head = next((m for m in ids if m), None)
    if head is None:
        raise ValueError("no 'Game ID: <id> <stakes> <table> (<game>)' line")
    hand_id, stakes, table, game = head.groups()
    out = [f"WPN Game #{hand_id}: {game} ({stakes}) - {started}"]
    seats: dict[str, str] = {}
    names: list[str] = []
    button = ""
    body_at = 0
    for k, x in enumerate(lines[2:], 2):
        if x.startswith("Game ID: "):
            continue
        if x.startswith("Seat ") and x.endswith("is the button"):
            button = x.split()[1]
            continue
        seat = seat_line(x)
        if seat is None:
            body_at = k
            break
        seat_number, seated, stack = seat
        seats[seated] = seat_number
        names.append(seated)
        out.append(f"Seat {seat_number}: {seated} ({stack} in chips)")
    out.insert(1, f"Table '' Seat #{button} is the button" if button else "Table ''")
    speakers = speakers_of(names)
    bets: dict[str, Decimal] = {}
    dealt: dict[str, list[str]] = {}
    summary = False
    summarised: set[str] = set()
    acted: list[str] = []
    stud = "stud" in game.lower()
    dealing = False
    face_down = _face_down_lines(names)
    for x in lines[body_at:]:
        first = x[0]  # (a literal start tested only on a line starting with its first character)
        if first == "G" and x.startswith("Game ended at"):
            break
        if first == "-" and x.startswith("------ Summary ------"):
            _flush(dealt, out)
            out.append("*** SUMMARY ***")
            summary = True
            continue
        if summary:
            if first == "P" and x.startswith("Pot: "):  # "Pot: 3.99. Rake 0.15. JP fee 0.06": the pot after the fees
                parts = [p.strip() for p in _POT_PARTS.split(x[len("Pot: "):].rstrip("."))]
                if _is_jackpot_table(table) and not any(p.startswith("JP fee") for p in parts):
                    fee = _unwritten_fee(parts, lines)
                    if fee > 0:
                        parts.append(f"JP fee {fee}")
                out.append(" | ".join([f"Total pot {parts[0]}"] + parts[1:]))
                continue
            line = x.lstrip("*")
            name = _player(line, speakers)
            totals = _TOTALS.search(line) if name is not None else None
            if name is None or totals is None:
                continue
            cards = _BRACKETED.search(line, 0, totals.start()) if "[" in line else None
            shown = f" showed [{cards_text(cards.group(1))}] and" if cards else ""
            out.append(f"Seat {seats[name]}: {name}{shown} collected ({totals.group(2)})")
            summarised.add(name)
            continue
        if first == "*" and x.startswith("***"):
            _flush(dealt, out)
            label = x.strip("* :").split("***")[0].strip()
            rest = x[x.index("***", 3) + 3:].lstrip(":") if x.count("***") >= 2 else ""
            label = (_STUD_STREETS if stud else _STREETS).get(label, label)
            bets = {}
            out.append(f"*** {label} ***{cards_text(rest)}")
            continue
        if first == "U" and x.startswith("Uncalled bet"):
            out.append(x)
            continue
        # (nothing to write: the player's name is not looked for; the line hashed only when it can be one)
        if x.endswith(_FACE_DOWN_END) and x in face_down and (dealing or not stud):
            continue
        name = _player(x, speakers) if first == "P" else None
        if name is None:
            # chips moved by a name no seat line has
            if first == "P" and x.startswith("Player ") and amount_in_brackets(x) is not None:
                raise ValueError(f"an action by a player with no seat line (a blank or unknown name): {x[:60]!r}")
            continue  # not a player's action (a table message)
        what = x[len("Player ") + len(name) + 1:]
        if stud and not dealing and what.startswith(_DEALT):
            out.append("*** 3rd STREET ***")  # the first deal, which the text does not mark
            dealing = True
        if what.startswith(_DEALT_SHOWN):
            dealt.setdefault(name, []).append(cards_text(what[what.index("[") + 1:-1]))
            continue
        if what.startswith(_NOT_ACTIONS):
            continue
        _flush(dealt, out)
        out.append(_action(name, what, bets))
        acted.append(name)
    missing = [n for n in acted if n not in summarised]
    if summary and missing:  # the summary has a line for every player who acted
        raise ValueError(f"the summary is cut short: no line for {missing[0]!r}")
    return "\n".join(out)


def _face_down_lines(names: list[str]) -> frozenset[str]:
    """The lines ``Player <name> received a card.`` of the seated players (a card dealt face down,
    a line a card: a quarter of the text), but for a name that a longer seated name starts with
    (``Bob`` and ``Bob received``: the line is the longer one's)."""
    key = tuple(names)
    lines = _FACE_DOWN_SEEN.get(key)
    if lines is None:
        seated = frozenset(names)
        lines = frozenset([f"Player {n} received a card." for n in names
                           if n + " received" not in seated and n + " received a" not in seated])
        if len(_FACE_DOWN_SEEN) >= _CACHE_MAX:
            _FACE_DOWN_SEEN.clear()
        _FACE_DOWN_SEEN[key] = lines
    return lines


_FACE_DOWN_END: Final = " received a card."
"""How every line of ``_face_down_lines`` ends."""
_FACE_DOWN_SEEN: Final[dict[tuple[str, ...], frozenset[str]]] = {}
"""The lines of a table's players (its every hand has the same)."""
_CACHE_MAX: Final = 10_000


def _flush(dealt: dict[str, list[str]], out: list[str]) -> None:
    """The cards dealt since the last line written, a line a player (the text writes one a card)."""
    if dealt:
        for name, cards in dealt.items():
            out.append(f"Dealt to {name} [{' '.join(cards)}]")
        dealt.clear()


def _unwritten_fee(parts: list[str], lines: list[str]) -> Decimal:
    """The jackpot fee a ``Pot:`` line leaves out: what the summary's players bet less the pot
    written and its fees."""
    bets = Decimal(0)
    for x in lines:
        totals = _TOTALS.search(x)
        if totals is not None:
            bets += amount(totals.group(1))
    written = Decimal(0)
    for part in parts:
        number = _NUMBER.search(part)
        written += amount(number.group(0)) if number else Decimal(0)
    return bets - written


def _is_jackpot_table(table: str) -> bool:
    """``_JACKPOT_TABLE.search(table)``, tried only when its words are in the name."""
    return ("JP" in table or "Beast" in table) and _JACKPOT_TABLE.search(table) is not None


def _player(line: str, speakers: Speakers) -> str | None:
    return speakers.at_start(line, len("Player ")) if line.startswith("Player ") else None


def _action(name: str, what: str, bets: dict[str, Decimal]) -> str:
    """One action in the family's words, the street's bets kept (the amounts are chips added)."""
    found = amount_in_brackets(what) if "(" in what else None
    added = amount(found) if found is not None else ZERO
    had = bets.get(name, ZERO)
    space = what.find(" ")
    verb = what[:space] if space >= 0 else what
    if verb == "has" and "small blind" in what:
        bets[name] = had + added
        return f"{name}: posts small blind {added}"
    if verb == "has" and "big blind" in what:
        bets[name] = had + added
        return f"{name}: posts big blind {added}"
    if what.startswith("bring in"):
        bets[name] = had + added
        return f"{name}: brings in for {added}"
    if verb == "ante" or what.startswith("posts ante"):
        return f"{name}: posts the ante {added}"
    if verb == "straddle":
        bets[name] = had + added
        return f"{name}: posts straddle {had + added}"
    if what.startswith("posts ("):
        bets[name] = had + added
        return f"{name}: posts big blind {added}"
    if verb in ("folds", "checks"):
        return f"{name}: {verb}"
    if verb in ("calls", "bets", "raises", "allin", "caps"):
        top = _highest(bets)
        total = had + added
        bets[name] = total
        tail = " and is all-in" if verb in ("allin", "caps") else ""  # capped: no more betting, as all-in
        if total <= top:
            return f"{name}: calls {added}{tail}"
        if top == 0:
            return f"{name}: bets {added}{tail}"
        return f"{name}: raises {total - top} to {total}{tail}"
    if verb == "mucks" or what.startswith("does not show"):
        return f"{name}: mucks hand"
    if verb == "shows":
        cards = _BRACKETED.search(what)
        return f"{name}: shows [{cards_text(cards.group(1))}]" if cards else f"{name}: mucks hand"
    return f"{name}: {what}"  # the parser names a line it does not know


def _highest(bets: dict[str, Decimal]) -> Decimal:
    """The street's highest bet so far (``max(bets.values(), default=ZERO)``: of equal ones, the
    first, whose digits a raise's difference keeps), by a loop (max with a default is a generic
    call compiled)."""
    top = ZERO
    first = True
    for bet in bets.values():
        if first or bet > top:
            top = bet
            first = False
    return top
