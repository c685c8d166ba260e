"""The PokerStars-like text family: one parser for PokerStars, GGPoker, Run It Once and Full Tilt
on PokerStars software (2016), which write the same sections and action lines with their own
headers (``pokerstars``, ``ggpoker``, ``runitonce``, ``fulltilt`` declare the site and call it).

A hand is read in one pass over its lines: the header (id, tournament, game, stakes, date), the
table line, the seat lines, then the actions street by street and the summary.  Anything the
parser does not know is a ``ValueError`` naming the line, never a guess: the hand is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from typing import Final

from pyeval.history.sites.hand_starts import first_word_starts, line_starts, pieces_at
from pyeval.history.sites.language import translate
from pyeval.history.sites.model import ZERO, Action, Hand
from pyeval.history.sites.money import amount
from pyeval.history.sites.stars_header import GAMES, decimal_at, decimal_end, head_facts, space_end
from pyeval.history.sites.stars_totals import (
    CARDS,
    IMPLICIT,
    STUD,
    by_seat,
    card_groups,
    cards_text,
    first_cards,
    has_collections,
    hole_of,
    nets_of,
    new_cards,
    pot_of,
    stakes_of,
    street_totals,
    summary_of,
    too_much_returned,
)

__all__ = ["parse_hand", "reader_functions", "GAMES"]

_STUD: Final = STUD
_DRAW: Final = frozenset({"draw5", "draw-deuce7", "badugi"})
_NEXT_DRAW: Final = {"preflop": "draw1", "draw1": "draw2", "draw2": "draw3"}
_RUNS: Final = {"FIRST": 0, "SECOND": 1, "THIRD": 2, "FOURTH": 3}
_RUN_WORDS: Final[tuple[str, ...]] = ("FIRST ", "SECOND ", "THIRD ", "FOURTH ")
"""``_RUNS``' words, each followed by a space (a section label that may name a run starts so)."""
_STREET_OF: Final = {"2nd STREET": "3rd", "HOLE CARDS": "preflop", "PRE-FLOP": "preflop", "DEALING HANDS": "preflop",
              "3rd STREET": "3rd",
              "4th STREET": "4th", "5th STREET": "5th", "6th STREET": "6th", "FLOP": "flop", "TURN": "turn",
              "RIVER": "river", "FIRST DRAW": "draw1", "SECOND DRAW": "draw2", "THIRD DRAW": "draw3", "DRAW": "draw1",
              "1ST DRAW": "draw1", "2ND DRAW": "draw2", "3RD DRAW": "draw3", "DISCARD ROUND": "flop",
              "FLOPET": "preflop",
              "7th STREET": "7th", "SHOW DOWN": "showdown", "SHOWDOWN": "showdown"}
_TABLE: Final = re.compile(r"^Table (?:ID )?'(.*)'\s*(?:(\d+)-[Mm]ax)?.*?(?:Seat #(\d+) is the button)?\s*$")
_SEAT: Final = re.compile(r"^Seat (\d+): (.*) \(([^()]*?),? in chips[^()]*\)(.*)$")
_CARDS: Final = CARDS
_COLLECT: Final = re.compile(r"^(.*) collected (.+?) from (?:the )?(main pot|side pot|pot)(?:[- ]?(\d+))?"
                      r"(?: \(run (\d+)\))?\s*$")
_UNCALLED: Final = re.compile(r"^Uncalled bet \((.+)\) returned to (.*)$")
_CASHED: Final = re.compile(r"^(.*) cashed out the hand for (\S+)(?: \| Cash Out Fee (\S+))?\s*$")
_DEALT: Final = re.compile(r"^Dealt to (.*?)((?: \[[^\]]*\])*)\s*$")
_RAISE: Final = re.compile(r"^raises (\S+) to (\S+)$")
_CAPPED: Final = re.compile(r" and has reached the \S+ cap$")
_SHOWS_NO_COLON: Final = re.compile(r"^(.*) shows \[([^\]]*)\]")
_IGNORED: Final[tuple[str, ...]] = (
            "is sitting out", "sits out", "is connected", "is disconnected", "has timed out", "has returned",
            "is back", "joins the table", "leaves the table", "will be allowed to play", "was removed",
            "has been disconnected", "finished the tournament", "wins the tournament", "re-buys", "rebuys",
            "is eligible", "takes the", "timed out while", "sitting out", "Chooses to EV Cashout",
            "wins an entry", "wins the $", "wins $", "has reconnected", "seconds left to act",
            "Pair on board - a double bet is allowed", "No low hand qualified", "Betting is capped",
            "The deck is reshuffled",
            # chips brought to the table after the hand, and a bounty shared outside the pot (the
            # converters' ``Table deposit $347.50``; ``A, B split the $50 bounty for eliminating C``)
            "Table deposit", "bounty for eliminating",
            "get an all-in insurance")  # (GG: the insurance bought; its premium is paid on its own line)


def reader_functions(site: str, start: str, fix: Callable[[str], str] | None = None,
                     collected_from_actions: bool = False, first_words: tuple[str, ...] = ()
                     ) -> tuple[Callable[[str], bool], Callable[[str], list[tuple[int, str]]], Callable[..., Hand]]:
    """A family member's ``detect``, ``split`` and ``parse`` (the registry's contract): hands
    start where the regular expression ``start`` (``^`` and the rest) matches at the start of a
    line; ``fix`` rewrites a hand's text before the parse (another format of the site, a tool's
    export); ``collected_from_actions``: what each player won is the sum of the "collected"
    lines, not the summary's; ``first_words``: the literal words every match of ``start`` begins
    with, when known (``detect`` then says no to another site's text at the cost of a
    ``str.find``, and ``split`` finds the hands by them: ``first_word_starts``)."""
    if not start.startswith("^"):
        raise ValueError(f"a hand's start must match at the start of a line (^...), got {start!r}")
    body = re.compile(start[1:], re.M)

    def detect(text: str) -> bool:
        if first_words:
            return bool(first_word_starts(first_words, body, text, 2000, first=True))
        return bool(line_starts(body, text, 2000, first=True))

    def split(text: str) -> list[tuple[int, str]]:
        if first_words:
            return pieces_at(text, first_word_starts(first_words, body, text))
        return pieces_at(text, line_starts(body, text))

    def parse(hand_text: str, source: str, line: int) -> Hand:
        return parse_hand(fix(hand_text) if fix else hand_text, site, source, line, collected_from_actions)

    return detect, split, parse


def parse_hand(text: str, site: str, source: str, line: int, collected_from_actions: bool = False) -> Hand:
    """One hand of the family's text (see the module docstring); ValueError with the reason."""
    text, language = translate(text)
    lines, cancelled = _lines_of(text)
    if len(lines) < 3:
        raise ValueError("the hand is cut short (fewer than three lines)")
    if cancelled:
        raise ValueError("the site cancelled the hand ('Hand cancelled': no hand was played)")
    # (before a line cut in two is taken for an unknown line; searched from the end, where it is)
    if text.rfind("*** SUMMARY ***") < 0:
        raise ValueError("the hand is cut short: no summary")
    hand_id, date, timezone, header = head_facts(lines[0])
    tournament, game, limit, header_money, level, currency = header
    table, max_seats, button = "", None, None
    i = 1
    t = table_line(lines[1])
    if t is not None:
        table, max_seats, button = t
        i = 2
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    seat_player: dict[int, str] = {}
    seat_numbers: dict[str, str] = {}  # (the players by their seat number's text: the summary's lines write it so)
    seat_name: dict[str, str] = {}  # (each seated name by its text: a line's name is then the seat line's string)
    while i < len(lines) and lines[i].startswith("Seat "):
        seat = _seat_line(lines[i])
        if seat is None:
            break
        number, seated_name, stack = seat
        if seated_name in seats:
            raise ValueError(f"player {seated_name!r} is on two seats")
        names.append(seated_name)
        seat_number = int(number)
        seats[seated_name] = seat_number
        stacks[seated_name] = amount(stack)
        seat_player[seat_number] = seated_name
        seat_numbers[number] = seated_name
        seat_name[seated_name] = seated_name
        i += 1
    if len(seat_numbers) != len(seat_player):  # (a seat written two ways, "3" and "03": by its number)
        seat_numbers.clear()
    if not names:
        raise ValueError("no seat lines: the players and their stacks are not in the text")
    if len(names) < 2:
        raise ValueError("one seat line: a hand needs two players")
    draw = game in _DRAW
    events: list[tuple] = []  # (kind, name, street, amount, to, allin, cards, count, run, pot)
    street = "preflop"
    run = 0
    boards: list[str] = []
    shown: dict[str, str] = {}
    dealt: dict[str, list[str]] = {}
    summary_at = -1
    splash = ZERO
    cash: dict[str, Decimal] = {}
    fees: dict[str, Decimal] = {}
    bet_since_marker = False
    for k in range(i, len(lines)):
        x = lines[k]
        head = x[0]  # (a line's first character compared before its words: a test of a prefix is a call)
        if head == "*" and x.startswith("***"):
            closing = x.find(" ***", 4) if x.startswith("*** ") else -1  # (``_MARKER``: the label, then the rest)
            if closing < 0:
                raise ValueError(f"line {line + k}: unknown section {x[:60]!r}")
            label = x[4:closing].strip()
            after = x[closing + 4:]
            bet_since_marker = False
            if label == "SUMMARY":
                summary_at = k
                break
            if label.startswith(_RUN_WORDS):  # (a board of a hand run more than once: rare)
                words = label.split(" ", 1)
                if words[0] in _RUNS and len(words) == 2 and words[1] in ("FLOP", "TURN", "RIVER", "SHOW DOWN",
                                                                           "SHOWDOWN"):
                    run = _RUNS[words[0]]
                    label = words[1]
            street = _STREET_OF.get(label) or ""
            if not street:
                raise ValueError(f"line {line + k}: unknown section {x[:60]!r}")
            if street == "river" and game in _STUD:
                street = "7th"
            groups = card_groups(after)
            if groups and game not in _STUD and game not in _DRAW:
                board = cards_text("".join(groups))
                while len(boards) <= run:
                    boards.append(boards[0][:len(board) - len(cards_text(groups[-1]))] if boards else "")
                before = boards[run]
                # the board so far (GGPoker may reorder it) and the new cards, or only the new
                # cards (Full Tilt's Courchevel flop after its first card)
                new = new_cards(before, board)
                boards[run] = board = before + new
                events.append(("deal", None, street, ZERO, ZERO, False, new, 0, run, 0))
            continue
        name = None  # the player of a ``name: what`` line (a name may hold ": ")
        at = x.find(": ")
        while at > 0:
            name = seat_name.get(x[:at])
            if name is not None:
                break
            at = x.find(": ", at + 1)
        if name is not None:
            what = x[at + 2:].strip()
        elif x[-1] == ":" and x[:-1] in seat_name:
            name, what = x[:-1], ""
        else:
            _line_without_name(x, names, seat_name, events, street, run, cash, fees, shown, line + k)
            if (head == "S" or head == "C") and x.startswith(("STP added", "Cash Drop to Pot")):
                splash += amount(x.rsplit(" ", 1)[-1])
            continue
        if draw:
            if what.startswith(("discards", "stands pat")) and bet_since_marker:
                street = _NEXT_DRAW.get(street, street)  # the draw's section line is missing: a draw ends the betting
                bet_since_marker = False
            bet_since_marker = bet_since_marker or what.startswith(("bets", "calls", "raises", "checks"))
        # the commonest actions here, the others in ``_action`` (the first character compared before
        # the words: a test of a prefix is a call)
        act = what[0] if what else ""
        if what == "folds" or what == "checks" or act == "f" and (what.startswith("folds [")
                                                                  or what == "folds (disconnect)"):
            events.append(("fold" if act == "f" else "check", name, street, ZERO, ZERO, False, "", 0, run, 0))
        elif act == "c" and what.startswith("calls ") or act == "b" and what.startswith("bets "):
            money, allin = _money_and_allin(what[6:] if act == "c" else what[5:])
            events.append(("call" if act == "c" else "bet", name, street, money, ZERO, allin, "", 0, run, 0))
        else:
            _action(name, what, street, run, events, shown, cash, game, line + k)
    if summary_at < 0:
        raise ValueError("the hand is cut short: no summary")
    total, rake, summary_splash, collected, summary_shown = summary_of(lines, summary_at + 1, seat_player, seat_numbers,
                                                                     line + summary_at + 1)
    splash = splash or summary_splash
    if collected_from_actions and has_collections(events):
        collected = {}
        for e in events:
            if e[0] == "collect":
                collected[e[1]] = collected.get(e[1], ZERO) + e[3]
    shown.update({n: c for n, c in summary_shown.items() if c})
    involved = set(collected)
    involved.update(summary_shown)
    for e in events:
        player: str | None = e[1]  # (typed, as below: compared as strings and ints, not generically)
        event_kind: str = e[0]
        if player is not None:
            involved.add(player)
            if event_kind == "deal":
                dealt.setdefault(player, []).append(e[6])
    players = [n for n in by_seat(names, seats) if n in involved]
    if len(players) < 2:
        raise ValueError("fewer than two players dealt in")
    # (no None key, the dealer's: a dict of strings only is searched without a generic comparison)
    index: dict[str, int] = {n: j for j, n in enumerate(players)}
    events = street_totals(events, header_money[1] if len(header_money) > 1 else ZERO)
    implicit = ZERO  # the returns ``street_totals`` added, the text writing none
    collections = False
    for e in events:
        event_kind = e[0]
        pot_mark: int = e[9]
        if event_kind == "uncalled" and pot_mark == IMPLICIT:
            implicit += e[3]
        elif event_kind == "collect":
            collections = True
    actions = [Action(kind, _player_index(index, who), st, amt, to, allin, cards, count, r, _pot_number(pot))
               for kind, who, st, amt, to, allin, cards, count, r, pot in events]
    stakes = stakes_of(events, header_money, level, limit, game, len(players))
    hand = Hand(site=site, id=hand_id, game=game, stakes=stakes, players=players,
                seats=[seats[n] for n in players], starting_stacks=[stacks[n] for n in players], actions=actions,
                limit=limit, currency=currency, tournament=tournament, table=table, max_seats=max_seats,
                button=button, date=date, timezone=timezone,
                hole=[hole_of(dealt.get(n, _NONE_DEALT), shown.get(n, ""), game) for n in players],
                boards=boards if game not in _STUD and game not in _DRAW else [], rake=rake, splash=splash,
                collected=[collected.get(n, ZERO) for n in players],
                cash_out=[cash.get(n, ZERO) for n in players], cash_out_fee=[fees.get(n, ZERO) for n in players],
                sitting_out=[n for n in names if n not in involved], source=source, line=line, language=language)
    if game not in _STUD and game not in _DRAW and not hand.boards:
        hand.boards = [""]
    put_in = hand.put_in()
    pot = pot_of(put_in)
    if splash is not ZERO:  # (nearly every hand has none: no sum with 0, a Decimal sum being a generic call)
        pot += splash
    if not any(hand.collected):
        folded = {a.player for a in actions if a.kind == "fold"}
        still_in = [i for i in range(len(players)) if i not in folded]
        if len(still_in) == 1:  # nobody wrote what the last player took (a walk)
            hand.collected[still_in[0]] = pot - rake
    if not collections:  # the text writes the winnings in its summary only
        hand.actions += [Action("collect", i, "showdown", c) for i, c in enumerate(hand.collected) if c]
    hand.net = nets_of(hand.collected, hand.cash_out, put_in)
    # (Hold'em Manager's and WPN's exports write the total after the rake; WPN returns no
    # uncalled big blind in a walk)
    # (the usual total, the pot, compared first: no other sum made)
    if total is not None and total != pot and total != pot - rake and total != pot + implicit:
        raise ValueError(too_much_returned(events) or f"the summary's total pot {total} is not the {pot} put in")
    problems = hand.problems(put_in, nets_made_by_rule=True)
    if problems and implicit:  # the site kept the uncalled bet in the pot (WPN's walks): no return
        hand.actions = [a for a, e in zip(actions, events) if not (e[0] == "uncalled" and e[9] == IMPLICIT)]
        put_in = hand.put_in()
        hand.net = nets_of(hand.collected, hand.cash_out, put_in)
        problems = hand.problems(put_in, nets_made_by_rule=True)
    if problems:
        raise ValueError("the hand does not add up: " + "; ".join(problems))
    return hand


def _lines_of(text: str) -> tuple[list[str], bool]:
    """(the text's lines without white space at their ends, blank ones left out (some exports
    double the line ends), whether one is "Hand cancelled"): the lines kept in the list
    ``split`` made (no second list built and freed), each compared once as it is stripped."""
    lines = text.split("\n")
    kept = 0
    cancelled = False
    for k in range(len(lines)):
        x = lines[k]
        if x and not 32 < ord(x[len(x) - 1]) < 127:  # (white space may end it: ASCII's is " " or below)
            x = x.rstrip()
        if x:
            if kept == 0:
                x = x.lstrip()  # (the text stripped, without copying it)
            lines[kept] = x
            kept += 1
            if x == "Hand cancelled":
                cancelled = True
    del lines[kept:]
    return lines, cancelled


_NONE_DEALT: Final[list[str]] = []
"""The cards dealt to a player dealt none shown (one empty list, never changed: ``hole_of``
reads it)."""
def _player_index(index: dict[str, int], who: str | None) -> int | None:
    return None if who is None else index[who]  # (None: the dealer's events)


def _pot_number(pot: int) -> int:
    """The pot an event names, its marks below 0 (``street_totals``') as 0 (typed: an event's
    items are objects, compared generically)."""
    return pot if pot > 0 else 0


def table_line(x: str) -> tuple[str, int | None, int | None] | None:
    """(table, seats, button) of a table line (a line without a line break), as ``_TABLE`` reads
    it, or None: by string operations (the pattern's lazy middle is tried at every character).
    The name runs to the last quote; the seats follow it (``6-max``); the button ends the line."""
    if x.startswith("Table '"):
        start = 7
    elif x.startswith("Table ID '"):
        start = 10
    else:
        return None
    close = x.rfind("'")
    if close < start:
        return None
    rest = x[close + 1:]
    j = space_end(rest, 0)
    k = decimal_end(rest, j)
    max_seats = int(rest[j:k]) if k > j and rest[k:k + 4] in ("-max", "-Max") else None
    button = None
    tail = rest.rstrip()
    if tail.endswith(" is the button"):
        seat = tail.rfind("Seat #", 0, len(tail) - 14)
        digits = tail[seat + 6:len(tail) - 14]
        if seat >= 0 and decimal_at(digits, 0, len(digits)):
            button = int(digits)
    return x[start:close], max_seats, button


def _seat_line(x: str) -> tuple[str, str, str] | None:
    """(seat number, name, stack text) of a seat line, as ``_SEAT`` reads it, or None: by string
    operations when the line has one pair of brackets (nearly every line; the pattern's greedy
    name backtracks over the whole line), else by the pattern."""
    opening = x.find("(")
    closing = x.find(")")
    colon = x.find(": ", 5)
    number = x[5:colon] if 0 < colon < opening - 2 < closing and x[opening - 1] == " " else ""
    if decimal_at(number, 0, len(number)) and x.find("(", opening + 1) < 0 and x.find(")", closing + 1) < 0:
        k = x.find(" in chips", opening + 1, closing)
        if k >= 0:
            return number, x[colon + 2:opening - 1], x[opening + 1:k - 1 if k > opening + 1 and x[k - 1] == "," else k]
    s = _SEAT.match(x)
    return None if s is None else (s.group(1), s.group(2), s.group(3))


def _longest_first(names: list[str]) -> list[str]:
    return sorted(names, key=len, reverse=True)


def _player_at_start(x: str, names: list[str]) -> str | None:
    """The seated player whose name starts the line (followed by a space): the longest such."""
    for n in _longest_first(names):
        if x.startswith(n + " "):
            return n
    return None


def _line_without_name(x: str, names: list[str], seated: dict[str, str], events: list, street: str, run: int,
                       cash: dict, fees: dict, shown: dict, where: int) -> None:
    """A line that does not start with ``name: ``: the dealer's lines, and the few where the
    player's name starts the line without a colon (``names``: the seated players, ``seated`` each
    seated name by its text: the name read is the seat line's string)."""
    returned = x.rfind(") returned to ") if x.startswith("Uncalled bet (") else -1  # ``Uncalled bet (A) returned to N``
    if returned > 14:
        events.append(("uncalled", _known(x[returned + 14:].strip(), seated, where), street,
                       amount(x[14:returned]), ZERO, False, "", 0, run, 0))
        return
    if x.startswith("Dealt to "):
        who, rest = _dealt(x)
        who = who.strip()
        if (seated_who := seated.get(who)) is None:  # a seated name with brackets in it (``PC [Mittel]``)?
            who = next((n for n in _longest_first(names) if x.startswith(n + " [", 9) or x[9:].rstrip() == n), who)
            rest = x[9 + len(who):]
            groups = _CARDS.findall(rest)
            who = _known(who, seated, where)
        else:
            who = seated_who
            groups = dealt_groups(rest)
        if groups:
            events.append(("deal", who, street, ZERO, ZERO, False, cards_text(groups[-1]), 0, run, len(groups)))
        else:
            events.append(("deal", who, street, ZERO, ZERO, False, "", 0, run, 0))
        return
    collected = x.find(" collected ")
    if (collected > 0 and x.endswith(" from pot") and collected + 11 < len(x) - 9
            and x.find(" collected ", collected + 1) < 0 and x.find(" from ") == len(x) - 9):
        # ``NAME collected AMOUNT from pot``, the commonest collection (else ``_COLLECT`` reads it)
        events.append(("collect", _known(x[:collected], seated, where), "showdown",
                       amount(x[collected + 11:len(x) - 9]), ZERO, False, "", 0, run, 0))
        return
    m = _COLLECT.match(x) if collected >= 0 else None
    if m:
        who = _known(m.group(1), seated, where)
        pot = int(m.group(4)) if m.group(3) == "side pot" and m.group(4) else 1 if m.group(3) == "side pot" else 0
        events.append(("collect", who, "showdown", amount(m.group(2)), ZERO, False, "", 0,
                       int(m.group(5)) - 1 if m.group(5) else run, pot))
        return
    m = _CASHED.match(x) if " cashed out the hand for " in x else None
    if m:
        who = _known(m.group(1), seated, where)
        got = amount(m.group(2))
        cash[who] = cash.get(who, ZERO) + got
        if m.group(3):
            fees[who] = fees.get(who, ZERO) + amount(m.group(3))
        events.append(("cash-out", who, street, got, ZERO, False, "", 0, run, 0))
        return
    m = _SHOWS_NO_COLON.match(x) if " shows [" in x else None
    shower = _player_at_start(x, names) if m else None
    if m and shower is not None:
        who = shower
        shown[who] = cards_text(m.group(2))
        events.append(("show", who, street, ZERO, ZERO, False, shown[who], 0, run, 0))
        return
    if x.startswith(("STP added", "Cash Drop to Pot")) or " said, \"" in x or any(s in x for s in _IGNORED):
        return
    if x.startswith(("Hand was run", "Board [", "Total pot", "Table '", "Seat ")) or x == "Table leave user":
        return  # (a converter's note that a player left the table: no chips, no cards)
    if _player_at_start(x, names) is not None and re.search(r" (?:joins|leaves|is|has|was|will) ", x):
        return
    acting = _UNSEATED.match(x)
    if acting is not None:
        raise ValueError(f"line {where}: {acting.group(1)!r} acts but has no seat line: {x[:60]!r}")
    raise ValueError(f"line {where}: unknown line {x[:70]!r}")


def _dealt(x: str) -> tuple[str, str]:
    """(name, the bracketed card groups after it) of a ``Dealt to`` line, as ``_DEALT`` reads it
    (the shortest name that the groups follow to the end of the line: the line is stripped)."""
    at = x.find(" [", 9)
    while at >= 0:
        pos = at
        # (by characters: a slice is a new string, startswith with a start a generic call)
        while pos + 1 < len(x) and x[pos] == " " and x[pos + 1] == "[":
            closing = x.find("]", pos + 2)
            if closing < 0:
                break
            pos = closing + 1
        if pos == len(x):
            return x[9:at], x[at:]
        at = x.find(" [", at + 1)
    return x[9:], ""


def dealt_groups(rest: str) -> list[str]:
    """The cards of each group in the rest ``_dealt`` finds (`` [A] [B]``: no "]" within a group),
    as ``CARDS.findall`` reads them."""
    return rest[2:-1].split("] [") if rest else []


_UNSEATED: Final = re.compile(r"^(.+?): (?:posts|folds|checks|calls|bets|raises|shows|mucks)\b")


def _known(name: str, seated: dict[str, str], where: int) -> str:
    if (known := seated.get(name)) is None:  # (else the seat line's string)
        raise ValueError(f"line {where}: {name!r} has no seat")
    return known


def _money_and_allin(text: str) -> tuple[Decimal, bool]:
    allin = text.endswith("and is all-in")
    if allin:
        text = text[:-len("and is all-in")].strip()
    space = text.find(" ")
    return amount(text if space < 0 else text[:space]), allin


_POSTS: Final[tuple[tuple[str, str], ...]] = (
          ("posts the ante ", "ante"),  # (first: a tournament hand posts one a player)
          ("posts small & big blinds ", "dead-blind"), ("posts small blind ", "small-blind"),
          ("posts big blind ", "big-blind"), ("posts ante ", "ante"),
          ("posts straddle ", "straddle"), ("straddle ", "straddle"), ("posts button blind ", "button-blind"),
          ("posts missed blind ", "dead-blind"), ("posts dead ", "dead-blind"),
          ("brings in for ", "bring-in"))
_POST_PREFIXES: Final = tuple(prefix for prefix, _ in _POSTS)
"""The posts' words, in the order they are tried (a longer post before its prefix)."""
_POST_KINDS: Final = dict(_POSTS)


def raise_amounts(body: str) -> tuple[str, str] | None:
    """(by, to) of ``raises BY to TO``, as ``_RAISE`` reads it, or None: the line's words split at
    white space, kept when single spaces separate them."""
    words = body.split()
    if len(words) == 4 and words[0] == "raises" and words[2] == "to" and body[6] == " ":
        middle = 7 + len(words[1])  # (where `` to `` is when single spaces separate the words)
        if len(body) == middle + 4 + len(words[3]) and body[middle:middle + 4] == " to ":
            return words[1], words[3]
    m = _RAISE.match(body)
    return None if m is None else (m.group(1), m.group(2))


def _action(name: str, what: str, street: str, run: int, events: list, shown: dict, cash: dict, game: str,
            where: int) -> None:
    """One ``name: what`` line into events (folds, checks, calls and bets: ``parse_hand``)."""
    head = what[0] if what else ""  # (compared before the words: a test of a prefix is a call)
    if (head == "p" and what.startswith("posts ")
            or (head == "s" or head == "b") and what.startswith(("straddle ", "brings in"))):
        for prefix in _POST_PREFIXES:
            if what.startswith(prefix):
                money, allin = _money_and_allin(what[len(prefix):])
                kind = _POST_KINDS[prefix]
                if prefix == "posts small & big blinds ":  # the big blind's part is live, the rest dead
                    events.append(("dead-blind", name, street, money, ZERO, allin, "", 0, run, -1))
                else:
                    events.append((kind, name, street, money, money, allin, "", 0, run, 0))
                return
    if head == "r" and what.startswith("raises "):
        body = _CAPPED.sub(" and is all-in", what) if what.endswith(" cap") else what  # capped: no more betting
        allin = body.endswith("and is all-in")
        body = body[:-len("and is all-in")].strip() if allin else body
        by_to = raise_amounts(body)
        if by_to is None:
            raise ValueError(f"line {where}: unknown raise {what[:60]!r}")
        events.append(("raise", name, street, amount(by_to[0]), amount(by_to[1]), allin, "", 0, run, 0))
        return
    if head == "c" and what.startswith("completes it to "):
        money, allin = _money_and_allin(what[len("completes it to "):])
        events.append(("complete", name, street, ZERO, money, allin, "", 0, run, 0))
        return
    if head == "B" and what.startswith("Bet & Muck "):  # GG: a bet whose player will muck if called, then the muck
        if what == "Bet & Muck folds":
            events.append(("muck", name, street, ZERO, ZERO, False, "", 0, run, 0))
        else:
            money, allin = _money_and_allin(what[len("Bet & Muck "):])
            events.append(("bet", name, street, money, ZERO, allin, "", 0, run, 0))
        return
    if what.startswith("discards"):
        group = first_cards(what)
        words = what.split()
        cards = cards_text(group) if group is not None else ""
        count = int(words[1]) if len(words) > 1 and words[1].isdigit() else len(cards) // 2
        events.append(("discard", name, street, ZERO, ZERO, False, cards, count, run, 0))
        return
    if what.startswith("stands pat"):
        events.append(("stand-pat", name, street, ZERO, ZERO, False, "", 0, run, 0))
        return
    if what.startswith("shows ") or what.startswith("mucks "):
        group = first_cards(what)
        cards = cards_text(group) if group is not None else ""
        if cards and what[0] == "s":
            shown[name] = cards
        events.append(("show" if what[0] == "s" else "muck", name, street, ZERO, ZERO, False, cards, 0, run, 0))
        return
    if what.startswith(("Pays Cashout Risk", "Receives Cashout", "pay premium of all-in insurance")):
        money = amount(_CARDS.sub("", what).split("(")[-1])
        money = -money if what[0] in "Pp" else money  # (GG's all-in insurance: the premium paid outside the pot)
        cash[name] = cash.get(name, ZERO) + money
        events.append(("cash-out", name, street, money, ZERO, False, "", 0, run, 0))
        return
    if what in ("doesn't show hand", "mucks hand", "") or what.startswith(("said", "doesn't show")) or any(
            what.startswith(s) or s in what for s in _IGNORED):
        if what.startswith("mucks") or what.startswith("doesn't"):
            events.append(("muck", name, street, ZERO, ZERO, False, "", 0, run, 0))
        return
    raise ValueError(f"line {where}: unknown action {name}: {what[:60]!r}")
