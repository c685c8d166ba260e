"""Winamax's text hand histories (hold'em, Omaha 4/5 hi and hi/lo, stud, stud hi/lo, razz, 2-7
triple draw; cash, sit-and-go and tournaments; euros, play money and chips).

The text is PokerStars-like without the colons (``Player5 posts small blind 0.02€``), with the
euro sign after the number and French tournament names.  The header's stakes in parentheses are
the blinds, or ante/small/big (``(50/200/400)``, stud ``(5€/25€/50€)``).  Winamax writes no
uncalled-bet line: the uncalled part of a bet is in what its player ``collected`` (and in the
summary's ``won``), so ``assemble`` returns it and takes it out of the winnings.  The summary's
``won`` amounts are checked against the ``collected`` lines.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.history.sites.assemble import STUD, assemble, speakers_of, street_total
from pyeval.history.sites.hand_starts import split_at
from pyeval.history.sites.model import ZERO, Hand
from pyeval.history.sites.money import amount
from pyeval.history.sites.text_lines import bracketed_all, header_line, numbered_lines, seat_line

__all__ = ["SITE", "detect", "split", "parse"]

SITE: Final = "winamax"

_START_WORDS: Final = "Winamax Poker - "
_START: Final = re.compile(r"Winamax Poker - (?<![^\n]Winamax Poker - )")
"""A hand's first words at the start of a line: the lookbehind (no character but a line break
before them) stands for ``^`` with ``re.M``, after the words so that the engine skips ahead to them."""
_HEAD: Final = re.compile(r"^Winamax Poker - (?:(CashGame|Go Fast \"[^\"]*\")|Tournament \"(.*)\" buyIn: (.*?) "
                          r"level: (\S+)) - HandId: "
                          r"#(\S+) - (.+?) \(([^()]*)\) - (\d{4})/(\d\d)/(\d\d) (\d\d:\d\d:\d\d) (\w+)\s*$")
_TABLE: Final = re.compile(r"^Table:? '(.*)' (\d+)-max \((real|play) money\)(?: Seat #?(\d+) is the button)?\s*$")
_COLLECT: Final = re.compile(r"^(.+) collected (\S+) from (main pot|side pot \d+|pot)(?:\s*\((HI|LO)\))?\s*$")
_WON: Final = re.compile(r" won (\S+)")
_TOURNAMENT_NUMBER: Final = re.compile(r"\((\d+)\)#")
_TOTAL: Final = re.compile(r"^Total pot (\S+) \| (?:Rake (\S+)|No rake)\s*$")

GAMES: Final[tuple[tuple[str, str], ...]] = (
    ("5 card omaha hi/lo", "omaha5-hilo"), ("5 card omaha", "omaha5"), ("omaha5 hi/lo", "omaha5-hilo"),
    ("omaha5", "omaha5"), ("omaha hi/lo", "omaha-hilo"),
    ("omaha", "omaha"), ("7-card stud hi/lo", "stud-hilo"), ("7stud hi/lo", "stud-hilo"), ("7-card stud", "stud"),
    ("7stud", "stud"), ("razz", "razz"), ("lowball27", "draw-deuce7"), ("2-7 triple draw", "draw-deuce7"),
    ("holdem", "holdem"),
)
"""Winamax's game names (lower case, the more specific first) -> pyeval games (2-7 triple draw is
ranked as pyeval's deuce-to-seven draw)."""
_LIMITS: Final[tuple[tuple[str, str], ...]] = (  # (typed: mypyc boxes an untyped tuple at every use)
    ("no limit", "no-limit"), ("pot limit", "pot-limit"), ("fixed limit", "fixed-limit"))
_STREETS: Final = {"ANTE/BLINDS": "preflop", "PRE-FLOP": "preflop", "FLOP": "flop", "TURN": "turn",
                   "RIVER": "river", "3rd STREET": "3rd", "4th STREET": "4th", "5th STREET": "5th",
                   "6th STREET": "6th", "7th STREET": "7th",
                   "FIRST-BET": "preflop", "FIRST-DRAW": "draw1", "SECOND-BET": "draw1", "SECOND-DRAW": "draw2",
                   "THIRD-BET": "draw2", "THIRD-DRAW": "draw3", "FOURTH-BET": "draw3", "SHOW DOWN": "showdown",
                   "THIRD": "3rd", "FOURTH": "4th", "FIFTH": "5th", "SIXTH": "6th", "SEVENTH": "7th"}  # 2016 exports
_POSTS: Final[tuple[tuple[str, str], ...]] = (  # (typed: mypyc boxes an untyped tuple at every use)
    ("posts small blind ", "small-blind"), ("posts big blind ", "big-blind"), ("posts ante ", "ante"),
    ("brings in ", "bring-in"), ("bring-in ", "bring-in"))
_POST_WORDS: Final[tuple[str, ...]] = ("posts ", "bring")
"""The first words of every ``_POSTS`` prefix."""
_CALLS_BETS: Final[tuple[str, ...]] = ("calls ", "bets ")
_MUCKS: Final[tuple[str, ...]] = ("mucks", "doesn't show")
_ROUNDED: Final[tuple[str, ...]] = ("k", "M")
"""The summary's total pot rounded (``15.52k``): not the pot's chips."""


def detect(text: str) -> bool:
    return header_line(text, _START_WORDS, _START, 2000)


def split(text: str) -> list[tuple[int, str]]:
    return split_at(_START, text)


def _money(text: str) -> Decimal:
    """``0.02€``, ``1 500``, ``15.52k`` (the summary's rounded total: thousands)."""
    if text.endswith("k"):
        return amount(text[:-1]) * 1000
    return amount(text)


def parse(text: str, source: str, line: int) -> Hand:
    lines, numbers = numbered_lines(text.strip(), line)
    head = _HEAD.match(lines[0]) if lines else None
    if head is None:
        raise ValueError(f"not a Winamax hand header: {lines[0][:80] if lines else ''!r}")
    head_parts = head.groups()  # (once: a method call and a tuple)
    cash, tourney_name, _buy_in, level, hand_id, game_text, stakes_text = head_parts[:7]
    lower = game_text.lower()
    game = _game(lower)
    if game is None:
        raise ValueError(f"unknown Winamax game {game_text!r}")
    limit = ""
    for written, limit_name in _LIMITS:
        if written in lower:
            limit = limit_name
            break
    money = [amount(v) for v in stakes_text.split("/")]
    header_money = money[1:] if len(money) == 3 else money  # ante/small/big
    y, mo, d, clock, zone = head_parts[7:]
    if len(lines) < 2 or (table := _TABLE.match(lines[1])) is None:
        raise ValueError("no table line after the header")
    table_name, max_seats, _money_kind, button = table.groups()
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    i = 2
    while i < len(lines) and (s := seat_line(lines[i])) and not lines[i].startswith("***"):
        seat, seated, stack = s
        names.append(seated)
        seats[seated] = int(seat)
        # "Seat 1: Player1 ()": a player sitting out, no stack written (any chips he put in are refused)
        stacks[seated] = amount(stack) if stack.strip() else ZERO
        i += 1
    if len(names) < 2:
        raise ValueError("fewer than two seat lines")
    speakers = speakers_of(names)
    events: list[tuple] = []
    street = "preflop"
    boards: list[str] = []
    shown: dict[str, str] = {}
    won: dict[str, Decimal] = {}
    summary_won: dict[str, Decimal] = {}
    total = rake = None
    in_summary = False
    completed = False
    for k in range(i, len(lines)):
        x = lines[k]
        where = numbers[k]  # (the text's line: blank lines are not in ``lines``)
        if x.startswith("***"):
            label, after = _section(x)
            if label == "SUMMARY":
                in_summary = True
                continue
            if label not in _STREETS:
                raise ValueError(f"line {where}: unknown section {x[:60]!r}")
            street = _STREETS[label]
            groups = bracketed_all(after) if "[" in after else []
            if groups:
                board = "".join(groups).replace(" ", "")
                events.append(("deal", None, street, ZERO, ZERO, False, groups[-1].replace(" ", ""), 0, 0, 0))
                boards = [board]
            continue
        if in_summary:
            t = _TOTAL.match(x) if x.startswith("Total pot ") else None
            if t:
                pot_text, rake_text = t.group(1, 2)
                total = None if pot_text.endswith(_ROUNDED) else _money(pot_text)
                rake = _money(rake_text) if rake_text else ZERO
            elif x.startswith("Seat "):
                seated = _seat_name(x, speakers.longest_first)
                for w in _WON.findall(x) if " won " in x else []:
                    summary_won[seated] = summary_won.get(seated, ZERO) + _money(w)
                groups = bracketed_all(x) if "[" in x else []
                if groups and seated and " showed " in x:
                    shown[seated] = groups[0].replace(" ", "")
            elif not x.startswith("Board:"):
                raise ValueError(f"line {where}: unknown summary line {x[:60]!r}")
            continue
        m = _COLLECT.match(x) if " collected " in x else None
        if m is not None:
            winner, written, pot_name = m.group(1, 2, 3)  # (a method call)
            if winner in seats:
                pot = int(pot_name.rsplit(" ", 1)[1]) if pot_name.startswith("side") else 0
                got = _money(written)
                won[winner] = won.get(winner, ZERO) + got
                events.append(("collect", winner, "showdown", got, ZERO, False, "", 0, 0, pot))
                continue
        if x.startswith("Dealt to "):
            name = speakers.at_start(x, len("Dealt to "))
            if name is None:
                raise ValueError(f"line {where}: cards dealt to a player with no seat: {x[:60]!r}")
            groups = bracketed_all(x[len("Dealt to ") + len(name):])
            if not groups:
                raise ValueError(f"line {where}: cards dealt with no cards: {x[:60]!r}")
            first = street == "3rd" or len(groups) == 1
            cards = groups[0 if first else -1].replace("X", "??").replace(" ", "")
            events.append(("deal", name, street, ZERO, ZERO, False, cards, 0, 0, 0))
            continue
        name = speakers.at_start(x)
        if name is None:
            raise ValueError(f"line {where}: unknown line {x[:70]!r}")
        before = len(events)
        _action(name, x[len(name) + 1:], street, events, shown, where)
        if len(events) == before:  # a line with no event ("denies big blind")
            continue
        if events[-1][0] == "big-blind" and not events[-1][3] and x.endswith(" out of position"):
            _both_blinds(events, header_money[1] if len(header_money) > 1 else ZERO)
        if game in STUD and street == "3rd" and events[-1][0] == "raise" and not completed:
            # the first raise of the bring-in makes it a full bet: written "raises 25€ to 25€"
            completed = True
            if events[-1][4] <= header_money[0]:
                events[-1] = ("complete",) + events[-1][1:]
        completed = completed or (events[-1][0] in ("bet", "complete") and street == "3rd")
    if not in_summary:
        raise ValueError("the hand is cut short: no summary")
    for name, value in summary_won.items():
        if won.get(name, ZERO) != value:
            raise ValueError(f"the summary says {name} won {value}, the collected lines {won.get(name, ZERO)}")
    return assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won=won, source=source, line=line, header_money=header_money,
                    level=level or "", currency="EUR" if "€" in stakes_text or "\x80" in stakes_text else "",
                    tournament=None if cash else _tournament_id(tourney_name, table_name), table=table_name,
                    max_seats=int(max_seats), button=int(button) if button else None,
                    date=f"{y}-{mo}-{d}T{clock}", timezone=zone, boards=boards if game not in STUD else (),
                    shown=shown, rake=rake, total=total, language="en")


def _both_blinds(events: list, big_blind: Decimal) -> None:
    """Both blinds posted out of position written ``posts small blind 3€ out of position`` then
    ``posts big blind 0€ out of position`` (2016): the first line's chips are both blinds, the
    big blind's live, the rest dead."""
    name = events[-1][1]
    k = next((j for j in range(len(events) - 2, -1, -1) if events[j][1] == name), -1)
    if k < 0 or events[k][0] != "small-blind" or not big_blind or events[k][3] <= big_blind:
        return
    both = events[k][3]
    events[k] = ("dead-blind", name, events[k][2], both - big_blind, ZERO) + events[k][5:]
    events[-1] = ("big-blind", name, events[-1][2], big_blind, big_blind) + events[-1][5:]


def _tournament_id(name: str, table: str) -> str:
    """The tournament's number in the table name (``'Freeroll 100€(13133717)#336'``), else its name."""
    m = _TOURNAMENT_NUMBER.search(table)
    return m.group(1) if m else name


def _section(x: str) -> tuple[str, str]:
    """(label, what follows it) of a section's line, ``*** FLOP *** [4c 9h 8c]``; ("", "") when
    the line is not ``*** <label> ***``."""
    end = x.find(" ***", 5) if x.startswith("*** ") else -1
    if end < 0:
        return "", ""
    return x[4:end], x[end + 4:]


def _game(lower: str) -> str | None:
    """pyeval's game of Winamax's game name (lower case), None when unknown."""
    for name, game in GAMES:
        if lower.startswith(name):
            return game
    return None


def _seat_name(x: str, by_length: list[str]) -> str:
    """The player of a summary's seat line (``Seat 2: Bob (big blind) won 4€``): the longest name
    the text after the colon starts with, followed by a space or alone."""
    colon = x.find(": ")
    rest = x[colon + 2:] if colon >= 0 else ""
    for n in by_length:  # (a character compared, not startswith with a start: slow compiled)
        if rest.startswith(n) and (len(rest) == len(n) or rest[len(n)] == " "):
            return n
    return ""


def _action(name: str, what: str, street: str, events: list, shown: dict, where: int) -> None:
    allin = what.endswith(" and is all-in")
    if allin:
        what = what[:-len(" and is all-in")]
    if what.startswith(_POST_WORDS):
        for prefix, kind in _POSTS:
            if what.startswith(prefix):
                body = what[len(prefix):].removesuffix(" out of position")
                chips = _money(body)
                events.append((kind, name, street, chips, chips, allin, "", 0, 0, 0))
                return
    if what in ("folds", "checks"):
        events.append(("fold" if what == "folds" else "check", name, street, ZERO, ZERO, False, "", 0, 0, 0))
    elif what.startswith(_CALLS_BETS):
        kind = "call" if what[0] == "c" else "bet"
        events.append((kind, name, street, _money(what[what.find(" ") + 1:]), ZERO, allin, "", 0, 0, 0))
    elif what.startswith("raises "):
        words = what.split(" ")
        if len(words) != 4 or words[2] != "to":
            raise ValueError(f"line {where}: unknown raise {what[:60]!r}")
        if words[1].startswith("-"):
            # an all-in raise for less than a full raise, written "raises -6.10€ to 18.90€": its
            # "to" is the chips it adds (the raise: those less the bet faced)
            total = street_total(events, name, street) + _money(words[3])
            events.append(("raise", name, street, ZERO, total, True, "", 0, 0, 0))
            return
        events.append(("raise", name, street, _money(words[1]), _money(words[3]), allin, "", 0, 0, 0))
    elif what.startswith("shows "):
        groups = bracketed_all(what)
        if not groups:
            raise ValueError(f"line {where}: a show with no cards: {what[:60]!r}")
        cards = groups[0].replace(" ", "")
        shown[name] = cards
        events.append(("show", name, "showdown", ZERO, ZERO, False, cards, 0, 0, 0))
    elif what.startswith("discard "):
        count = int(what.split(" ")[1])
        events.append(("discard" if count else "stand-pat", name, street, ZERO, ZERO, False, "", count, 0, 0))
    elif what.startswith("stands pat"):  # a draw kept (``stands pat [2h Td 8c 7c 8s]``)
        events.append(("stand-pat", name, street, ZERO, ZERO, False, "", 0, 0, 0))
    elif what in ("denies big blind", "denies small blind"):
        pass  # a player sitting out who does not post: not dealt in, no chips
    elif what.startswith(_MUCKS):
        events.append(("muck", name, "showdown", ZERO, ZERO, False, "", 0, 0, 0))
    else:
        raise ValueError(f"line {where}: unknown action {name} {what[:60]!r}")
