"""OnGame's text hand histories (the OnGame network's skins: bwin, Betfair and others; files of
2009-2014): hold'em (no-limit, fixed-limit), Omaha hi and hi/lo, seven-card stud and stud hi/lo,
razz, five-card draw; cash, play money, sit-and-go and tournaments.

A hand runs from ``***** History for hand R5-362037295-54 *****`` (tournaments: ``T5-...
(TOURNAMENT: "name", R-10093-864, buy-in: €5)``) to ``***** End of hand ... *****``.  The table
line names the limit, the game and the stakes (``(NO_LIMIT TEXAS_HOLDEM $0.50/$1, Real money)``,
``(LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)``; a limit game's are its bets);
sections are ``---`` lines, ``--- Dealing flop [Ts, 9s, 9d]`` and stud's ``Dealing 4th street``.
What the text does its own way:

* every amount is the chips the action adds: ``raises $2.50 to $3.00`` adds 2.50 (the "to" is
  the street's total in hold'em, but not in the stud texts: ``raises $1 to $1.37``);
* no uncalled-bet line: a pot (``Main pot: $2.50 won by X ($2.50)``, ``Side pot 1: ...``, split
  ``(125 High), Y (125 Low)``) holds only the called chips, its winners' amounts are after the
  rake, so the uncalled part is returned here (``assemble``), an ante posted all-in for more than
  the others could match too;
* the draw is not a section: the first ``X changed 2 cards`` starts it (``New hand for X: [..]``
  is the hero's hand after it);
* stud's down cards are ``-`` (``Dealing to X: [-, -, Kh]``), the bring-in ``small bring in``
  (``big bring in``: the bring-in made a full bet, a completion);
* equal blinds (``$0.50/$0.50``) are both posted as ``big blind``, and a returning player posts
  ``big blind`` and ``dead blind``;
* the summary's seat lines give each player's stack after the hand and net
  (``Seat 3: X ($97.70), net: -$1.00, [Jh, 9d] (PAIR JACK)``; no net: the player put nothing in):
  both are checked against the actions.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from pyeval.history.sites.assemble import STUD, Speakers, assemble, speakers_of, street_total
from pyeval.history.sites.hand_starts import first_word_starts, pieces_at
from pyeval.history.sites.model import INTO_POT, ZERO, Hand, Stakes
from pyeval.history.sites.money import amount, currency_of
from pyeval.history.sites.stars_totals import IMPLICIT, street_totals
from pyeval.history.sites.text_lines import numbered_lines, seat_line

__all__ = ["SITE", "detect", "split", "parse", "GAMES"]

SITE = "ongame"
HAND_ID = re.compile(r"History for hand (\S+)")
"""The hand's id in its text (``registry``: a skipped hand's row names it)."""

_START = re.compile(r"^\ufeff?\*{5} History for hand ", re.M)
"""A hand's first line (what ``split`` and ``detect`` find, by ``_START_WORDS`` and ``_START_BODY``)."""
_START_WORDS: Final[tuple[str, ...]] = ("***** History for hand ", "\ufeff***** History for hand ")
_START_BODY: Final = re.compile(r"\ufeff?\*{5} History for hand ")
"""``_START`` without its ``^``, found by its first words at the start of a line (``first_word_starts``): led by
an optional character, the pattern is tried at every position of the text (a fifth of OnGame's reading)."""
_HEAD = re.compile(r"^\*{5} History for hand (\S+?)(?: \(TOURNAMENT: ?(.*)\))? \*{5}$")
_TOURNAMENT = re.compile(r"^(?:\"(.*)\",?)? ?([A-Z]-\d+-\d+)?(?:, buy-in: (.*))?$")
_DATE = re.compile(r"^Start hand: \w+ (\w{3}) +(\d{1,2}) (\d\d:\d\d:\d\d) (\S+) (\d{4})$")
_TABLE = re.compile(r"^Table: (?:\[SPEED\] )?(.*?) +\[(\d+)\] \((NO_LIMIT|POT_LIMIT|LIMIT|Pot Limit|Limit) (\w+) "
                    r"([^,/()]+)/([^,/()]+)(?:, ante: ([^,()]+))?, ([^,()]+)\)$")
_PLAYERS = re.compile(r"^Players in round: (\d+)(?: \((\d+)\))?$")
_STUD_STREET = re.compile(r"^Dealing (4th|5th|6th) street$")
_BOARD = re.compile(r"^--- Dealing (flop|turn|river) \[([^\]]*)\]$")
_CARDS = re.compile(r"\[([^\]]*)\]")
_POT = re.compile(r"^(?:Main pot|Side pot (\d+)): (\S+) won by (.+)$")
_SUMMARY_SEAT = re.compile(r"^Seat (\d+): (.+?) \(([^()]*)\)(?:, net: (\S+))?(?:, \[([^\]]*)\](?: \(.*\))?)?$")
_RAKE = re.compile(r"^Rake taken: (\S+)", re.M)

GAMES = {"TEXAS_HOLDEM": "holdem", "OMAHA_HI": "omaha", "OMAHA_HI_LO": "omaha-hilo", "SEVEN_CARD_STUD": "stud",
         "SEVEN_CARD_STUD_HI_LO": "stud-hilo", "RAZZ": "razz", "FIVE_CARD_DRAW": "draw5"}
"""OnGame's game names -> pyeval games."""
_LIMITS = {"NO_LIMIT": "no-limit", "POT_LIMIT": "pot-limit", "Pot Limit": "pot-limit", "LIMIT": "fixed-limit",
           "Limit": "fixed-limit"}
_POSTS = (("posts small blind ", "small-blind"), ("posts big blind ", "big-blind"), ("posts dead blind ", "dead-blind"),
          ("posts small & big blind ", "both-blinds"), ("posts ante ", "ante"), ("small bring in ", "bring-in"),
          ("big bring in ", "complete"))
_ALL_IN = " [all in]"
_CHANGED = re.compile(r"^changed (\d+) cards?$")
_VERBS = re.compile(r"^(.+?) (?:posts|folds|checks|calls|bets|raises|changed|small bring in|big bring in)\b")


def detect(text: str) -> bool:
    # the literal first: another site's text says no without the pattern
    if text.find("***** History for hand ", 0, 3000) < 0:
        return False
    return bool(first_word_starts(_START_WORDS, _START_BODY, text, 3000, first=True))


def split(text: str) -> list[tuple[int, str]]:
    return pieces_at(text, first_word_starts(_START_WORDS, _START_BODY, text))


def parse(text: str, source: str, line: int) -> Hand:
    lines, numbers = numbered_lines(text.lstrip("\ufeff"), line)
    head = _HEAD.match(lines[0]) if lines else None
    if head is None:
        raise ValueError(f"not an OnGame hand header: {lines[0][:80] if lines else ''!r}")
    hand_id, tournament_text = head.group(1), head.group(2)
    if not lines[-1].startswith("***** End of hand"):
        raise ValueError("the hand is cut short: no end-of-hand line")
    if len(lines) < 3 or (date := _DATE.match(lines[1])) is None:
        raise ValueError("no start-hand line after the header")
    if (table := _TABLE.match(lines[2])) is None:
        raise ValueError(f"unknown OnGame table line: {lines[2][:80]!r}")
    table_name, _, limit_word, game_word, first, second, ante_text, money_kind = table.groups()
    game = GAMES.get(game_word)
    if game is None:
        raise ValueError(f"unknown OnGame game {game_word!r}")
    limit = _LIMITS[limit_word]
    tournament = _tournament_id(tournament_text) if tournament_text is not None or money_kind in ("TC", "Chips") \
        else None
    currency = "" if tournament is not None or money_kind != "Real money" else (
        currency_of(first) or (currency_of(m.group(1)) if (m := _RAKE.search(text)) else ""))
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    button: int | None = None
    k = 3
    while k < len(lines):
        x = lines[k]
        if (seat_parts := seat_line(x)) is not None:  # (the pattern's groups: the line has no trailing space)
            seat, seated, stack = seat_parts
            if seated in seats:
                raise ValueError(f"line {numbers[k]}: {seated!r} has two seats")
            names.append(seated)
            seats[seated] = int(seat)
            stacks[seated] = amount(stack)
        elif x.startswith("Button: seat "):
            button = int(x[len("Button: seat "):])
        elif not x.startswith("User: ") and _PLAYERS.match(x) is None:  # (its bracketed count: not the table size)
            break
        k += 1
    if len(names) < 2:
        raise ValueError("fewer than two seat lines")
    speakers = speakers_of(names)
    events: list[tuple] = []
    street = "3rd" if game in STUD else "preflop"
    boards: list[str] = []
    small_bet = amount(first) if limit == "fixed-limit" else ZERO
    acted_since_draw = False
    summary_at = -1
    for j in range(k, len(lines)):  # (by index: no list of (number, line) pairs made)
        x = lines[j]
        where = numbers[j]
        if x == "Summary:":
            summary_at = j
            break
        if x.startswith("---"):  # a separator, a board card, or a player named "---Cockatrice---"
            if (board := _BOARD.match(x)) is not None:
                street = _deal_board(board.group(1), _cards(board.group(2)), events, boards, where)
                continue
            if not x.strip("- "):
                continue
        if x == "Dealing pocket cards":
            continue
        if game in STUD and x.startswith("Dealing ") and ((s := _STUD_STREET.match(x)) is not None
                                                          or x == "Dealing river"):
            street = s.group(1) if s is not None else "7th"
            continue
        if x.startswith(("Dealing to ", "New hand for ")):
            start = len("Dealing to ") if x[0] == "D" else len("New hand for ")
            name = next((n for n in speakers.longest_first if x.startswith(n + ": ", start)), None)
            if name is None:
                raise ValueError(f"line {where}: cards dealt to a player with no seat: {x[:60]!r}")
            groups = _CARDS.findall(x)
            if not groups:
                raise ValueError(f"line {where}: cards dealt without cards: {x[:60]!r}")
            cards = _cards(groups[-1])
            if x[0] == "N":
                _new_hand(events, name, street, cards)
            events.append(("deal", name, street, ZERO, ZERO, False, cards, 0, 0, 0))
            continue
        name = speakers.at_start(x)
        if name is None:
            if (verb := _VERBS.match(x)) is not None:
                raise ValueError(f"line {where}: {verb.group(1)!r} acts but has no seat line: {x[:60]!r}")
            raise ValueError(f"line {where}: unknown line {x[:70]!r}")
        what = x[len(name) + 1:]
        if what.startswith("changed ") and (changed := _CHANGED.match(what)) is not None:
            if not street.startswith("draw") or acted_since_draw:
                street = "draw1" if street == "preflop" else f"draw{int(street[4:]) + 1}"
                acted_since_draw = False
            count = int(changed.group(1))
            events.append(("discard" if count else "stand-pat", name, street, ZERO, ZERO, False, "", count, 0, 0))
            continue
        _action(name, what, street, game, small_bet, events, where)
        acted_since_draw = acted_since_draw or street.startswith("draw")
    if summary_at < 0:
        raise ValueError("the hand is cut short: no summary")
    won, total, rake, stated, shown = _summary(lines, numbers, summary_at + 1, speakers, seats, stacks)
    missing = [n for n in names if n not in stated]
    if missing:
        raise ValueError(f"the summary has no line for {missing[0]}")
    big_blind = max((e[3] for e in events if e[0] == "big-blind"), default=ZERO if limit == "fixed-limit" else
                    amount(second))
    events = _return_unmatched(events, big_blind, total)
    for name, got, pot in won:
        events.append(("collect", name, "showdown", got, ZERO, False, "", 0, 0, pot))
    for name, cards in shown.items():
        events.append(("show", name, "showdown", ZERO, ZERO, False, cards, 0, 0, 0))
    collected: dict[str, Decimal] = {}
    for name, got, _ in won:
        collected[name] = collected.get(name, ZERO) + got
    hand = assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won=collected, source=source, line=line,
                    header_money=[amount(first), amount(second)], currency=currency, tournament=tournament,
                    table=table_name, button=button, date=_iso(date), timezone=date.group(4),
                    boards=[""] if not boards else ["".join(boards)], shown=shown,
                    rake=ZERO if rake is None and tournament is not None else rake, uncalled_in_won="never",
                    stated_net=stated, total=total)
    if ante_text is not None:  # the header's ante (a post all-in for less says nothing of it)
        was = hand.stakes
        hand.stakes = Stakes(was.small_blind, was.big_blind, amount(ante_text), "classic", was.bring_in, was.small_bet,
                             was.big_bet, was.straddles, was.level)
    return hand


def _tournament_id(text: str | None) -> str:
    """The tournament's id (``R-10093-864``), else its name, else "?" (``(TOURNAMENT: )``)."""
    m = _TOURNAMENT.match((text or "").strip())
    if m is None:
        raise ValueError(f"unknown OnGame tournament: {text[:80] if text else ''!r}")
    return m.group(2) or m.group(1) or "?"


def _iso(date: re.Match[str]) -> str:
    month = _MONTHS.get(date.group(1).lower(), 0)  # English month names, any case (strptime's %b)
    if not month:
        return ""
    return f"{date.group(5)}-{month:02d}-{int(date.group(2)):02d}T{date.group(3)}"


_MONTHS: Final = {name: k for k, name in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
                                                     "oct", "nov", "dec"), 1)}


def _cards(text: str) -> str:
    """``Ts, 9s, 9d`` -> ``Ts9s9d``; a hidden card ``-`` -> ``??``."""
    return "".join("??" if c == "-" else c for c in text.replace(" ", "").split(",") if c)


def _deal_board(street: str, cards: str, events: list, boards: list[str], where: int) -> str:
    """A board card line; the text repeats the flop's line when an all-in follows a bet (the same
    cards: dealt once)."""
    dealt = next((e[6] for e in events if e[0] == "deal" and e[1] is None and e[2] == street), None)
    if dealt is not None:
        if dealt != cards:
            raise ValueError(f"line {where}: the {street} is dealt twice, {dealt} and {cards}")
        return street
    events.append(("deal", None, street, ZERO, ZERO, False, cards, 0, 0, 0))
    boards.append(cards)
    return street


def _new_hand(events: list, name: str, street: str, cards: str) -> None:
    """The hero's hand after the draw: the cards no longer held are the ones discarded."""
    before = ""
    for k in range(len(events) - 1, -1, -1):  # (a loop: mypyc fails on a generator over these tuples)
        if events[k][0] == "deal" and events[k][1] == name:
            before = events[k][6]
            break
    gone = ""
    for a in range(0, len(before), 2):
        if before[a:a + 2] not in cards:
            gone += before[a:a + 2]
    for j in range(len(events) - 1, -1, -1):
        if events[j][0] == "discard" and events[j][1] == name:
            if len(gone) == 2 * events[j][7]:
                events[j] = events[j][:6] + (gone,) + events[j][7:]
            return


def _action(name: str, what: str, street: str, game: str, small_bet: Decimal, events: list, where: int) -> None:
    if what == "folds" or what == "checks":  # the commonest first
        events.append(("fold" if what == "folds" else "check", name, street, ZERO, ZERO, False, "", 0, 0, 0))
        return
    if what == "sits out":  # moves nothing (a player who does nothing else is not dealt in)
        return
    allin = what.endswith(_ALL_IN)
    if allin:
        what = what[:-len(_ALL_IN)]
    for prefix, kind in _POSTS if what.startswith(("posts ", "small ", "big ")) else ():
        if what.startswith(prefix):
            chips = amount(what[len(prefix):].strip("( )"))
            if kind == "both-blinds":  # split into the live big blind and the dead rest (``street_totals``)
                events.append(("dead-blind", name, street, chips, ZERO, allin, "", 0, 0, -1))
            elif kind == "complete":
                events.append((kind, name, street, ZERO, chips, allin, "", 0, 0, 0))
            else:
                events.append((kind, name, street, chips, ZERO if kind == "dead-blind" else chips, allin, "", 0, 0, 0))
            return
    word, _, rest = what.partition(" ")
    if word not in ("calls", "bets", "raises"):
        raise ValueError(f"line {where}: unknown action {name} {what[:60]!r}")
    chips = amount(rest.split(" to ")[0])
    if word == "calls":
        events.append(("call", name, street, chips, ZERO, allin, "", 0, 0, 0))
        return
    to = street_total(events, name, street) + chips  # the amount is what the action adds
    if game in STUD and street == "3rd" and _completes(events, to, small_bet):
        events.append(("complete", name, street, ZERO, to, allin, "", 0, 0, 0))
    elif word == "bets" and not any(e[2] == street and e[0] in ("bet", "raise", "complete") for e in events):
        events.append(("bet", name, street, chips, ZERO, allin, "", 0, 0, 0))
    else:
        events.append(("raise", name, street, ZERO, to, allin, "", 0, 0, 0))


def _completes(events: list, to: Decimal, small_bet: Decimal) -> bool:
    """Stud's third street: the first bet over the bring-in, up to the small bet, completes it."""
    third = [e for e in events if e[2] == "3rd"]
    return any(e[0] == "bring-in" for e in third) and not any(e[0] in ("complete", "bet", "raise") for e in third) \
        and to <= small_bet


def _summary(lines: list[str], numbers: list[int], start: int, speakers: Speakers, seats: dict[str, int],
             stacks: dict[str, Decimal]
             ) -> tuple[list[tuple[str, Decimal, int]], Decimal, Decimal | None, dict[str, Decimal], dict[str, str]]:
    """(each winner's amount from each pot, the pots' total, the rake written, each player's net
    as his stacks before and after say, the cards shown) of the summary: ``lines`` from ``start``
    on, numbered by ``numbers``."""
    won: list[tuple[str, Decimal, int]] = []
    total = ZERO
    rake: Decimal | None = None
    stated: dict[str, Decimal] = {}
    shown: dict[str, str] = {}
    by_seat = {s: n for n, s in seats.items()}
    for j in range(start, len(lines)):
        x = lines[j]
        where = numbers[j]
        if x.startswith("***** End of hand"):
            break
        if x.startswith(("Main pot: ", "Side pot ")) and (p := _POT.match(x)) is not None:
            total += amount(p.group(2))
            won += [(n, got, int(p.group(1) or 0)) for n, got in _winners(p.group(3), speakers, where)]
        elif x.startswith("Rake taken: "):
            rake = amount(x[len("Rake taken: "):])
        elif x.startswith("Seat ") and (s := _SUMMARY_SEAT.match(x)) is not None:
            name = by_seat.get(int(s.group(1)))
            if name is None or name != s.group(2):
                raise ValueError(f"line {where}: a summary line for a seat nobody sat at: {x[:60]!r}")
            after = amount(s.group(3))
            stated[name] = after - stacks[name]
            if s.group(4) is not None and amount(s.group(4)) != stated[name]:
                raise ValueError(f"line {where}: {name}'s net {s.group(4)} is not his stacks' difference "
                                 f"({stacks[name]} before, {after} after)")
            if s.group(5):
                shown[name] = _cards(s.group(5))
        else:
            raise ValueError(f"line {where}: unknown summary line {x[:60]!r}")
    if not won:
        raise ValueError("the summary names no winner")
    return won, total, rake, stated, shown


def _winners(text: str, speakers: Speakers, where: int) -> list[tuple[str, Decimal]]:
    """``A ($1.37), B ($1.36)`` or ``A (125 High), B (125 Low)``: each winner and amount."""
    out = []
    at = 0
    while at < len(text):
        name = next((n for n in speakers.longest_first if text.startswith(n + " (", at)), None)
        end = text.find(")", at)
        if name is None or end < 0:
            raise ValueError(f"line {where}: a pot won by a player with no seat: {text[at:at + 60]!r}")
        money = text[at + len(name) + 2:end].removesuffix(" High").removesuffix(" Low")
        out.append((name, amount(money)))
        at = end + 1
        if text.startswith(", ", at):
            at += 2
        elif at < len(text):
            raise ValueError(f"line {where}: unknown pot winners {text[:60]!r}")
    return out


def _return_unmatched(events: list, big_blind: Decimal, total: Decimal) -> list:
    """The events with each street's uncalled bet returned (``street_totals``) and, when the pots
    written leave it out, the part of a player's chips nobody else matched over the whole hand
    (an ante posted all-in for more than the other stacks): returned too."""
    events = street_totals(events, big_blind)
    put: dict[str, Decimal] = {}
    for e in events:
        if e[0] in INTO_POT:
            put[e[1]] = put.get(e[1], ZERO) + e[3]
        elif e[0] == "uncalled":
            put[e[1]] = put.get(e[1], ZERO) - e[3]
    if len(put) < 2:
        return events
    most_name = ""  # the first who put in the most, and the most anyone else put in (sorted's first two, stably)
    most: Decimal | None = None
    second: Decimal | None = None
    for name, chips in put.items():
        if most is None or chips > most:
            second = most
            most_name, most = name, chips
        elif second is None or chips > second:
            second = chips
    assert most is not None and second is not None
    excess = most - second
    if excess > 0 and sum(put.values(), ZERO) - excess == total:
        street = ""
        for k in range(len(events) - 1, -1, -1):  # the street of the last chips put in
            if events[k][0] in INTO_POT:
                street = events[k][2]
                break
        events.append(("uncalled", most_name, street, excess, ZERO, False, "", 0, 0, IMPLICIT))
    return events
