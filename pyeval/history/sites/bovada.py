"""Bovada / Ignition / Bodog text hand histories: hold'em (no-limit, fixed-limit) and Omaha, cash
and tournaments, from the 2012 text on.

The players are named by their seat's position at the table (``UTG+1``, ``Big Blind [ME]``; the
name moves with the button, so a player cannot be followed from hand to hand) and every player's
hole cards are listed.  Lines are ``<position> : <action>``; an all-in is written as the chips it
adds (``All-in $39``, a call or a raise), a raise as its total (``Raises $9.25 to $9.25``,
``Raises $35``).  Uncalled bets are returned on their own line and ``Hand result`` is what the
pots paid after the rake (a walk's unmatched big blind is in it: no line returns it); the rake
itself is written only sometimes (``Total Pot($20) | Rake ($1)``), else it is what the pots lost.
A cash header writes no stakes: they are the blinds posted (fixed limit: the bets are one and two
big blinds).  Zone Poker writes ``HOLDEMZonePoker`` and no table; its players come and go
(``Enter(Auto)``), as do deposits, rebuys and add-ons, which count from the next hand's seat line
on: lines ignored by name.  The 2014-2015 texts may write a line twice; a player cannot post, bet
or collect twice in a row, so the repeat is dropped.  A tournament may number the seats by
player id, out of order: the seat lines are then numbered in their order, the table's.

The 2012 text writes no street markers: the board comes street by street (``Card dealt to table``)
or, in the 2012 Omaha text, not at all: the streets are worked out here (``_Streets``): a street
ends when every player still to act has acted since the last bet and matched it, and the next
takes its cards from the summary's board.

Seven-card stud and stud hi/lo: the players are named by their seat (``Seat+3 [ME]``), every card
dealt is listed (``Card dealt to a spot [7h 8c Jc]``), the 2012 text marks no street and the 2014
text's markers are not needed: a street starts with a round of deals (after the betting, or when a
player is dealt a second time in one round: the cards run out after an all-in).  The first raise
over the bring-in completes it.  The stakes are not written: the bets are worked out from the
betting (a big bet is two small ones).  A stud tournament writes the bring-in ``Big blind/Bring in``.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.history.sites.allin_event import allin_event
from pyeval.history.sites.assemble import STUD, assemble, street_total, street_totals_of
from pyeval.history.sites.hand_starts import split_at
from pyeval.history.sites.model import ZERO, Hand
from pyeval.history.sites.money import amount
from pyeval.history.sites.text_lines import bracketed_all, header_line, numbered_lines

__all__ = ["SITE", "detect", "split", "parse"]

SITE: Final = "bovada"

_BRAND_NAMES: Final = ("Bovada", "Ignition", r"Bodog(?:\.eu|\.com| UK| Canada|88)?")  # the site's names over the years
_BRANDS: Final = "(?:" + "|".join(_BRAND_NAMES) + ") Hand #"
_START: Final = re.compile(r"\ufeff?" + _BRANDS)  # at the start of a line (``detect``)
_START_WORDS: Final = " Hand #"
_SPLIT: Final = re.compile("(?:" + "|".join(["\ufeff" + b for b in _BRAND_NAMES] + list(_BRAND_NAMES))
                           + r") Hand #(?=\d)")
"""A hand's start, also within a line (a hand cut short mid-line), after an optional byte-order
mark: written as alternatives with and without it, each led by a literal, so that the engine
skips ahead to their first letters (an optional first character is tried at every position)."""
_ID: Final = re.compile(r"Hand #(\d+)")
_HEAD_GAME: Final = re.compile(r"\b(HOLDEM|OMAHA HiLo|OMAHA|7CARD HiLo|7CARD)(?:ZonePoker)?\b")  # "HOLDEMZonePoker"
_TOURNAMENT: Final = re.compile(r"Tournament #(\d+)")
_TABLE: Final = re.compile(r"\bTBL#(\d+)")  # Zone Poker writes none: its players change tables every hand
_LEVEL: Final = re.compile(r"Level (\d+) \(([\d,]+)/([\d,]+)\)")
_DATE: Final = re.compile(r"(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)")
_STAKES: Final = re.compile(r"Stakes: \$?([\d.,]+)-\$?([\d.,]+)")
_RAKE: Final = re.compile(r"\| Rake \(\$?([\d.,]+)\)")
_STUD_SEAT: Final = re.compile(r"^(Seat\+(\d+)(?: +\[ME\])?): \$?([\d.,]+) in chips")
_GAMES: Final = {"HOLDEM": "holdem", "OMAHA": "omaha", "OMAHA HiLo": "omaha-hilo", "7CARD": "stud",
                  "7CARD HiLo": "stud-hilo"}
_LIMITS: Final = {"No Limit": "no-limit", "Pot Limit": "pot-limit", "Fixed Limit": "fixed-limit"}
_STREETS: Final = {"HOLE CARDS": "preflop", "FLOP": "flop", "TURN": "turn", "RIVER": "river"}
_BOARD_LINES: Final[tuple[str, ...]] = ("Card dealt to table [", "Card to the table [")
_BOARD_STREETS: Final = {0: "flop", 3: "turn", 4: "river"}
"""The street a board deal starts, by the board cards already dealt."""
_STUD_MARKERS: Final = frozenset({"HOLE CARDS", "3RD STREET", "4TH STREET", "5TH STREET", "6TH STREET", "7TH STREET",
                                  "RIVER"})
_STUD_STREETS: Final[tuple[str, ...]] = ("3rd", "4th", "5th", "6th", "7th")
_BETTING: Final = frozenset({"bring-in", "fold", "check", "call", "bet", "raise"})
# (the tables of words typed: mypyc boxes a tuple declared with a bare Final at every use)
_POSTS: Final[tuple[tuple[str, str], ...]] = (
    ("Ante/Small Blind", "small-blind"), ("Ante/Small blind", "small-blind"),
    ("Small Blind", "small-blind"), ("Small blind", "small-blind"), ("Big blind/Bring in", "big-blind"),
    ("Big Blind", "big-blind"), ("Big blind", "big-blind"), ("Ante chip", "ante"),
    ("Bring_in chip", "bring-in"), ("Posts dead chip", "dead-blind"), ("Posts chip", "big-blind"))
_POST_NAMES: Final[tuple[str, ...]] = tuple(p for p, _ in _POSTS)
_POST_FIRST_LETTERS: Final[frozenset[str]] = frozenset(p[0] for p in _POST_NAMES)
"""The letters a post starts with: most actions (``Folds``, ``Calls``, ``Raises``) are not tried
against every post's name."""
_IGNORED: Final[tuple[str, ...]] = (
    "Set dealer", "Table enter user", "Table leave user", "Draw for dealer", "Seat sit out",
    "Seat stand", "Seat re-join", "Re-join", "Sit out", "Sitout", "Stand", "Ranking", "Prize Cash",
    "BOUNTY PRIZE",
    "Seat sit down", "Enter(Auto)", "Leave(Auto)",  # Zone Poker: a player taken to or from the table
    "Table deposit",  # chips bought during the hand: in the seat's stack from the next hand on
    "Rebuyin", "Double rebuys", "Addon",  # a rebuy or add-on: in this hand's seat line or the next's
    "Prize Tournament Ticket")
_ONCE: Final[tuple[str, ...]] = _POST_NAMES + ("Bets", "Raises", "Calls", "Call ", "Checks", "Folds", "All-in",
                                               "Return uncalled", "Hand result", "Hand Result")
"""Lines a player cannot have twice in a row: one repeating the line before is written twice (a
pot paid twice over would be a side pot, written "Hand Result-Side Pot"; were two side pots the
same, the pots would not add up and the hand is refused)."""
_IGNORED_LINES: Final[tuple[str, ...]] = ("Table enter user", "Table leave user", "Table deposit", "Enter(Auto)",
                                          "Leave(Auto)", "Set dealer/Bring in spot", "Seating Info")
"""Lines that name no player and move no chips of the hand: a player joining or leaving, a deposit
(it counts from the next hand on), the button placed, the players' ids by seat."""
_NO_PLAYER_LINES: Final[tuple[str, ...]] = ("Seat ", "Seat+", "Table Info", "Player Info") + _IGNORED_LINES
"""The lines without `` : `` read past: the seat lines, the table's and players' information, and those above."""


def detect(text: str) -> bool:
    # most texts of the sites asked after Bovada hold no "#" at all, which one character's search sees at once
    return text.find("#", 0, 3000) >= 0 and header_line(text, _START_WORDS, _START, 3000)


def split(text: str) -> list[tuple[int, str]]:
    return split_at(_SPLIT, text)


def _name(text: str) -> str:
    """The player's name with its spaces made single ("Big Blind  [ME]" and "Big Blind [ME]" are
    one player)."""
    if text.isprintable() and "  " not in text and not text.startswith(" ") and not text.endswith(" "):
        return text  # (no space to change: every other white space character is not printable)
    return " ".join(text.split())


def _seat_line(x: str, stud: bool) -> tuple[str, int, Decimal] | None:
    """(player, seat, stack) of a seat line: ``Seat 2: Big Blind [ME] ($10 in chips)``; stud's
    players are their seats, ``Seat+3 [ME]: $0.50 in chips``."""
    if stud:
        s = _STUD_SEAT.match(x)
        return None if s is None else (_name(s.group(1)), int(s.group(2)), amount(s.group(3)))
    parts = _seat_parts(x)
    return None if parts is None else (_name(parts[1]), int(parts[0]), amount(parts[2]))


def _seat_parts(x: str) -> tuple[str, str, str] | None:
    """(seat, name, stack) of ``Seat 2: Big Blind [ME] ($10 in chips)``, None when ``x`` is not a
    seat line: what ``^Seat (\\d+): (.+?) \\(([^()]*) in chips\\)`` matches, read by string
    operations: the name runs to the first `` (`` whose bracket holds no other bracket and closes
    after `` in chips``."""
    if not x.startswith("Seat "):
        return None
    colon = x.find(": ", 5)
    if colon <= 5 or not x[5:colon].isdecimal():  # (\\d is isdecimal: Unicode's decimal digits)
        return None
    at = x.find(" (", colon + 3)  # (a name of one character at least)
    while at >= 0:
        close = x.find(")", at + 2)
        if close < 0:
            return None
        inner = x[at + 2:close]
        if "(" not in inner and inner.endswith(" in chips"):
            return x[5:colon], x[colon + 2:at], inner[:-9]
        at = x.find(" (", at + 1)
    return None


def parse(text: str, source: str, line: int) -> Hand:
    lines, numbers = numbered_lines(text, line, both_ends=True)
    first = lines[0] if lines else ""
    hand_id = m.group(1) if (m := _ID.search(first)) else ""
    game_word = m.group(1) if (m := _HEAD_GAME.search(first)) else ""
    if not hand_id or game_word not in _GAMES:
        raise ValueError(f"unknown Bovada header: {first[:80]!r}")
    game = _GAMES[game_word]
    stud = game in STUD
    limit = ""  # a tournament may write "Turbo" instead
    for written, limit_name in _LIMITS.items():
        if written in first:
            limit = limit_name
            break
    # (each pattern tried only on a header holding its literal)
    tournament = m.group(1) if "Tournament #" in first and (m := _TOURNAMENT.search(first)) else None
    table = m.group(1) if "TBL#" in first and (m := _TABLE.search(first)) else ""
    level_match = _LEVEL.search(first) if "Level " in first else None
    level = level_match.group(1) if level_match else ""
    date = _date_in(first)
    inferred = None
    if "*** SUMMARY ***" not in text:
        raise ValueError("the hand is cut short: no summary")
    if not stud and "*** FLOP ***" not in text and _BOARD_LINES[0] not in text and _BOARD_LINES[1] not in text:
        inferred = _Streets(_board_cards(text).split())
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    header_money: list[Decimal] = []
    if level_match:
        header_money = [amount(level_match.group(2)), amount(level_match.group(3))]
    for j in range(1, len(lines)):
        x = lines[j]
        if x.startswith("***"):
            break  # the seat lines come before the cards
        seat = _seat_line(x, stud)
        if seat is not None:
            name = seat[0]
            names.append(name)
            seats[name] = seat[1]
            stacks[name] = seat[2]
        elif "Stakes: " in x and (st := _STAKES.search(x)) is not None:
            header_money = [amount(st.group(1)), amount(st.group(2))]
    if len(names) < 2:
        raise ValueError("fewer than two seat lines")
    listed = [seats[n] for n in names]
    if listed != sorted(listed) or listed[-1] > 10:
        # a tournament text that numbers a seat by the player's id or out of order ("Seat 75:
        # Big Blind", "Seat 92: UTG"; a table has at most ten seats): the seat lines are in the
        # table's order, the button's "Set dealer [8]" counts them
        seats = {n: k + 1 for k, n in enumerate(names)}
    events: list[tuple] = []
    antes = " : Ante chip " in text
    street = "3rd" if stud else "preflop"
    deals = _StudDeals() if stud else None
    dealt = False  # the hole cards: before them, an all-in is a blind posted all-in
    board = ""
    won: dict[str, Decimal] = {}
    rake: Decimal | None = None
    summary = False
    previous = ""
    for j in range(1, len(lines)):
        x = lines[j]
        where = numbers[j]
        if x.startswith("***"):
            label = x.strip("* ").split(" ***")[0].strip("* ")
            if label == "SUMMARY":
                summary = True
                continue
            if stud and label in _STUD_MARKERS:  # the deals say which street it is
                dealt = True
                continue
            if stud or label not in _STREETS:
                raise ValueError(f"line {where}: unknown section {x[:60]!r}")
            street = _STREETS[label]
            dealt = True
            if inferred is not None and street == "preflop":
                inferred.start(events)
            groups = bracketed_all(x)
            if groups and street != "preflop":
                cards = groups[-1].replace(" ", "")
                board += cards
                events.append(("deal", None, street, ZERO, ZERO, False, cards, 0, 0, 0))
            continue
        if summary:
            if " : " in x:
                raise ValueError(f"line {where}: a player's line after the summary: the hand is cut short and "
                                 f"another one's lines run on: {x[:50]!r}")
            m = _RAKE.search(x) if "| Rake (" in x else None
            if m:
                rake = amount(m.group(1))
            continue
        if " : " not in x:
            if x.startswith(_BOARD_LINES):  # the 2012 text's board, street by street
                street = _BOARD_STREETS.get(len(board) // 2, "")
                if not street:
                    raise ValueError(f"line {where}: a board card dealt after the river: {x[:60]!r}")
                cards = bracketed_all(x)[0].replace(" ", "")
                board += cards
                events.append(("deal", None, street, ZERO, ZERO, False, cards, 0, 0, 0))
                continue
            if x.startswith(_NO_PLAYER_LINES):
                continue
            raise ValueError(f"line {where}: unknown line {x[:70]!r}")
        colon = x.find(" : ")  # (there is one: the lines without are read above)
        who, what = x[:colon], x[colon + 3:]
        name = _name(who)
        what = what.strip()
        if x == previous and what.startswith(_ONCE):
            continue  # a line written twice (2014-2015 texts): nobody bets, calls or is paid back twice in a row
        previous = x
        if name not in seats:
            if what.startswith(_IGNORED):
                continue
            raise ValueError(f"line {where}: {name!r} acts but has no seat line")
        if deals is not None:
            street = deals.street_of(name, what, street)
        _action(name, what, street, dealt, events, won, stacks, where, antes)
        if deals is not None:
            deals.after(events)
        if inferred is not None and dealt:
            street = inferred.after(events, street)
    if inferred is not None:
        events = inferred.finish(events)
        board = "".join(inferred.board)
    if stud:  # stud's "Big blind/Bring in" is the bring-in
        events = _completions([("bring-in",) + e[1:] if e[0] == "big-blind" else e for e in events])
        header_money = _stud_bets(events)
    elif not header_money:  # a cash header writes no stakes (they are in the file's name): the blinds posted
        small = _posted(events, "small-blind")
        big = _posted(events, "big-blind")
        header_money = [big, 2 * big] if limit == "fixed-limit" else [small, big]
    hand = assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won=won, source=source, line=line, header_money=header_money,
                    level=level, currency="" if tournament else "USD", tournament=tournament, table=table,
                    date=f"{date.group(1)}T{date.group(2)}" if date else "", boards=[board],
                    rake=ZERO if tournament else rake, uncalled_in_won="when-over")
    if not won and sum(hand.put_in(), ZERO):  # nobody collects only when every chip went back
        raise ValueError("no player collects the pot")
    return hand


def _date_in(header: str) -> re.Match[str] | None:
    """``_DATE.search(header)``, tried only where a date's first dash can be, leftmost first (the
    pattern, led by digits, was tried at every character of the header)."""
    dash = header.find("-", 4)
    while dash >= 0:
        found = _DATE.match(header, dash - 4)
        if found is not None:
            return found
        dash = header.find("-", dash + 1)
    return None


class _Streets:
    """The streets of a text that does not mark them: after each action, whether the betting of the
    street is over; the board cards of the summary dealt street by street."""

    _NEXT = {"preflop": ("flop", 3), "flop": ("turn", 1), "turn": ("river", 1)}

    def __init__(self, board: list[str]) -> None:
        self.board = board
        self.dealt = 0
        self.active: set[str] = set()
        self.acted: set[str] = set()

    def start(self, events: list) -> None:
        self.active = set()

    def after(self, events: list, street: str) -> str:
        if not events:  # (a line that moved nothing before any that did)
            return street
        e = events[-1]
        kind: str = e[0]  # (typed: compared as strings, not by the generic comparison)
        name = e[1]
        if kind == "deal":
            if name is not None:
                self.active.add(name)
            return street
        if kind not in ("fold", "check", "call", "bet", "raise"):
            return street
        if kind in ("bet", "raise"):
            self.acted = {name}
        else:
            self.acted.add(name)
        if kind == "fold" or e[5]:
            self.active.discard(name)
        if not self.active <= self.acted:
            return street  # a player still to act (the bets need not be added up)
        totals = street_totals_of(events, street)
        bets = {n: totals.get(n, ZERO) for n in self.active | self.acted}
        top = max(bets.values(), default=ZERO)
        pending = [n for n in self.active if bets.get(n, ZERO) < top]
        if pending:
            return street
        contesting = self.active | {x[1] for x in events if x[5] and x[1] is not None}
        folded = {x[1] for x in events if x[0] == "fold"}
        if len(contesting - folded) < 2 or street not in self._NEXT:
            return street
        return self._deal(events, street) if len(self.active) > 1 else street

    def _deal(self, events: list, street: str) -> str:
        nxt, count = self._NEXT[street]
        cards = self.board[self.dealt:self.dealt + count]
        if len(cards) < count:
            return street
        self.dealt += count
        events.append(("deal", None, nxt, ZERO, ZERO, False, "".join(cards), 0, 0, 0))
        self.acted = set()
        return nxt

    def finish(self, events: list) -> list:
        """The board cards dealt after the betting ended (all-in), before the showdown."""
        rest = []
        street = "preflop"  # the street of the last board deal (an index loop: mypyc cannot compile reversed() here)
        for k in range(len(events) - 1, -1, -1):
            if events[k][0] == "deal" and events[k][1] is None:
                street = events[k][2]
                break
        while self.dealt < len(self.board) and street in self._NEXT:
            nxt, count = self._NEXT[street]
            rest.append(("deal", None, nxt, ZERO, ZERO, False, "".join(self.board[self.dealt:self.dealt + count]), 0,
                         0, 0))
            self.dealt += count
            street = nxt
        at = next((k for k, e in enumerate(events) if e[0] in ("show", "muck", "collect")), len(events))
        return events[:at] + rest + events[at:]


def _board_cards(text: str) -> str:
    """The cards of the summary's board (``Board [Js 9h Jh Qs 2d]``, at the start of a line; ""
    when there is none): what ``^Board \\[([^\\]]*)\\]`` (``re.M``) finds first, by string
    operations (the pattern was tried at every position of the hand's text)."""
    at = text.find("Board [")
    while at >= 0:
        if at == 0 or text[at - 1] == "\n":
            close = text.find("]", at + 7)
            return text[at + 7:close] if close >= 0 else ""  # (no "]" after this one: none after any later)
        at = text.find("Board [", at + 1)
    return ""


def _posted(events: list, kind: str) -> Decimal:
    """The blind of this kind: the largest posted in full, else the largest posted all-in."""
    full = [e[3] for e in events if e[0] == kind and not e[5]]
    return max(full or [e[3] for e in events if e[0] == kind] or [ZERO])


def _post_all_in(name: str, events: list, antes: bool) -> str:
    """What a player all in before the cards are dealt posted: the ante when the hand has antes and
    he has not posted his (stud's seats post only antes), else the blind his position names."""
    if name.startswith("Seat+") or (antes and not any(e[0] == "ante" and e[1] == name for e in events)):
        return "ante"
    return "small-blind" if name.startswith("Small Blind") else "big-blind"


def _post(name: str, what: str, street: str, events: list) -> bool:
    """A forced bet (``Big blind $0.10``): its events added; False when the line is not one."""
    for prefix, kind in _POSTS:
        if what.startswith(prefix) and what.startswith(" ", len(prefix)):
            chips = amount(what[len(prefix):])
            big = max((e[3] for e in events if e[0] == "big-blind"), default=ZERO) if kind == "dead-blind" else ZERO
            if kind == "dead-blind" and big and chips > big:  # both blinds: the big one live, the rest dead
                events.append(("dead-blind", name, street, chips - big, ZERO, False, "", 0, 0, 0))
                kind, chips = "big-blind", big
            events.append((kind, name, street, chips, chips if kind != "dead-blind" else ZERO, False, "", 0, 0, 0))
            return True
    return False


def _action(name: str, what: str, street: str, dealt: bool, events: list, won: dict, stacks: dict[str, Decimal],
            where: int, antes: bool) -> None:
    if "timeout)" in what:  # the action the clock took
        what = what.replace("(raise-timeout)", "(raise)").replace("(timeout)", "")
    if what[:1] in _POST_FIRST_LETTERS and what.startswith(_POST_NAMES) and _post(name, what, street, events):
        return
    space = what.find(" ")
    word = what if space < 0 else what[:space]  # (the first word, without the list a split makes)
    if what.startswith("Card dealt to a spot"):
        cards = bracketed_all(what)
        if not cards:
            raise ValueError(f"line {where}: a card dealt with no cards written: {what[:60]!r}")
        events.append(("deal", name, street, ZERO, ZERO, False, cards[0].replace(" ", ""), 0, 0, 0))
    elif word.startswith("Fold"):  # "Folds", "Fold(Blind Disconnected)"
        events.append(("fold", name, street, ZERO, ZERO, False, "", 0, 0, 0))
    elif word == "Checks":
        events.append(("check", name, street, ZERO, ZERO, False, "", 0, 0, 0))
    elif word in ("Calls", "Call", "Bets") or what.startswith(("D bets ", "Double bets ")):  # stud: a double bet
        events.append(("call" if word.startswith("Call") else "bet", name, street, amount(_last_word(what, where)),
                       ZERO, False, "", 0, 0, 0))
    elif word in ("Raises", "All-in(raise)"):
        to = amount(what.split(" to ")[-1]) if " to " in what else amount(_after_verb(what, where))
        events.append(("raise", name, street, ZERO, to, word != "Raises", "", 0, 0, 0))
    elif word == "All-in":
        chips = amount(_after_verb(what, where))
        if not dealt:  # a post all-in: the ante, else the blind the position names
            events.append((_post_all_in(name, events, antes), name, street, chips, chips, True, "", 0, 0, 0))
            return
        totals = street_totals_of(events, street)
        top = max((totals.get(n, ZERO) for n in stacks), default=ZERO)
        events.append(allin_event(name, street, totals.get(name, ZERO), chips, top))
    elif what.startswith("Return uncalled portion of bet"):
        events.append(("uncalled", name, street, amount(_last_word(what, where)), ZERO, False, "", 0, 0, 0))
    elif what.startswith(("Hand result", "Hand Result")):
        got = amount(_last_word(what, where))
        won[name] = won.get(name, ZERO) + got
        side = "Side pot" in what or "Side Pot" in what  # "Hand result-Side pot", later "Hand Result-Side Pot"
        events.append(("collect", name, "showdown", got, ZERO, False, "", 0, 0, 1 if side else 0))
    elif word in ("Showdown", "Mucks", "Does") or what.startswith("Showdown("):
        # the cards written are the best five: the hole is the deal's; "Showdown(High Card)" with no
        # cards is a pot nobody contested, shown to nobody
        hole = "".join(e[6] for e in events if e[0] == "deal" and e[1] == name)  # stud: every street's
        events.append(("show" if word == "Showdown" else "muck", name, "showdown", ZERO, ZERO, False, hole, 0, 0, 0))
    elif what.startswith(_IGNORED):
        return
    else:
        raise ValueError(f"line {where}: unknown action {name} : {what[:60]!r}")


class _StudDeals:
    """Stud's streets from the deals: a round of deals after betting, or a second card to a player
    within one round (the cards run out after an all-in), starts the next street."""

    def __init__(self) -> None:
        self.round = -1
        self.this_round: set[str] = set()
        self.betting = False  # a bet, call, check or fold since the last deal

    def street_of(self, name: str, what: str, street: str) -> str:
        if not what.startswith("Card dealt to a spot"):
            return street
        if self.round < 0 or self.betting or name in self.this_round:
            self.round += 1
            self.this_round = set()
            self.betting = False
            if self.round >= len(_STUD_STREETS):
                raise ValueError(f"{name} is dealt on an eighth street: stud has five rounds of deals")
        self.this_round.add(name)
        return _STUD_STREETS[self.round]

    def after(self, events: list) -> None:
        if events and events[-1][0] in _BETTING:
            self.betting = True


def _last_word(what: str, where: int) -> str:
    """An action's last word (its amount); ValueError when the action has one word only."""
    space = what.rfind(" ")  # (rsplit's list is not needed)
    if space < 0:
        raise ValueError(f"line {where}: no amount in {what[:60]!r}")
    return what[space + 1:]


def _after_verb(what: str, where: int) -> str:
    """What follows an action's first word (its amount); ValueError when nothing does."""
    space = what.find(" ")
    if space < 0:
        raise ValueError(f"line {where}: no amount in {what[:60]!r}")
    return what[space + 1:]


def _completions(events: list) -> list:
    """Third street's first raise over the bring-in is a completion (Bovada writes it as a raise,
    ``Raises $5 to $5``, or as a bet)."""
    out: list[tuple] = []
    top = ZERO
    completed = False
    for e in events:
        if e[2] == "3rd" and e[1] is not None:
            if e[0] in ("raise", "bet") and not completed:
                had = street_total(out, e[1], "3rd")
                to = e[4] if e[0] == "raise" else had + e[3]
                if to > top:
                    e = ("complete", e[1], e[2], ZERO, to) + e[5:]
                    completed = True
            top = max(top, street_total(out + [e], e[1], "3rd"))
        out.append(e)
    return out


def _stud_bets(events: list) -> list[Decimal]:
    """[small bet, big bet] of a stud hand (Bovada does not write them): the big bet is a bet or
    raise of fifth street on, else twice the smallest completion, bet or raise of third and fourth
    street (the smallest: a double bet on fourth street is a big one); [] when nobody bet."""
    big = ZERO
    small = ZERO
    bets: dict[tuple[str, str], Decimal] = {}
    top: dict[str, Decimal] = {}
    for e in events:
        kind, name, street = e[0], e[1], e[2]
        if name is None or kind not in ("bring-in", "call", "bet", "raise", "complete"):
            continue
        had = bets.get((name, street), ZERO)
        to = e[4] if kind in ("raise", "complete") else had + e[3]
        step = to if kind == "complete" else to - top.get(street, ZERO)  # a completion makes a small bet
        bets[(name, street)] = to
        if kind in ("bet", "raise", "complete") and step > 0 and not e[5]:  # an all-in may be short
            if street in ("3rd", "4th"):
                small = step if not small else min(small, step)
            elif not big:
                big = step
        top[street] = max(top.get(street, ZERO), to)
    if big:
        return [big / 2, big]
    return [small, 2 * small] if small else []
