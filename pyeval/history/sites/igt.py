"""IGT's JSON hand histories: hold'em (fixed-limit), Omaha and Omaha hi/lo (pot-limit), cash games.

A file is ``{"history": [hand, ...]}``; each hand lists its ``player``s (``amount``: the stack
before the hand; ``STATE_EMPTY`` seats named ``UNKNOWN``), its ``action``s in order and a
``showDown`` whose ``result`` gives each player's ``win`` (after the rake), the cards shown and the
stack after the hand (``bankRoll``): the summary each net is checked against.  Every action that
moves chips writes the player's stack after it (``bankRoll``): the chips it moves are the
difference, and its ``value`` the player's total on the street, checked against them.
``ACTION_ADJUSTEMENT`` gives back an uncalled bet (the stack grows).  ``HAND_BOARD`` writes the
whole board so far and the rake taken so far; the show-down's ``rake`` is the hand's.

Cards are numbers: 13 a suit, clubs, diamonds, hearts, spades, each from the deuce up to the ace
(0 the deuce of clubs, 51 the ace of spades).  The ranks are fixed by the shared hands' show-downs
(the cards ``winCard`` names make the hand the text names, "straight six" from 2-3-4-5-6); the
suits' order is that of the C# PokerHandHistoryParser's IGT reader (no shared hand shows a flush to
fix it).  ``"b"`` (a card dealt face down) and ``100`` (a card not shown) are hidden cards.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from decimal import Decimal
from typing import Any

from pyeval.core.cards import format_card
from pyeval.history.sites.assemble import assemble
from pyeval.history.sites.model import ZERO, Hand
from pyeval.history.sites.money import CODES, amount

__all__ = ["SITE", "detect", "split", "parse", "card_of_number"]

SITE = "igt"
HAND_ID = re.compile(r"\"handId\"\s*:\s*\"([^\"]+)\"")
"""The hand's id in its text (``registry``: a skipped hand's row names it)."""

_START = re.compile(r'\{\s*"history"\s*:\s*\[')
_BLANKS = "\ufeff \n\t"
_GAMES = {"TEXASHOLDEM": "holdem", "OMAHA": "omaha", "OMAHAHILO": "omaha-hilo"}
_LIMITS = {"No Limit": "no-limit", "Pot Limit": "pot-limit", "Fixed Limit": "fixed-limit"}
_BLINDS = {"HAND_SB": "small-blind", "HAND_BB": "big-blind", "HAND_DSB": "dead-blind", "HAND_ANTE": "ante"}
"""The posts (``HAND_DSB``: a dead small blind, a returning player's)."""
_STREETS = {"BOARD_FLOP": "flop", "BOARD_TURN": "turn", "BOARD_RIVER": "river"}
_HIDDEN = frozenset({"b", "100"})
_LIVE_BLINDS = frozenset({"small-blind", "big-blind"})
"""The posts that are part of the poster's bet (``assemble.street_total``'s live chips)."""
_MOVES = frozenset({"HAND_BLINDS", "ACTION_ADJUSTEMENT", "ACTION_CALL", "ACTION_BET", "ACTION_RAISE", "ACTION_ALLIN"})
"""The action types that move chips (each writes the stack after it)."""


def detect(text: str) -> bool:
    at = 0  # the text's first character after a BOM and blanks (not text.lstrip(), a copy of the whole text)
    while at < len(text) and text[at] in _BLANKS:
        at += 1
    return text.startswith("{", at) and _START.match(text, at, at + 100) is not None


_DECODED: dict[str, Any] = {}
"""The JSON of the pieces the last ``split`` cut, by their text, until ``parse`` takes it: a piece
is decoded once (what ``json.loads`` of the piece gives: the piece is that JSON written out)."""


def split(text: str) -> list[tuple[int, str]]:
    """Each hand of each JSON document of the text (one document a line, or run together), as
    a document of its own; text that is not JSON is one piece, which ``parse`` refuses."""
    decoder = json.JSONDecoder()
    pieces: list[tuple[int, str]] = []
    _DECODED.clear()
    at = 0
    while True:
        while at < len(text) and text[at] in "\ufeff \n\t":
            at += 1
        if at >= len(text):
            return pieces or [(1, text)]
        line = 1 + text.count("\n", 0, at)
        try:
            doc, end = decoder.raw_decode(text, at)
        except json.JSONDecodeError:
            return pieces + [(line, text[at:])]
        hands = doc.get("history") if isinstance(doc, dict) else None
        if isinstance(hands, list) and len(hands) > 1:
            for h in hands:
                one = {"history": [h]}
                piece = json.dumps(one, separators=(",", ":"))
                _DECODED[piece] = one
                pieces.append((line, piece))
        else:
            _DECODED[text[at:end]] = doc
            pieces.append((line, text[at:end]))
        at = end


def card_of_number(number: int) -> str:
    """IGT's card number as a card (module docstring): pyeval's ranks and suits, in pyeval's
    order, but a suit a block of 13 where pyeval's codes take a rank a block of 4."""
    if not 0 <= number < 52:
        raise ValueError(f"card number {number} is not a card (0-51)")
    return format_card(4 * (number % 13) + number // 13)


_CARD_OF_LINK = {str(n): card_of_number(n) for n in range(52)}
"""The cards by their numbers as the links write them ("0" to "51")."""


def _cards(links: Any) -> str:
    """Card text of a ``card`` list; a hidden card as ``??``."""
    if not isinstance(links, list):
        raise ValueError(f"cards written as {links!r}, not a list")
    out = []
    for c in links:
        link = str(c.get("link", "")) if isinstance(c, dict) else ""
        card = _CARD_OF_LINK.get(link)
        if card is not None:
            out.append(card)
        elif link in _HIDDEN:
            out.append("??")
        elif link.isdigit():
            out.append(card_of_number(int(link)))
        else:
            raise ValueError(f"not a card number: {link!r}")
    return "".join(out)


def _unseen(cards: str) -> bool:
    """Whether no card of these is seen (a hand dealt face down is no hand known)."""
    return cards.count("?") == len(cards)


def _dicts(items: Any, what: str) -> list[dict]:
    if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
        raise ValueError(f"{what} are not a list of objects")
    return items


def _field(obj: dict, key: str, what: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise ValueError(f"{what} has no {key!r}")
    return obj[key]


def _money(obj: dict, key: str, what: str, kind: str = "") -> Decimal:
    """The amount ``obj[key]``; ``what`` (with ``kind``: "<what>'s <kind>") names ``obj`` when
    it has none (the name put together only then)."""
    if isinstance(obj, dict) and key in obj:
        return amount(str(obj[key]))
    return amount(str(_field(obj, key, f"{what}'s {kind}" if kind else what)))


def parse(text: str, source: str, line: int) -> Hand:
    doc = _DECODED.pop(text, None)
    if doc is None:
        try:
            doc = json.loads(text.lstrip("\ufeff"))
        except json.JSONDecodeError as e:
            raise ValueError(f"the hand is cut short or not JSON: {e.msg} at character {e.pos}") from None
    hands = doc.get("history") if isinstance(doc, dict) else None
    if not isinstance(hands, list) or len(hands) != 1 or not isinstance(hands[0], dict):
        raise ValueError("not an IGT hand: no \"history\" with one hand")
    hand = hands[0]
    hand_id = str(hand.get("handId") or hand.get("id") or "")
    game = _GAMES.get(str(hand.get("gameType")))
    if game is None:
        raise ValueError(f"unknown IGT game {hand.get('gameType')!r}")
    limit = _LIMITS.get(str(hand.get("limit")))
    if limit is None:
        raise ValueError(f"unknown betting limit {hand.get('limit')!r}")
    # "stake": "0.5/1.0"; the 2019 export writes the blinds apart ("small": "0.25", "large": "0.50")
    stake = str(hand["stake"]) if "stake" in hand else f"{hand.get('small', '')}/{hand.get('large', '')}"
    try:
        header_money = [amount(x) for x in stake.split("/")]
    except ValueError:
        raise ValueError(f"unknown stakes {stake!r}") from None
    names: list[str] = []
    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    button = None
    for p in _dicts(_field(hand, "player", "the hand"), "the players"):
        if p.get("state") == "STATE_EMPTY":
            continue
        name = str(_field(p, "name", "a seat"))
        seat = str(p.get("seat", ""))
        if not seat.isdigit() or name in seats:
            raise ValueError(f"a seat with no seat number or a name seated twice: {name!r}")
        names.append(name)
        seats[name], stacks[name] = int(seat), _money(p, "amount", name)
        if p.get("dealer") == "Y":
            button = int(seat)
    show = _field(hand, "showDown", "the hand")
    events, boards = _events(_field(hand, "action", "the hand"), stacks)
    won, shown, stated, shows = _showdown(show, stacks, boards)
    tournament = str(hand.get("tableTourneyId", "")) if hand.get("tournamentTable") else None
    currency = str(hand.get("tableCurrency", ""))
    date = hand.get("date")
    return assemble(site=SITE, hand_id=hand_id, game=game, limit=limit, names=names, seats=seats, stacks=stacks,
                    events=events + shows + [("collect", n, "showdown", v, ZERO, False, "", 0, 0, 0)
                                             for n, v in won.items() if v],
                    won=won, source=source, line=line, header_money=header_money,
                    currency="" if tournament is not None or currency not in CODES else currency,
                    tournament=tournament, table=str(hand.get("table", "")), button=button,
                    date=_date(date) if date else "", timezone="UTC" if date else "", boards=[boards],
                    shown=shown, rake=_rake(show, boards), uncalled_in_won="never",
                    stated_net=stated)


def _rake(show: dict, boards: str) -> Decimal:
    """The show-down's ``rake``; a hand over before the flop writes none and is not raked."""
    if "rake" not in show and not boards:
        return ZERO
    return _money(show, "rake", "the show-down")


def _date(ms: Any) -> str:
    try:
        return datetime.fromtimestamp(int(ms) / 1000, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    except (ValueError, TypeError, OverflowError, OSError):
        raise ValueError(f"the date {ms!r} is not a time in milliseconds") from None


def _events(actions: Any, stacks: dict[str, Decimal]) -> tuple[list[tuple], str]:
    """The forced bets, deals and betting (assemble's tuple form), each chip amount the fall of
    the player's stack, and the board."""
    left = dict(stacks)
    events: list[tuple] = []
    street = "preflop"
    board = ""
    # each player's live chips in the last run of live bets on one street (``street_total``'s sum,
    # kept as the bets come)
    bets: dict[str, Decimal] = {}
    bets_street = ""
    for a in _dicts(actions, "the actions"):
        kind = str(_field(a, "type", "an action"))
        if kind == "HAND_BOARD":
            cards = _cards(_field(a, "card", "a board"))
            if not cards.startswith(board) or "?" in cards:
                raise ValueError(f"the board {cards} does not follow the board {board}")
            street = _STREETS.get(str(a.get("value")), "")
            if not street:
                raise ValueError(f"unknown board {a.get('value')!r}")
            events.append(("deal", None, street, ZERO, ZERO, False, cards[len(board):], 0, 0, 0))
            board = cards
            continue
        name = str(_field(a, "player", kind))
        if name not in left:
            raise ValueError(f"{name!r} acts ({kind}) but has no seat")
        if kind == "HAND_DEAL":
            cards = _cards(_field(a, "card", kind))
            events.append(("deal", name, street, ZERO, ZERO, False, "" if _unseen(cards) else cards, 0, 0, 0))
            continue
        if kind in ("ACTION_FOLD", "ACTION_CHECK"):
            events.append((kind[7:].lower(), name, street, ZERO, ZERO, False, "", 0, 0, 0))
            continue
        if kind not in _MOVES:
            raise ValueError(f"unknown action {kind!r}")
        after = _money(a, "bankRoll", name, kind)
        chips = left[name] - after
        left[name] = after
        if kind == "ACTION_ADJUSTEMENT":
            if chips > 0:
                raise ValueError(f"{name}'s adjustment takes {chips} from the stack")
            if chips:
                events.append(("uncalled", name, street, -chips, ZERO, False, "", 0, 0, 0))
            continue
        if chips < 0:
            raise ValueError(f"{name}'s {kind} adds {-chips} to the stack")
        allin = after == 0
        if kind == "HAND_BLINDS":
            blind = _BLINDS.get(str(a.get("kind")))
            if blind is None:
                raise ValueError(f"unknown blind {a.get('kind')!r}")
            events.append((blind, name, street, chips, ZERO if blind == "dead-blind" else chips, allin, "", 0, 0, 0))
            if blind in _LIVE_BLINDS:
                if street != bets_street:
                    bets, bets_street = {}, street
                bets[name] = bets.get(name, ZERO) + chips
            continue
        if street != bets_street:  # the street's first bet: nothing in on it yet
            bets, bets_street = {}, street
        had = bets.get(name, ZERO)
        to = had + chips
        value = _money(a, "value", name, kind)
        if value != to:
            raise ValueError(f"{name}'s {kind} brings the street's bet to {to}, the text says {value}")
        top = ZERO
        for other, bet in bets.items():
            if other != name and bet > top:
                top = bet
        bets[name] = to
        if to <= top:
            events.append(("call", name, street, chips, ZERO, allin, "", 0, 0, 0))
        elif top == 0:
            events.append(("bet", name, street, chips, ZERO, allin, "", 0, 0, 0))
        else:
            events.append(("raise", name, street, ZERO, to, allin, "", 0, 0, 0))
    return events, board


def _showdown(show: Any, stacks: dict[str, Decimal], board: str
              ) -> tuple[dict[str, Decimal], dict[str, str], dict[str, Decimal], list[tuple]]:
    """What each player won, the cards shown, each stated net (the stack after the hand less the
    stack before) and the shows; the cards a winner's hand is made of must be his or the board's."""
    results = _dicts(_field(show, "result", "the show-down"), "the show-down's results")
    won: dict[str, Decimal] = {}
    shown: dict[str, str] = {}
    stated: dict[str, Decimal] = {}
    shows: list[tuple] = []
    for r in results:
        name = str(_field(r, "player", "a result"))
        if name not in stacks:
            raise ValueError(f"{name!r} has a result but no seat")
        won[name] = won.get(name, ZERO) + _money(r, "win", name)
        stated[name] = _money(r, "bankRoll", name) - stacks[name]
        cards = _cards(r.get("card", []))
        if cards:
            shown[name] = cards
            shows.append(("show", name, "showdown", ZERO, ZERO, False, cards, 0, 0, 0))
        elif r.get("folded") is False:
            shows.append(("muck", name, "showdown", ZERO, ZERO, False, "", 0, 0, 0))
        made = _cards(r.get("winCard", []))
        for k in range(0, len(made), 2):
            card = made[k:k + 2]
            if card != "??" and card not in cards and card not in board:
                raise ValueError(f"{name}'s hand is made of {card}, neither a card shown nor the board's")
    return won, shown, stated, shows
