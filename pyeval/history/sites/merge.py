"""The Merge Network's XML hand histories (Carbon Poker and its skins, 2010-2015): hold'em, Omaha
and Omaha hi/lo, stud, stud hi/lo, razz, 5-card draw, 2-7 triple draw, badugi and the mixed games
(HORSE...); cash games and tournaments.

A file is ``<description type="Holdem" stakes="No Limit ($1/$2)"/>`` followed by ``<game>``
elements, one a hand (a description may come again before a game; the last one before a game is
its).  A game lists its ``<player seat=.. nickname=.. balance=..>``s and its ``<round>``s; an
``<event>`` names its player by the seat number, and its ``amount`` is what the action adds, but a
``RAISE`` (and a stud ``COMPLETE``) writes the street total it makes (before 2010-09-08: what it
adds, as fpdb's reader notes).  ``<cards>`` elements follow a round's events: the hero's ``HOLE``,
the up cards of the others (``DRAW_DRAWN_CARDS``, ``null`` for a card face down, the whole list
repeated each street), the board so far (``COMMUNITY``), the cards shown or mucked.  The pots paid
are ``<winner amount=.. player=.. pottype="h|l|n">`` after the rake; an uncalled bet is either its
own ``uncalled="true"`` winner (checked here against the betting) or, when none is written, inside
the winner's amount.  A mixed game names the hand's game by a number (``multigametype``).

Quirks: the rabbit hunt of a hand folded before the river writes the board that would have come
(ignored); chat events name the player by nickname (ignored); a tournament's ``balance`` is the
stack after the hand's antes and blinds (fpdb's reader adds them back, as here: no tournament file
among the shared ones shows it).  A-5 triple draw and 5-card draw with a joker are skipped naming
the game, which pyeval does not have.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from decimal import Decimal
from typing import Final

from pyeval.core.cards import RANK_CHARS, SUIT_CHARS
from pyeval.history.sites.allin_event import allin_event
from pyeval.history.sites.assemble import DRAW, STUD, assemble, street_total
from pyeval.history.sites.model import ZERO, Hand
from pyeval.history.sites.money import amount, currency_of

__all__ = ["SITE", "detect", "split", "parse"]

SITE = "merge"
HAND_ID = re.compile(r"<game id=\"([^\"]+)\"")
"""The hand's id in its text (``registry``: a skipped hand's row names it)."""

_GAME_START = re.compile(r'<game id="')
_DESCRIPTION = re.compile(r"<description\b[^>]*>")
_GAMES = {"Holdem": "holdem", "Omaha": "omaha", "Omaha H/L8": "omaha-hilo", "2-7 Lowball": "draw-deuce7",
          "Badugi": "badugi", "5-Draw": "draw5", "7-Stud": "stud", "7-Stud H/L8": "stud-hilo", "5-Stud": "stud5",
          "Razz": "razz"}
_NO_GAME = {"A-5 Lowball": "A-5 triple draw (ace-to-five lowball draw): pyeval has no such game",
            "5-Draw w/Joker": "five-card draw with a joker: pyeval has no such game"}
_MIXES = frozenset({"HORSE", "HOSE", "HA", "HO", "RASH", "SHOE", "HAR"})
_MULTI_GAMES = {"1": "holdem", "2": "holdem", "9": "holdem", "23": "holdem", "4": "omaha", "34": "omaha-hilo",
                "35": "omaha-hilo", "37": "omaha-hilo", "38": "stud", "39": "stud", "41": "stud", "42": "stud",
                "43": "stud-hilo", "45": "stud-hilo", "46": "razz", "47": "razz", "49": "razz"}
"""A mixed game's ``multigametype`` -> the hand's game (the codes of the single games: 2 hold'em,
35 Omaha hi/lo, 39 stud, 43 stud hi/lo, 47 razz, as their own tables write them)."""
_LIMITS = (("Half Pot Limit", ""), ("Pot Limit", "pot-limit"), ("No Limit", "no-limit"), ("Limit", "fixed-limit"))
"""The stakes' first words -> the limit (half-pot limit has no name in the hand model: "")."""
_ROUNDS = {"BLINDS": "preflop", "PREFLOP": "preflop", "POSTFLOP": "flop", "POSTTURN": "turn", "POSTRIVER": "river",
           "PRE_FIRST_DRAW": "preflop", "FIRST_DRAW": "draw1", "POST_FIRST_DRAW": "draw1", "SECOND_DRAW": "draw2",
           "POST_SECOND_DRAW": "draw2", "THIRD_DRAW": "draw3", "POST_THIRD_DRAW": "draw3", "BRING_IN": "3rd",
           "THIRD_STREET": "3rd", "FOURTH_STREET": "4th", "FIFTH_STREET": "5th", "SIXTH_STREET": "6th",
           "SEVENTH_STREET": "7th", "SHOWDOWN": "showdown", "END_OF_FOLDED_GAME": "showdown",
           "END_OF_GAME": "showdown"}
_FAMILY_ROUNDS = {"board": "PREFLOP", "draw": "PRE_FIRST_DRAW", "stud": "BRING_IN"}
_POSTS = {"SMALL_BLIND": "small-blind", "BIG_BLIND": "big-blind", "INITIAL_BLIND": "big-blind", "ANTE": "ante",
          "BRING_IN": "bring-in"}
_FORCED = frozenset({"ante", "small-blind", "big-blind", "bring-in", "dead-blind"})
_BETTING = frozenset({"CHECK", "CALL", "BET", "RAISE", "COMPLETE", "ALL_IN"})
"""The events a player who folded can no longer write."""
_QUIET = frozenset({"CHAT", "RABBIT", "DISCONNECTED", "RECONNECTED", "LEAVE", "PLAYER_OUT", "SIT_IN"})
"""Events that move no chips and deal no cards."""
_NEW_FORMAT = "20100908000000"
"""From this start time a ``RAISE`` writes the street total it makes, before it the chips it adds."""
_STAKES = re.compile(r"([\d.,]*\d)/\D{0,2}?([\d.,]*\d)")
"""The stakes' two amounts: ``($1/$2)``, ``$0.25/$0.50``, a tournament level's ``Blinds (10/20)``."""
_LEVEL: Final = re.compile(r"Level (\d+)")
_NOT_DIGIT: Final = re.compile(r"\D")
_ZONE: Final = re.compile(r" ([+-]\d{4})$")
_CARD_TEXT: Final = {**{rank + suit: rank + suit for rank in RANK_CHARS for suit in SUIT_CHARS},
                     **{"10" + suit: "T" + suit for suit in SUIT_CHARS}}
"""A card as written (``(?:[2-9TJQKA]|10)[cdhs]``: a ten as ``T`` or ``10``) -> pyeval's text."""


def detect(text: str) -> bool:
    return text.find('<game id="', 0, 3000) >= 0


def split(text: str) -> list[tuple[int, str]]:
    """Each ``<game>`` element after the last ``<description>`` before it; text that is neither
    (before the first game, or after a game's ``</game>``) is a piece of its own."""
    starts = [m.start() for m in _GAME_START.finditer(text)]
    if not starts:
        return [(1, text)]
    pieces: list[tuple[int, str]] = []
    head = _DESCRIPTION.sub("", text[:starts[0]])
    if head.strip():
        pieces.append((1, text[:starts[0]]))
    description = ""
    last = 0
    line = 1  # the line of the text at last (counted on from the last game, not from the start)
    for j, at in enumerate(starts):
        found = _DESCRIPTION.findall(text, last, at)
        description = found[-1] if found else description
        line += text.count("\n", last, at)
        last = at
        end = starts[j + 1] if j + 1 < len(starts) else len(text)
        body = text[at:end]
        close = body.find("</game>")
        tail = body[close + len("</game>"):] if close >= 0 else ""
        if close >= 0 and _DESCRIPTION.sub("", tail).strip():  # something after the game that is no description
            pieces.append((line, description + "\n" + body[:close + len("</game>")]))
            pieces.append((line + body.count("\n", 0, close + len("</game>")), tail))
        else:
            pieces.append((line, description + "\n" + body))
    return pieces


def parse(text: str, source: str, line: int) -> Hand:
    if _GAME_START.search(text) is None:
        raise ValueError("text outside any hand: no <game> element")
    if "</game>" not in text:
        raise ValueError("the hand is cut short: no </game>")
    try:
        root = ET.fromstring("<merge>" + text[:text.index("</game>") + len("</game>")] + "</merge>")
    except ET.ParseError as e:
        raise ValueError(f"the hand's XML is malformed: {e}") from None
    game_element = root.find("game")
    description = root.find("description")
    if game_element is None:
        raise ValueError("no <game> element")
    if description is None:
        raise ValueError("no <description> names the game and stakes (the file's first line is missing)")
    return _hand(description.attrib, game_element, source, line)


def _hand(description: dict[str, str], element: ET.Element, source: str, line: int) -> Hand:
    attrs = element.attrib
    hand_id = attrs.get("id", "")
    rounds = element.findall("round")
    game = _game(description, attrs, rounds)
    stakes_text = description.get("stakes", "")
    limit = next((v for k, v in _LIMITS if stakes_text.startswith(k)), None)
    if limit is None:
        raise ValueError(f"unknown Merge stakes {stakes_text!r}")
    pair = _STAKES.search(stakes_text)
    money = [amount(pair.group(1)), amount(pair.group(2))] if pair else []
    level = m.group(1) if (m := _LEVEL.search(stakes_text)) else ""
    tournament_hand = description.get("type", "").endswith(" Tournament")
    fields = attrs.get("data", "").split("|")
    table = fields[1] if len(fields) > 1 else ""
    tournament = (fields[2].split("-")[0] if len(fields) > 2 else hand_id.split("-")[0]) if tournament_hand else None
    real = attrs.get("realmoney", "true") == "true"
    currency = "" if tournament_hand or not real else currency_of(stakes_text) or "USD"  # Merge dealt in dollars
    players = element.find("players")
    if players is None:
        raise ValueError("no <players> element")
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    by_seat: dict[str, str] = {}
    out: set[str] = set()  # the seats not dealt in
    for p in players.findall("player"):
        name, seat = p.get("nickname", ""), p.get("seat", "")
        if not name or not seat.isdigit():
            raise ValueError(f"a player element without a nickname or seat: {p.attrib}")
        if seat in by_seat or name in seats:
            raise ValueError(f"seat {seat} ({name!r}) is listed twice")
        names.append(name)
        seats[name] = int(seat)
        stacks[name] = amount(p.get("balance", ""))
        by_seat[seat] = name
        if p.get("dealtin") == "false":
            out.add(seat)
    if not any(r.get("id") == "END_OF_GAME" for r in rounds):
        if any(r.get("id") == "GAME_CANCELLED" for r in rounds):  # blinds posted, then called off: no end
            raise ValueError("the site cancelled the hand")
        raise ValueError("the hand is cut short: no END_OF_GAME round")
    start = _start_digits(attrs.get("starttime", ""))
    reading = _Rounds(game, by_seat, out, bool(start) and start < _NEW_FORMAT, _big_blind(limit, money, rounds))
    for r in rounds:
        reading.round(r)
    if tournament_hand:  # the balance written is after the forced bets
        for e in reading.events:
            if e[0] in _FORCED:
                stacks[e[1]] += e[3]
    if not reading.won and not reading.returned:  # a lone big blind returned (no small blind): nobody wins
        raise ValueError("no <winner>: nobody collects the pot")
    hand = assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=reading.events, won=reading.won, source=source, line=line,
                    header_money=money, level=level, currency=currency,
                    tournament=tournament, table=table,
                    max_seats=int(attrs["seats"]) if attrs.get("seats", "").isdigit() else None,
                    button=int(players.get("dealer", "")) if players.get("dealer", "").isdigit() else None,
                    date=_iso_date(start), timezone=_zone(attrs.get("starttime", "")), boards=[reading.board],
                    shown=reading.shown_cards(), uncalled_in_won="never" if reading.returned else "always")
    _check_returns(hand, reading.returned)
    return hand


def _game(description: dict[str, str], attrs: dict[str, str], rounds: list[ET.Element]) -> str:
    kind = description.get("type", "").removesuffix(" Tournament")
    if kind in _NO_GAME:
        raise ValueError(_NO_GAME[kind])
    if kind in _MIXES:
        code = attrs.get("multigametype", "")
        if code not in _MULTI_GAMES:
            raise ValueError(f"unknown game number {code!r} of the mixed game {kind}")
        game = _MULTI_GAMES[code]
    elif kind in _GAMES:
        game = _GAMES[kind]
    else:
        raise ValueError(f"unknown Merge game {kind!r}")
    if game == "omaha" and attrs.get("numholecards") == "5":
        game = "omaha5"
    family = "stud" if game in STUD else "draw" if game in DRAW else "board"
    ids = {r.get("id") for r in rounds}
    other = next((f for f, first in _FAMILY_ROUNDS.items() if first in ids and f != family), None)
    if other is not None:
        raise ValueError(f"the game is {game} but the rounds are a {other} game's")
    return game


def _big_blind(limit: str, money: list[Decimal], rounds: list[ET.Element]) -> Decimal:
    """The big blind, to tell a returning player's small and big blinds in one post: the big blind
    posted, else the stakes' (a limit game's small bet)."""
    for r in rounds:
        for e in r.iter("event"):
            if e.get("type") == "BIG_BLIND":
                return amount(e.get("amount", "0"))
    if not money:
        return ZERO
    return money[0] if limit == "fixed-limit" else money[-1]


def _start_digits(text: str) -> str:
    """The start time as ``YYYYMMDDhhmmss``: written so (``20110419091134``) or, by the 2012 client,
    ``2012/07/14 12:47:39 -0700``; "" when neither."""
    digits = _NOT_DIGIT.sub("", text[:19])
    return digits if len(digits) == 14 else ""


def _zone(text: str) -> str:
    """The UTC offset the 2012 client writes after the time (``-0700``), else ""."""
    m = _ZONE.search(text.strip())
    return m.group(1) if m else ""


def _iso_date(digits: str) -> str:
    """``20110419091134`` -> ``2011-04-19T09:11:34``."""
    if not digits:
        return ""
    return f"{digits[:4]}-{digits[4:6]}-{digits[6:8]}T{digits[8:10]}:{digits[10:12]}:{digits[12:14]}"


def _cards(text: str) -> list[str]:
    """``"Qh,Tc,null"`` -> ``["Qh", "Tc", "??"]``; the version-2 stud export writes a card not seen
    as nothing (``",,5h"``: two down cards and the door card); ValueError for a card that is none."""
    out = []
    for c in text.split(","):
        c = c.strip()
        card = _CARD_TEXT.get(c)
        if card is not None:
            out.append(card)
        elif c in ("null", ""):
            out.append("??")
        else:
            raise ValueError(f"not a card: {c!r} in {text!r}")
    return out


class _Rounds:
    """The events of a game's rounds, in ``stars_text``'s tuple form, with the board, each player's
    cards as the text reveals them, what the pots paid and the uncalled bets written."""

    def __init__(self, game: str, by_seat: dict[str, str], out: set[str], old_raises: bool, big_blind: Decimal
                 ) -> None:
        self.game = game
        self.by_seat = by_seat
        self.out = out
        self.old_raises = old_raises
        self.big_blind = big_blind
        self.stud = game in STUD
        self.events: list[tuple] = []
        self.board = ""
        self.known: dict[str, list[str]] = {}
        self.shown: dict[str, str] = {}
        self.won: dict[str, Decimal] = {}
        self.returned: dict[str, Decimal] = {}
        self.folded: set[str] = set()

    def name(self, seat: str | None, what: str) -> str:
        if seat is None or seat not in self.by_seat:
            raise ValueError(f"seat {seat} acts ({what}) but no player sits there")
        return self.by_seat[seat]

    def round(self, r: ET.Element) -> None:
        round_id = r.get("id", "")
        if round_id == "GAME_CANCELLED":
            raise ValueError("the site cancelled the hand")
        if round_id not in _ROUNDS:
            raise ValueError(f"unknown round {round_id!r}")
        street = _ROUNDS[round_id]
        folded_game = round_id == "END_OF_FOLDED_GAME"
        cards = r.findall("cards")
        for c in cards:  # the round's cards are dealt before its betting
            self.deal(c, street, folded_game)
        for child in r:
            if child.tag == "event":
                self.event(child, street, cards, round_id)
            elif child.tag == "winner":
                self.winner(child)
            elif child.tag != "cards":
                raise ValueError(f"unknown element <{child.tag}> in round {round_id}")

    def deal(self, c: ET.Element, street: str, folded_game: bool) -> None:
        kind = c.get("type", "")
        if kind == "COMMUNITY":
            if folded_game:  # the rabbit hunt: the board that would have come
                return
            board = "".join(_cards(c.get("cards", "")))
            if not board.startswith(self.board):
                raise ValueError(f"the board {board} does not continue the board {self.board}")
            if len(board) > len(self.board):
                self.events.append(("deal", None, street, ZERO, ZERO, False, board[len(self.board):], 0, 0, 0))
                self.board = board
            return
        name = self.name(c.get("player"), f"cards {kind}")
        cards = _cards(c.get("cards", ""))
        if kind in ("SHOWN", "MUCKED"):
            self.shown[name] = "".join(cards)
            self.known[name] = self._merged(self.known.get(name, []), cards)
            return
        if kind not in ("HOLE", "DRAW_DRAWN_CARDS"):
            raise ValueError(f"unknown cards type {kind!r}")
        before = self.known.get(name, [])
        if self.stud:  # the whole list again each street: the new cards are the ones after those known
            new = [x for x in cards[len(before):] if x != "??"]
            self.known[name] = self._merged(before, cards)
            if new:
                self.events.append(("deal", name, street, ZERO, ZERO, False, "".join(new), 0, 0, 0))
        elif cards != before and "??" not in cards:  # the hand after a draw, or the hero's first cards
            self.known[name] = cards
            self.events.append(("deal", name, street, ZERO, ZERO, False, "".join(cards), 0, 0, 0))

    @staticmethod
    def _merged(before: list[str], cards: list[str]) -> list[str]:
        """Cards known so far, each place the known card of either list."""
        out = [b if c == "??" else c for b, c in zip(before, cards)]
        longer = before if len(before) > len(cards) else cards
        return out + longer[len(out):]

    def event(self, e: ET.Element, street: str, cards: list[ET.Element], round_id: str) -> None:
        kind = e.get("type", "")
        if kind in _QUIET:
            return
        if kind == "GAME_CANCELLED":
            raise ValueError("the site cancelled the hand")
        if kind in ("SIT_OUT", "SITTING_OUT") and e.get("player") in self.out:
            return  # a player not dealt in, sitting out: no part of the hand
        name = self.name(e.get("player"), kind)
        if name in self.folded and kind in _BETTING:
            raise ValueError(f"{name} acts ({kind}) after folding")
        chips = amount(e.get("amount") or "0")
        no_chips = (ZERO, ZERO, False, "", 0, 0, 0)
        if kind in _POSTS:
            self.events.append((_POSTS[kind], name, street, chips, chips, False, "", 0, 0, 0))
        elif kind == "RETURN_BLIND":  # a returning player's blinds: the big blind live, the rest dead
            live = min(chips, self.big_blind) if self.big_blind else chips
            if chips > live:
                self.events.append(("dead-blind", name, street, chips - live, ZERO, False, "", 0, 0, 0))
            self.events.append(("big-blind" if live == self.big_blind else "small-blind", name, street, live, live,
                                False, "", 0, 0, 0))
        elif kind in ("FOLD", "SIT_OUT", "SITTING_OUT"):  # a player dealt in who sits out folds
            self.folded.add(name)
            self.events.append(("fold", name, street) + no_chips)
        elif kind == "CHECK":
            self.events.append(("check", name, street) + no_chips)
        elif kind in ("CALL", "BET"):
            self.events.append(("call" if kind == "CALL" else "bet", name, street, chips, ZERO, False, "", 0, 0, 0))
        elif kind in ("RAISE", "COMPLETE"):
            to = street_total(self.events, name, street) + chips if self.old_raises and kind == "RAISE" else chips
            self.events.append(("complete" if kind == "COMPLETE" and self.stud else "raise", name, street, ZERO, to,
                                False, "", 0, 0, 0))
        elif kind == "ALL_IN":
            self.all_in(name, chips, street, round_id)
        elif kind == "DRAW":
            count = e.get("text", "")
            if not count.isdigit():
                raise ValueError(f"{name} draws {count!r} cards")
            self.events.append(("discard" if int(count) else "stand-pat", name, street, ZERO, ZERO, False, "",
                                int(count), 0, 0))
        elif kind in ("SHOW", "MUCK"):
            shown = next((c.get("cards", "") for c in cards if c.get("player") == e.get("player")
                          and c.get("type") in ("SHOWN", "MUCKED")), "")
            self.events.append(("show" if kind == "SHOW" else "muck", name, "showdown", ZERO, ZERO, False,
                                "".join(_cards(shown)) if shown else "", 0, 0, 0))
        else:
            raise ValueError(f"unknown event type {kind!r} of {name}")

    def all_in(self, name: str, chips: Decimal, street: str, round_id: str) -> None:
        """An all-in writes the chips it adds: a forced bet posted all-in (in the blinds' round), a
        call, a bet or a raise."""
        if round_id == "BLINDS":
            posted = {e[0] for e in self.events}
            kind = "ante" if self.stud else "big-blind" if "small-blind" in posted else "small-blind"
            self.events.append((kind, name, street, chips, chips, True, "", 0, 0, 0))
            return
        had = street_total(self.events, name, street)
        top = max((street_total(self.events, n, street) for n in self.by_seat.values()), default=ZERO)
        self.events.append(allin_event(name, street, had, chips, top))

    def winner(self, w: ET.Element) -> None:
        name = self.name(w.get("player"), "wins")
        chips = amount(w.get("amount") or "")
        if w.get("uncalled") == "true":  # the uncalled bet returned: checked against the betting
            self.returned[name] = self.returned.get(name, ZERO) + chips
            return
        pot = int(w.get("potnumber", "1")) - 1 if w.get("potnumber", "1").isdigit() else 0
        self.won[name] = self.won.get(name, ZERO) + chips
        self.events.append(("collect", name, "showdown", chips, ZERO, False, "", 0, 0, max(pot, 0)))

    def shown_cards(self) -> dict[str, str]:
        """Each player's cards as the hand reveals them: stud, every card known in the order dealt
        (when all are); other games, the cards shown or mucked."""
        if not self.stud:
            return dict(self.shown)
        return {n: "".join(k) for n, k in self.known.items() if k and "??" not in k}


def _check_returns(hand: Hand, returned: dict[str, Decimal]) -> None:
    """The uncalled bets the site writes are the ones the betting leaves."""
    if not returned:
        return
    back: dict[str, Decimal] = {}
    for a in hand.actions:
        if a.kind == "uncalled" and a.player is not None:
            back[hand.players[a.player]] = back.get(hand.players[a.player], ZERO) + a.amount
    if back != returned:
        raise ValueError(f"the uncalled bets written ({_money_text(returned)}) are not those the betting leaves "
                         f"({_money_text(back)})")


def _money_text(chips: dict[str, Decimal]) -> str:
    return ", ".join(f"{n} {v}" for n, v in chips.items()) or "none"
