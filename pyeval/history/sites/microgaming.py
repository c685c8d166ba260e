"""Microgaming's XML hand histories: hold'em, Omaha and Omaha hi/lo (no-limit, pot-limit), cash
games and tournaments.

One ``<Game hhversion=.. id=..>`` element a hand: its attributes name the game (``gametype``,
``betlimit``), the blinds (``stakes="0.50|1"``), the rake in cents (``rake="300"`` is 3.00; a
tournament writes none) and the currency (``currencysymbol``: the sign in UTF-16-LE, base64).
``<Seats>`` gives each player's stack before (``balance``) and after (``endbalance``) the hand:
the summary whose difference is each player's net.  ``<Gameplay>`` lists the actions: blinds,
calls and bets as the chips they add, a raise as the chips it adds too (not its total), an all-in
as the chips it adds (a blind when posted before the cards are dealt), ``MoneyReturned`` an
uncalled bet (older files leave it out and count it in the winner's ``Win``: a hand with no
``MoneyReturned`` counts every uncalled bet in ``Win``, one with it none), and one ``Win``
with a ``Seat`` a pot.  The oldest export (2009-2011, ``<Game id=..>`` with no ``hhversion``)
writes a call and a raise as the street total and counts no uncalled bet in ``Win``.
``BadBeatContribution`` is the bad-beat jackpot's fee, taken from a player outside the pot: it
is dead money here, and the rake (what the site took) includes it.
Cards are ``value="10" suit="s"`` with an ``id`` (suits s, c, d, h in blocks of 13, aces first),
checked against each other.  A file may hold several hands, each after a byte-order mark, and a
trailer after ``</Game>`` (``ExtendedTableName: ...``, ``----PRIMA.DAT----``).
"""

from __future__ import annotations

import base64
import binascii
import re
import xml.etree.ElementTree as ET
from decimal import Decimal

from pyeval.history.sites.allin_event import allin_event
from pyeval.history.sites.assemble import assemble, street_total
from pyeval.history.sites.hand_starts import split_at
from pyeval.history.sites.model import ZERO, Hand
from pyeval.history.sites.money import amount, currency_of

__all__ = ["SITE", "detect", "split", "parse", "card_of_id"]

SITE = "microgaming"
HAND_ID = re.compile(r"<Game\b[^>]*?\bid=\"([^\"]+)\"")
"""The hand's id in its text (``registry``: a skipped hand's row names it)."""

_START = re.compile(r"<Game (?:hhversion=|id=\")")
"""A hand's start: ``hhversion`` first since 2012, the oldest export (2009-2011) starts with ``id``."""
_END = "</Game>"
_TRAILER = re.compile(r"^(?:ExtendedTableName:.*|-{2,}[A-Z0-9_.]+-{2,})$")
_GAMES = (("Omaha H/L", "omaha-hilo"), ("Omaha", "omaha"), ("Hold'em", "holdem"))
"""``gametype`` text -> pyeval game, the more specific first ("Multi Table Hold'em" is hold'em)."""
_LIMITS = {"NL": "no-limit", "PL": "pot-limit", "FL": "fixed-limit", "L": "fixed-limit"}
_BOARD = {"DealFlop": "flop", "DealTurn": "turn", "DealRiver": "river"}
_POSTS = {"SmallBlind": "small-blind", "BigBlind": "big-blind", "Ante": "ante"}
_SIMPLE = {"Fold": "fold", "Check": "check"}
_ACTS = frozenset({"fold", "check", "call", "bet", "raise"})
_RANKS = "A23456789TJQK"
_SUITS = "scdh"
_TOURNAMENT = re.compile(r"\[(\d+)\]")
_DATE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


def detect(text: str) -> bool:
    return text.find("<Game hhversion=", 0, 3000) >= 0 or text.find('<Game id="', 0, 3000) >= 0


def split(text: str) -> list[tuple[int, str]]:
    """The hands; a marker line before the first (``----PRIMA.DAT----``) goes with it."""
    pieces = split_at(_START, text)
    if len(pieces) > 1 and _only_markers(pieces[0][1]):
        (_, head), (_, first) = pieces[:2]
        pieces[:2] = [(1, head + first)]
    return pieces


def _only_markers(text: str) -> bool:
    return all(_TRAILER.match(x.strip()) for x in text.replace("\ufeff", "").split("\n") if x.strip())


def card_of_id(number: int) -> str:
    """Microgaming's card number as a card: suits s, c, d, h in blocks of 13, each from the ace
    up (0 is the ace of spades, 25 the king of clubs)."""
    if not 0 <= number < 52:
        raise ValueError(f"card id {number} is not a card (0-51)")
    return _RANKS[number % 13] + _SUITS[number // 13]


def _card(el: ET.Element) -> str:
    value, suit, number = el.get("value", ""), el.get("suit", ""), el.get("id")
    rank = "T" if value == "10" else value.upper()
    if len(rank) != 1 or rank not in _RANKS or suit.lower() not in _SUITS:
        raise ValueError(f"not a card: value={value!r} suit={suit!r}")
    card = rank + suit.lower()
    if number is not None and number.isdigit() and card_of_id(int(number)) != card:
        raise ValueError(f"card {card} has the id {number}, which is {card_of_id(int(number))}")
    return card


def _cards(el: ET.Element) -> str:
    return "".join(_card(c) for c in el.findall("Card"))


def _money(text: str | None, what: str) -> Decimal:
    if not text:  # left out or empty (a sample whose balances were blanked)
        raise ValueError(f"{what} has no amount")
    return amount(text)


def _xml(text: str) -> ET.Element:
    """The ``<Game>`` element of a piece; ValueError when cut short, not XML or framed by text
    that is no known header or trailer."""
    text = text.replace("\ufeff", "")
    start = text.find("<Game")
    end = text.find(_END)
    if start < 0:
        raise ValueError("not a Microgaming hand: no <Game>")
    if end < 0:
        raise ValueError("the hand is cut short: no </Game>")
    head, tail = text[:start], text[end + len(_END):]
    if head.strip() or tail.strip():  # (most hands have only blanks around them)
        around = [x.strip() for x in (head + "\n" + tail).split("\n") if x.strip()]
        odd = [x for x in around if not _TRAILER.match(x)]
        if odd:
            raise ValueError(f"unknown text around the hand: {odd[0][:60]!r}")
    # entities could expand without end: no site writes one
    if "<!" in text and ("<!DOCTYPE" in text or "<!ENTITY" in text):
        raise ValueError("the hand declares entities (<!DOCTYPE ...>), which Microgaming's XML never does")
    try:
        return ET.fromstring(text[start:end + len(_END)])
    except ET.ParseError as e:
        raise ValueError(f"the hand is not well-formed XML: {e}") from None


def _currency(game: ET.Element) -> str:
    if game.get("realmoney") != "true":
        return ""
    try:
        sign = base64.b64decode(game.get("currencysymbol", ""), validate=True).decode("utf-16-le")
    except (binascii.Error, UnicodeDecodeError):
        raise ValueError(f"the currency sign {game.get('currencysymbol')!r} is not base64 UTF-16 text") from None
    return currency_of(sign)


def parse(text: str, source: str, line: int) -> Hand:
    game_el = _xml(text)
    if game_el.tag != "Game":
        raise ValueError(f"not a Microgaming hand: <{game_el.tag}>")
    hand_id = game_el.get("id", "")
    game_type = game_el.get("gametype", "")
    game = next((g for word, g in _GAMES if word in game_type), None)
    if not hand_id or game is None:
        raise ValueError(f"unknown Microgaming game {game_type!r}")
    limit = _LIMITS.get(game_el.get("betlimit", ""))
    if limit is None:
        raise ValueError(f"unknown betting limit {game_el.get('betlimit')!r}")
    try:
        header_money = [amount(x) for x in game_el.get("stakes", "").split("|")]
    except ValueError:
        raise ValueError(f"unknown stakes {game_el.get('stakes')!r}") from None
    tournament = None
    if game_el.get("istournament") == "1":
        m = _TOURNAMENT.search(game_el.get("tablename", ""))
        tournament = m.group(1) if m else ""
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    stated: dict[str, Decimal] = {}
    by_seat: dict[str, str] = {}
    button = None
    for seat in game_el.iterfind("Seats/Seat"):
        num = seat.get("num", "")
        name = seat.get("alias") or num
        if not num.isdigit() or name in seats:
            raise ValueError(f"a seat line with no seat number or a name seated twice: {name!r}")
        start = _money(seat.get("balance"), f"{name}'s stack")
        names.append(name)
        seats[name], stacks[name], by_seat[num] = int(num), start, name
        stated[name] = _money(seat.get("endbalance"), f"{name}'s final stack") - start
        if seat.get("dealer") == "true":
            button = int(num)
    events, won, shown, dead = _events(game_el, by_seat, header_money)
    if not won:
        if not any(e[3] for e in events):
            raise ValueError("a cancelled hand: no chips moved and nobody won (the site writes a hand that was "
                             "never played)")
        raise ValueError("the hand is cut short: no Win")
    rake: Decimal | None = dead  # a tournament keeps no rake; the jackpot's fee is the site's
    if tournament is None:
        cents = game_el.get("rake")
        if cents is None:
            rake = None  # not written: what the pots lost
        elif cents.isdigit():
            rake = Decimal(int(cents)).scaleb(-2) + dead
        else:
            raise ValueError(f"the rake {cents!r} is not a number of cents")
    boards = "".join(e[6] for e in events if e[0] == "deal" and e[1] is None)
    size = game_el.get("tablesize", "")
    date = game_el.get("date", "").replace(" ", "T")
    if not _DATE.fullmatch(date):
        date = ""  # not the site's form: left unwritten rather than passed on
    return assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events, won=won, source=source, line=line, header_money=header_money,
                    currency=_currency(game_el), tournament=tournament, table=game_el.get("tablename", ""),
                    max_seats=int(size) if size.isdigit() else None, button=button, date=date,
                    boards=[boards], shown=shown, rake=rake, stated_net=stated,
                    uncalled_in_won=_uncalled_in_won(game_el, events))


def _uncalled_in_won(game_el: ET.Element, events: list[tuple]) -> str:
    """Whether a ``Win`` counts the uncalled part of a bet: never when ``MoneyReturned`` writes it,
    nor in the oldest export (no ``hhversion``: 43.60 all in against 17.65 and a ``Win`` of 35.44,
    the pot less the rake, while the balances give the 25.95 back); in the others always."""
    if game_el.get("hhversion") is None or any(e[0] == "uncalled" for e in events):
        return "never"
    return "always"


def _events(game_el: ET.Element, by_seat: dict[str, str], header_money: list[Decimal]
            ) -> tuple[list[tuple], dict[str, Decimal], dict[str, str], Decimal]:
    """The betting and deals, then the shows, then the pots won (assemble's tuple form); what
    each player won; the cards each showed; the jackpot fees taken.

    The oldest export (no ``hhversion``) writes a call and a raise as the street total they make
    (a big blind's call of 0.20 over his 0.10, a raise to 4.80 over a bet of 0.80: the stack of
    10.76 is then all in after an all-in of 5.46), the later ones as the chips they add."""
    totals = game_el.get("hhversion") is None
    events: list[tuple] = []
    shows: list[tuple] = []
    collects: list[tuple] = []
    won: dict[str, Decimal] = {}
    shown: dict[str, str] = {}
    street = "preflop"
    dealt = False
    dead = ZERO
    for act in game_el.iterfind("Gameplay/Action"):
        kind = act.get("type", "")
        if kind == "Win":
            for seat in act.iterfind("Seat"):
                name = _player(by_seat, seat.get("num"), "Win")
                got = _money(seat.get("amount"), f"{name}'s win")
                try:
                    pot = int(seat.get("pot", "0"))
                except ValueError:
                    raise ValueError(f"{name}'s win names no pot: {seat.get('pot')!r}") from None
                won[name] = won.get(name, ZERO) + got
                collects.append(("collect", name, "showdown", got, ZERO, False, "", 0, 0, pot))
            continue
        if kind in _BOARD:
            street = _BOARD[kind]
            events.append(("deal", None, street, ZERO, ZERO, False, _cards(act), 0, 0, 0))
            continue
        name = _player(by_seat, act.get("seat"), kind)
        if kind == "DealCards":
            dealt = True
            events.append(("deal", name, street, ZERO, ZERO, False, _cards(act), 0, 0, 0))
        elif kind in _POSTS:
            chips = _money(act.get("value"), kind)
            events.append((_POSTS[kind], name, street, chips, chips, False, "", 0, 0, 0))
        elif kind == "PostedToPlay":  # a new player's post out of turn: live, a bet of the chips written
            chips = _money(act.get("value"), kind)
            post = "big-blind" if len(header_money) > 1 and chips >= header_money[1] else "small-blind"
            events.append((post, name, street, chips, chips, False, "", 0, 0, 0))
        elif kind == "Disconnect":  # the player lost his connection; its value is a time (30000), no chips
            continue
        elif kind == "BadBeatContribution":
            chips = _money(act.get("value"), kind)
            dead += chips
            events.append(("dead-blind", name, street, chips, ZERO, False, "", 0, 0, 0))
        elif kind in _SIMPLE:
            events.append((_SIMPLE[kind], name, street, ZERO, ZERO, False, "", 0, 0, 0))
        elif kind == "Bet":
            events.append(("bet", name, street, _money(act.get("value"), kind), ZERO, False, "", 0, 0, 0))
        elif kind == "Call":
            chips = _money(act.get("value"), kind) - (street_total(events, name, street) if totals else ZERO)
            events.append(("call", name, street, chips, ZERO, False, "", 0, 0, 0))
        elif kind == "Raise":
            chips = _money(act.get("value"), kind)
            to = chips if totals else street_total(events, name, street) + chips
            events.append(("raise", name, street, ZERO, to, False, "", 0, 0, 0))
        elif kind == "AllIn":
            events.append(_all_in(events, name, street, _money(act.get("value"), kind), dealt, header_money))
        elif kind == "MoneyReturned":
            events.append(("uncalled", name, street, _money(act.get("value"), kind), ZERO, False, "", 0, 0, 0))
        elif kind in ("ShowCards", "MuckCards"):
            cards = _cards(act)
            if cards:
                shown[name] = cards
            if not any(s[1] == name for s in shows):  # a player's cards may be shown twice (all-in, showdown)
                shows.append(("show" if kind == "ShowCards" else "muck", name, "showdown", ZERO, ZERO, False, cards,
                              0, 0, 0))
        else:
            raise ValueError(f"unknown action {kind!r}")
    return events + shows + collects, won, shown, dead


def _player(by_seat: dict[str, str], seat: str | None, kind: str) -> str:
    if seat is None or seat not in by_seat:
        raise ValueError(f"a {kind or 'nameless'} action by seat {seat}, which has no player")
    return by_seat[seat]


def _all_in(events: list[tuple], name: str, street: str, chips: Decimal, dealt: bool,
            header_money: list[Decimal]) -> tuple:
    """An all-in written as the chips it adds: a blind while the blinds are posted (before the
    cards are dealt and anyone acts; the small blind when none is posted yet), else a call, a bet
    or a raise by what the others have bet."""
    if not dealt and not any(e[0] in _ACTS or e[0] == "big-blind" for e in events):
        kind = "big-blind" if any(e[0] == "small-blind" for e in events) else "small-blind"
        return (kind, name, street, chips, chips, True, "", 0, 0, 0)
    had = street_total(events, name, street)
    others = {e[1] for e in events if e[1] is not None and e[1] != name}
    top = max((street_total(events, n, street) for n in others), default=ZERO)
    return allin_event(name, street, had, chips, top)
